package dev.upshift.core.simulate;

import static dev.upshift.core.simulate.Fleets.FROM;
import static dev.upshift.core.simulate.Fleets.UNTIL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.core.plan.Planner;
import dev.upshift.spi.ApprovalGate;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeState;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The forecast assumes a gate approved a stated delay after it is reached, in business hours, or never. */
class SimulatorApprovalsTest {
    private static Simulation simulate(SimulationSettings settings) {
        List<ManagedCluster> clusters = List.of(Fleets.cluster("canary-1").label("team", "a").label("ring", "canary")
                .build(), Fleets.cluster("prod-1").label("team", "a").label("ring", "prod").build());
        ClusterUpgrade u = Fleets.intent("to-1.1", "a", "1.1.0")
                .stage(Stage.of("canary", ClusterMatcher.label("ring", "canary")))
                .stage(Stage.of("prod", ClusterMatcher.label("ring", "prod")).withApprovals(ApprovalGate.BEFORE))
                .build();
        return Simulator.run(Planner.standard().prepare(Fleets.input(clusters, List.of(u))), settings);
    }

    @Test
    @DisplayName("by default a gate reached at 02:00 on a Monday is approved 4 hours later, moved to 09:00, and the stage starts then")
    void approvedInBusinessHours() {
        Simulation sim = simulate(SimulationSettings.between(FROM, UNTIL));
        Instant reached = FROM.plus(Duration.ofHours(2));
        Instant approved = FROM.plus(Duration.ofHours(9));
        assertThat(sim.approvals()).containsExactly(new AssumedApprovals.Expected("to-1.1", "prod", ApprovalGate.BEFORE,
                reached, Optional.of(approved)));
        SimulatedUpgrade prod = sim.cluster("prod-1").orElseThrow().upgrades().get(0);
        assertThat(prod.start()).isEqualTo(approved);
        assertThat(sim.cluster("prod-1").orElseThrow().heldBack()).anySatisfy(h -> {
            assertThat(h.code()).isEqualTo("AWAITING_APPROVAL");
            assertThat(h.total()).isEqualTo(Duration.ofHours(7));
        });
    }

    @Test
    @DisplayName("told that nobody approves, the gated stage never starts")
    void never() {
        Simulation sim = simulate(SimulationSettings.between(FROM, UNTIL).withApprovalDelay(Optional.empty()));
        assertThat(sim.approvals()).singleElement().satisfies(a -> assertThat(a.approved()).isEmpty());
        assertThat(sim.cluster("prod-1").orElseThrow().upgrades()).isEmpty();
        assertThat(sim.cluster("prod-1").orElseThrow().state()).isEqualTo(UpgradeState.WAITING);
    }

    @Test
    @DisplayName("business hours: the instant itself when inside them, else the first minute of the next, as a minute-by-minute walk finds it")
    void businessHoursAgainstAWalk() {
        qt().withExamples(500).forAll(longs().between(0, 60L * 24 * 21)).checkAssert(minutes -> {
            Instant at = FROM.plus(Duration.ofMinutes(minutes));
            Instant walk = at;
            while (!inBusinessHours(walk)) {
                walk = walk.plus(Duration.ofMinutes(1)).truncatedTo(java.time.temporal.ChronoUnit.MINUTES);
            }
            assertThat(AssumedApprovals.businessHours(at)).isEqualTo(walk);
        });
    }

    private static boolean inBusinessHours(Instant t) {
        ZonedDateTime z = t.atZone(ZoneOffset.UTC);
        return z.getDayOfWeek() != DayOfWeek.SATURDAY && z.getDayOfWeek() != DayOfWeek.SUNDAY && z.getHour() >= 9
                && z.getHour() < 17;
    }
}
