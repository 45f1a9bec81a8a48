package dev.upshift.core.simulate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Version;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What {@link EndOfLife#forecast} found: for each release whose end of life falls within a
 * simulation's range or near its end, the clusters that would still run it once it is past, why,
 * and what one change would bring them off it in time.
 *
 * @param from the simulation's start
 * @param horizon how far it looked: releases past their end of life after {@code from} and at the
 *     latest at {@code horizon} (the simulation's {@code until} plus {@link EndOfLife#NEAR}) are in it
 * @param releases those releases that some cluster ran, ordered by the instant they are past, then
 *     by version
 * @param unexamined releases of that span that some cluster may run, left out because the budget of
 *     simulations was spent ({@code exhausted}), or because the fleet took more steps than the
 *     simulation's step budget to reach their day
 * @param simulations how many simulations the forecast ran besides the one it was given
 * @param exhausted whether the budget of simulations ran out before every release and every
 *     candidate change was tried: suggestions may then be missing, never wrong
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record EndOfLifeForecast(Instant from, Instant horizon, List<ReleaseEndOfLife> releases, List<Version> unexamined,
        int simulations, boolean exhausted) {

    /** Validates and copies the parts. */
    public EndOfLifeForecast {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(horizon, "horizon");
        releases = List.copyOf(releases);
        unexamined = List.copyOf(unexamined);
        if (simulations < 0) {
            throw new IllegalArgumentException("a number of simulations, not " + simulations);
        }
    }

    /** Every cluster that would still run a release past its end of life, in the order of {@link #releases()}. */
    public List<EndOfLifeMiss> misses() {
        return releases.stream().flatMap(r -> r.misses().stream()).toList();
    }
}
