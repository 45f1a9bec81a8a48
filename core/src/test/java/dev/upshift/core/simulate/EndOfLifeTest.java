package dev.upshift.core.simulate;

import static dev.upshift.core.simulate.Fleets.FROM;
import static dev.upshift.core.simulate.Fleets.UNTIL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.schedule.Freeze;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.MaxConcurrent;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Who misses an end of life, why, and what one change would bring it in time, on fleets small enough to reason about. */
class EndOfLifeTest {
    private static final LocalDate DAY0 = LocalDate.ofInstant(FROM, ZoneOffset.UTC);
    private static final Version V1 = Version.parse("1.0.0");

    /** 1.0.0 (Kubernetes 1.28) supported until {@code endOfLife}; 2.0.0 (1.29); 3.0.0 reachable from nothing. */
    private static ReleaseCatalog catalog(LocalDate endOfLife) {
        return ReleaseCatalog.of(List.of(
                Release.builder("1.0.0").component("kubernetes", "1.28.0").endOfLife(endOfLife).build(),
                Release.builder("2.0.0").component("kubernetes", "1.29.0").build(),
                Release.builder("3.0.0").component("kubernetes", "1.30.0").upgradesFrom(">=9.0.0").build()));
    }

    private static EndOfLifeForecast forecast(PlanInput input, int budget) {
        PreparedFleet fleet = Planner.standard().prepare(input);
        return EndOfLife.forecast(fleet, Simulator.run(fleet, SimulationSettings.between(FROM, UNTIL)), EndOfLife.NEAR,
                budget);
    }

    private static EndOfLifeForecast forecast(PlanInput input) {
        return forecast(input, EndOfLife.DEFAULT_MAX_SIMULATIONS);
    }

    private static EndOfLifeMiss onlyMiss(EndOfLifeForecast eol) {
        assertThat(eol.releases()).singleElement().satisfies(r -> assertThat(r.release()).isEqualTo(V1));
        assertThat(eol.misses()).hasSize(1);
        return eol.misses().get(0);
    }

    @Test
    @DisplayName("a release is past its end of life from the next day, 00:00 UTC, as the plan judges it")
    void pastTheNextDay() {
        assertThat(EndOfLife.pastAt(LocalDate.parse("2027-03-31"))).isEqualTo(Instant.parse("2027-04-01T00:00:00Z"));
    }

    @Test
    @DisplayName("a stage that runs one cluster at a time leaves the last on the release; a maxConcurrent of 2 brings it in time")
    void concurrency() {
        List<ManagedCluster> clusters = List.of(
                Fleets.cluster("c0").label("team", "a").label("stage", "dev").build(),
                Fleets.cluster("c1").label("team", "a").label("stage", "prod").build(),
                Fleets.cluster("c2").label("team", "a").label("stage", "prod").build());
        ClusterUpgrade up = Fleets.intent("to-2", "a", "2.0.0").expectedDuration(Duration.ofHours(24))
                .stage(Stage.of("dev", ClusterMatcher.label("stage", "dev")))
                .stage(Stage.of("prod", ClusterMatcher.label("stage", "prod")).withMaxConcurrent(MaxConcurrent.clusters(1)))
                .build();
        EndOfLifeForecast eol = forecast(new PlanInput(catalog(DAY0.plusDays(1)), clusters, List.of(), List.of(up), List.of()));

        ReleaseEndOfLife r = eol.releases().get(0);
        assertThat(r.past()).isEqualTo(FROM.plus(Duration.ofDays(2)));
        assertThat(r.inTime()).containsExactly("c0", "c1");
        EndOfLifeMiss m = onlyMiss(eol);
        assertThat(m.cluster()).isEqualTo("c2");
        assertThat(m.state()).isEqualTo(UpgradeState.READY);
        assertThat(m.cause()).isEqualTo(EndOfLifeCause.CONCURRENCY);
        assertThat(m.reason().orElseThrow().code()).isEqualTo(ReasonCodes.MAX_CONCURRENT);
        assertThat(m.held()).contains(Duration.ofHours(24));
        assertThat(m.suggestions()).singleElement().isEqualTo(
                new EndOfLifeChange.RaiseConcurrency("to-2", "prod", 2, MaxConcurrent.clusters(1)));
        assertThat(m.suggestions().get(0).text()).isEqualTo("maxConcurrent 2 (not 1) in stage prod of to-2");
        assertThat(eol.simulations()).as("one baseline to the day, one change").isEqualTo(2);
        assertThat(eol.exhausted()).isFalse();
    }

    @Test
    @DisplayName("a cluster whose weekly window comes too late is in time with one more window a week, the first day that works")
    void windows() {
        MaintenanceSchedule mondays = Fleets.schedule("mondays", """
                  maintenanceWindows:
                    - {name: w, startTime: 2026-01-05T00:00:00Z, duration: 4h, recurrence: FREQ=WEEKLY;BYDAY=MO}
                """);
        ManagedCluster c = Fleets.cluster("c").label("team", "a").schedule("mondays")
                .freeze(new Freeze(FROM.plus(Duration.ofHours(26)), "until Tuesday 02:00")).build();
        EndOfLifeForecast eol = forecast(new PlanInput(catalog(DAY0.plusDays(2)), List.of(c), List.of(mondays),
                List.of(Fleets.intent("to-2", "a", "2.0.0").expectedDuration(Duration.ofHours(1)).build()), List.of()));

        EndOfLifeMiss m = onlyMiss(eol);
        assertThat(m.cause()).isEqualTo(EndOfLifeCause.WINDOWS);
        assertThat(m.state()).isEqualTo(UpgradeState.SCHEDULED);
        assertThat(m.reason().orElseThrow().code()).isEqualTo(ReasonCodes.OUTSIDE_WINDOW);
        EndOfLifeChange.ExtraWindow extra = new EndOfLifeChange.ExtraWindow("mondays",
                LocalDateTime.parse("2026-03-03T00:00:00"), Duration.ofHours(4), ZoneId.of("UTC"));
        assertThat(m.suggestions()).containsExactly(extra);
        assertThat(extra.text()).isEqualTo("one more window a week in mondays: Tuesdays 00:00 for 4h (UTC)");
        assertThat(extra.recurrence()).isEqualTo("FREQ=WEEKLY;BYDAY=TU");
    }

    @Test
    @DisplayName("an upgrade that starts too late is in time started 7 days earlier; 1 and 3 days are not enough")
    void startTime() {
        ClusterUpgrade up = Fleets.intent("to-2", "a", "2.0.0").startTime(FROM.plus(Duration.ofDays(10)))
                .expectedDuration(Duration.ofHours(1)).build();
        EndOfLifeForecast eol = forecast(new PlanInput(catalog(DAY0.plusDays(4)), List.of(Fleets.cluster("c")
                .label("team", "a").build()), List.of(), List.of(up), List.of()));

        EndOfLifeMiss m = onlyMiss(eol);
        assertThat(m.cause()).isEqualTo(EndOfLifeCause.START_TIME);
        assertThat(m.suggestions()).containsExactly(new EndOfLifeChange.StartEarlier("to-2", FROM.plus(Duration.ofDays(3)),
                Duration.ofDays(7)));
        assertThat(m.suggestions().get(0).text()).isEqualTo("start to-2 7d earlier, at 2026-03-05T00:00:00Z");
        assertThat(eol.simulations()).as("the baseline, then 1, 3 and 7 days").isEqualTo(4);
    }

    @Test
    @DisplayName("a freeze across the day, no path, and no upgrade at all are named, with no change suggested")
    void personsDecisions() {
        List<ManagedCluster> clusters = List.of(
                Fleets.cluster("frozen").label("team", "a").freeze(new Freeze(FROM.plus(Duration.ofDays(20)), "audit")).build(),
                Fleets.cluster("nopath").label("team", "b").build(),
                Fleets.cluster("nobody").label("team", "z").build());
        EndOfLifeForecast eol = forecast(new PlanInput(catalog(DAY0.plusDays(4)), clusters, List.of(),
                List.of(Fleets.intent("to-2", "a", "2.0.0").build(), Fleets.intent("to-3", "b", "3.0.0").build()), List.of()));

        assertThat(eol.misses()).extracting(EndOfLifeMiss::cluster, EndOfLifeMiss::cause).containsExactly(
                org.assertj.core.groups.Tuple.tuple("frozen", EndOfLifeCause.FROZEN),
                org.assertj.core.groups.Tuple.tuple("nobody", EndOfLifeCause.NO_UPGRADE),
                org.assertj.core.groups.Tuple.tuple("nopath", EndOfLifeCause.NO_PATH));
        assertThat(eol.misses()).allSatisfy(m -> assertThat(m.suggestions()).isEmpty());
        assertThat(eol.misses().get(0).reason().orElseThrow().until()).contains(FROM.plus(Duration.ofDays(20)));
        assertThat(eol.misses().get(1).reason()).isEmpty();
        assertThat(eol.misses().get(2).reason().orElseThrow().code()).isEqualTo(ReasonCodes.NO_PATH);
        assertThat(eol.misses().get(2).held()).as("blocked from the start to the day after").contains(Duration.ofDays(5));
        assertThat(eol.simulations()).as("the baseline only: nothing of timing to try").isEqualTo(1);
    }

    @Test
    @DisplayName("releases past before the start, or more than 13 weeks after the end, or that no cluster runs, are left out")
    void span() {
        List<ManagedCluster> clusters = List.of(Fleets.cluster("c").label("team", "z").build());
        PlanInput before = new PlanInput(catalog(DAY0.minusDays(1)), clusters, List.of(), List.of(), List.of());
        PlanInput after = new PlanInput(catalog(LocalDate.ofInstant(UNTIL.plus(EndOfLife.NEAR), ZoneOffset.UTC)), clusters,
                List.of(), List.of(), List.of());
        PlanInput last = new PlanInput(catalog(LocalDate.ofInstant(UNTIL.plus(EndOfLife.NEAR), ZoneOffset.UTC).minusDays(1)),
                clusters, List.of(), List.of(), List.of());
        PlanInput nobody = new PlanInput(catalog(DAY0.plusDays(3)), List.of(Fleets.cluster("c").release("2.0.0").build()),
                List.of(), List.of(), List.of());

        assertThat(forecast(before).releases()).isEmpty();
        assertThat(forecast(after).releases()).isEmpty();
        assertThat(forecast(last).releases()).singleElement()
                .satisfies(r -> assertThat(r.past()).isEqualTo(UNTIL.plus(EndOfLife.NEAR)));
        assertThat(forecast(nobody).releases()).isEmpty();
        assertThat(forecast(nobody).simulations()).isZero();
    }

    @Test
    @DisplayName("with no budget, a release whose day needs a simulation is named as not examined; at the end of the range it needs none")
    void budget() {
        List<ManagedCluster> clusters = List.of(Fleets.cluster("c").label("team", "a").build());
        ClusterUpgrade late = Fleets.intent("to-2", "a", "2.0.0").startTime(UNTIL.plus(Duration.ofDays(1))).build();
        EndOfLifeForecast mid = forecast(new PlanInput(catalog(DAY0.plusDays(3)), clusters, List.of(), List.of(late),
                List.of()), 0);
        assertThat(mid.releases()).isEmpty();
        assertThat(mid.unexamined()).containsExactly(V1);
        assertThat(mid.exhausted()).isTrue();
        assertThat(mid.simulations()).isZero();

        EndOfLifeForecast atEnd = forecast(new PlanInput(catalog(LocalDate.ofInstant(UNTIL, ZoneOffset.UTC).minusDays(1)),
                clusters, List.of(), List.of(late), List.of()), 0);
        assertThat(onlyMiss(atEnd).cause()).isEqualTo(EndOfLifeCause.START_TIME);
        assertThat(onlyMiss(atEnd).suggestions()).isEmpty();
        assertThat(atEnd.exhausted()).as("a change was left untried").isTrue();
        assertThat(atEnd.simulations()).isZero();
    }

    @Test
    @DisplayName("a release whose day takes the fleet more steps than the step budget allows is named as not examined")
    void stepBudget() {
        List<ManagedCluster> clusters = List.of(Fleets.cluster("a").label("team", "a").label("stage", "one").build(),
                Fleets.cluster("b").label("team", "a").label("stage", "two").build());
        ClusterUpgrade up = Fleets.intent("to-2", "a", "2.0.0").expectedDuration(Duration.ofHours(1))
                .stage(Stage.of("one", ClusterMatcher.label("stage", "one")).withSoak(Duration.ofHours(1)))
                .stage(Stage.of("two", ClusterMatcher.label("stage", "two"))).build();
        PreparedFleet fleet = Planner.standard().prepare(new PlanInput(catalog(DAY0.plusDays(1)), clusters, List.of(),
                List.of(up), List.of()));
        Simulation sim = Simulator.run(fleet, SimulationSettings.between(FROM, FROM.plus(Duration.ofMinutes(30)))
                .withMaxSteps(2));

        EndOfLifeForecast eol = EndOfLife.forecast(fleet, sim);

        assertThat(eol.releases()).isEmpty();
        assertThat(eol.unexamined()).containsExactly(V1);
        assertThat(eol.exhausted()).isFalse();
        assertThat(eol.simulations()).isEqualTo(1);
    }

    @Test
    @DisplayName("each change edits one thing of the input, and leaves an input that names nothing of it as it was")
    void changesEditOneThing() {
        MaintenanceSchedule s = Fleets.schedule("s", """
                  maintenanceWindows:
                    - {name: w, startTime: 2026-01-05T00:00:00Z, duration: 4h, recurrence: FREQ=WEEKLY;BYDAY=MO}
                """);
        ClusterUpgrade up = Fleets.intent("to-2", "a", "2.0.0").startTime(UNTIL)
                .stage(Stage.of("dev", ClusterMatcher.label("stage", "dev")).withMaxConcurrent(MaxConcurrent.percent(10)))
                .stage(Stage.of("prod", ClusterMatcher.label("stage", "prod"))).build();
        PlanInput in = new PlanInput(catalog(DAY0), List.of(), List.of(s), List.of(up), List.of());

        PlanInput earlier = new EndOfLifeChange.StartEarlier("to-2", FROM, Duration.between(FROM, UNTIL)).apply(in);
        assertThat(earlier.upgrades().get(0)).isEqualTo(up.toBuilder().startTime(FROM).build());
        assertThat(earlier.schedules()).isEqualTo(in.schedules());

        PlanInput wider = new EndOfLifeChange.RaiseConcurrency("to-2", "dev", 3, MaxConcurrent.percent(10)).apply(in);
        assertThat(wider.upgrades().get(0).stages().get(0).maxConcurrent()).contains(MaxConcurrent.clusters(3));
        assertThat(wider.upgrades().get(0).stages().get(1)).isEqualTo(up.stages().get(1));
        assertThat(wider.upgrades().get(0).startTime()).isEqualTo(up.startTime());

        PlanInput more = new EndOfLifeChange.ExtraWindow("s", LocalDateTime.parse("2026-03-06T22:00:00"), Duration.ofHours(2),
                ZoneOffset.UTC).apply(in);
        assertThat(more.schedules().get(0).windows()).hasSize(2).startsWith(s.windows().get(0));
        assertThat(more.schedules().get(0).windowsBetween(FROM, FROM.plus(Duration.ofDays(7)))).extracting(i -> i.start())
                .containsExactly(FROM, Instant.parse("2026-03-06T22:00:00Z"));
        assertThat(more.upgrades()).isEqualTo(in.upgrades());

        assertThat(new EndOfLifeChange.StartEarlier("other", FROM, Duration.ofDays(1)).apply(in).upgrades()).isEqualTo(in.upgrades());
        assertThat(new EndOfLifeChange.ExtraWindow("other", LocalDateTime.parse("2026-03-06T22:00:00"), Duration.ofHours(2),
                ZoneOffset.UTC).apply(in).schedules()).isEqualTo(in.schedules());
    }
}
