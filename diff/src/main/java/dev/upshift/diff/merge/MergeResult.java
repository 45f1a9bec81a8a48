package dev.upshift.diff.merge;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.rule.Impact;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * What a {@link ThreeWayMerge} produced: the merged documents and every decision behind them, from
 * which every rendering (report, unified diff, JSON Patch, merge patch, YAML) is made.
 *
 * <p>When the result is {@linkplain #isBlocked() blocked}, the documents hold the cluster's value
 * at each blocked field and everything else merged, so a reviewer sees the whole picture; an
 * upgrade must not apply them until the blocking changes are resolved.
 *
 * <p>The merged documents share every unchanged subtree with the inputs; neither the merge nor any
 * rendering changes a tree, and callers must not either (see {@link dev.upshift.diff.document.Document}
 * for the rule).
 *
 * <h2>Sensitive values</h2>
 * The documents and the changes' values are the real ones, for the outputs that are applied
 * (patches, YAML, JSON). Outputs for people render {@link #masked()}, in which every sensitive value
 * ({@link SensitiveValues}) shows only as its mask; the changes' messages are masked either way.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class MergeResult {
    private final Optional<DocumentSet> base;
    private final DocumentSet current;
    private final DocumentSet target;
    private final DocumentSet documents;
    private final List<FieldChange> changes;
    private final List<ListDecision> listDecisions;
    private final Map<DocumentId, List<FieldChange>> byDocument = new HashMap<>();
    private final List<DocumentId> changedDocuments;
    private final List<FieldChange> blocked;
    private final Impact highestImpact;
    private final CompiledRules rules;
    private final boolean masked;

    MergeResult(Optional<DocumentSet> base, DocumentSet current, DocumentSet target, DocumentSet documents,
            List<FieldChange> changes, List<ListDecision> listDecisions, CompiledRules rules, boolean masked) {
        this.rules = Objects.requireNonNull(rules, "rules");
        this.masked = masked;
        this.base = Objects.requireNonNull(base, "base");
        this.listDecisions = List.copyOf(listDecisions);
        this.current = Objects.requireNonNull(current, "current");
        this.target = Objects.requireNonNull(target, "target");
        this.documents = Objects.requireNonNull(documents, "documents");
        this.changes = List.copyOf(changes);
        Set<DocumentId> changed = new LinkedHashSet<>();
        Impact max = Impact.NONE;
        for (FieldChange c : this.changes) {
            byDocument.computeIfAbsent(c.document(), k -> new ArrayList<>()).add(c);
            if (c.changesCluster()) {
                changed.add(c.document());
            }
            max = max.max(c.impact());
        }
        byDocument.replaceAll((k, v) -> List.copyOf(v));
        this.changedDocuments = List.copyOf(changed);
        this.blocked = this.changes.stream().filter(FieldChange::isBlocked).toList();
        this.highestImpact = max;
    }

    /** The merged documents: the cluster's, changed, plus the documents the target adds, minus those removed. */
    public DocumentSet documents() {
        return documents;
    }

    /** The base the merge used; empty for a two-way merge. */
    public Optional<DocumentSet> base() {
        return base;
    }

    /** The cluster's documents (server noise stripped). */
    public DocumentSet current() {
        return current;
    }

    /** The target documents. */
    public DocumentSet target() {
        return target;
    }

    /** Every decision, ordered by document identity, then path. */
    public List<FieldChange> changes() {
        return changes;
    }

    /**
     * How the merge matched the items of each list it had to match (every list whose cluster and
     * target values differ) and what decided it, ordered by document, then path.
     */
    public List<ListDecision> listDecisions() {
        return listDecisions;
    }

    /** The list decisions about one document, by the list's path. */
    public Map<FieldPath, ListDecision> listDecisions(DocumentId id) {
        Map<FieldPath, ListDecision> out = new HashMap<>();
        listDecisions.stream().filter(d -> d.document().equals(id)).forEach(d -> out.put(d.path(), d));
        return out;
    }

    /** The decisions about one document. */
    public List<FieldChange> changes(DocumentId id) {
        return byDocument.getOrDefault(id, List.of());
    }

    /** The decisions that change what the cluster has. */
    public List<FieldChange> clusterChanges() {
        return changes.stream().filter(FieldChange::changesCluster).toList();
    }

    /** The conflicts, however resolved. */
    public List<FieldChange> conflicts() {
        return changes.stream().filter(FieldChange::isConflict).toList();
    }

    /** The decisions that block the upgrade (conflicts under {@code fail}, immutable fields). */
    public List<FieldChange> blocked() {
        return blocked;
    }

    /** Whether something blocks the upgrade. */
    public boolean isBlocked() {
        return !blocked.isEmpty();
    }

    /** The highest impact among the changes ({@link Impact#NONE} when nothing changes). */
    public Impact highestImpact() {
        return highestImpact;
    }

    /** Whether the result differs from the cluster at all. */
    public boolean hasClusterChanges() {
        return !changedDocuments.isEmpty();
    }

    /** The documents whose merged tree differs from the cluster's (added and removed ones included), in order. */
    public List<DocumentId> changedDocuments() {
        return changedDocuments;
    }

    /**
     * How reports name a document, kubectl's way ({@code apps/v1/Deployment/ns/web}): with the
     * cluster's apiVersion when the cluster has it, else the merged, target's or base's.
     */
    public String displayName(DocumentId id) {
        return current.get(id).or(() -> documents.get(id)).or(() -> target.get(id))
                .or(() -> base.flatMap(b -> b.get(id))).map(Document::displayName).orElse(id.toString());
    }

    /**
     * The cluster's documents of the same group, kind and name as {@code id} in another namespace
     * (or in one, when {@code id} has none): a hint that rendered documents lack their namespace.
     */
    public List<Document> inOtherNamespaces(DocumentId id) {
        return twins(id, current);
    }

    static List<Document> twins(DocumentId id, DocumentSet current) {
        List<Document> out = new ArrayList<>();
        for (Document d : current.documents()) {
            DocumentId other = d.id();
            if (other.group().equals(id.group()) && other.kind().equals(id.kind()) && other.name().equals(id.name())
                    && !other.namespace().equals(id.namespace())) {
                out.add(d);
            }
        }
        return out;
    }

    /**
     * This result as outputs for people show it: every sensitive value of the base, current, target
     * and merged documents and of the changes replaced by its mask ({@link SensitiveValues}); the
     * same object when nothing is sensitive, or when it is already masked. What it reports is the
     * same (the same changes, blockers and impact); its documents must never be applied.
     */
    public MergeResult masked() {
        if (masked) {
            return this;
        }
        MergeResult view = MaskedView.of(this, rules);
        return view == null ? this : view;
    }

    /**
     * A value of a document as outputs for people show it, by this merge's rules: every sensitive
     * scalar in it replaced by its mask ({@link SensitiveValues}), keys and shape kept; the same
     * instance when nothing in it is sensitive. For messages about a document of the merge (or one
     * with its identity) written elsewhere, such as an editor's conflicts with a file.
     *
     * @param document the document the value belongs to (its kind and name choose the rules)
     * @param path where the value is in the document
     * @param value the value; null gives null
     */
    public JsonNode shown(Document document, FieldPath path, JsonNode value) {
        Objects.requireNonNull(document, "document");
        Objects.requireNonNull(path, "path");
        return Masking.mask(Masking.at(rules.policyFor(document), path), value);
    }

    /** Whether this is a {@link #masked()} view. */
    public boolean isMasked() {
        return masked;
    }

    /**
     * Whether some document of the merge (base, current, target or merged) or some change holds a
     * sensitive value: then the outputs that are applied carry it in clear.
     */
    public boolean hasSensitiveValues() {
        return masked() != this || changes.stream().anyMatch(FieldChange::sensitive);
    }

    /**
     * This result limited to some documents, for a change published in parts: the merged document
     * of each document {@code part} accepts and the cluster's own of every other (a document the
     * merge would add is left out, one it would remove is kept), with only the accepted documents'
     * changes and list decisions. Base, current and target stay whole. Publishing the part and then
     * the whole result reaches the same documents as publishing the whole at once.
     *
     * @param part which documents this part changes
     * @return the part; this result when it accepts every document
     */
    public MergeResult restrictedTo(java.util.function.Predicate<DocumentId> part) {
        Objects.requireNonNull(part, "part");
        List<Document> docs = new ArrayList<>();
        boolean all = true;
        for (Document d : documents.documents()) {
            if (part.test(d.id())) {
                docs.add(d);
            } else {
                all = false;
                current.get(d.id()).ifPresent(docs::add);
            }
        }
        for (Document c : current.documents()) {
            if (!documents.contains(c.id()) && !part.test(c.id())) {
                all = false;
                docs.add(c);
            }
        }
        if (all) {
            return this;
        }
        return new MergeResult(base, current, target, DocumentSet.ofDocuments(docs),
                changes.stream().filter(c -> part.test(c.document())).toList(),
                listDecisions.stream().filter(d -> part.test(d.document())).toList(), rules, masked);
    }

    /** Whether a base was given (a three-way merge). */
    public boolean isThreeWay() {
        return base.isPresent();
    }

    @Override
    public String toString() {
        return documents.size() + " documents, " + changes.size() + " decisions, highest impact " + highestImpact()
                + (isBlocked() ? ", blocked" : "");
    }
}
