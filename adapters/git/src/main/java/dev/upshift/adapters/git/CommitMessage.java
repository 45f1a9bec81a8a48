package dev.upshift.adapters.git;

import dev.upshift.diff.merge.ChangeReason;
import dev.upshift.diff.merge.FieldChange;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.render.ReviewReport;
import dev.upshift.spi.HistoryEntry.Hop;
import dev.upshift.spi.Upgrade;
import java.util.ArrayList;
import java.util.List;

/**
 * A commit's message in a reviewer's words: a subject saying what, a paragraph saying why (the
 * upgrade and its stage, which hop of how many towards which target, a person's request and their
 * reason: the {@link Upgrade#context()}), the review report of the change (sensitive values
 * masked: a commit message is read by everyone with access to the repository, and lives forever),
 * and the upgrade's id as a trailer, by which a later publication finds the commit.
 *
 * <p>A change that keeps the release says what it does from the merge's own reasons: it repairs
 * drift (fields the release owns set back to its values, {@link ChangeReason#DRIFTED}), it applies
 * the cluster's values (any other change), or both.
 */
final class CommitMessage {
    /** The trailer that carries the upgrade's id. */
    static final String TRAILER = "Upshift-Upgrade-Id";
    /** How many drifted fields the message names before it counts the rest. */
    private static final int NAMED_FIELDS = 5;

    private CommitMessage() {}

    static String of(Upgrade upgrade, MergeResult change, List<String> files) {
        StringBuilder out = new StringBuilder();
        out.append(subject(upgrade, change)).append("\n\n");
        out.append(what(upgrade, change)).append(why(upgrade)).append('\n');
        Upgrade.Context context = upgrade.context();
        if (context.applied()) {
            out.append("Applied by a person (upshift apply), regardless of windows and stages")
                    .append(context.reason().isEmpty() ? "." : ": " + sentence(oneParagraph(context.reason()))).append('\n');
        }
        out.append("Files: ").append(String.join(", ", files)).append(".\n\n");
        out.append("Review of the change (sensitive values masked):\n\n");
        for (String line : ReviewReport.render(change.masked()).strip().split("\n", -1)) {
            out.append(line.isBlank() ? "" : "    " + line).append('\n');
        }
        out.append('\n').append(TRAILER).append(": ").append(upgrade.id()).append('\n');
        return out.toString();
    }

    /** The subject line: what the commit does to which cluster. */
    private static String subject(Upgrade upgrade, MergeResult change) {
        String cluster = upgrade.cluster().id();
        Hop hop = upgrade.context().hop();
        if (!upgrade.from().equals(upgrade.to())) {
            return "Upgrade " + cluster + " from " + upgrade.from() + " to " + upgrade.to()
                    + (hop.count() > 1 ? " (" + hop + " to " + hop.target() + ")" : "");
        }
        if (controlPlanePart(upgrade)) {
            return "Upgrade the control plane of " + cluster + " towards " + hop.target()
                    + (hop.count() > 1 ? " (" + hop + ")" : "");
        }
        boolean drift = !drifted(change).isEmpty();
        boolean values = !values(change).isEmpty();
        String what = drift && values ? "Repair drift and apply the values of " : drift ? "Repair drift on "
                : values ? "Apply the values of " : "Change ";
        return what + cluster + " (release " + upgrade.to() + ")";
    }

    /** The body's first sentence: what moves, or what a change on the same release does. */
    private static String what(Upgrade upgrade, MergeResult change) {
        String cluster = upgrade.cluster().id();
        Hop hop = upgrade.context().hop();
        if (!upgrade.from().equals(upgrade.to())) {
            return "Cluster " + cluster + " moves from release " + upgrade.from() + " to " + upgrade.to()
                    + (hop.count() > 1 ? ", " + hop + " of its path to " + hop.target() : "");
        }
        if (controlPlanePart(upgrade)) {
            return "Cluster " + cluster + "'s control plane moves first, " + (hop.count() > 1 ? hop + " of its path"
                    : "on its way") + " to " + hop.target() + "; its release and its workers follow in a second"
                    + " commit";
        }
        List<FieldChange> drift = drifted(change);
        List<FieldChange> values = values(change);
        List<String> parts = new ArrayList<>();
        if (!drift.isEmpty()) {
            parts.add("sets back " + fields(drift.size()) + " that drifted from what the release sets ("
                    + named(drift, change) + ")");
        }
        if (!values.isEmpty()) {
            parts.add("takes the values its spec.values sets at " + fields(values.size()));
        }
        return "Cluster " + cluster + " keeps release " + upgrade.to() + (parts.isEmpty() ? ""
                : " and " + String.join(", and ", parts));
    }

    /** Why: the upgrade that asks for it, in which stage; a full stop. */
    private static String why(Upgrade upgrade) {
        StringBuilder out = new StringBuilder();
        upgrade.intent().ifPresent(i -> out.append(", as the ClusterUpgrade ").append(i).append(" asks"));
        upgrade.context().stage().ifPresent(s -> out.append(upgrade.intent().isPresent() ? ", in its stage "
                : ", in stage ").append(s));
        return out.append('.').toString();
    }

    /** The control plane's part of a hop published in two parts: it keeps the release, its path goes further. */
    private static boolean controlPlanePart(Upgrade upgrade) {
        return upgrade.from().equals(upgrade.to()) && upgrade.context().hop().target().isNewerThan(upgrade.to());
    }

    private static List<FieldChange> drifted(MergeResult change) {
        return change.clusterChanges().stream().filter(c -> c.reason() == ChangeReason.DRIFTED).toList();
    }

    /** The changes beyond drift: the cluster's values (and what a replaced template drags along). */
    private static List<FieldChange> values(MergeResult change) {
        return change.clusterChanges().stream().filter(c -> c.reason() != ChangeReason.DRIFTED
                && c.reason() != ChangeReason.TEMPLATE_REPLACED && c.reason() != ChangeReason.REFERENCE_MOVED)
                .toList();
    }

    private static String fields(int n) {
        return n == 1 ? "1 field" : n + " fields";
    }

    /** The first fields by document and path (masked where sensitive), and how many more. */
    private static String named(List<FieldChange> changes, MergeResult change) {
        List<String> names = changes.stream().limit(NAMED_FIELDS)
                .map(c -> change.displayName(c.document()) + " " + c.shownPath()).toList();
        int more = changes.size() - names.size();
        return String.join(", ", names) + (more > 0 ? " and " + more + " more" : "");
    }

    /** A reason as one paragraph: its lines joined, so that no line of it reads as a trailer. */
    private static String oneParagraph(String reason) {
        return String.join(" ", reason.strip().split("\\s*\\R\\s*"));
    }

    /** A sentence ends with a full stop, unless it ends with one already (or a question or an exclamation). */
    private static String sentence(String text) {
        return text.endsWith(".") || text.endsWith("!") || text.endsWith("?") ? text : text + ".";
    }

    /** Whether an upgrade id can travel as a trailer: one line, no leading or trailing space. */
    static boolean carries(String id) {
        return !id.contains("\n") && !id.contains("\r") && id.strip().equals(id);
    }
}
