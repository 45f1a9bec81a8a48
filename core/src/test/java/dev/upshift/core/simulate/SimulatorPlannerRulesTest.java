package dev.upshift.core.simulate;

import static dev.upshift.core.simulate.Fleets.FROM;
import static dev.upshift.core.simulate.Fleets.UNTIL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.schedule.AllowedIntervals;
import dev.upshift.schedule.Freeze;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.schedule.UpgradeKind;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.MaxConcurrent;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeState;
import dev.upshift.spi.WindowPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The simulator driven by the planner's time rules: windows, exclusions, freezes, start times,
 * stages with soak, concurrency and failure budgets, {@code pauseAndResume}. Written against the
 * plan's documented contract (PlanEntry, ReasonCodes); the expectations are the rules' own
 * arithmetic, and starts are checked against the schedules' {@link AllowedIntervals}, not against
 * what the plan said.
 */
class SimulatorPlannerRulesTest {
    private static final Duration TWO_HOURS = Duration.ofHours(2);
    /** Every night from Monday 2026-03-02 22:00Z, four hours. */
    private static final MaintenanceSchedule NIGHTS = Fleets.schedule("nights", """
              maintenanceWindows:
              - name: night
                startTime: 2026-03-02T22:00:00Z
                duration: 4h
                recurrence: FREQ=DAILY
            """);

    private static Simulation simulate(List<ManagedCluster> clusters, List<MaintenanceSchedule> schedules,
            List<ClusterUpgrade> upgrades, SimulationSettings settings) {
        PlanInput input = Fleets.input(clusters, schedules, upgrades, List.of());
        return Simulator.run(Planner.standard().prepare(input), settings);
    }

    private static Simulation simulate(List<ManagedCluster> clusters, List<MaintenanceSchedule> schedules,
            List<ClusterUpgrade> upgrades) {
        return simulate(clusters, schedules, upgrades, SimulationSettings.between(FROM, UNTIL));
    }

    /** An upgrade of one hop: 1.0.0 → 1.1.0. */
    private static ClusterUpgrade toNext() {
        return Fleets.intent("to-1.1", "a", "1.1.0").build();
    }

    /** An upgrade of two hops: 1.0.0 → 1.1.0 → 2.0.0. */
    private static ClusterUpgrade toTwo() {
        return Fleets.intent("to-2", "a", "2.0.0").build();
    }

    private static SimulatedUpgrade only(Simulation sim, String cluster) {
        List<SimulatedUpgrade> u = sim.cluster(cluster).orElseThrow().upgrades();
        assertThat(u).as(cluster).hasSize(1);
        return u.get(0);
    }

    private static Duration held(Simulation sim, String cluster, String code) {
        return sim.cluster(cluster).orElseThrow().heldBack().stream().filter(h -> h.code().equals(code))
                .map(HeldBack::total).findFirst().orElse(Duration.ZERO);
    }

    @Test
    @DisplayName("a cluster with a schedule starts when its first window opens, held back by OUTSIDE_WINDOW until then")
    void waitsForTheWindow() {
        Simulation sim = simulate(List.of(Fleets.cluster("n1").label("team", "a").schedule("nights").build()),
                List.of(NIGHTS), List.of(toNext()));

        SimulatedUpgrade u = only(sim, "n1");
        assertThat(u.start()).isEqualTo(Instant.parse("2026-03-02T22:00:00Z"));
        assertThat(u.end()).isEqualTo(u.start().plus(TWO_HOURS));
        assertThat(held(sim, "n1", ReasonCodes.OUTSIDE_WINDOW)).isEqualTo(Duration.ofHours(22));
        assertThat(sim.cluster("n1").orElseThrow().allowed()).first()
                .satisfies(w -> assertThat(w.start()).isEqualTo(u.start()));
    }

    @Test
    @DisplayName("a frozen cluster starts when the freeze ends, held back by FROZEN until then")
    void freeze() {
        Instant thaw = FROM.plus(Duration.ofDays(3));
        Simulation sim = simulate(List.of(Fleets.cluster("f1").label("team", "a")
                .freeze(new Freeze(thaw, "quarter close")).build()), List.of(), List.of(toNext()));

        assertThat(only(sim, "f1").start()).isEqualTo(thaw);
        assertThat(held(sim, "f1", ReasonCodes.FROZEN)).isEqualTo(Duration.ofDays(3));
        assertThat(sim.cluster("f1").orElseThrow().freeze()).map(Freeze::until).contains(thaw);
    }

    @Test
    @DisplayName("nothing starts before the upgrade's startTime, held back by WAITING_START_TIME")
    void startTime() {
        Instant notBefore = FROM.plus(Duration.ofDays(1));
        Simulation sim = simulate(Fleets.team(2), List.of(),
                List.of(Fleets.intent("to-1.1", "a", "1.1.0").startTime(notBefore).build()));

        assertThat(sim.upgrades()).extracting(SimulatedUpgrade::start).containsOnly(notBefore);
        assertThat(held(sim, "c000", ReasonCodes.WAITING_START_TIME)).isEqualTo(Duration.ofDays(1));
    }

    @Test
    @DisplayName("a stage starts after the previous one has succeeded and soaked")
    void stagesAndSoak() {
        List<ManagedCluster> clusters = List.of(Fleets.cluster("dev1").label("team", "a").label("stage", "dev").build(),
                Fleets.cluster("prod1").label("team", "a").label("stage", "prod").build(),
                Fleets.cluster("prod2").label("team", "a").label("stage", "prod").build());
        ClusterUpgrade staged = Fleets.intent("to-1.1", "a", "1.1.0")
                .stage(Stage.of("dev", ClusterMatcher.label("stage", "dev")).withSoak(Duration.ofHours(24)))
                .stage(Stage.of("prod", ClusterMatcher.label("stage", "prod"))).build();

        Simulation sim = simulate(clusters, List.of(), List.of(staged));

        Instant devEnd = only(sim, "dev1").end();
        assertThat(only(sim, "dev1").start()).isEqualTo(FROM);
        assertThat(only(sim, "prod1").start()).isEqualTo(devEnd.plus(Duration.ofHours(24)));
        assertThat(only(sim, "prod2").start()).isEqualTo(devEnd.plus(Duration.ofHours(24)));
        assertThat(only(sim, "prod1").stage()).contains("prod");
        assertThat(held(sim, "prod1", ReasonCodes.WAITING_STAGE)).isEqualTo(TWO_HOURS);
        assertThat(held(sim, "prod1", ReasonCodes.SOAKING)).isEqualTo(Duration.ofHours(24));
    }

    @Test
    @DisplayName("maxConcurrent 1: the stage's clusters upgrade one after the other, in id order")
    void oneAtATime() {
        ClusterUpgrade serial = Fleets.intent("to-1.1", "a", "1.1.0")
                .stage(Stage.of("all-a", ClusterMatcher.label("team", "a")).withMaxConcurrent(MaxConcurrent.clusters(1)))
                .build();

        Simulation sim = simulate(Fleets.team(3), List.of(), List.of(serial));

        assertThat(sim.upgrades()).extracting(SimulatedUpgrade::start)
                .containsExactly(FROM, FROM.plus(TWO_HOURS), FROM.plus(TWO_HOURS.multipliedBy(2)));
        assertThat(held(sim, "c002", ReasonCodes.MAX_CONCURRENT)).isEqualTo(TWO_HOURS.multipliedBy(2));
        for (SimulationStep step : sim.steps()) {
            assertThat(step.inProgress()).hasSizeLessThanOrEqualTo(1);
        }
    }

    @Test
    @DisplayName("a failure beyond maxFailures halts the stage: the clusters not yet started never start")
    void failureHaltsTheStage() {
        ClusterUpgrade serial = Fleets.intent("to-1.1", "a", "1.1.0")
                .stage(Stage.of("all-a", ClusterMatcher.label("team", "a")).withMaxConcurrent(MaxConcurrent.clusters(1)))
                .build();

        Simulation sim = simulate(Fleets.team(3), List.of(), List.of(serial),
                SimulationSettings.between(FROM, UNTIL).withFailureRate(1));

        assertThat(sim.upgrades()).hasSize(1);
        assertThat(sim.cluster("c001").orElseThrow().state()).isEqualTo(UpgradeState.BLOCKED);
        assertThat(sim.cluster("c001").orElseThrow().reasons()).extracting(r -> r.code()).contains(ReasonCodes.STAGE_HALTED);
        assertThat(sim.summary().neverStarted()).isEqualTo(2);
    }

    @Test
    @DisplayName("pauseAndResume: an upgrade longer than a window ends where the plan's expectedEnd says, windows later")
    void pauseAndResume() {
        MaintenanceSchedule hour = Fleets.schedule("hour", """
                  maintenanceWindows:
                  - name: hour
                    startTime: 2026-03-02T22:00:00Z
                    duration: 1h
                    recurrence: FREQ=DAILY
                """);
        ClusterUpgrade long3h = Fleets.intent("to-1.1", "a", "1.1.0").expectedDuration(Duration.ofHours(3))
                .windowPolicy(WindowPolicy.PAUSE_AND_RESUME).build();

        Simulation sim = simulate(List.of(Fleets.cluster("p1").label("team", "a").schedule("hour").build()),
                List.of(hour), List.of(long3h));

        SimulatedUpgrade u = only(sim, "p1");
        assertThat(u.start()).isEqualTo(Instant.parse("2026-03-02T22:00:00Z"));
        assertThat(u.end()).isEqualTo(Instant.parse("2026-03-04T23:00:00Z"));
    }

    @Test
    @DisplayName("a noMinorUpgrades exclusion delays a minor upgrade to the first window after it (EXCLUDED)")
    void exclusion() {
        MaintenanceSchedule excluded = Fleets.schedule("nights-but-not-early-march", """
                  maintenanceWindows:
                  - name: night
                    startTime: 2026-03-02T22:00:00Z
                    duration: 4h
                    recurrence: FREQ=DAILY
                  maintenanceExclusions:
                  - name: early-march
                    startTime: 2026-03-02T00:00:00Z
                    endTime: 2026-03-05T01:00:00Z
                    scope: noMinorUpgrades
                """);

        Simulation sim = simulate(List.of(Fleets.cluster("x1").label("team", "a")
                .schedule("nights-but-not-early-march").build()), List.of(excluded), List.of(toNext()));

        // startWithin (the default): the last hour of the night the exclusion leaves is enough to start in
        assertThat(only(sim, "x1").start()).isEqualTo(Instant.parse("2026-03-05T01:00:00Z"));
        assertThat(held(sim, "x1", ReasonCodes.EXCLUDED).plus(held(sim, "x1", ReasonCodes.OUTSIDE_WINDOW)))
                .isEqualTo(Duration.between(FROM, Instant.parse("2026-03-05T01:00:00Z")));
        assertThat(sim.schedule("nights-but-not-early-march").orElseThrow().exclusions()).hasSize(1);
    }

    @Test
    @DisplayName("no upgrade runs into a noUpgrades freeze: it starts in the first window after it (EXCLUDED)")
    void neverRunsIntoAFreeze() {
        MaintenanceSchedule frozen = Fleets.schedule("nights-with-a-freeze", """
                  maintenanceWindows:
                  - name: night
                    startTime: 2026-03-02T22:00:00Z
                    duration: 4h
                    recurrence: FREQ=DAILY
                  maintenanceExclusions:
                  - name: freeze
                    startTime: 2026-03-02T23:00:00Z
                    endTime: 2026-03-04T23:00:00Z
                    scope: noUpgrades
                """);

        Simulation sim = simulate(List.of(Fleets.cluster("f1").label("team", "a").schedule("nights-with-a-freeze")
                .build()), List.of(frozen), List.of(toNext()));

        // 2h from 22:00 on the 2nd would run an hour into the freeze
        assertThat(only(sim, "f1").start()).isEqualTo(Instant.parse("2026-03-04T23:00:00Z"));
        assertThat(held(sim, "f1", ReasonCodes.EXCLUDED)).isPositive();
    }

    @Test
    @DisplayName("over random daily windows, every hop starts where its schedule allows its kind, the first leaving its"
            + " duration, each later one after the one before it ended")
    void startsOnlyInsideAllowedTime() {
        qt().withExamples(30).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            List<MaintenanceSchedule> schedules = new ArrayList<>();
            List<ManagedCluster> clusters = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                schedules.add(Fleets.schedule("s" + i, "  maintenanceWindows:\n  - name: w\n    startTime: 2026-03-0"
                        + (2 + r.nextInt(3)) + "T" + String.format(java.util.Locale.ROOT, "%02d", r.nextInt(24))
                        + ":00:00Z\n    duration: " + (2 + r.nextInt(6)) + "h\n    recurrence: FREQ=DAILY;INTERVAL="
                        + (1 + r.nextInt(3)) + "\n"));
            }
            for (int i = 0; i < 12; i++) {
                clusters.add(Fleets.cluster("k" + i).label("team", "a").schedule("s" + r.nextInt(4)).build());
            }
            Simulation sim = simulate(clusters, schedules, List.of(toTwo()));
            for (SimulatedCluster c : sim.clusters()) {
                List<SimulatedUpgrade> hops = c.upgrades();
                for (int h = 0; h < hops.size(); h++) {
                    assertThat(hops.get(h).hop()).as("seed %s: %s", seed, hops).isEqualTo(h + 1);
                    assertThat(hops.get(h).hops()).isEqualTo(2);
                    if (h > 0) {
                        assertThat(hops.get(h).from()).isEqualTo(hops.get(h - 1).to());
                        assertThat(hops.get(h).start()).isAfterOrEqualTo(hops.get(h - 1).end());
                    }
                }
            }
            for (SimulatedUpgrade u : sim.upgrades()) {
                String name = clusters.stream().filter(c -> c.id().equals(u.cluster())).findFirst().orElseThrow()
                        .schedule().orElseThrow();
                AllowedIntervals allowed = schedules.stream().filter(s -> s.name().equals(name)).findFirst()
                        .orElseThrow().index(FROM);
                UpgradeKind kind = UpgradeKind.of(u.kind().versionChange());
                assertThat(allowed.permits(u.start(), kind)).as("seed " + seed + ": " + u).isTrue();
                if (u.hop() == 1) {
                    // a later hop may start late in a window: startWithin asks only that the window be open
                    assertThat(allowed.next(u.start(), kind, TWO_HOURS)).as("seed " + seed + ": " + u)
                            .hasValueSatisfying(w -> assertThat(w.start()).isEqualTo(u.start()));
                }
            }
        });
    }
}
