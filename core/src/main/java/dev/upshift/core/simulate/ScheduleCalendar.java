package dev.upshift.core.simulate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.schedule.ExclusionOccurrence;
import dev.upshift.schedule.Interval;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A maintenance schedule drawn over a simulated range: its windows before exclusions are cut out,
 * and each exclusion occurrence (see {@link dev.upshift.schedule.MaintenanceSchedule#windowsBetween}
 * and {@link dev.upshift.schedule.MaintenanceSchedule#exclusionsBetween}).
 *
 * @param name the schedule's name
 * @param windows the windows' time within the range, merged and sorted
 * @param exclusions the exclusions' occurrences within the range, sorted
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ScheduleCalendar(String name, List<Interval> windows, List<ExclusionOccurrence> exclusions) {

    /** Validates and copies the parts. */
    public ScheduleCalendar {
        Objects.requireNonNull(name, "name");
        windows = List.copyOf(windows);
        exclusions = List.copyOf(exclusions);
    }
}
