package dev.upshift.core.plan;

import dev.upshift.core.select.UpgradeSelection;
import dev.upshift.spi.MaxConcurrent;
import dev.upshift.spi.Stage;

/**
 * One stage of one upgrade with the clusters that upgrade owns in it (by index into the sorted
 * fleet, ascending, so in cluster-id order).
 */
final class StageGroup {
    final UpgradeSelection upgrade;
    final Stage stage;
    final int[] members;
    /** Whether it is the one stage of an upgrade that names none: not a declared stage, it has no runs. */
    final boolean implicit;

    StageGroup(UpgradeSelection upgrade, Stage stage, int[] members, boolean implicit) {
        this.upgrade = upgrade;
        this.stage = stage;
        this.members = members;
        this.implicit = implicit;
    }

    /**
     * How many clusters may be in flight at once: the number, or the percentage of the stage's
     * {@code size} clusters (its run's members) floored, at least one.
     */
    int limit(int size) {
        if (stage.maxConcurrent().isEmpty()) {
            return Integer.MAX_VALUE;
        }
        MaxConcurrent m = stage.maxConcurrent().get();
        if (m instanceof MaxConcurrent.Clusters c) {
            return c.count();
        }
        int percent = ((MaxConcurrent.Percent) m).percent();
        return Math.max(1, (int) ((long) size * percent / 100));
    }

    String describe() {
        return "stage " + stage.name() + " of upgrade " + upgrade.name();
    }
}
