package dev.upshift.diff;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What a {@link ThreeWayMerge} produced: the merged documents and every decision behind them, from
 * which every rendering (report, unified diff, JSON Patch, merge patch, YAML) is made.
 *
 * <p>When the result is {@linkplain #isBlocked() blocked}, the documents hold the cluster's value
 * at each blocked field and everything else merged, so a reviewer sees the whole picture; an
 * upgrade must not apply them until the blocking changes are resolved.
 */
public final class MergeResult {
    private final Optional<DocumentSet> base;
    private final DocumentSet current;
    private final DocumentSet target;
    private final DocumentSet documents;
    private final List<FieldChange> changes;

    MergeResult(Optional<DocumentSet> base, DocumentSet current, DocumentSet target, DocumentSet documents,
            List<FieldChange> changes) {
        this.base = Objects.requireNonNull(base, "base");
        this.current = Objects.requireNonNull(current, "current");
        this.target = Objects.requireNonNull(target, "target");
        this.documents = Objects.requireNonNull(documents, "documents");
        this.changes = List.copyOf(changes);
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

    /** The decisions about one document. */
    public List<FieldChange> changes(DocumentId id) {
        return changes.stream().filter(c -> c.document().equals(id)).toList();
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
        return changes.stream().filter(FieldChange::isBlocked).toList();
    }

    /** Whether something blocks the upgrade. */
    public boolean isBlocked() {
        return changes.stream().anyMatch(FieldChange::isBlocked);
    }

    /** The highest impact among the changes ({@link Impact#NONE} when nothing changes). */
    public Impact highestImpact() {
        Impact max = Impact.NONE;
        for (FieldChange c : changes) {
            max = max.max(c.impact());
        }
        return max;
    }

    /** Whether the result differs from the cluster at all. */
    public boolean hasClusterChanges() {
        return changes.stream().anyMatch(FieldChange::changesCluster);
    }

    /** The documents whose merged tree differs from the cluster's (added and removed ones included), in order. */
    public List<DocumentId> changedDocuments() {
        Set<DocumentId> out = new LinkedHashSet<>();
        for (FieldChange c : changes) {
            if (c.changesCluster()) {
                out.add(c.document());
            }
        }
        return new ArrayList<>(out);
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
