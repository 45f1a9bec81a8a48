package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One occurrence of a maintenance exclusion, as {@link MaintenanceSchedule#exclusionsBetween} lists
 * them for drawing and reporting: which exclusion, which upgrades it blocks, and when.
 *
 * @param name the exclusion's name
 * @param scope which upgrades it blocks
 * @param interval when, clipped to the range asked about (always closed)
 */
@API(status = MAINTAINED, since = "0.1")
public record ExclusionOccurrence(String name, ExclusionScope scope, Interval interval) {

    /** Validates the parts: the interval must be closed. */
    public ExclusionOccurrence {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(interval, "interval");
        if (interval.isOpen()) {
            throw new IllegalArgumentException("an exclusion occurrence has an end");
        }
    }

    /** {@code month-start (noUpgrades) 2021-03-01T00:00:00Z/2021-03-10T23:59:59Z} */
    @Override
    public String toString() {
        return name + " (" + scope + ") " + interval;
    }
}
