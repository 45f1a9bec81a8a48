package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Hop;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Stage membership, fixed when a stage starts (docs/engine.md, "Stage membership"): every rule of
 * it, in one place. What the journal says of {@link StageRun stage runs} (folded by a
 * {@link JournalIndex}): which have started, which clusters are enrolled in which run and did not
 * leave it, and the enrollments whose member has neither started an attempt of its run nor been
 * skipped. And what follows: the members a run enrolls when its first attempt starts
 * ({@link #enroll}), the members that left their run before their attempt started
 * ({@link #leftTheirStages}), and the clusters that joined a run already started
 * ({@link #joinedLate}). Not for use outside Upshift: the planner and the engine read it.
 */
@API(status = INTERNAL, since = "0.1")
public final class StageMembership {
    /** The reason code of a {@code skipped} entry for a member that left its stage's run (the engine's). */
    public static final String LEFT_STAGE = "LEFT_STAGE";
    /** The states of a member whose release upgrade is still to start. */
    private static final Set<UpgradeState> TO_UPGRADE = Set.of(UpgradeState.READY, UpgradeState.SCHEDULED,
            UpgradeState.WAITING, UpgradeState.BLOCKED);

    /** The key of every run an {@code enrolled} entry names, whatever its cluster. */
    private final Set<String> started = new HashSet<>();
    /** Every enrollment id journaled. */
    private final Set<String> ids = new HashSet<>();
    /** Per cluster, its enrollment ids not followed by a {@code skipped} entry, to the run's key. */
    private final Map<String, Map<String, String>> enrolled = new HashMap<>();
    /** Enrollment id to its {@code enrolled} entry, while the member has neither started nor been skipped. */
    private final Map<String, HistoryEntry> waiting = new LinkedHashMap<>();
    private final Map<String, List<String>> waitingByCluster = new HashMap<>();
    private PreparedFleet judged;

    StageMembership() {}

    /**
     * Folds in an entry; whether it was an enrollment's ({@code enrolled}, or {@code skipped} of
     * one). {@code newRuns} receives the key of a run this entry starts.
     */
    boolean add(HistoryEntry e, Set<String> newRuns) {
        if (e.step() == Step.ENROLLED) {
            Optional<String> key = StageRun.keyOf(e);
            key.filter(started::add).ifPresent(newRuns::add);
            ids.add(e.upgradeId());
            key.ifPresent(k -> enrolled.computeIfAbsent(e.clusterId(), c -> new HashMap<>()).put(e.upgradeId(), k));
            // one another writer made, whose key names no run of its own upgrade and target, cannot be left
            if (StageRun.of(e).isPresent() && waiting.put(e.upgradeId(), e) == null) {
                waitingByCluster.computeIfAbsent(e.clusterId(), c -> new ArrayList<>(1)).add(e.upgradeId());
            }
            return true;
        }
        if (e.step() == Step.SKIPPED && ids.contains(e.upgradeId())) {
            Map<String, String> own = enrolled.get(e.clusterId());
            if (own != null) {
                own.remove(e.upgradeId());
            }
            forget(e.clusterId(), e.upgradeId());
            return true;
        }
        if (e.step() == Step.STARTING || e.step() == Step.PUBLISHED) {
            List<String> own = waitingByCluster.get(e.clusterId());
            if (own != null) {
                for (String id : List.copyOf(own)) {
                    HistoryEntry en = waiting.get(id);
                    if (en.intent().equals(e.intent()) && en.to().equals(e.hop().target())) {
                        forget(e.clusterId(), id);
                    }
                }
            }
        }
        return false;
    }

    private void forget(String cluster, String id) {
        waiting.remove(id);
        List<String> own = waitingByCluster.get(cluster);
        if (own != null) {
            own.remove(id);
            if (own.isEmpty()) {
                waitingByCluster.remove(cluster);
            }
        }
    }

    /** Whether an {@code enrolled} entry named the run. */
    public boolean started(String runKey) {
        return started.contains(runKey);
    }

    /** Whether an entry is an enrollment's: {@code enrolled}, or {@code skipped} of an enrollment. */
    public boolean isEnrollment(HistoryEntry e) {
        return e.step() == Step.ENROLLED || e.step() == Step.SKIPPED && ids.contains(e.upgradeId());
    }

    /**
     * Whether a cluster joined its stage after the stage's current run started: the run started and
     * the cluster is not enrolled in it (never was, or left it and was skipped).
     */
    public boolean joinedLate(String cluster, String runKey) {
        if (runKey == null || !started.contains(runKey)) {
            return false;
        }
        Map<String, String> own = enrolled.get(cluster);
        return own == null || !own.containsValue(runKey);
    }

    /** The {@code enrolled} entries of members that have neither started an attempt of their run nor been skipped. */
    public List<HistoryEntry> waiting() {
        return List.copyOf(waiting.values());
    }

    /**
     * The {@code enrolled} entries of the runs whose first attempt is among {@code starts}, to be
     * journaled ahead of them: one per member whose planned release upgrade is still to start
     * (ready, scheduled, waiting or blocked towards the run's target). Members already at the
     * target, or with an attempt under way, are not enrolled: their history speaks for them.
     *
     * @param fleet the fleet the plan was made of
     * @param plan the plan the starts were decided from
     * @param starts the entries about to be journaled
     * @param now their instant
     * @param epoch the writer's epoch
     */
    public List<HistoryEntry> enroll(PreparedFleet fleet, Plan plan, List<HistoryEntry> starts, Instant now,
            long epoch) {
        List<HistoryEntry> out = new ArrayList<>();
        Set<String> runs = new HashSet<>();
        for (HistoryEntry h : starts) {
            if (h.step() != Step.STARTING || h.from().equals(h.to())) {
                continue;
            }
            Optional<StageRun> run = fleet.stageRun(h.clusterId());
            if (run.isEmpty() || !h.intent().equals(Optional.of(run.get().upgrade()))
                    || !h.hop().target().equals(run.get().target()) || started(run.get().key())
                    || !runs.add(run.get().key())) {
                continue;
            }
            List<PlanEntry> members = new ArrayList<>();
            for (String m : fleet.runMembers(run.get().key())) {
                plan.entry(m).filter(e -> toUpgrade(e, run.get())).ifPresent(members::add);
            }
            members.forEach(e -> out.add(enrolled(e, run.get(), members.size(), now, epoch)));
        }
        return out;
    }

    private static boolean toUpgrade(PlanEntry e, StageRun run) {
        return TO_UPGRADE.contains(e.state()) && e.to().filter(t -> t.equals(run.target()) && t.isNewerThan(e.from()))
                .isPresent() && e.upgrade().equals(Optional.of(run.upgrade()));
    }

    private static HistoryEntry enrolled(PlanEntry e, StageRun run, int members, Instant now, long epoch) {
        String message = "enrolled in " + run + ", which starts now with " + members + " cluster"
                + (members == 1 ? "" : "s") + " to upgrade";
        return new HistoryEntry(now, e.cluster(), run.enrollmentId(e.cluster()), e.from(), run.target(),
                Optional.of(run.upgrade()), e.state(), message, List.of(), Step.ENROLLED,
                new Hop(1, Math.max(1, e.path().size()), run.target()), 1, List.of(), epoch);
    }

    /**
     * The {@code skipped} entries of enrolled members that left their stage's run before their
     * attempt started (left the fleet, or moved to another stage or upgrade), sorted by cluster:
     * judged once per fleet (the same object asked again gives none), since membership changes
     * only with the fleet. A member whose upgrade only changed its target stays enrolled in the run
     * it was in: a new target supersedes the run rather than ending it, and back on the old target
     * the run goes on.
     */
    public List<HistoryEntry> leftTheirStages(PreparedFleet fleet, Instant now, long epoch) {
        if (judged == fleet) {
            return List.of();
        }
        judged = fleet;
        List<HistoryEntry> out = new ArrayList<>();
        for (HistoryEntry en : waiting.values()) {
            StageRun was = StageRun.of(en).orElseThrow();
            Optional<StageRun> run = fleet.stageRun(en.clusterId());
            if (run.isPresent() && run.get().upgrade().equals(was.upgrade()) && run.get().stage().equals(was.stage())) {
                continue;
            }
            Reason why = Reason.of(LEFT_STAGE, "cluster " + en.clusterId() + " left the run " + was.key()
                    + " before its upgrade started: " + where(fleet, en.clusterId(), run) + "; skipped in that run");
            out.add(new HistoryEntry(now, en.clusterId(), en.upgradeId(), en.from(), en.to(), en.intent(), en.state(),
                    why.message(), List.of(why), Step.SKIPPED, en.hop(), en.attempt(), List.of(), epoch));
        }
        out.sort(Comparator.comparing(HistoryEntry::clusterId));
        return out;
    }

    private static String where(PreparedFleet fleet, String cluster, Optional<StageRun> run) {
        if (!fleet.has(cluster)) {
            return "it is no longer in the fleet";
        }
        return run.map(r -> "it is now in " + r).orElse("it is now in no declared stage of an upgrade that targets a"
                + " release");
    }
}
