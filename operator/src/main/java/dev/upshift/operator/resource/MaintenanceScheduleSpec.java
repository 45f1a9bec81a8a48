package dev.upshift.operator.resource;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;
import org.apiguardian.api.API;

/**
 * When upgrades may run: the fields of the {@code MaintenanceSchedule} document (docs/formats.md),
 * read by the same reader. {@code exclusionsFrom} (iCalendar files) has no place in a cluster and is
 * not offered.
 *
 * @param timeZone the zone of the schedule's clock
 * @param maintenanceWindows when upgrades may run
 * @param maintenanceExclusions when some upgrades may not run
 */
@API(status = EXPERIMENTAL, since = "0.1")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MaintenanceScheduleSpec(
        @JsonPropertyDescription("the IANA zone of the schedule's clock; default UTC") String timeZone,
        @JsonPropertyDescription("when upgrades may run; empty: any time outside the exclusions")
                List<ScheduleEntry> maintenanceWindows,
        @JsonPropertyDescription("when some upgrades may not run, even inside a window")
                List<ScheduleEntry> maintenanceExclusions) {}
