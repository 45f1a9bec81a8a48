package dev.upshift.diff.merge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.tree.JsonText;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.rule.OnConflict;
import java.util.ArrayList;
import java.util.List;

/** The words of {@link FieldChange#message()}. */
final class Messages {
    private Messages() {}

    static String show(JsonNode v) {
        return JsonText.abbreviated(v, 80);
    }

    static String taken(ChangeReason reason, JsonNode c, JsonNode t) {
        return switch (reason) {
            case ADDED -> "set to " + show(t) + "; the cluster had no value";
            case RELEASE_CHANGED -> show(c) + " -> " + show(t) + "; the cluster had the old release's value";
            case RELEASE_REMOVED -> "removed " + show(c) + "; the cluster had the old release's value and the new"
                    + " release drops it";
            case DRIFTED -> "drifted: the release has " + show(t) + ", the cluster " + (c == null ? "nothing" : show(c));
            default -> throw new IllegalArgumentException(reason.toString());
        };
    }

    static String emptied(JsonNode c) {
        return "removed the " + (c.isArray() ? "list" : "mapping") + " the merge emptied (was " + show(c)
                + "); none of the old release, the cluster and the new release has it empty";
    }

    static String kept(JsonNode b, JsonNode c) {
        return (c == null ? "kept the cluster's removal" : "kept the cluster's " + show(c))
                + "; the old and the new release both have " + show(b);
    }

    static String conflict(ChangeReason reason, OnConflict mode, JsonNode b, JsonNode c, JsonNode t) {
        String what = reason == ChangeReason.NO_BASELINE
                ? "no baseline: the cluster has " + show(c) + ", the target " + show(t) + "; without the old"
                        + " release's value a user's choice cannot be told from a copied default"
                : "conflict: the old release had " + show(b) + ", the cluster has " + (c == null ? "nothing" : show(c))
                        + ", the new release "
                        + (t == null ? "drops it" : "has " + show(t));
        what += differences(reason, b, c, t);
        return what + switch (mode) {
            case OVERWRITE -> "; onConflict: overwrite " + (t == null ? "removes it" : "takes the target's value");
            case KEEP -> "; onConflict: keep keeps the cluster's value";
            case FAIL -> "; onConflict: fail blocks the upgrade";
        };
    }

    /** Where long values differ, when a message shows them cut: "; the cluster added x; the new release changed y to z". */
    private static String differences(ChangeReason reason, JsonNode b, JsonNode c, JsonNode t) {
        if (!Differences.isLong(b) && !Differences.isLong(c) && !Differences.isLong(t)) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        if (reason == ChangeReason.NO_BASELINE) {
            parts.add(Differences.change("from the cluster's to the target's value, the target", c, t));
        } else {
            parts.add(Differences.change("the cluster", b, c));
            parts.add(Differences.change("the new release", b, t));
        }
        parts.removeIf(String::isEmpty);
        return parts.isEmpty() ? "" : "; " + String.join("; ", parts);
    }

    static String immutable(ChangeReason reason, JsonNode c, JsonNode t) {
        String would = c == null ? "set " + show(t) : t == null ? "remove " + show(c) : "change " + show(c) + " to " + show(t);
        return "immutable field: the merge would " + would + " (" + describe(reason) + "); blocked";
    }

    /** {@code at} and {@code full} (at and then the violation's path) as they are shown. */
    static String immutableBelow(ChangeReason reason, FieldPath at, FieldPath full, ImmutableFields.Violation v) {
        return "immutable field " + full + ": the merge would " + (v.target() == null
                ? "remove " + show(v.current()) : "change " + show(v.current()) + " to " + show(v.target()))
                + " by replacing " + (at.isRoot() ? "the document" : at.toString()) + " (" + describe(reason) + "); blocked";
    }

    private static String describe(ChangeReason reason) {
        return switch (reason) {
            case ADDED -> "the cluster had no value";
            case RELEASE_CHANGED, RELEASE_REMOVED -> "the cluster had the old release's value";
            case CONFLICT -> "a conflict resolved by onConflict: overwrite";
            case NO_BASELINE -> "no baseline, resolved by onConflict: overwrite";
            case DRIFTED -> "a drift repair";
            default -> reason.toString();
        };
    }
}
