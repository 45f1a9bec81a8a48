package dev.upshift.core.simulate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
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
 * @param approvalDelay how long after a stage's approval gate is reached a person is assumed to
 *     approve it, moved into business hours (Monday to Friday, 09:00 to 17:00 UTC); empty: never
 *     (the gate holds to the end). {@link #DEFAULT_APPROVAL_DELAY} by default
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record SimulationSettings(Instant from, Instant until, long seed, double failureRate, int maxSteps,
        Optional<Duration> approvalDelay) {

    /** The default step budget: 100,000 steps. */
    public static final int DEFAULT_MAX_STEPS = 100_000;

    /** How long a gate is assumed to wait for its approval by default: 4 hours of the clock, then business hours. */
    public static final Duration DEFAULT_APPROVAL_DELAY = Duration.ofHours(4);

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
        Objects.requireNonNull(approvalDelay, "approvalDelay");
        if (approvalDelay.filter(Duration::isNegative).isPresent()) {
            throw new IllegalArgumentException("an approval delay is never negative, got " + approvalDelay.get());
        }
    }

    /** Settings with the default approval delay. */
    public SimulationSettings(Instant from, Instant until, long seed, double failureRate, int maxSteps) {
        this(from, until, seed, failureRate, maxSteps, Optional.of(DEFAULT_APPROVAL_DELAY));
    }

    /** A simulation of {@code [from, until)} with seed 0, no failures and the default step budget. */
    public static SimulationSettings between(Instant from, Instant until) {
        return new SimulationSettings(from, until, 0, 0, DEFAULT_MAX_STEPS);
    }

    /** The same settings with another seed. */
    public SimulationSettings withSeed(long newSeed) {
        return new SimulationSettings(from, until, newSeed, failureRate, maxSteps, approvalDelay);
    }

    /** The same settings with another failure rate, from 0 to 1. */
    public SimulationSettings withFailureRate(double rate) {
        return new SimulationSettings(from, until, seed, rate, maxSteps, approvalDelay);
    }

    /** The same settings with another step budget. */
    public SimulationSettings withMaxSteps(int steps) {
        return new SimulationSettings(from, until, seed, failureRate, steps, approvalDelay);
    }

    /**
     * The same settings with another assumption about approval gates: approved {@code delay} after
     * they are reached (then moved into business hours), or never when empty.
     */
    public SimulationSettings withApprovalDelay(Optional<Duration> delay) {
        return new SimulationSettings(from, until, seed, failureRate, maxSteps, delay);
    }
}
