package dev.upshift.operator.resource;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import org.apiguardian.api.API;

/**
 * A maintenance window or exclusion of a {@code MaintenanceSchedule} (docs/formats.md,
 * MaintenanceSchedule; times are text, read exactly as in a file).
 *
 * @param name unique within its list
 * @param startTime the first occurrence's start: a time, a local time or a date
 * @param endTime when the first occurrence ends; or {@code duration}
 * @param duration the occurrence's length
 * @param recurrence an RFC 5545 RRULE value
 * @param timeZone this entry's zone
 * @param scope exclusions only: which upgrades it blocks
 */
@API(status = EXPERIMENTAL, since = "0.1")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ScheduleEntry(
        @JsonPropertyDescription("unique within its list") String name,
        @JsonPropertyDescription("the first occurrence's start: an RFC 3339 time, a local time or a date")
                String startTime,
        @JsonPropertyDescription("when the first occurrence ends; exactly one of endTime and duration") String endTime,
        @JsonPropertyDescription("the occurrence's length, e.g. 6h") String duration,
        @JsonPropertyDescription("how it repeats: an RFC 5545 RRULE value such as FREQ=WEEKLY;BYDAY=MO")
                String recurrence,
        @JsonPropertyDescription("this entry's IANA zone; default: the schedule's") String timeZone,
        @JsonPropertyDescription("exclusions only: noUpgrades, noMinorUpgrades or noMinorOrNodeUpgrades")
                String scope) {}
