package dev.upshift.core.simulate;

import static dev.upshift.core.simulate.Fleets.FROM;
import static dev.upshift.core.simulate.Fleets.cluster;
import static dev.upshift.core.simulate.Fleets.input;
import static dev.upshift.core.simulate.Fleets.intent;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.schedule.Freeze;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Stage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A forecast is a cluster's first upgrade in the simulation, with what it waited for last. */
class ForecastTest {
    private static final Stage DEV = Stage.of("dev", ClusterMatcher.label("stage", "dev")).withSoak(Duration.ofHours(24));
    private static final Stage PROD = Stage.of("prod", ClusterMatcher.label("stage", "prod"));

    private static ManagedCluster.Builder c(String id, String stage) {
        return cluster(id).label("team", "a").label("stage", stage);
    }

    @Test
    @DisplayName("a later stage's cluster is forecast to start when the stage before it has soaked, as the simulation starts it")
    void afterTheSoak() {
        PreparedFleet fleet = Planner.standard().prepare(input(List.of(c("dev-1", "dev").build(), c("prod-1", "prod").build()),
                List.of(intent("u", "a", "1.1.0").stage(DEV).stage(PROD).build())));
        Simulation sim = Forecast.simulate(fleet, FROM);
        Forecast f = Forecast.of(sim, "prod-1").orElseThrow();
        Instant simulated = sim.cluster("prod-1").orElseThrow().upgrades().get(0).start();
        assertThat(f.start()).contains(simulated);
        assertThat(simulated).isEqualTo(Instant.parse("2026-03-03T02:00:00Z"));
        assertThat(f.text()).isEqualTo("expected to start 2026-03-03 02:00 UTC in stage prod, after the stage before it"
                + " soaks until 2026-03-03 02:00; finished by 04:00");
        assertThat(sim.settings().until()).isEqualTo(FROM.plus(Forecast.DEFAULT_RANGE));
        assertThat(sim.settings().failureRate()).isZero();
    }

    @Test
    @DisplayName("a frozen cluster starts after its freeze; a blocked one is not forecast within the range")
    void frozenAndBlocked() {
        Freeze freeze = new Freeze(Instant.parse("2026-03-05T00:00:00Z"), "quarter close");
        PreparedFleet fleet = Planner.standard().prepare(input(List.of(c("frozen-1", "dev").freeze(freeze).build(),
                c("stuck-1", "dev").build()), List.of(intent("u", "a", "3.0.0").build())));
        Simulation sim = Forecast.simulate(fleet, FROM, Duration.ofDays(14));
        assertThat(Forecast.of(sim, "stuck-1").orElseThrow().text())
                .isEqualTo("not within 2 weeks: blocked (NO_PATH) until someone acts");
        assertThat(Forecast.of(sim, "stuck-1").orElseThrow().start()).isEmpty();
        PreparedFleet other = Planner.standard().prepare(input(List.of(c("frozen-1", "dev").freeze(freeze).build()),
                List.of(intent("u", "a", "1.1.0").build())));
        assertThat(Forecast.of(Forecast.simulate(other, FROM), "frozen-1").orElseThrow().text())
                .isEqualTo("expected to start 2026-03-05 00:00 UTC in stage all, after its freeze ends at 2026-03-05 00:00;"
                        + " finished by 02:00");
    }
}
