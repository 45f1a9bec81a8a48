package dev.upshift.core.simulate;

import static dev.upshift.core.simulate.Fleets.FROM;
import static dev.upshift.core.simulate.Fleets.UNTIL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.MaxConcurrent;
import dev.upshift.spi.Reason;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Issue 36, item 8: the plan of a stage with {@code maxConcurrent} says when each cluster really
 * goes, not every one of them in the same window. Checked against the simulator, which runs the
 * engine on a virtual clock and knows nothing of the plan's projection.
 */
class StageQueueTest {
    /** Every night from Monday 2026-03-02 22:00Z, {@code hours} long. */
    private static MaintenanceSchedule nights(int hours) {
        return Fleets.schedule("nights", """
                  maintenanceWindows:
                  - name: night
                    startTime: 2026-03-02T22:00:00Z
                    duration: %dh
                    recurrence: FREQ=DAILY
                """.formatted(hours));
    }

    private static List<ManagedCluster> team(int n) {
        List<ManagedCluster> out = new ArrayList<>();
        for (ManagedCluster c : Fleets.team(n)) {
            out.add(c.toBuilder().schedule("nights").build());
        }
        return out;
    }

    private static ClusterUpgrade capped(int limit) {
        return Fleets.intent("to-1.1", "a", "1.1.0")
                .stage(Stage.of("all-a", ClusterMatcher.label("team", "a")).withMaxConcurrent(MaxConcurrent.clusters(limit)))
                .build();
    }

    private static PreparedFleet fleet(int clusters, int limit, int hours) {
        return Planner.standard().prepare(Fleets.input(team(clusters), List.of(nights(hours)), List.of(capped(limit)),
                List.of()));
    }

    @Test
    @DisplayName("maxConcurrent 1, one window a night with room for two: the second after the first, the third the night after")
    void oneAtATime() {
        Plan plan = fleet(3, 1, 4).plan(FROM);

        PlanEntry first = plan.entry("c000").orElseThrow();
        PlanEntry second = plan.entry("c001").orElseThrow();
        PlanEntry third = plan.entry("c002").orElseThrow();
        assertThat(first.window().orElseThrow().start()).isEqualTo(Instant.parse("2026-03-02T22:00:00Z"));
        assertThat(first.reasons()).extracting(Reason::code).doesNotContain(ReasonCodes.MAX_CONCURRENT);
        assertThat(second.state()).isEqualTo(UpgradeState.SCHEDULED);
        assertThat(second.window().orElseThrow().start()).isEqualTo(Instant.parse("2026-03-03T00:00:00Z"));
        assertThat(second.reasons()).filteredOn(r -> r.code().equals(ReasonCodes.MAX_CONCURRENT)).singleElement()
                .satisfies(r -> assertThat(r.message()).contains("c000 is expected to finish, at 2026-03-03T00:00:00Z"));
        assertThat(third.window().orElseThrow().start()).isEqualTo(Instant.parse("2026-03-03T22:00:00Z"));
        assertThat(third.reasons()).filteredOn(r -> r.code().equals(ReasonCodes.MAX_CONCURRENT)).singleElement()
                .satisfies(r -> assertThat(r.message()).contains("c001 is expected to finish"));
    }

    @Test
    @DisplayName("each cluster's planned start is the start the simulated engine gives it, whatever the cap and the windows")
    void plannedStartIsTheSimulatedStart() {
        qt().withExamples(40).forAll(integers().between(2, 7), integers().between(1, 3), integers().between(2, 9))
                .checkAssert((clusters, limit, hours) -> {
                    PreparedFleet fleet = fleet(clusters, limit, hours);
                    Plan plan = fleet.plan(FROM);
                    Simulation sim = Simulator.run(fleet, SimulationSettings.between(FROM, UNTIL));
                    Map<String, Instant> planned = new TreeMap<>();
                    Map<String, Instant> simulated = new TreeMap<>();
                    for (PlanEntry e : plan.entries()) {
                        if (e.window().isPresent() && e.window().get().start().isBefore(UNTIL)) {
                            planned.put(e.cluster(), e.window().get().start());
                        }
                    }
                    for (SimulatedUpgrade u : sim.upgrades()) {
                        simulated.putIfAbsent(u.cluster(), u.start());
                    }
                    simulated.values().removeIf(at -> !at.isBefore(UNTIL));
                    assertThat(planned).as("%d clusters, maxConcurrent %d, %dh windows", clusters, limit, hours)
                            .isEqualTo(simulated);
                });
    }
}
