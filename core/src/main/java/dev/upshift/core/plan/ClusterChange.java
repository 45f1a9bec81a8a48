package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.problem.UpshiftException;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.common.value.VersionChange;
import dev.upshift.diff.document.DefaultsRule;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentDefaults;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.ChangeReason;
import dev.upshift.diff.merge.FieldChange;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.merge.ThreeWayMerge;
import dev.upshift.diff.path.PathElement;
import dev.upshift.diff.rule.Impact;
import dev.upshift.release.Release;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import dev.upshift.spi.Renderer;
import dev.upshift.spi.Rendering;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The change of one cluster going to a release: the three-way merge the planner judges, and what a
 * {@code ChangePublisher} carries out (DESIGN.md section 6). One computation serves them all: the
 * planner keeps only its summary (highest impact, whether it changes anything, blockers), and
 * {@code upshift diff --fleet} and the engine's publishers ask {@link PreparedFleet#change} for the
 * whole of it, so that what a reviewer sees, what the plan says and what is published cannot
 * disagree.
 *
 * <h2>The three sides</h2>
 * <ul>
 *   <li>base B: the release the cluster runs, its {@code defaults} applied to the cluster's
 *       resources, with the cluster's current values at the fields its own {@code spec.values}
 *       set (so that its values always apply); none when the catalog lacks that release, and the
 *       merge is then two-way, every difference a conflict with the reason "no baseline";
 *   <li>current C: the cluster's resources;
 *   <li>target T: the target release's {@code defaults} and then the cluster's values applied to
 *       its resources, or, when the planner has a {@link Renderer}, what it renders for the cluster
 *       at the target release (asked only for a cluster with resources).
 * </ul>
 * The target release's field rules decide. For a change to the release the cluster's document names
 * (a configuration change), from and to are that release and the merge
 * {@linkplain ThreeWayMerge#repairingDrift() repairs drift}: a field the release owns (its defaults
 * set it, and no rule leaves it to the cluster with {@code onConflict: keep} or {@code ignore}) where
 * the cluster's value differs from the release's is set to the release's value, with reason
 * {@link ChangeReason#DRIFTED}; {@link #drift()} lists those fields. Without values and drift, T is
 * then B, and nothing changes.
 *
 * <h2>Blockers</h2>
 * One {@code FIELD_CONFLICT} or {@code IMMUTABLE_FIELD} reason per blocked field of the merge, its
 * message {@link FieldChange#toString()}; or, with no merge at all, one reason saying why:
 * {@code INVALID_RESOURCES} (the defaults or values cannot be applied to the resources),
 * {@code RENDERING_REJECTED} (the renderer answered that the cluster cannot be rendered) or
 * {@code RENDERER_FAILED} (it threw). A change with blockers must not be published.
 *
 * <h2>Who may change what</h2>
 * A change from {@link PreparedFleet#change} belongs to its caller: every tree it reaches (its
 * sides' documents, the merged documents, the field changes' values, the source documents that
 * locate them) was copied or built for that call, and is shared with nothing the prepared fleet,
 * its input, the catalog or the renderer holds, so nothing a caller does to it changes a plan or
 * another change. Within one change, trees are shared as {@link MergeResult} says (a merged
 * document shares the subtrees the merge left alone with C and T): a caller that changes a tree in
 * place changes what every view of this change shows, so a publisher that adjusts documents before
 * writing them works on {@code tree().deepCopy()}. Field rules and list decisions hold only scalar
 * values, which Jackson cannot change. The object itself is immutable.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ClusterChange {
    private final String cluster;
    private final Version from;
    private final Version to;
    private final DocumentSet current;
    private final Optional<MergeResult> merge;
    private final List<Reason> blockers;
    private final DocumentDefaults values;
    /** The release gone to; empty without a merge. */
    private final Optional<Release> release;

    private ClusterChange(String cluster, Version from, Version to, DocumentSet current, Optional<MergeResult> merge,
            List<Reason> blockers, DocumentDefaults values, Optional<Release> release) {
        this.cluster = cluster;
        this.from = from;
        this.to = to;
        this.current = current;
        this.merge = merge;
        this.blockers = List.copyOf(blockers);
        this.values = values;
        this.release = release;
    }

    /**
     * Computes the change of a cluster going from the release it runs to {@code to}, on the trees it
     * is handed (the caller copies them when the result leaves core).
     *
     * @param from the release the cluster runs, when the catalog has it
     */
    static ClusterChange compute(ManagedCluster cluster, Optional<Release> from, Release to,
            Optional<Renderer> renderer) {
        return compute(cluster, from, to, renderer, false);
    }

    /**
     * As {@link #compute(ManagedCluster, Optional, Release, Optional)}, as a drift repair when
     * {@code repair} is set (meant for from = to, the release of the cluster's document).
     */
    static ClusterChange compute(ManagedCluster cluster, Optional<Release> from, Release to,
            Optional<Renderer> renderer, boolean repair) {
        DocumentSet current = cluster.resources();
        try {
            Optional<DocumentSet> base = from.map(f -> f.defaults().applyTo(current, "release " + f.version()
                    + " defaults", cluster.values()));
            DocumentSet target;
            if (renderer.isPresent() && !current.isEmpty()) {
                Rendering rendering;
                try {
                    rendering = Objects.requireNonNull(renderer.get().render(cluster, to), "the renderer answered null");
                } catch (RuntimeException e) {
                    return withoutMerge(cluster, to, ReasonCodes.RENDERER_FAILED, "the renderer could not render "
                            + cluster.id() + " at release " + to.version() + ": "
                            + (e.getMessage() == null ? "no message" : e.getMessage()) + "; asked again at the next plan");
                }
                if (rendering instanceof Rendering.Rejected rejected) {
                    return withoutMerge(cluster, to, ReasonCodes.RENDERING_REJECTED, cluster.id()
                            + " cannot be rendered at release " + to.version() + ": " + rejected.reason());
                }
                target = ((Rendering.Rendered) rendering).documents();
            } else if (base.isPresent() && from.get().version().equals(to.version()) && cluster.values().isEmpty()) {
                target = base.get();
            } else {
                target = to.defaults().then(cluster.values()).applyTo(current, "release " + to.version() + " defaults"
                        + (cluster.values().isEmpty() ? "" : " and the values of " + cluster.id()));
            }
            ThreeWayMerge merger = ThreeWayMerge.withRules(to.fieldRules());
            merger = repair ? merger.repairingDrift() : merger;
            MergeResult result = base.isPresent() ? merger.merge(base.get(), current, target)
                    : merger.mergeWithoutBase(current, target);
            List<Reason> blockers = new ArrayList<>();
            for (FieldChange c : result.blocked()) {
                String code = c.reason() == ChangeReason.IMMUTABLE ? ReasonCodes.IMMUTABLE_FIELD : ReasonCodes.FIELD_CONFLICT;
                blockers.add(Reason.of(code, c.toString()));
            }
            return new ClusterChange(cluster.id(), cluster.release(), to.version(), current, Optional.of(result), blockers,
                    cluster.values(), Optional.of(to));
        } catch (UpshiftException e) {
            return withoutMerge(cluster, to, ReasonCodes.INVALID_RESOURCES, "the resources of " + cluster.id()
                    + " cannot be merged: " + e.getMessage());
        }
    }

    private static ClusterChange withoutMerge(ManagedCluster cluster, Release to, String code, String message) {
        return new ClusterChange(cluster.id(), cluster.release(), to.version(), cluster.resources(), Optional.empty(),
                List.of(Reason.of(code, message)), cluster.values(), Optional.empty());
    }

    /**
     * A copy of documents that shares no tree with them: each document's tree, and the tree of each
     * source document they locate positions in, deep-copied (positions kept).
     */
    static DocumentSet copyOf(DocumentSet documents) {
        Map<SourceDocument, SourceDocument> sources = new IdentityHashMap<>();
        List<Document> copies = new ArrayList<>(documents.size());
        for (Document d : documents.documents()) {
            SourceDocument source = sources.computeIfAbsent(d.source(), s -> s.withRoot(s.root().deepCopy()));
            copies.add(new Document(d.id(), d.apiVersion(), d.tree().deepCopy(), source, d.sourcePointer()));
        }
        return DocumentSet.ofDocuments(copies);
    }

    /** The id of the cluster. */
    public String cluster() {
        return cluster;
    }

    /** The release the cluster runs (whether or not the catalog has it). */
    public Version from() {
        return from;
    }

    /** The release it goes to; {@link #from()} for a configuration change. */
    public Version to() {
        return to;
    }

    /** The base B; empty for a two-way merge (the catalog lacks {@link #from()}) and when there is no merge. */
    public Optional<DocumentSet> base() {
        return merge.flatMap(MergeResult::base);
    }

    /** The current side C: the cluster's resources (server noise stripped). */
    public DocumentSet current() {
        return current;
    }

    /** The target T; empty when there is no merge (see {@link #blockers()}). */
    public Optional<DocumentSet> target() {
        return merge.map(MergeResult::target);
    }

    /**
     * The merge of B, C and T under the target release's field rules; empty when none could be made:
     * the renderer rejected the cluster or failed, or the resources are invalid ({@link #blockers()}
     * says which).
     */
    public Optional<MergeResult> merge() {
        return merge;
    }

    /**
     * The highest impact of the merge; empty when the cluster has no resources (there is nothing to
     * judge) or there is no merge. What a plan entry's {@code impact} shows.
     */
    public Optional<Impact> impact() {
        return current.isEmpty() ? Optional.empty() : merge.map(MergeResult::highestImpact);
    }

    /**
     * The fields where the cluster has drifted from its release, each a change with reason
     * {@link ChangeReason#DRIFTED} (its message masks sensitive values); empty unless this change is
     * a drift repair (a change to the release of the cluster's document) and the cluster drifted.
     */
    public List<FieldChange> drift() {
        return merge.map(m -> m.changes().stream().filter(c -> c.reason() == ChangeReason.DRIFTED).toList())
                .orElse(List.of());
    }

    /**
     * Whether the change does more than repair drift: some change of the merge that alters the
     * cluster has another reason than {@link ChangeReason#DRIFTED}, or a template it replaces,
     * or a reference it moves, holds no drift (false without a merge).
     */
    boolean changesBeyondDrift() {
        if (merge.isEmpty()) {
            return false;
        }
        boolean drifted = !drift().isEmpty();
        for (FieldChange c : merge.get().clusterChanges()) {
            boolean followsDrift = drifted && (c.reason() == ChangeReason.TEMPLATE_REPLACED
                    || c.reason() == ChangeReason.REFERENCE_MOVED);
            if (c.reason() != ChangeReason.DRIFTED && !followsDrift) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a change of {@link #merge()} comes from the cluster's own {@code spec.values} rather
     * than its target release: it lies at or below a field the values set in that document (a list
     * the values set is replaced whole, so its items count too), or it is a mapping that holds such
     * a field (added whole); a template replaced when every change of the template that replaces
     * it comes from the values, and a reference moved to such a template. Values apply after the release's defaults,
     * so where both set a field, the values' value is the one the change brings. False without
     * values or without a merge.
     */
    public boolean fromValues(FieldChange change) {
        if (values.isEmpty() || merge.isEmpty()) {
            return false;
        }
        if (change.reason() == ChangeReason.TEMPLATE_REPLACED) {
            // replaced for what changed in it: the values' when every change of the new template is theirs
            List<FieldChange> causes = replacement(change.document()).map(n -> merge.get().changes(n)).orElse(List.of());
            return !causes.isEmpty() && causes.stream().allMatch(this::fromValues);
        }
        if (change.reason() == ChangeReason.REFERENCE_MOVED) {
            String to = change.result().map(JsonNode::asText).orElse("");
            return merge.get().changes().stream().anyMatch(t -> t.reason() == ChangeReason.TEMPLATE_REPLACED
                    && replacement(t.document()).map(n -> n.name().equals(to)).orElse(false) && fromValues(t));
        }
        if (change.path().isRoot()) {
            return false;
        }
        Optional<Document> doc = current.get(change.document()).or(() -> replaced(change.document()));
        if (doc.isEmpty()) {
            return false;
        }
        for (DefaultsRule rule : values.rules()) {
            if (rule.match().matches(doc.get()) && overlaps(rule.values(), change.path().elements(), 0)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The cluster's template that a new document of the merge replaces (a template rotation names
     * the new one after the old one, less a former rotation's suffix, plus eight hex digits): the
     * values that matched the old one are the ones that changed it.
     */
    private Optional<Document> replaced(DocumentId id) {
        return merge.get().changes().stream().filter(c -> c.reason() == ChangeReason.TEMPLATE_REPLACED)
                .map(FieldChange::document).filter(old -> replacement(old).map(id::equals).orElse(false))
                .findFirst().flatMap(current::get);
    }

    /** The new document of the merge that replaces the cluster's template {@code old}, if one does. */
    private Optional<DocumentId> replacement(DocumentId old) {
        String stem = withoutRotation(old.name());
        return merge.get().documents().documents().stream().map(Document::id)
                .filter(n -> !n.equals(old) && current.get(n).isEmpty() && n.kind().equals(old.kind())
                        && n.group().equals(old.group()) && n.namespace().equals(old.namespace())
                        && !withoutRotation(n.name()).equals(n.name()) && withoutRotation(n.name()).equals(stem))
                .findFirst();
    }

    /** The name without a rotation's suffix: {@code -} and eight lowercase hex digits. */
    private static String withoutRotation(String name) {
        int dash = name.length() - 9;
        if (dash <= 0 || name.charAt(dash) != '-') {
            return name;
        }
        for (int i = dash + 1; i < name.length(); i++) {
            char ch = name.charAt(i);
            if (!(ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'f')) {
                return name;
            }
        }
        return name.substring(0, dash);
    }

    private static boolean overlaps(JsonNode values, List<PathElement> path, int at) {
        if (at == path.size()) {
            return true;
        }
        if (!(path.get(at) instanceof PathElement.Field field)) {
            return false;
        }
        JsonNode child = values.get(field.name());
        if (child == null) {
            return false;
        }
        return !child.isObject() || overlaps(child, path, at + 1);
    }

    /**
     * How far the change moves a Kubernetes version of the cluster's documents: the largest move
     * at a field where the release puts its {@code kubernetes} component's version (its value in
     * the result is that version, or the release's defaults set it so), from the cluster's value
     * to the result's, back or forth alike; {@link VersionChange#MINOR} where the cluster's value
     * is absent or no version; {@link VersionChange#NONE} when no such field changes, and without
     * a merge. What maintenance exclusions judge a configuration change by, a drift repair
     * included (docs/planning.md, "Kinds and exclusion scopes"); a release upgrade is judged by
     * the {@code kubernetes} component along its path instead.
     */
    public VersionChange kubernetesMove() {
        return merge.map(m -> KubernetesMove.of(release.orElseThrow(), m, current)).orElse(VersionChange.NONE);
    }

    /** Whether the merge changes any of the cluster's resources (false without a merge). */
    public boolean changesCluster() {
        return merge.isPresent() && merge.get().hasClusterChanges();
    }

    /**
     * What keeps the change from being published, in the merge's order (see the class description);
     * empty when nothing does.
     */
    public List<Reason> blockers() {
        return blockers;
    }

    /** Whether something blocks the change. */
    public boolean isBlocked() {
        return !blockers.isEmpty();
    }

    /** {@code dev-1 1.0.0 → 1.1.0: 2 documents change, highest impact rolling, 1 blocker}, for logs and tests. */
    @Override
    public String toString() {
        return cluster + " " + from + " → " + to + ": "
                + merge.map(m -> m.changedDocuments().size() + " documents change, highest impact " + m.highestImpact())
                        .orElse("no merge")
                + (blockers.isEmpty() ? "" : ", " + blockers.size() + (blockers.size() == 1 ? " blocker" : " blockers"));
    }
}
