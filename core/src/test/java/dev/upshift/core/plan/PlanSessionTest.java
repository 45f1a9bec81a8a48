package dev.upshift.core.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Hop;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A session's plans equal plans made from scratch (the oracle) at every instant of a rollout: the
 * instants a controller wakes at and arbitrary ones between them, as hops start, land, fail and
 * the clusters' running releases move.
 */
class PlanSessionTest {

    @Test
    void sessionPlansEqualPlansFromScratchAlongRandomRollouts() {
        JOINED_LATE.set(0);
        qt().withExamples(200).forAll(longs().all()).checkAssert(PlanSessionTest::rollOut);
        assertThat(JOINED_LATE.get()).as("plans with a cluster that joined its stage's run late").isPositive();
    }

    @Test
    void aHistoryThatDoesNotExtendTheLastIsPlannedFromScratch() {
        RandomFleets.Generated g = RandomFleets.generate(11);
        PreparedFleet fleet = Planner.standard().prepare(g.input());
        PlanSession session = fleet.session();
        List<HistoryEntry> history = new ArrayList<>(g.input().history());
        Plan first = session.plan(g.now(), history, Map.of());
        assertThat(first).isEqualTo(fleet.unqueued(g.now(), history, Map.of()));
        List<HistoryEntry> shorter = history.isEmpty() ? List.of() : history.subList(0, history.size() / 2);
        Instant later = g.now().plus(Duration.ofHours(5));
        assertThat(session.plan(later, shorter, Map.of())).isEqualTo(fleet.unqueued(later, shorter, Map.of()));
        assertThat(session.plan(g.now(), history, Map.of())).isEqualTo(first);
    }

    private static final java.util.concurrent.atomic.AtomicInteger JOINED_LATE =
            new java.util.concurrent.atomic.AtomicInteger();

    private static void rollOut(long seed) {
        RandomFleets.Generated g = RandomFleets.generate(seed);
        Random r = new Random(seed);
        PreparedFleet fleet = Planner.standard().prepare(g.input());
        PlanSession session = fleet.session();
        List<HistoryEntry> history = new ArrayList<>(g.input().history());
        Map<String, Version> releases = new HashMap<>();
        Map<String, HistoryEntry> running = new HashMap<>();
        Map<String, Instant> ends = new HashMap<>();
        Map<String, HistoryEntry> enrolled = new java.util.TreeMap<>();
        Instant t = g.now();
        for (int step = 0; step < 40; step++) {
            land(t, r, history, running, ends);
            Plan plan = checked(fleet, session, t, history, releases, seed, step);
            boolean started = false;
            for (PlanEntry e : plan.entries()) {
                if (e.state() == UpgradeState.READY && e.to().isPresent() && !running.containsKey(e.cluster())
                        && r.nextInt(4) != 0) {
                    enroll(t, fleet, plan, e, r, history, enrolled);
                    start(t, e, r, history, releases, running, ends);
                    started = true;
                }
            }
            leave(t, r, history, enrolled);
            if (started) {
                checked(fleet, session, t, history, releases, seed, step);
            }
            t = next(t, plan, ends, r);
        }
    }

    private static Plan checked(PreparedFleet fleet, PlanSession session, Instant t, List<HistoryEntry> history,
            Map<String, Version> releases, long seed, int step) {
        Plan expected = fleet.unqueued(t, history, releases);
        Plan got = session.plan(t, List.copyOf(history), Map.copyOf(releases));
        for (int i = 0; i < expected.entries().size(); i++) {
            assertThat(got.entries().get(i)).as("seed %d, step %d at %s", seed, step, t)
                    .isEqualTo(expected.entries().get(i));
        }
        assertThat(got).isEqualTo(expected);
        if (expected.entries().stream().anyMatch(e -> e.reasons().stream()
                .anyMatch(x -> x.code().equals(ReasonCodes.JOINED_LATE)))) {
            JOINED_LATE.incrementAndGet();
        }
        Optional<Instant> wake = expected.entries().stream()
                .flatMap(e -> java.util.stream.Stream.concat(e.window().map(w -> w.start()).stream(),
                        e.reasons().stream().flatMap(x -> x.until().stream())))
                .filter(x -> x.isAfter(t)).min(Instant::compareTo);
        assertThat(session.nextInstant(t)).as("seed %d, step %d: the next instant", seed, step).isEqualTo(wake);
        return got;
    }

    private static void start(Instant t, PlanEntry e, Random r, List<HistoryEntry> history,
            Map<String, Version> releases, Map<String, HistoryEntry> running, Map<String, Instant> ends) {
        Version to = e.path().isEmpty() ? e.to().get() : e.path().get(0);
        int count = Math.max(1, e.path().size());
        String id = e.cluster() + ":" + e.from() + ".." + to + "#" + history.size();
        HistoryEntry starting = new HistoryEntry(t, e.cluster(), id, e.from(), to, e.upgrade(),
                UpgradeState.IN_PROGRESS, "starting", List.of(), Step.STARTING, new Hop(1, count, e.to().get()), 1,
                List.of(), 0);
        history.add(starting);
        releases.put(e.cluster(), to);
        running.put(e.cluster(), starting);
        ends.put(e.cluster(), t.plus(Duration.ofMinutes(30 + r.nextInt(60 * 10))));
    }

    /**
     * Enrolls the members of the stage run {@code e} starts, when it is the run's first start: most of
     * them, so that the others read as joining late, and sometimes members of no such run too.
     */
    private static void enroll(Instant t, PreparedFleet fleet, Plan plan, PlanEntry e, Random r,
            List<HistoryEntry> history, Map<String, HistoryEntry> enrolled) {
        Optional<StageRun> run = fleet.stageRun(e.cluster());
        if (run.isEmpty() || history.stream().anyMatch(h -> StageRun.keyOf(h).filter(run.get().key()::equals)
                .isPresent())) {
            return;
        }
        for (PlanEntry m : plan.entries()) {
            boolean member = fleet.stageRun(m.cluster()).equals(run);
            if (member && r.nextInt(4) != 0 || r.nextInt(50) == 0) {
                Version to = run.get().target().isOlderThan(m.from()) ? m.from() : run.get().target();
                HistoryEntry h = new HistoryEntry(t, m.cluster(), run.get().enrollmentId(m.cluster()), m.from(), to,
                        Optional.of(run.get().upgrade()), UpgradeState.WAITING, "enrolled", List.of(), Step.ENROLLED,
                        Hop.only(to), 1, List.of(), 0);
                history.add(h);
                enrolled.put(h.upgradeId(), h);
            }
        }
    }

    /** Sometimes records an enrolled member as skipped, which makes it read as joining late from then on. */
    private static void leave(Instant t, Random r, List<HistoryEntry> history, Map<String, HistoryEntry> enrolled) {
        if (enrolled.isEmpty() || r.nextInt(3) != 0) {
            return;
        }
        List<HistoryEntry> all = new ArrayList<>(enrolled.values());
        HistoryEntry h = enrolled.remove(all.get(r.nextInt(all.size())).upgradeId());
        history.add(new HistoryEntry(t, h.clusterId(), h.upgradeId(), h.from(), h.to(), h.intent(), h.state(), "left",
                List.of(), Step.SKIPPED, h.hop(), 1, List.of(), 0));
    }

    private static void land(Instant t, Random r, List<HistoryEntry> history, Map<String, HistoryEntry> running,
            Map<String, Instant> ends) {
        for (String cluster : new ArrayList<>(new java.util.TreeSet<>(running.keySet()))) {
            if (ends.get(cluster).isAfter(t)) {
                continue;
            }
            HistoryEntry s = running.remove(cluster);
            ends.remove(cluster);
            boolean fails = r.nextInt(6) == 0;
            history.add(new HistoryEntry(t, cluster, s.upgradeId(), s.from(), s.to(), s.intent(),
                    fails ? UpgradeState.FAILED : UpgradeState.SUCCEEDED, fails ? "failed" : "done",
                    fails ? List.of(Reason.of("UPGRADE_FAILED", "it failed")) : List.of(),
                    fails ? Step.FAILED : Step.SUCCEEDED, s.hop(), 1, List.of(), 0));
        }
    }

    /** The next instant: a wake of the plan, a hop's end, or any instant, sometimes the same one again. */
    private static Instant next(Instant t, Plan plan, Map<String, Instant> ends, Random r) {
        Optional<Instant> wake = plan.entries().stream()
                .flatMap(e -> java.util.stream.Stream.concat(e.window().map(w -> w.start()).stream(),
                        e.reasons().stream().flatMap(x -> x.until().stream())))
                .filter(x -> x.isAfter(t)).min(Instant::compareTo);
        Optional<Instant> end = ends.values().stream().min(Instant::compareTo);
        return switch (r.nextInt(5)) {
            case 0 -> t;
            case 1, 2 -> wake.or(() -> end).orElse(t.plus(Duration.ofHours(6)));
            case 3 -> end.orElse(t.plus(Duration.ofHours(1)));
            default -> t.plus(Duration.ofMinutes(1 + r.nextInt(60 * 48)));
        };
    }
}
