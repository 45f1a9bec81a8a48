package dev.upshift.diff.merge;

import static dev.upshift.common.tree.JsonTrees.Equality.CONTENT;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.Impact;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One decision of the merge at one field (or list item, or whole document when the path is the
 * root). The merge records a change wherever the result differs from the cluster, and also where
 * it kept a customisation, kept the cluster's side of a conflict or blocked.
 *
 * <p>The values are the documents' own subtrees, shared, not copied: never change them (see
 * {@link dev.upshift.diff.document.Document} for the rule). They are the real values, sensitive
 * ones included, for the outputs that are applied; the message never shows a sensitive value, and
 * {@link MergeResult#masked()} gives the changes with their sensitive values masked
 * ({@link SensitiveValues}).
 *
 * @param document the document
 * @param path where in the document
 * @param base the old release's value (empty when absent, and always in a merge without base)
 * @param current the cluster's value
 * @param target the new release's value
 * @param result the merged value (empty: absent from the result)
 * @param rule the field rule that decided: the one that set {@code onConflict} for conflicts, the
 *     one that set {@code mutable: false} for immutable fields; empty when the merge table alone
 *     decided, or a default setting did
 * @param reason which case of the merge table applied
 * @param resolution what was done
 * @param message the decision in words, for people: a sensitive value appears in it only as its mask
 * @param impact what the change costs: {@link Impact#NONE} when the result equals the cluster's value
 * @param sensitive whether a value of the change is, or holds, a sensitive value, or its path names
 *     one (the item of a sensitive set, a sensitive key field): they are then masked in the message
 *     and in {@code shownPath}
 * @param shownPath the path as outputs for people show it: {@code path} itself, unless it names a
 *     sensitive value, which it then shows as its mask
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FieldChange(DocumentId document, FieldPath path, Optional<JsonNode> base, Optional<JsonNode> current,
        Optional<JsonNode> target, Optional<JsonNode> result, Optional<FieldRule> rule, ChangeReason reason,
        Resolution resolution, String message, Impact impact, boolean sensitive, FieldPath shownPath) {

    /** Validates the parts. */
    public FieldChange {
        Objects.requireNonNull(document, "document");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(current, "current");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(resolution, "resolution");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(impact, "impact");
        Objects.requireNonNull(shownPath, "shownPath");
    }

    /** Whether the result differs from what the cluster has (something will change). */
    public boolean changesCluster() {
        return !JsonTrees.equal(current.orElse(null), result.orElse(null), CONTENT);
    }

    /** Whether this change blocks the upgrade. */
    public boolean isBlocked() {
        return resolution == Resolution.BLOCKED;
    }

    /** Whether this was a conflict (with or without a base), however it was resolved. */
    public boolean isConflict() {
        return reason == ChangeReason.CONFLICT || reason == ChangeReason.NO_BASELINE;
    }

    /** {@code Kind.group ns/name: path: message}, with the shown path: no sensitive value appears in it. */
    @Override
    public String toString() {
        return document + ": " + (shownPath.isRoot() ? "(document)" : shownPath) + ": " + message;
    }
}
