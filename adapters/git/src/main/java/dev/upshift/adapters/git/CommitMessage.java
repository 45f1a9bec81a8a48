package dev.upshift.adapters.git;

import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.render.ReviewReport;
import dev.upshift.spi.Upgrade;
import java.util.List;

/**
 * A commit's message in a reviewer's words: a subject saying what, a paragraph saying why, the
 * review report of the change (sensitive values masked: a commit message is read by everyone with
 * access to the repository, and lives forever), and the upgrade's id as a trailer, by which a later
 * publication finds the commit.
 */
final class CommitMessage {
    /** The trailer that carries the upgrade's id. */
    static final String TRAILER = "Upshift-Upgrade-Id";

    private CommitMessage() {}

    static String of(Upgrade upgrade, MergeResult change, List<String> files) {
        String cluster = upgrade.cluster().id();
        boolean values = upgrade.from().equals(upgrade.to());
        StringBuilder out = new StringBuilder();
        out.append(values ? "Change the values of " + cluster + " on " + upgrade.to()
                : "Upgrade " + cluster + " from " + upgrade.from() + " to " + upgrade.to()).append("\n\n");
        out.append(values ? "Cluster " + cluster + " keeps release " + upgrade.to() + " and takes new values"
                : "Cluster " + cluster + " moves from release " + upgrade.from() + " to " + upgrade.to());
        out.append(upgrade.intent().map(i -> ", as the ClusterUpgrade " + i + " asks").orElse(", as asked by hand"));
        String stage = upgrade.cluster().labels().get("stage");
        if (stage != null) {
            out.append(" (stage label: ").append(stage).append(')');
        }
        out.append(".\nFiles: ").append(String.join(", ", files)).append(".\n\n");
        out.append("Review of the change (sensitive values masked):\n\n");
        for (String line : ReviewReport.render(change.masked()).strip().split("\n", -1)) {
            out.append(line.isBlank() ? "" : "    " + line).append('\n');
        }
        out.append('\n').append(TRAILER).append(": ").append(upgrade.id()).append('\n');
        return out.toString();
    }

    /** Whether an upgrade id can travel as a trailer: one line, no leading or trailing space. */
    static boolean carries(String id) {
        return !id.contains("\n") && !id.contains("\r") && id.strip().equals(id);
    }
}
