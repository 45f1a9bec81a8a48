package dev.upshift.core.simulate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Instant;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What a {@link Simulator} is asked: the range of the calendar to go through, the seed and rate of
 * simulated failures, and how many steps it may take at most.
 *
 * <pre>{@code
 * SimulationSettings settings = SimulationSettings.between(from, until).withSeed(7).withFailureRate(0.1);
 * }</pre>
 *
 * @param from where the virtual clock starts (the first plan is made for it)
 * @param until where it stops at the latest; strictly after {@code from}
 * @param seed chooses which upgrades fail; the same seed gives the same failures
 * @param failureRate the share of upgrades that fail, from 0 (none, the default) to 1 (all)
 * @param maxSteps how many steps (instants at which something happens) the simulation may take
 *     before it gives up with an error; it guards against a planner that never lets the clock
 *     settle. {@link #DEFAULT_MAX_STEPS} by default
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record SimulationSettings(Instant from, Instant until, long seed, double failureRate, int maxSteps) {

    /** The default step budget: 100,000 steps. */
    public static final int DEFAULT_MAX_STEPS = 100_000;

    /**
     * Validates the parts.
     *
     * @throws IllegalArgumentException when {@code until} is not after {@code from}, the failure
     *     rate is not a number from 0 to 1, or the step budget is not positive
     */
    public SimulationSettings {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(until, "until");
        if (!until.isAfter(from)) {
            throw new IllegalArgumentException("the simulation's end " + until + " must be after its start " + from);
        }
        if (!(failureRate >= 0 && failureRate <= 1)) {
            throw new IllegalArgumentException("the failure rate must be a number from 0 to 1, got " + failureRate);
        }
        if (maxSteps < 1) {
            throw new IllegalArgumentException("the step budget must be positive, got " + maxSteps);
        }
    }

    /** A simulation of {@code [from, until)} with seed 0, no failures and the default step budget. */
    public static SimulationSettings between(Instant from, Instant until) {
        return new SimulationSettings(from, until, 0, 0, DEFAULT_MAX_STEPS);
    }

    /** The same settings with another seed. */
    public SimulationSettings withSeed(long newSeed) {
        return new SimulationSettings(from, until, newSeed, failureRate, maxSteps);
    }

    /** The same settings with another failure rate, from 0 to 1. */
    public SimulationSettings withFailureRate(double rate) {
        return new SimulationSettings(from, until, seed, rate, maxSteps);
    }

    /** The same settings with another step budget. */
    public SimulationSettings withMaxSteps(int steps) {
        return new SimulationSettings(from, until, seed, failureRate, steps);
    }
}
