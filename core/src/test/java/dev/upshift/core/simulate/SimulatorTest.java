package dev.upshift.core.simulate;

import static dev.upshift.core.simulate.Fleets.FROM;
import static dev.upshift.core.simulate.Fleets.UNTIL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.UpshiftException;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.core.present.SimulationJson;
import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The simulator's own rules, on fleets whose plans need no schedule, stage, freeze or start time:
 * every cluster with a path is {@code ready} at once, so these tests hold for any planner that keeps
 * the plan's contract.
 */
class SimulatorTest {
    private static final Version V1 = Version.parse("1.0.0");
    private static final Version V11 = Version.parse("1.1.0");
    private static final Version V2 = Version.parse("2.0.0");

    private static Simulation simulate(PlanInput input, SimulationSettings settings) {
        return Simulator.run(Planner.standard().prepare(input), settings);
    }

    private static Simulation simulate(PlanInput input) {
        return simulate(input, SimulationSettings.between(FROM, UNTIL));
    }

    @Test
    @DisplayName("every ready cluster starts at once and takes its upgrade's expected duration, then succeeds")
    void readyClustersUpgrade() {
        Simulation sim = simulate(Fleets.input(Fleets.team(3), List.of(Fleets.intent("to-1.1", "a", "1.1.0").build())));

        assertThat(sim.clusters()).hasSize(3).allSatisfy(c -> {
            assertThat(c.upgrades()).singleElement().satisfies(u -> {
                assertThat(u.start()).isEqualTo(FROM);
                assertThat(u.end()).isEqualTo(FROM.plus(Duration.ofHours(2)));
                assertThat(u.outcome()).isEqualTo(UpgradeState.SUCCEEDED);
                assertThat(u.from()).isEqualTo(V1);
                assertThat(u.to()).isEqualTo(V11);
                assertThat(Optional.of(u.kind())).isEqualTo(sim.firstPlan().entry(c.cluster()).orElseThrow().kind());
                assertThat(u.upgrade()).contains("to-1.1");
                assertThat(u.hop()).isEqualTo(1);
                assertThat(u.hops()).isEqualTo(1);
            });
        assertThat(c.reached()).isEqualTo(V11);
            assertThat(c.state()).isIn(UpgradeState.SUCCEEDED, UpgradeState.UP_TO_DATE);
            assertThat(c.heldBack()).isEmpty();
        });
        Simulation.Summary s = sim.summary();
        assertThat(s.upgraded()).isEqualTo(3);
        assertThat(s.failed()).isZero();
        assertThat(s.neverStarted()).isZero();
        assertThat(s.lastFinish()).contains(FROM.plus(Duration.ofHours(2)));
    }

    @Test
    @DisplayName("an upgrade the input's history left in flight finishes after its expected duration, and the cluster goes on")
    void inFlightFromHistory() {
        List<ManagedCluster> clusters = Fleets.team(1);
        Instant started = FROM.minus(Duration.ofMinutes(30));
        HistoryEntry inFlight = new HistoryEntry(started, "c000", "earlier-run", V1, V11, Optional.of("to-1.1"),
                UpgradeState.IN_PROGRESS, "published by another engine", List.of());
        Simulation sim = simulate(Fleets.input(clusters, List.of(), List.of(Fleets.intent("to-1.1", "a", "1.1.0").build()),
                List.of(inFlight)));

        assertThat(sim.firstPlan().entry("c000").orElseThrow().state()).isEqualTo(UpgradeState.IN_PROGRESS);
        SimulatedCluster c = sim.cluster("c000").orElseThrow();
        assertThat(c.upgrades()).isEmpty();
        assertThat(c.reached()).isEqualTo(V11);
        assertThat(sim.steps()).filteredOn(step -> step.finished().contains("c000")).extracting(SimulationStep::at)
                .containsExactly(started.plus(Duration.ofHours(2)));
    }

    @Test
    @DisplayName("the clock stops as soon as nothing is left to happen: two steps, start and finish")
    void stopsWhenDone() {
        Simulation sim = simulate(Fleets.input(Fleets.team(2), List.of(Fleets.intent("to-1.1", "a", "1.1.0").build())));

        assertThat(sim.end()).isEqualTo(FROM.plus(Duration.ofHours(2)));
        assertThat(sim.steps()).extracting(SimulationStep::at).containsExactly(FROM, FROM.plus(Duration.ofHours(2)));
        assertThat(sim.steps().get(0).started()).containsExactly("c000", "c001");
        assertThat(sim.steps().get(0).inProgress()).containsExactly("c000", "c001");
        assertThat(sim.steps().get(0).counts().get(UpgradeState.IN_PROGRESS)).isEqualTo(2);
        assertThat(sim.steps().get(1).finished()).containsExactly("c000", "c001");
        assertThat(sim.steps().get(1).inProgress()).isEmpty();
    }

    @Test
    @DisplayName("each intent's expected duration applies to its own clusters")
    void durationsPerIntent() {
        List<ManagedCluster> clusters = List.of(Fleets.cluster("a1").label("team", "a").build(),
                Fleets.cluster("b1").label("team", "b").build());
        Simulation sim = simulate(Fleets.input(clusters, List.of(Fleets.intent("a-to-1.1", "a", "1.1.0").build(),
                Fleets.intent("b-to-1.1", "b", "1.1.0").expectedDuration(Duration.ofMinutes(45)).build())));

        assertThat(sim.cluster("a1").orElseThrow().upgrades().get(0).end()).isEqualTo(FROM.plus(Duration.ofHours(2)));
        assertThat(sim.cluster("b1").orElseThrow().upgrades().get(0).end()).isEqualTo(FROM.plus(Duration.ofMinutes(45)));
        assertThat(sim.steps()).extracting(SimulationStep::at)
                .containsExactly(FROM, FROM.plus(Duration.ofMinutes(45)), FROM.plus(Duration.ofHours(2)));
    }

    @Test
    @DisplayName("a cluster without a path is held back by NO_PATH for the whole range and never starts")
    void blockedHeldBackForTheWholeRange() {
        List<ManagedCluster> clusters = List.of(Fleets.cluster("stuck").label("team", "b").build());
        Simulation sim = simulate(Fleets.input(clusters, List.of(Fleets.intent("to-3", "b", "3.0.0").build())));

        SimulatedCluster c = sim.cluster("stuck").orElseThrow();
        assertThat(c.upgrades()).isEmpty();
        assertThat(c.state()).isEqualTo(UpgradeState.BLOCKED);
        assertThat(c.reasons()).extracting(r -> r.code()).startsWith(ReasonCodes.NO_PATH);
        assertThat(c.heldBack()).singleElement().satisfies(h -> {
            assertThat(h.code()).isEqualTo(ReasonCodes.NO_PATH);
            assertThat(h.total()).isEqualTo(Duration.between(FROM, UNTIL));
            assertThat(h.since()).isEqualTo(FROM);
            assertThat(h.until()).isEqualTo(UNTIL);
        });
        assertThat(c.longestHold()).map(HeldBack::code).contains(ReasonCodes.NO_PATH);
        assertThat(c.neverStarted()).isTrue();
        assertThat(sim.summary().neverStarted()).isEqualTo(1);
        assertThat(sim.end()).isEqualTo(FROM);
    }

    @Test
    @DisplayName("a cluster no upgrade selects stays where it is, held back by nothing")
    void untouched() {
        List<ManagedCluster> clusters = List.of(Fleets.cluster("alone").build());
        Simulation sim = simulate(Fleets.input(clusters, List.of()));

        SimulatedCluster c = sim.cluster("alone").orElseThrow();
        assertThat(c.upgrades()).isEmpty();
        assertThat(c.state()).isEqualTo(UpgradeState.UP_TO_DATE);
        assertThat(c.heldBack()).isEmpty();
        assertThat(c.neverStarted()).isFalse();
        assertThat(c.allowed()).containsExactly(new dev.upshift.schedule.Interval(FROM, UNTIL));
    }

    @Test
    @DisplayName("with a failure rate of 1 every upgrade fails, once: a failed upgrade is never started again")
    void failuresAreNotRetried() {
        Simulation sim = simulate(Fleets.input(Fleets.team(3), List.of(Fleets.intent("to-1.1", "a", "1.1.0").build())),
                SimulationSettings.between(FROM, UNTIL).withFailureRate(1));

        assertThat(sim.clusters()).allSatisfy(c -> {
            assertThat(c.upgrades()).singleElement().extracting(SimulatedUpgrade::outcome).isEqualTo(UpgradeState.FAILED);
            assertThat(c.reached()).isEqualTo(V1);
            assertThat(c.state()).isIn(UpgradeState.FAILED, UpgradeState.BLOCKED);
            assertThat(c.failed()).isTrue();
        });
        assertThat(sim.summary().failed()).isEqualTo(3);
        assertThat(sim.summary().upgraded()).isZero();
    }

    @Test
    @DisplayName("an upgrade still running at the end of the range is reported in progress, with its expected end")
    void cutShort() {
        Instant until = FROM.plus(Duration.ofHours(1));
        Simulation sim = simulate(Fleets.input(Fleets.team(1), List.of(Fleets.intent("to-1.1", "a", "1.1.0").build())),
                SimulationSettings.between(FROM, until));

        SimulatedCluster c = sim.clusters().get(0);
        assertThat(c.upgrades()).singleElement().satisfies(u -> {
            assertThat(u.outcome()).isEqualTo(UpgradeState.IN_PROGRESS);
            assertThat(u.finished()).isFalse();
            assertThat(u.end()).isEqualTo(FROM.plus(Duration.ofHours(2)));
        });
        assertThat(c.state()).isEqualTo(UpgradeState.IN_PROGRESS);
        assertThat(c.reached()).isEqualTo(V1);
        assertThat(sim.end()).isEqualTo(until);
        assertThat(sim.summary().inProgress()).isEqualTo(1);
        assertThat(sim.summary().lastFinish()).isEmpty();
    }

    @Test
    @DisplayName("the same inputs and seed give equal simulations and byte-identical JSON")
    void deterministic() {
        PlanInput input = Fleets.input(Fleets.team(8), List.of(Fleets.intent("to-1.1", "a", "1.1.0").build()));
        SimulationSettings settings = SimulationSettings.between(FROM, UNTIL).withSeed(42).withFailureRate(0.5);

        Simulation one = simulate(input, settings);
        Simulation two = simulate(input, settings);

        assertThat(two).isEqualTo(one);
        assertThat(SimulationJson.render(two)).isEqualTo(SimulationJson.render(one));
        assertThat(one.summary().failed()).as("a rate of 0.5 over 8 clusters fails some, not all").isBetween(1, 7);
    }

    @Test
    @DisplayName("the first plan is the plan at the start, with the input's history")
    void firstPlan() {
        PlanInput input = Fleets.input(Fleets.team(2), List.of(Fleets.intent("to-1.1", "a", "1.1.0").build()));
        Simulation sim = simulate(input);

        assertThat(sim.firstPlan()).isEqualTo(Planner.standard().plan(input, FROM));
    }

    @Test
    @DisplayName("more steps than the budget stop the simulation with an error that says where it got to")
    void stepBudget() {
        PlanInput input = Fleets.input(Fleets.team(1), List.of(Fleets.intent("to-1.1", "a", "1.1.0").build()));

        assertThatThrownBy(() -> simulate(input, SimulationSettings.between(FROM, UNTIL).withMaxSteps(1)))
                .isInstanceOf(UpshiftException.class)
                .hasMessageContaining("the simulation took 1 steps and reached only " + FROM.plus(Duration.ofHours(2)))
                .hasMessageContaining("allow more steps");
        assertThat(simulate(input, SimulationSettings.between(FROM, UNTIL).withMaxSteps(2)).steps()).hasSize(2);
    }

    @Test
    @DisplayName("settings reject an empty range, a rate outside 0..1 and a budget below 1")
    void settings() {
        assertThatThrownBy(() -> SimulationSettings.between(FROM, FROM)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be after its start");
        assertThatThrownBy(() -> SimulationSettings.between(FROM, UNTIL).withFailureRate(1.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("from 0 to 1");
        assertThatThrownBy(() -> SimulationSettings.between(FROM, UNTIL).withFailureRate(Double.NaN))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SimulationSettings.between(FROM, UNTIL).withMaxSteps(0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("upgrades are listed across clusters by start, then cluster")
    void upgradesInOrder() {
        List<ManagedCluster> clusters = new ArrayList<>(Fleets.team(2));
        clusters.add(Fleets.cluster("b1").label("team", "b").build());
        Simulation sim = simulate(Fleets.input(clusters, List.of(Fleets.intent("a-to-1.1", "a", "1.1.0").build(),
                Fleets.intent("b-to-1.1", "b", "1.1.0").build())));

        assertThat(sim.upgrades()).extracting(SimulatedUpgrade::cluster).containsExactly("b1", "c000", "c001");
    }
}
