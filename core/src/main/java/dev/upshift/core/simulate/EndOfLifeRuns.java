package dev.upshift.core.simulate;

import dev.upshift.common.problem.UpshiftException;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.PreparedFleet;
import java.time.Instant;
import java.util.Optional;

/**
 * The simulations an end-of-life forecast runs, under one budget: each with the given simulation's
 * start, seed, failure rate and step budget, up to the instant a release is past its end of life.
 */
final class EndOfLifeRuns {
    private final PreparedFleet fleet;
    private final Simulation given;
    private final int budget;
    private int runs;
    private boolean exhausted;

    EndOfLifeRuns(PreparedFleet fleet, Simulation given, int budget) {
        this.fleet = fleet;
        this.given = given;
        this.budget = budget;
    }

    PreparedFleet fleet() {
        return fleet;
    }

    Instant from() {
        return given.settings().from();
    }

    /**
     * The fleet as given, simulated up to {@code until}: the given simulation itself when it ends
     * there; empty when the budget is spent, or when the fleet takes more steps than the step budget
     * allows to get there.
     */
    Optional<Simulation> baseline(Instant until) {
        if (given.settings().until().equals(until)) {
            return Optional.of(given);
        }
        return spend() ? run(fleet, until) : Optional.empty();
    }

    /**
     * The changed input simulated up to {@code until}; empty when the budget is spent, or when the
     * changed fleet takes more steps than the budget of steps allows (then the change is not one to
     * suggest).
     */
    Optional<Simulation> changed(PlanInput input, Instant until) {
        if (!spend()) {
            return Optional.empty();
        }
        return run(fleet.planner().prepare(input), until);
    }

    private Optional<Simulation> run(PreparedFleet prepared, Instant until) {
        try {
            return Optional.of(Simulator.run(prepared, settings(until)));
        } catch (UpshiftException tooManySteps) {
            return Optional.empty();
        }
    }

    boolean left() {
        return runs < budget;
    }

    int runs() {
        return runs;
    }

    boolean exhausted() {
        return exhausted;
    }

    private boolean spend() {
        if (runs >= budget) {
            exhausted = true;
            return false;
        }
        runs++;
        return true;
    }

    private SimulationSettings settings(Instant until) {
        SimulationSettings s = given.settings();
        return new SimulationSettings(s.from(), until, s.seed(), s.failureRate(), s.maxSteps());
    }
}
