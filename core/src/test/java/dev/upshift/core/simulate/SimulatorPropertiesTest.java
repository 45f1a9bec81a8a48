package dev.upshift.core.simulate;

import static dev.upshift.core.simulate.Fleets.FROM;
import static dev.upshift.core.simulate.Fleets.UNTIL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.present.SimulationJson;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Invariants over random fleets (seeded, so a failure names its fleet) whose plans need no schedule
 * or stage: the simulation does not depend on the order of the input, one cluster's outcome not on
 * the others, and no upgrade starts outside the window its plan gave.
 */
class SimulatorPropertiesTest {
    private static final String[] RELEASES = {"1.0.0", "1.1.0", "2.0.0"};
    private static final String[] TARGETS = {"1.1.0", "2.0.0", "3.0.0"};
    private static final int EXAMPLES = 40;

    /** A random fleet: teams a to c, each with its own intent, target and duration. */
    private record Fleet(List<ManagedCluster> clusters, List<ClusterUpgrade> upgrades, SimulationSettings settings) {
        static Fleet of(long seed) {
            Random r = new Random(seed);
            List<ManagedCluster> clusters = new ArrayList<>();
            int n = 1 + r.nextInt(25);
            for (int i = 0; i < n; i++) {
                ManagedCluster.Builder b = ManagedCluster.builder("k" + i).infrastructure("aws")
                        .release(RELEASES[r.nextInt(RELEASES.length)]);
                if (r.nextInt(5) > 0) {
                    b.label("team", String.valueOf((char) ('a' + r.nextInt(3))));
                }
                clusters.add(b.build());
            }
            List<ClusterUpgrade> upgrades = new ArrayList<>();
            for (char team = 'a'; team <= 'c'; team++) {
                upgrades.add(Fleets.intent("to-" + team, String.valueOf(team), TARGETS[r.nextInt(TARGETS.length)])
                        .expectedDuration(Duration.ofMinutes(15L * (1 + r.nextInt(40)))).build());
            }
            SimulationSettings settings = SimulationSettings.between(FROM, UNTIL).withSeed(r.nextLong())
                    .withFailureRate(r.nextInt(4) / 3.0);
            return new Fleet(clusters, upgrades, settings);
        }

        Simulation simulate(List<ManagedCluster> these) {
            PlanInput input = Fleets.input(these, upgrades);
            return Simulator.run(Planner.standard().prepare(input), settings);
        }
    }

    @Test
    @DisplayName("shuffling the clusters and the upgrades gives the same simulation, byte for byte")
    void orderDoesNotMatter() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Fleet f = Fleet.of(seed);
            List<ManagedCluster> shuffled = new ArrayList<>(f.clusters());
            Collections.shuffle(shuffled, new Random(seed + 1));
            List<ClusterUpgrade> upgrades = new ArrayList<>(f.upgrades());
            Collections.shuffle(upgrades, new Random(seed + 2));
            Simulation a = f.simulate(f.clusters());
            Simulation b = new Fleet(shuffled, upgrades, f.settings()).simulate(shuffled);
            assertThat(SimulationJson.render(b)).as("seed " + seed).isEqualTo(SimulationJson.render(a));
        });
    }

    @Test
    @DisplayName("a cluster's first upgrade does not depend on which other clusters are in the fleet, nor, without"
            + " failures, the rest of its simulation")
    void othersDoNotMatter() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Fleet f = Fleet.of(seed);
            Random r = new Random(seed + 3);
            List<ManagedCluster> some = f.clusters().stream().filter(c -> r.nextBoolean()).toList();
            Simulation all = f.simulate(f.clusters());
            Simulation part = f.simulate(some);
            for (SimulatedCluster c : part.clusters()) {
                SimulatedCluster whole = all.cluster(c.cluster()).orElseThrow();
                assertThat(c.upgrades().stream().findFirst()).as("seed " + seed + ", " + c.cluster())
                        .isEqualTo(whole.upgrades().stream().findFirst());
                if (f.settings().failureRate() == 0) {
                    assertThat(c).as("seed " + seed + ", " + c.cluster()).isEqualTo(whole);
                }
                // with failures, another cluster's failed upgrade may halt the stage before a later hop starts
            }
        });
    }

    @Test
    @DisplayName("no upgrade starts outside the window its plan gave, nor before the range, and a cluster runs one at a time")
    void startsOnlyWhereThePlanAllows() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Simulation sim = Fleet.of(seed).simulate(Fleet.of(seed).clusters());
            for (SimulatedCluster c : sim.clusters()) {
                SimulatedUpgrade previous = null;
                for (SimulatedUpgrade u : c.upgrades()) {
                    u.window().ifPresent(w -> assertThat(w.contains(u.start())).as("seed " + seed + ": " + u).isTrue());
                    assertThat(u.start()).isBetween(FROM, UNTIL);
                    if (previous != null) {
                        assertThat(u.start()).isAfterOrEqualTo(previous.end());
                    }
                    previous = u;
                }
            }
        });
    }

    @Test
    @DisplayName("the steps go forward in time, start at the range's start and never pass its end")
    void stepsGoForward() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Simulation sim = Fleet.of(seed).simulate(Fleet.of(seed).clusters());
            assertThat(sim.steps().get(0).at()).isEqualTo(FROM);
            for (int i = 1; i < sim.steps().size(); i++) {
                assertThat(sim.steps().get(i).at()).isAfter(sim.steps().get(i - 1).at());
            }
            assertThat(sim.end()).isEqualTo(sim.steps().get(sim.steps().size() - 1).at()).isBeforeOrEqualTo(UNTIL);
            for (SimulatedCluster c : sim.clusters()) {
                for (HeldBack h : c.heldBack()) {
                    assertThat(h.total()).isLessThanOrEqualTo(Duration.between(FROM, UNTIL));
                }
            }
        });
    }
}
