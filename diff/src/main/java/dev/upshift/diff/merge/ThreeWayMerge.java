package dev.upshift.diff.merge;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problems;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.Impact;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * Merges base B (what the old release put on the cluster), current C (what the cluster has) and
 * target T (what the new release puts there) per field, as DESIGN.md section 6's table says:
 *
 * <table>
 *   <caption>decisions per field</caption>
 *   <tr><th>case</th><th>result</th></tr>
 *   <tr><td>C empty (absent or null)</td><td>take T (absent if T is absent)</td></tr>
 *   <tr><td>C = B (never customised)</td><td>take T; remove if T is absent</td></tr>
 *   <tr><td>C ≠ B, T = B</td><td>keep C (a customisation the release left alone)</td></tr>
 *   <tr><td>C ≠ B, C = T</td><td>nothing to do</td></tr>
 *   <tr><td>C ≠ B, T ≠ B, C ≠ T</td><td>conflict: the rule's {@code onConflict} decides</td></tr>
 *   <tr><td>only in C</td><td>keep</td></tr>
 *   <tr><td>keyed list item or document in B and C, absent from T</td><td>remove if C's = B's, else conflict</td></tr>
 *   <tr><td>a list or mapping the merge emptied that neither B nor T has empty</td><td>removed too</td></tr>
 *   <tr><td>a change to an immutable field</td><td>blocks the upgrade</td></tr>
 *   <tr><td>a merged list with two items its validation says must differ</td><td>blocks the upgrade</td></tr>
 *   <tr><td>an apiVersion move, and a value kept from C in a shape the new version does not have</td>
 *       <td>blocks the upgrade</td></tr>
 * </table>
 *
 * <p>Documents are matched by {@link DocumentId}; a document the release owns is one present in B.
 * Mappings merge field by field; a mapping or list the merge empties goes too, unless B or T has it
 * empty ({@link ChangeReason#EMPTIED}). Lists merge by key, never by position: by the rule's
 * {@code listKeys} (with its {@code keyDefaults} for key fields an item leaves out); else as the
 * built-in table says, which holds the API server's own list declarations for the Kubernetes kinds
 * of the core, apps, batch, policy and networking.k8s.io groups ({@value #KUBERNETES}) and for
 * Cluster API's kinds ({@value #CLUSTER_API}), when the items fit it; else by {@code name} when
 * every item of B, C and T is a mapping with a scalar {@code name} and no name repeats within a
 * list. Set lists merge item by item as sets; every other list is atomic (one value).
 * {@link MergeResult#listDecisions()} says which applied to each list. Fields a rule marks
 * {@code ignore} keep the cluster's value and are never reported. A field a rule marks {@code mutable: false} must keep the
 * cluster's value wherever the cluster has one (filling an empty immutable field, or adding or
 * removing a whole list item or document, is allowed).
 *
 * <p>Without a base ({@link #mergeWithoutBase}) the merge is two-way: every field where C and T
 * both have a value and differ is a conflict with reason {@link ChangeReason#NO_BASELINE}; empty
 * fields are filled from T; what only C has is kept.
 *
 * <p>Inputs are never changed; the result shares unchanged subtrees with them. Immutable and
 * thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ThreeWayMerge {
    /** The Kubernetes version whose OpenAPI document the built-in list table follows. */
    public static final String KUBERNETES = "Kubernetes 1.36";
    /** The Cluster API release whose CRDs the built-in list table follows. */
    public static final String CLUSTER_API = "Cluster API v1.14.0";

    private final FieldRules rules;
    private final Impact defaultImpact;
    private final ListSchema lists;
    private final boolean repair;

    private ThreeWayMerge(FieldRules rules, Impact defaultImpact, ListSchema lists, boolean repair) {
        this.rules = Objects.requireNonNull(rules, "rules");
        this.defaultImpact = Objects.requireNonNull(defaultImpact, "defaultImpact");
        this.lists = lists;
        this.repair = repair;
    }

    /** A merge under these rules and the built-in list table, with default impact {@link Impact#IN_PLACE}. */
    public static ThreeWayMerge withRules(FieldRules rules) {
        return new ThreeWayMerge(rules, Impact.IN_PLACE, ListSchema.builtIn(), false);
    }

    /**
     * The same merge with another impact for changes no rule gives an impact to (the default,
     * {@code inPlace}, assumes a change touches running machines but needs no new ones).
     */
    public ThreeWayMerge defaultImpact(Impact impact) {
        return new ThreeWayMerge(rules, impact, lists, repair);
    }

    /**
     * The same merge without the built-in list table: only rules and the {@code name} field key
     * lists, as for documents of kinds the table does not know.
     */
    public ThreeWayMerge withoutBuiltInLists() {
        return new ThreeWayMerge(rules, defaultImpact, ListSchema.NONE, repair);
    }

    /**
     * The same merge as a drift repair, for a cluster that stays on its release (B and T both what
     * that release puts on the cluster): where the cluster's value differs from B and T = B, the
     * merge table keeps the cluster's value as a customisation; a drift repair takes T instead, with
     * reason {@link ChangeReason#DRIFTED}, unless the field's rule says {@code onConflict: keep} (a
     * field left to the cluster). Fields a rule marks {@code ignore} are never looked at; immutable
     * fields block as in any merge; every other row of the table is unchanged. Applying the repair's
     * documents and merging again finds no drift.
     */
    public ThreeWayMerge repairingDrift() {
        return new ThreeWayMerge(rules, defaultImpact, lists, true);
    }

    /** Whether this merge repairs drift ({@link #repairingDrift()}). */
    public boolean repairsDrift() {
        return repair;
    }

    /** The rules. */
    public FieldRules rules() {
        return rules;
    }

    /**
     * The three-way merge.
     *
     * @throws InputException when a list that a rule keys cannot be matched by key (a key field
     *     missing in an item, two items with the same key, an item that is not a mapping), or a list a
     *     rule makes a set holds one item twice, naming each document, path and place
     */
    public MergeResult merge(DocumentSet base, DocumentSet current, DocumentSet target) {
        return run(Optional.of(Objects.requireNonNull(base, "base")), current, target);
    }

    /**
     * The two-way merge, for when there is no base: every field where the cluster and the target
     * differ is a conflict with reason {@link ChangeReason#NO_BASELINE}.
     *
     * @throws InputException as {@link #merge}
     */
    public MergeResult mergeWithoutBase(DocumentSet current, DocumentSet target) {
        return run(Optional.empty(), current, target);
    }

    /**
     * The changes of a document the cluster does not have, with a hint when the cluster has one of
     * the same kind and name in another namespace: rendered manifests often leave the namespace out.
     */
    private static List<FieldChange> withNamespaceHint(DocumentId id, List<FieldChange> found, DocumentSet current) {
        List<String> twins = MergeResult.twins(id, current).stream().map(Document::displayName).toList();
        if (twins.isEmpty()) {
            return found;
        }
        String hint = "; the cluster has no " + (id.namespace().isEmpty() ? "such document without a namespace"
                : "such document in namespace " + id.namespace()) + ", but has " + String.join(" and ", twins)
                + ": does the rendered document lack metadata.namespace? Give the default namespace"
                + " (upshift diff --namespace, DocumentSet.withDefaultNamespace)";
        List<FieldChange> out = new ArrayList<>(found.size());
        for (FieldChange c : found) {
            out.add(!c.path().isRoot() ? c : new FieldChange(c.document(), c.path(), c.base(), c.current(), c.target(),
                    c.result(), c.rule(), c.reason(), c.resolution(), c.message() + hint, c.impact(), c.sensitive(),
                    c.shownPath()));
        }
        return out;
    }

    private MergeResult run(Optional<DocumentSet> base, DocumentSet current, DocumentSet target) {
        Objects.requireNonNull(current, "current");
        Objects.requireNonNull(target, "target");
        TreeSet<DocumentId> ids = new TreeSet<>(current.ids());
        ids.addAll(target.ids());
        base.ifPresent(b -> ids.addAll(b.ids()));
        Problems problems = new Problems();
        Map<DocumentId, List<FieldChange>> changes = new TreeMap<>();
        List<ListDecision> listDecisions = new ArrayList<>();
        Map<DocumentId, Document> merged = new TreeMap<>();
        CompiledRules compiled = CompiledRules.of(rules, lists);
        Set<DocumentId> retired = TemplateRotation.retired(current);
        for (DocumentId id : ids) {
            Document b = base.flatMap(s -> s.get(id)).orElse(null);
            Document c = current.get(id).orElse(null);
            if (c != null && retired.contains(id)) {
                merged.put(id, c.withTree(c.tree().deepCopy()));
                changes.put(id, new ArrayList<>());
                continue;
            }
            Document t = target.get(id).orElse(null);
            List<FieldChange> found = new ArrayList<>();
            List<ListDecision> decided = new ArrayList<>();
            MergeWalker walker = new MergeWalker(id, b, c, t, base.isEmpty(), repair, defaultImpact, found, decided, problems);
            Document anyDoc = c != null ? c : t != null ? t : b;
            ListSchema.Node newVersion = t == null ? null : lists.root(t.apiVersion(), id.kind());
            walker.mergeDocument(compiled.policyFor(anyDoc), newVersion).ifPresent(d -> merged.put(id, d));
            found.sort(Comparator.comparing(FieldChange::path));
            changes.put(id, found);
            decided.sort(Comparator.comparing(ListDecision::path));
            listDecisions.addAll(decided);
        }
        problems.throwIfErrors();
        TemplateRotation.apply(merged, changes, current, compiled);
        changes.replaceAll((id, found) -> current.contains(id) ? found : withNamespaceHint(id, found, current));
        List<FieldChange> all = new ArrayList<>();
        changes.values().forEach(all::addAll);
        return new MergeResult(base, current, target, DocumentSet.ofDocuments(merged.values()), all, listDecisions,
                compiled, false);
    }
}
