package dev.upshift.testkit.assertions;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.engine.Reconciliation;
import dev.upshift.core.plan.Explanation;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import dev.upshift.testkit.fleet.Rollout;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The entry point of the testkit's assertions: import its {@code assertThat} methods statically,
 * beside AssertJ's.
 *
 * <pre>{@code
 * import static dev.upshift.testkit.assertions.UpshiftAssertions.assertThat;
 *
 * assertThat(fleet.plan(now)).cluster("prod-1").isWaiting().hasReason("WAITING_STAGE");
 * assertThat(fleet.simulate(from, until)).upgradedBefore("staging-*", "prod-*", Duration.ofHours(48));
 * assertThat(world.history()).isValid();
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class UpshiftAssertions {
    private UpshiftAssertions() {}

    /** Assertions on a plan. */
    public static PlanAssert assertThat(Plan plan) {
        return new PlanAssert(plan);
    }

    /** Assertions on an explanation. */
    public static ExplanationAssert assertThat(Explanation explanation) {
        return new ExplanationAssert(explanation);
    }

    /** Assertions on a rollout simulated by a test fleet (its clusters' labels known). */
    public static SimulationAssert assertThat(Rollout rollout) {
        return new SimulationAssert(rollout.simulation(), rollout.labels());
    }

    /** Assertions on a simulation (assertions by label need a {@link Rollout}). */
    public static SimulationAssert assertThat(Simulation simulation) {
        return new SimulationAssert(simulation, java.util.Map.of());
    }

    /** Assertions on the entries of a history store. */
    public static HistoryAssert assertThat(HistoryStore history) {
        return new HistoryAssert(history.entries());
    }

    /** Assertions on history entries, oldest first. */
    public static HistoryAssert assertThatHistory(List<HistoryEntry> entries) {
        return new HistoryAssert(entries);
    }

    /** Assertions on one reconcile. */
    public static ReconciliationAssert assertThat(Reconciliation reconciliation) {
        return new ReconciliationAssert(reconciliation);
    }
}
