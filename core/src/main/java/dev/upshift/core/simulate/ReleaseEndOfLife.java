package dev.upshift.core.simulate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Version;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One release whose end of life falls within a simulation's range or near it, and the clusters
 * that ran it: those that leave it in time and those that would still run it once it is past.
 *
 * @param release the release
 * @param endOfLife its {@code endOfLife}: the last day it is supported
 * @param past the instant it is past its end of life: the next day, 00:00 UTC (as the plan judges it)
 * @param inTime the clusters that ran it in the simulation (at its start, or after an upgrade) and
 *     run another release at {@code past}, by id
 * @param misses the clusters that still run it at {@code past}, by id
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ReleaseEndOfLife(Version release, LocalDate endOfLife, Instant past, List<String> inTime,
        List<EndOfLifeMiss> misses) {

    /** Validates and copies the parts. */
    public ReleaseEndOfLife {
        Objects.requireNonNull(release, "release");
        Objects.requireNonNull(endOfLife, "endOfLife");
        Objects.requireNonNull(past, "past");
        inTime = List.copyOf(inTime);
        misses = List.copyOf(misses);
    }

    /** How many clusters ran it in the simulation. */
    public int ran() {
        return inTime.size() + misses.size();
    }
}
