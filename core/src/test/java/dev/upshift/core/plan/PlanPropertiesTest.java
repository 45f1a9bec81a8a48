package dev.upshift.core.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.common.value.VersionChange;
import dev.upshift.core.present.PlanJson;
import dev.upshift.core.simulate.SimulatedUpgrade;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.core.simulate.SimulationSettings;
import dev.upshift.core.simulate.Simulator;
import dev.upshift.diff.document.DocumentDefaults;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.rule.Impact;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.schedule.Interval;
import dev.upshift.schedule.MaintenanceExclusion;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.schedule.MaintenanceWindow;
import dev.upshift.schedule.UpgradeKind;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeState;
import dev.upshift.spi.WindowPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Invariants of plans over random fleets, each checked against the input directly (occurrences of
 * windows and exclusions, the catalog's kubernetes versions, history), not through the planner's
 * own helpers.
 */
class PlanPropertiesTest {
    private static final int EXAMPLES = 200;
    private static final List<UpgradeState> STARTING = List.of(UpgradeState.READY, UpgradeState.SCHEDULED);
    /** What the plan holds back, by time, other clusters or a person (not history's states). */
    private static final List<UpgradeState> HELD = List.of(UpgradeState.SCHEDULED, UpgradeState.WAITING,
            UpgradeState.BLOCKED);

    private static Plan plan(RandomFleets.Generated g) {
        return Planner.standard().plan(g.input(), g.now());
    }

    @Test
    @DisplayName("the plan is deterministic: the same input, in any order, gives the same JSON")
    void deterministic() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            RandomFleets.Generated g = RandomFleets.generate(seed);
            String json = PlanJson.render(plan(g));
            assertThat(PlanJson.render(plan(g))).isEqualTo(json);
            assertThat(PlanJson.render(Planner.standard().plan(RandomFleets.shuffled(g.input(), seed), g.now())))
                    .isEqualTo(json);
        });
    }

    @Test
    @DisplayName("no hop starts inside an exclusion for its kind, outside every window, while frozen or before startTime,"
            + " nor runs into an exclusion that blocks its kind; each later hop after the one before it; a drift repair"
            + " is judged by the Kubernetes version it moves")
    void windowsRespectTheirRules() {
        AtomicInteger laterHops = new AtomicInteger();
        AtomicInteger repairs = new AtomicInteger();
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            RandomFleets.Generated g = RandomFleets.generate(seed);
            Plan plan = plan(g);
            Map<String, ManagedCluster> clusters = byId(g.input().clusters(), ManagedCluster::id);
            Map<String, MaintenanceSchedule> schedules = byId(g.input().schedules(), MaintenanceSchedule::name);
            Map<String, ClusterUpgrade> upgrades = byId(g.input().upgrades(), ClusterUpgrade::name);
            for (PlanEntry e : plan.entries()) {
                if (e.window().isEmpty()) {
                    continue;
                }
                ManagedCluster c = clusters.get(e.cluster());
                // a configuration upgrade (a drift repair) takes the planner's duration and policy, not its upgrade's
                Optional<ClusterUpgrade> u = e.kind().equals(Optional.of(PlanKind.CONFIG)) ? Optional.empty()
                        : e.upgrade().map(upgrades::get);
                Instant start = e.window().get().start();
                assertThat(start).as("never before now").isAfterOrEqualTo(g.now());
                u.flatMap(ClusterUpgrade::startTime).ifPresent(t -> assertThat(start).as("not before startTime").isAfterOrEqualTo(t));
                // the next hop's own kind, from the catalog: what the engine publishes first; for a configuration
                // upgrade (a drift repair), how far it moves the control plane's Kubernetes version
                VersionChange first = e.path().isEmpty()
                        ? configMove(g.input().catalog(), c, e.from(), e.kind().orElseThrow())
                        : hopKind(g.input().catalog(), e.from(), e.path().get(0)).versionChange();
                if (e.path().isEmpty() && first != VersionChange.NONE && c.schedule().isPresent()) {
                    repairs.incrementAndGet();
                }
                checkStart(c, schedules, u, e, first, e.window().get());
                Instant after = e.expectedEnd().orElseThrow();
                for (int k = 1; k < e.hops().size(); k++) {
                    PlannedHop h = e.hops().get(k);
                    if (h.window().isEmpty()) {
                        break;
                    }
                    laterHops.incrementAndGet();
                    assertThat(h.window().get().start()).as("hop %s of %s starts after the one before it", k + 1, e)
                            .isAfterOrEqualTo(after);
                    assertThat(h.kind()).isEqualTo(hopKind(g.input().catalog(), h.from(), h.to()));
                    checkStart(c, schedules, u, e, h.kind().versionChange(), h.window().get());
                    after = h.expectedEnd().orElseThrow();
                }
            }
        });
        // about one a fleet, drawn at random (197 in 200 fleets was seen): a bound that cannot flake
        assertThat(laterHops.get()).as("later hops with windows were checked").isGreaterThan(EXAMPLES / 2);
        assertThat(repairs.get()).as("repairs that move Kubernetes, on a schedule, were checked").isGreaterThan(10);
    }

    /** One hop's start, checked against the input itself: the freeze, the schedule's windows and exclusions. */
    private static void checkStart(ManagedCluster c, Map<String, MaintenanceSchedule> schedules, Optional<ClusterUpgrade> u,
            PlanEntry e, VersionChange hopKind, Interval window) {
        Instant start = window.start();
        c.freeze().ifPresent(f -> assertThat(start).as("not while frozen: %s", e).isAfterOrEqualTo(f.until()));
        if (c.schedule().isEmpty()) {
            return;
        }
        MaintenanceSchedule s = schedules.get(c.schedule().get());
        UpgradeKind kind = new UpgradeKind(hopKind, e.impact().filter(i -> i.compareTo(Impact.ROLLING) >= 0).isPresent());
        Duration needed = u.filter(x -> x.windowPolicy() == WindowPolicy.COMPLETE_WITHIN)
                .map(ClusterUpgrade::expectedDuration).orElse(Duration.ofSeconds(1));
        assertThat(inSomeWindow(s, start)).as("inside a window: %s at %s", e, start).isTrue();
        assertThat(blockingOverlap(s, kind, start, duration(u)))
                .as("%s runs into an exclusion that blocks its kind at %s", e, start).isEmpty();
        if (needed.getSeconds() > 1 && window.end().isPresent()) {
            assertThat(Duration.between(start, window.end().get())).isGreaterThanOrEqualTo(needed);
        }
    }

    /**
     * What exclusions judge a configuration upgrade of {@code c} at {@code release} by: how far it
     * moves its control plane's {@code spec.version} back to the release's Kubernetes, read off the
     * cluster's document and the catalog (random fleets' values never set it); for any other kind,
     * its own change.
     */
    static VersionChange configMove(ReleaseCatalog catalog, ManagedCluster c, Version release, PlanKind kind) {
        if (kind != PlanKind.CONFIG || c.resources().isEmpty()) {
            return kind.versionChange();
        }
        Version k = catalog.get(release).orElseThrow().kubernetes().orElseThrow();
        Version has = Version.parse(c.resources().documents().get(0).tree().get("spec").get("version").textValue());
        return has.major() != k.major() ? VersionChange.MAJOR : has.minor() != k.minor() ? VersionChange.MINOR
                : has.patch() != k.patch() ? VersionChange.PATCH : VersionChange.NONE;
    }

    /** The change of the kubernetes component from one release to another, read off the catalog. */
    static PlanKind hopKind(ReleaseCatalog catalog, Version from, Version to) {
        Version a = catalog.get(from).orElseThrow().kubernetes().orElseThrow();
        Version b = catalog.get(to).orElseThrow().kubernetes().orElseThrow();
        return b.major() != a.major() ? PlanKind.MAJOR : b.minor() != a.minor() ? PlanKind.MINOR : PlanKind.PATCH;
    }

    @Test
    @DisplayName("an entry's hops follow its path in order, never overlap, and the first is the entry's window and end")
    void hopsFollowThePath() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            RandomFleets.Generated g = RandomFleets.generate(seed);
            for (PlanEntry e : plan(g).entries()) {
                assertThat(e.hops()).hasSameSizeAs(e.path());
                Version at = e.from();
                Optional<Instant> end = Optional.empty();
                for (int k = 0; k < e.hops().size(); k++) {
                    PlannedHop h = e.hops().get(k);
                    assertThat(h.from()).isEqualTo(at);
                    assertThat(h.to()).isEqualTo(e.path().get(k));
                    if (k == 0) {
                        assertThat(h.window()).isEqualTo(e.window());
                        assertThat(h.expectedEnd()).isEqualTo(e.expectedEnd());
                        assertThat(h.overrun()).isEqualTo(e.overrun());
                    } else if (h.window().isPresent()) {
                        assertThat(end).as("a later hop has a window only after one with an end: %s", e).isPresent();
                        assertThat(h.window().get().start()).isAfterOrEqualTo(end.get());
                    }
                    h.expectedEnd().ifPresent(x -> assertThat(x).isAfter(h.window().orElseThrow().start()));
                    at = h.to();
                    end = h.expectedEnd();
                }
            }
        });
    }

    @Test
    @DisplayName("explain gives every reason of the entry under the code the plan gives it, in the same order")
    void explainUsesThePlansCodes() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            RandomFleets.Generated g = RandomFleets.generate(seed);
            Plan plan = plan(g);
            for (PlanEntry e : plan.entries()) {
                List<String> steps = plan.explain(e.cluster()).orElseThrow().steps().stream()
                        .map(Explanation.Step::code).toList();
                List<String> codes = e.reasons().stream().map(r -> r.code()).toList();
                assertThat(steps.subList(0, Math.min(steps.size(), codes.size()))).as("%s", e).isEqualTo(codes);
            }
        });
    }

    @Test
    @DisplayName("no cluster starts ahead of its stage: earlier stages are done and soaked, and maxConcurrent holds")
    void stagesHoldTheirOrder() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            RandomFleets.Generated g = RandomFleets.generate(seed);
            Plan plan = plan(g);
            var selection = Planner.standard().prepare(g.input()).selection();
            for (ClusterUpgrade u : g.input().upgrades()) {
                List<Stage> stages = u.stages();
                for (int k = 0; k < stages.size(); k++) {
                    List<PlanEntry> mine = inStage(plan, u, stages.get(k).name());
                    // the stage's size for a percentage: at least the clusters in the stage that the plan lists
                    // under it (clusters at the target may be listed as config upgrades), at most all it selects
                    int size = selection.upgrade(u.name()).orElseThrow().stages().get(k).clusters().size();
                    long starting = mine.stream().filter(e -> e.state() == UpgradeState.READY).count();
                    long running = mine.stream().filter(e -> e.state() == UpgradeState.IN_PROGRESS).count();
                    if (starting > 0) {
                        assertThat(starting + running).as("maxConcurrent of %s", stages.get(k))
                                .isLessThanOrEqualTo(Math.max(running, limit(stages.get(k), size)));
                    }
                    for (PlanEntry e : mine) {
                        if (!STARTING.contains(e.state())) {
                            continue;
                        }
                        for (int j = 0; j < k; j++) {
                            List<PlanEntry> earlier = inStage(plan, u, stages.get(j).name());
                            assertThat(earlier).as("stage %s before %s", stages.get(j), e)
                                    .allMatch(x -> x.state() == UpgradeState.UP_TO_DATE
                                            || x.state() == UpgradeState.SUCCEEDED || x.state() == UpgradeState.FAILED);
                            Optional<Instant> last = lastSuccess(g.input().history(), earlier);
                            Stage soaked = stages.get(j);
                            last.ifPresent(t -> assertThat(e.window().orElseThrow().start()).as("soak of %s", soaked)
                                    .isAfterOrEqualTo(t.plus(soaked.soak())));
                        }
                    }
                }
            }
        });
    }

    @Test
    @DisplayName("a cluster whose freeze, start time or exclusion lies ahead has that reason, whatever else holds it")
    void timeReasonsAheadAreSaid() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            RandomFleets.Generated g = RandomFleets.generate(seed);
            Instant now = g.now();
            Map<String, ManagedCluster> clusters = byId(g.input().clusters(), ManagedCluster::id);
            Map<String, MaintenanceSchedule> schedules = byId(g.input().schedules(), MaintenanceSchedule::name);
            Map<String, ClusterUpgrade> upgrades = byId(g.input().upgrades(), ClusterUpgrade::name);
            for (PlanEntry e : plan(g).entries()) {
                if (!HELD.contains(e.state())) {
                    continue;
                }
                ManagedCluster c = clusters.get(e.cluster());
                Instant bound = now;
                Optional<Instant> frozen = c.freeze().map(f -> f.until()).filter(t -> t.isAfter(now));
                if (frozen.isPresent()) {
                    assertThat(e.reason(ReasonCodes.FROZEN).flatMap(r -> r.until())).as("frozen: %s", e).isEqualTo(frozen);
                    bound = frozen.get();
                }
                Optional<ClusterUpgrade> u = e.upgrade().filter(x -> e.kind().isPresent() && e.kind().get() != PlanKind.CONFIG)
                        .map(upgrades::get);
                Optional<Instant> start = u.flatMap(ClusterUpgrade::startTime).filter(t -> t.isAfter(now));
                if (start.isPresent()) {
                    assertThat(e.reason(ReasonCodes.WAITING_START_TIME).flatMap(r -> r.until())).as("start time: %s", e)
                            .isEqualTo(start);
                    bound = start.get().isAfter(bound) ? start.get() : bound;
                }
                Optional<Instant> soaked = e.reason(ReasonCodes.SOAKING).flatMap(r -> r.until());
                if (soaked.isPresent() && soaked.get().isAfter(bound)) {
                    bound = soaked.get();
                }
                // a slot of its stage projected to free later (docs/planning.md, "Concurrency") moves it as a soak does
                Optional<Instant> slot = e.reason(ReasonCodes.MAX_CONCURRENT).flatMap(r -> r.until());
                if (slot.isPresent() && slot.get().isAfter(bound)) {
                    bound = slot.get();
                }
                boolean windowed = e.state() != UpgradeState.BLOCKED && c.schedule().isPresent() && u.isPresent()
                        && u.get().windowPolicy() != WindowPolicy.COMPLETE_WITHIN;
                if (windowed && excludedAt(schedules.get(c.schedule().get()), e, bound)) {
                    assertThat(e.hasReason(ReasonCodes.EXCLUDED)).as("excluded at %s: %s", bound, e).isTrue();
                }
            }
        });
    }

    /** Whether the schedule's windows alone allow a start at {@code at} and an exclusion for the entry's kind does not. */
    private static boolean excludedAt(MaintenanceSchedule s, PlanEntry e, Instant at) {
        if (!inSomeWindow(s, at)) {
            return false;
        }
        UpgradeKind kind = new UpgradeKind(e.kind().orElseThrow().versionChange(),
                e.impact().filter(i -> i.compareTo(Impact.ROLLING) >= 0).isPresent());
        for (MaintenanceExclusion x : s.exclusions()) {
            if (x.scope().blocks(kind) && x.span().occurrences(at, at.plusSeconds(1)).stream().anyMatch(o -> o.contains(at))) {
                return true;
            }
        }
        return false;
    }

    @Test
    @DisplayName("no planned path breaks the skew policy, and kind is the largest kubernetes change along it")
    void pathsKeepTheSkewPolicy() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            RandomFleets.Generated g = RandomFleets.generate(seed);
            ReleaseCatalog catalog = g.input().catalog();
            for (PlanEntry e : plan(g).entries()) {
                if (e.path().isEmpty()) {
                    continue;
                }
                List<Version> landed = new ArrayList<>();
                landed.add(e.from());
                landed.addAll(e.path());
                assertThat(landed.get(landed.size() - 1)).isEqualTo(e.to().orElseThrow());
                VersionChange largest = VersionChange.NONE;
                for (int i = 1; i < landed.size(); i++) {
                    Version a = catalog.get(landed.get(i - 1)).orElseThrow().kubernetes().orElseThrow();
                    Version b = catalog.get(landed.get(i)).orElseThrow().kubernetes().orElseThrow();
                    assertThat(b.major()).isEqualTo(a.major());
                    assertThat(b.minor() - a.minor()).as("one minor at most per hop").isBetween(0L, 1L);
                    assertThat(b.isOlderThan(a)).isFalse();
                    VersionChange c = b.minor() != a.minor() ? VersionChange.MINOR
                            : b.patch() != a.patch() ? VersionChange.PATCH : VersionChange.NONE;
                    largest = largest.max(c);
                }
                assertThat(e.kind()).contains(PlanKind.of(largest));
            }
        });
    }

    @Test
    @DisplayName("adding a cluster changes no other cluster's entry unless they share an upgrade's stages")
    void addingAClusterIsLocal() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            RandomFleets.Generated g = RandomFleets.generate(seed);
            Plan before = plan(g);
            List<ManagedCluster> more = new ArrayList<>(g.input().clusters());
            more.add(RandomFleets.cluster(new Random(seed ^ 0x5DEECE66DL), "x-new", g.now()));
            PlanInput in = g.input();
            PlanInput bigger = new PlanInput(in.catalog(), more, in.schedules(), in.upgrades(), in.history());
            Plan after = Planner.standard().plan(bigger, g.now());
            PlanEntry added = after.entry("x-new").orElseThrow();
            List<String> claims = Planner.standard().prepare(bigger).selection().claims("x-new").stream()
                    .map(u -> u.name()).toList();
            for (PlanEntry e : before.entries()) {
                PlanEntry now = after.entry(e.cluster()).orElseThrow();
                if (!now.equals(e)) {
                    assertThat(e.upgrade()).as("%s changed to %s because of %s", e, now, added).isPresent();
                    assertThat(claims).as("%s changed to %s because of %s", e, now, added).contains(e.upgrade().get());
                }
            }
        });
    }

    @Test
    @DisplayName("a prepared fleet gives the plan a fresh planner gives, at every instant")
    void preparedMatchesFresh() {
        qt().withExamples(60).forAll(longs().all()).checkAssert(seed -> {
            RandomFleets.Generated g = RandomFleets.generate(seed);
            PreparedFleet prepared = Planner.standard().prepare(g.input());
            for (int h = 0; h < 72; h += 17) {
                Instant at = g.now().plus(Duration.ofHours(h));
                assertThat(prepared.plan(at)).isEqualTo(Planner.standard().plan(g.input(), at));
            }
        });
    }

    /** Whether the configuration change a cluster running {@code at} makes (as the planner computes it) touches nodes. */
    private static boolean configChangesNodes(PlanInput input, ManagedCluster c, dev.upshift.release.Version at) {
        dev.upshift.release.Release r = input.catalog().get(at).orElseThrow();
        return ChangeSummary.of(ClusterChange.compute(c, Optional.of(r), r, Optional.empty(), at.equals(c.release())))
                .changesNodes();
    }

    @Test
    @DisplayName("no simulated upgrade or hop runs into an exclusion that blocks its kind, whatever its window policy;"
            + " a cluster's hops run one after the other, in the order of its path")
    void simulationRespectsExclusions() {
        AtomicInteger laterHops = new AtomicInteger();
        qt().withExamples(60).forAll(longs().all()).checkAssert(seed -> respectsExclusions(seed, laterHops));
        assertThat(laterHops.get()).as("later hops ran").isGreaterThan(10);
    }

    @Test
    @DisplayName("a configuration change after a release upgrade is judged by its own change (seed -386: it moves no"
            + " nodes, so an exclusion of node upgrades does not hold it, and it is not the path's next hop)")
    void configurationChangeAfterAnUpgradeIsJudgedByItsOwnChange() {
        respectsExclusions(-386, new AtomicInteger());
    }

    @Test
    @DisplayName("a drift repair that moves a Kubernetes minor is never planned to start, nor run, inside an exclusion"
            + " of minor upgrades")
    void repairsThatMoveAMinorKeepOutOfMinorExclusions() {
        AtomicInteger planned = new AtomicInteger();
        AtomicInteger ran = new AtomicInteger();
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            RandomFleets.Generated g = RandomFleets.repairing(seed);
            PreparedFleet prepared = Planner.standard().prepare(g.input());
            Map<String, ManagedCluster> clusters = byId(g.input().clusters(), ManagedCluster::id);
            Map<String, MaintenanceSchedule> schedules = byId(g.input().schedules(), MaintenanceSchedule::name);
            for (PlanEntry e : prepared.plan(g.now()).entries()) {
                ManagedCluster c = clusters.get(e.cluster());
                if (!e.kind().equals(Optional.of(PlanKind.CONFIG)) || !e.hasReason(ReasonCodes.DRIFTED)
                        || e.window().isEmpty() || c.schedule().isEmpty()) {
                    continue;
                }
                VersionChange moves = configMove(g.input().catalog(), c, e.from(), PlanKind.CONFIG);
                if (!moves.isMinorOrMajor()) {
                    continue;
                }
                planned.incrementAndGet();
                // as a minor upgrade: whatever it does to the nodes, every scope but none holds it
                assertThat(blockingOverlap(schedules.get(c.schedule().get()), new UpgradeKind(moves, false),
                                e.window().get().start(), Duration.ofSeconds(1)))
                        .as("seed %s: %s starts inside an exclusion of minor upgrades", seed, e).isEmpty();
            }
            Simulation sim = Simulator.run(prepared, SimulationSettings.between(g.now(), g.now().plus(Duration.ofDays(30))));
            for (SimulatedUpgrade u : sim.upgrades()) {
                ManagedCluster c = clusters.get(u.cluster());
                if (!u.repair() || c.schedule().isEmpty()) {
                    continue;
                }
                VersionChange moves = configMove(g.input().catalog(), c, u.to(), PlanKind.CONFIG);
                if (!moves.isMinorOrMajor()) {
                    continue;
                }
                ran.incrementAndGet();
                assertThat(blockingOverlap(schedules.get(c.schedule().get()), new UpgradeKind(moves, false), u.start(),
                                duration(Optional.empty())))
                        .as("seed %s: %s runs into an exclusion of minor upgrades", seed, u).isEmpty();
            }
        });
        assertThat(planned.get()).as("planned repairs that move a minor, on a schedule").isGreaterThan(20);
        assertThat(ran.get()).as("simulated repairs that move a minor, on a schedule").isGreaterThan(20);
    }

    @Test
    @DisplayName("a drift repair goes in its cluster's stage of its upgrade, and never starts in a later stage before"
            + " every upgrade of an earlier stage has finished and, when it succeeded, soaked")
    void repairsKeepTheirUpgradesStageOrder() {
        AtomicInteger checked = new AtomicInteger();
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            RandomFleets.Generated g = RandomFleets.repairing(seed);
            PreparedFleet prepared = Planner.standard().prepare(g.input());
            // each cluster's stage, by the upgrade's own matchers: upgrade name -> cluster -> stage index
            Map<String, Map<String, Integer>> stageOf = new java.util.HashMap<>();
            for (var u : prepared.selection().upgrades()) {
                Map<String, Integer> mine = new java.util.HashMap<>();
                for (int k = 0; k < u.stages().size(); k++) {
                    for (ManagedCluster c : u.stages().get(k).clusters()) {
                        mine.put(c.id(), k);
                    }
                }
                stageOf.put(u.upgrade().name(), mine);
            }
            Map<String, ClusterUpgrade> upgrades = byId(g.input().upgrades(), ClusterUpgrade::name);
            Simulation sim = Simulator.run(prepared, SimulationSettings.between(g.now(), g.now().plus(Duration.ofDays(30))));
            for (SimulatedUpgrade repair : sim.upgrades()) {
                PlanEntry planned = sim.firstPlan().entry(repair.cluster()).orElseThrow();
                if (!repair.repair() || planned.upgrade().isEmpty()
                        || planned.reason(ReasonCodes.CONFLICTING_UPGRADES).isPresent()) {
                    continue;
                }
                String name = planned.upgrade().get();
                List<Stage> stages = upgrades.get(name).stages();
                Integer k = stageOf.get(name).get(repair.cluster());
                assertThat(repair.upgrade()).as("seed %s: %s is its upgrade's", seed, repair).contains(name);
                assertThat(repair.stage()).as("seed %s: %s is in its cluster's stage", seed, repair)
                        .contains(stages.isEmpty() ? "all" : stages.get(k).name());
                if (stages.isEmpty() || k == 0) {
                    continue;
                }
                checked.incrementAndGet();
                for (SimulatedUpgrade earlier : sim.upgrades()) {
                    Integer j = stageOf.get(name).get(earlier.cluster());
                    if (j == null || j >= k || !earlier.upgrade().equals(Optional.of(name))) {
                        continue;
                    }
                    assertThat(earlier.outcome()).as("seed %s: %s still runs when %s starts", seed, earlier, repair)
                            .isNotEqualTo(UpgradeState.IN_PROGRESS);
                    Duration soak = earlier.outcome() == UpgradeState.SUCCEEDED ? stages.get(j).soak() : Duration.ZERO;
                    assertThat(repair.start()).as("seed %s: %s starts before %s of stage %s ended and soaked", seed,
                            repair, earlier, stages.get(j).name()).isAfterOrEqualTo(earlier.end().plus(soak));
                }
            }
        });
        assertThat(checked.get()).as("repairs run in a later stage").isGreaterThan(20);
    }

    private static void respectsExclusions(long seed, AtomicInteger laterHops) {
        {
            RandomFleets.Generated g = longer(RandomFleets.generate(seed), Duration.ofHours(4));
            PreparedFleet prepared = Planner.standard().prepare(g.input());
            Simulation sim = Simulator.run(prepared, SimulationSettings.between(g.now(), g.now().plus(Duration.ofDays(30))));
            Map<String, ManagedCluster> clusters = byId(g.input().clusters(), ManagedCluster::id);
            Map<String, MaintenanceSchedule> schedules = byId(g.input().schedules(), MaintenanceSchedule::name);
            Map<String, ClusterUpgrade> upgrades = byId(g.input().upgrades(), ClusterUpgrade::name);
            for (SimulatedUpgrade u : sim.upgrades()) {
                Optional<MaintenanceSchedule> s = clusters.get(u.cluster()).schedule().map(schedules::get);
                if (s.isEmpty()) {
                    continue;
                }
                PlanKind hop = u.from().equals(u.to()) ? PlanKind.CONFIG : hopKind(g.input().catalog(), u.from(), u.to());
                VersionChange moves = configMove(g.input().catalog(), clusters.get(u.cluster()), u.to(), hop);
                // a configuration change is judged by what its own change does to the nodes, not the release upgrade's
                boolean nodes = hop == PlanKind.CONFIG
                        ? configChangesNodes(g.input(), clusters.get(u.cluster()), u.to())
                        : sim.firstPlan().entry(u.cluster()).flatMap(PlanEntry::impact)
                                .filter(i -> i.compareTo(Impact.ROLLING) >= 0).isPresent();
                assertThat(u.kind()).isEqualTo(hop);
                UpgradeKind kind = new UpgradeKind(moves, nodes);
                Optional<ClusterUpgrade> intent = hop == PlanKind.CONFIG ? Optional.empty() : u.upgrade().map(upgrades::get);
                assertThat(blockingOverlap(s.get(), kind, u.start(), duration(intent)))
                        .as("seed %s: %s runs into an exclusion that blocks its kind", seed, u).isEmpty();
            }
            for (var c : sim.clusters()) {
                List<SimulatedUpgrade> ran = c.upgrades();
                for (int k = 1; k < ran.size(); k++) {
                    SimulatedUpgrade before = ran.get(k - 1);
                    SimulatedUpgrade next = ran.get(k);
                    assertThat(next.start()).as("seed %s: %s", seed, ran).isAfterOrEqualTo(before.end());
                    if (next.hop() > 1) {
                        laterHops.incrementAndGet();
                        assertThat(next.from()).as("seed %s: %s", seed, ran).isEqualTo(before.to());
                        assertThat(next.hop()).isEqualTo(before.hop() + 1);
                        assertThat(before.outcome()).isEqualTo(UpgradeState.SUCCEEDED);
                    }
                }
            }
            for (SimulatedUpgrade u : sim.upgrades()) {
                if (u.from().equals(u.to())) {
                    assertThat(u.hop()).as("seed %s: %s is a change of its own", seed, u).isEqualTo(1);
                }
            }
        }
    }

    @Test
    @DisplayName("a lone cluster's later hops start in the simulation where its plan put them")
    void planForecastsLaterHops() {
        AtomicInteger compared = new AtomicInteger();
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            RandomFleets.Generated g = RandomFleets.generate(seed);
            PlanInput in = g.input();
            for (ManagedCluster c : in.clusters()) {
                // alone, without resources (its reviewable change is then the same from every release) or history
                ManagedCluster lone = c.toBuilder().resources(DocumentSet.empty())
                        .values(DocumentDefaults.none()).build();
                PlanInput one = new PlanInput(in.catalog(), List.of(lone), in.schedules(), in.upgrades(), List.of());
                PreparedFleet prepared = Planner.standard().prepare(one);
                PlanEntry e = prepared.plan(g.now()).entry(c.id()).orElseThrow();
                if (e.hops().size() < 2 || e.hops().get(1).window().isEmpty()) {
                    continue;
                }
                Instant until = e.hops().get(e.hops().size() - 1).expectedEnd().orElseThrow().plus(Duration.ofDays(1));
                List<SimulatedUpgrade> ran = Simulator.run(prepared, SimulationSettings.between(g.now(), until)).upgrades();
                for (int k = 0; k < e.hops().size() && e.hops().get(k).window().isPresent(); k++) {
                    PlannedHop h = e.hops().get(k);
                    assertThat(ran).as("seed %s: %s", seed, e).hasSizeGreaterThan(k);
                    assertThat(ran.get(k).start()).as("seed %s: hop %s of %s", seed, k + 1, e)
                            .isEqualTo(h.window().get().start().isBefore(g.now()) ? g.now() : h.window().get().start());
                    assertThat(ran.get(k).end()).isEqualTo(h.expectedEnd().orElseThrow());
                    compared.incrementAndGet();
                }
            }
        });
        assertThat(compared.get()).as("hops compared").isGreaterThan(EXAMPLES);
    }

    /** The same fleet with every upgrade expected to take {@code more} longer, so that more of them reach past a window. */
    private static RandomFleets.Generated longer(RandomFleets.Generated g, Duration more) {
        PlanInput in = g.input();
        List<ClusterUpgrade> upgrades = in.upgrades().stream()
                .map(u -> u.toBuilder().expectedDuration(u.expectedDuration().plus(more)).build()).toList();
        return new RandomFleets.Generated(new PlanInput(in.catalog(), in.clusters(), in.schedules(), upgrades, in.history()),
                g.now());
    }

    /** How long an upgrade is expected to run: its intent's expectedDuration, or the planner's default for configuration. */
    private static Duration duration(Optional<ClusterUpgrade> u) {
        return u.map(ClusterUpgrade::expectedDuration).orElse(Duration.ofHours(1));
    }

    /** The first occurrence of an exclusion of {@code s} blocking {@code kind} that overlaps {@code [start, start + length)}. */
    private static Optional<String> blockingOverlap(MaintenanceSchedule s, UpgradeKind kind, Instant start, Duration length) {
        Interval run = new Interval(start, start.plus(length));
        for (MaintenanceExclusion x : s.exclusions()) {
            if (!x.scope().blocks(kind)) {
                continue;
            }
            for (Interval o : x.span().occurrences(start, run.end().orElseThrow())) {
                if (o.overlaps(run)) {
                    return Optional.of(x.name() + " at " + o);
                }
            }
        }
        return Optional.empty();
    }

    private static boolean inSomeWindow(MaintenanceSchedule s, Instant at) {
        for (MaintenanceWindow w : s.windows()) {
            for (Interval o : w.span().occurrences(at, at.plusSeconds(1))) {
                if (o.contains(at)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static int limit(Stage s, int size) {
        return s.maxConcurrent().map(m -> m instanceof dev.upshift.spi.MaxConcurrent.Clusters c ? c.count()
                : Math.max(1, size * ((dev.upshift.spi.MaxConcurrent.Percent) m).percent() / 100)).orElse(Integer.MAX_VALUE);
    }

    private static List<PlanEntry> inStage(Plan plan, ClusterUpgrade u, String stage) {
        return plan.entries().stream().filter(e -> e.upgrade().equals(Optional.of(u.name()))
                && e.stage().equals(Optional.of(stage))).toList();
    }

    private static Optional<Instant> lastSuccess(List<HistoryEntry> history, List<PlanEntry> stage) {
        return history.stream().filter(h -> h.state() == UpgradeState.SUCCEEDED)
                .filter(h -> stage.stream().anyMatch(e -> e.cluster().equals(h.clusterId())
                        && e.to().map(t -> t.samePrecedence(h.to())).orElse(false)))
                .map(HistoryEntry::at).max(Instant::compareTo);
    }

    private static <T> Map<String, T> byId(List<T> items, Function<T, String> id) {
        return items.stream().collect(Collectors.toMap(id, x -> x, (a, b) -> a));
    }
}
