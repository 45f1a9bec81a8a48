package dev.upshift.core.engine;

import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.StageMembership;
import dev.upshift.core.plan.StageRun;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Hop;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Stage membership fixed when a stage starts (docs/engine.md, "Stage membership"): the members of
 * a {@link StageRun} still to upgrade are enrolled when its first attempt is journaled, and an
 * enrolled member that leaves the stage before its attempt starts is recorded as skipped.
 */
final class Membership {
    private static final Set<UpgradeState> TO_UPGRADE = Set.of(UpgradeState.READY, UpgradeState.SCHEDULED,
            UpgradeState.WAITING, UpgradeState.BLOCKED);

    private final FleetIndex fleet;
    private final Plan plan;
    private final StageMembership enrollments;
    private final Instant now;
    private final long epoch;

    Membership(FleetIndex fleet, Plan plan, StageMembership enrollments, Instant now, long epoch) {
        this.fleet = fleet;
        this.plan = plan;
        this.enrollments = enrollments;
        this.now = now;
        this.epoch = epoch;
    }

    /**
     * The {@code enrolled} entries of the runs whose first attempt is among {@code starts}, to be
     * journaled ahead of them: one per member whose planned release upgrade is still to start.
     */
    List<HistoryEntry> enroll(List<HistoryEntry> starts) {
        List<HistoryEntry> out = new ArrayList<>();
        Set<String> runs = new HashSet<>();
        for (HistoryEntry h : starts) {
            if (h.step() != Step.STARTING || h.from().equals(h.to())) {
                continue;
            }
            Optional<StageRun> run = fleet.fleet().stageRun(h.clusterId());
            if (run.isEmpty() || !h.intent().equals(Optional.of(run.get().upgrade()))
                    || !h.hop().target().equals(run.get().target()) || enrollments.started(run.get().key())
                    || !runs.add(run.get().key())) {
                continue;
            }
            List<PlanEntry> members = new ArrayList<>();
            for (String m : fleet.runMembers().getOrDefault(run.get().key(), List.of())) {
                fleet.entry(plan, m).filter(e -> toUpgrade(e, run.get())).ifPresent(members::add);
            }
            members.forEach(e -> out.add(enrolled(e, run.get(), members.size())));
        }
        return out;
    }

    private static boolean toUpgrade(PlanEntry e, StageRun run) {
        return TO_UPGRADE.contains(e.state()) && e.to().filter(t -> t.equals(run.target()) && t.isNewerThan(e.from()))
                .isPresent() && e.upgrade().equals(Optional.of(run.upgrade()));
    }

    private HistoryEntry enrolled(PlanEntry e, StageRun run, int members) {
        String message = "enrolled in " + run + ", which starts now with " + members + " cluster"
                + (members == 1 ? "" : "s") + " to upgrade";
        return new HistoryEntry(now, e.cluster(), run.enrollmentId(e.cluster()), e.from(), run.target(),
                Optional.of(run.upgrade()), e.state(), message, List.of(), Step.ENROLLED,
                new Hop(1, Math.max(1, e.path().size()), run.target()), 1, List.of(), epoch);
    }

    /**
     * The {@code skipped} entries of enrolled members that left their stage's run before their
     * attempt started (left the fleet, or moved to another stage or upgrade), sorted by cluster:
     * judged once per fleet read, since membership changes only with the fleet. A member whose
     * upgrade only changed its target stays enrolled in the run it was in.
     */
    List<HistoryEntry> leftTheirStage() {
        if (!enrollments.judgeAgainst(fleet)) {
            return List.of();
        }
        List<HistoryEntry> out = new ArrayList<>();
        for (HistoryEntry en : enrollments.waiting()) {
            StageRun was = StageRun.of(en).orElseThrow();
            Optional<StageRun> now = fleet.fleet().stageRun(en.clusterId());
            // still in the same stage of the same upgrade, whatever its target now: a new target supersedes the
            // run rather than ending it, and back on the old target the run goes on
            if (now.isPresent() && now.get().upgrade().equals(was.upgrade()) && now.get().stage().equals(was.stage())) {
                continue;
            }
            Reason why = Reason.of(EngineReasons.LEFT_STAGE, "cluster " + en.clusterId() + " left the run " + was.key()
                    + " before its upgrade started: " + where(en.clusterId(), now) + "; skipped in that run");
            out.add(new HistoryEntry(this.now, en.clusterId(), en.upgradeId(), en.from(), en.to(), en.intent(),
                    en.state(), why.message(), List.of(why), Step.SKIPPED, en.hop(), en.attempt(), List.of(), epoch));
        }
        out.sort(java.util.Comparator.comparing(HistoryEntry::clusterId));
        return out;
    }

    private String where(String cluster, Optional<StageRun> now) {
        if (!fleet.clusters().containsKey(cluster)) {
            return "it is no longer in the fleet";
        }
        return now.map(r -> "it is now in " + r).orElse("it is now in no declared stage of an upgrade that targets a"
                + " release");
    }
}
