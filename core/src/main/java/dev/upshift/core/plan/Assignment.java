package dev.upshift.core.plan;

import dev.upshift.core.select.UpgradeSelection;
import dev.upshift.release.Release;
import dev.upshift.spi.Reason;
import java.util.List;
import java.util.Optional;

/**
 * Where selection puts one cluster, independent of the instant: the upgrade that owns it, the
 * release it goes to, its stage, and what blocks it whatever happens (a conflict, an unresolved
 * target, two stages or none).
 *
 * @param upgrade the owning upgrade: the first, by name, of those selecting the cluster whose target resolves
 * @param target the release the owning upgrade's target resolves to
 * @param group the cluster's stage, if it has exactly one
 * @param blockers reasons that block the cluster whatever the instant
 */
record Assignment(Optional<UpgradeSelection> upgrade, Optional<Release> target, Optional<StageGroup> group,
        List<Reason> blockers) {
    static final Assignment NONE = new Assignment(Optional.empty(), Optional.empty(), Optional.empty(), List.of());

    Assignment {
        blockers = List.copyOf(blockers);
    }

    /** The run of its declared stage: empty without an upgrade, a resolved target or a declared stage. */
    Optional<StageRun> run() {
        if (upgrade.isEmpty() || target.isEmpty() || group.isEmpty() || group.get().implicit) {
            return Optional.empty();
        }
        return Optional.of(new StageRun(upgrade.get().name(), target.get().version(), group.get().stage.name()));
    }
}
