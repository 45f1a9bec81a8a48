package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.SourceDocument;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * Finds the iCalendar text a {@code MaintenanceSchedule} names in {@code spec.exclusionsFrom[].ics}.
 * Reading a file or fetching a calendar is I/O, which the schedule module does not do: whoever reads
 * the schedule documents hands in how their calendars are found, to
 * {@link MaintenanceSchedule#kind(CalendarSource)}. The embedded file adapter
 * ({@code core.file.FleetFiles}) finds them relative to the folder of the schedule's file, inside the
 * fleet folder; a tool that fetches its calendars itself (Upshift does no network I/O) passes
 * {@link #of(Map)} with their texts.
 *
 * <p>Called once per {@code exclusionsFrom} entry, on the reading thread.
 */
@FunctionalInterface
@API(status = EXPERIMENTAL, since = "0.1")
public interface CalendarSource {

    /**
     * The calendar a schedule names.
     *
     * @param schedule the {@code MaintenanceSchedule} document
     * @param reference {@code ics} as written
     * @param at where {@code ics} is written: problems of finding or reading the calendar (missing,
     *     outside the fleet, too large, not UTF-8) go there, at {@code at.location()} with field
     *     {@code at.field()}. Any error leaves the schedule out.
     * @param problems where problems go
     * @return the calendar's text, named as its problems should name it; empty when it cannot be had
     */
    Optional<CalendarText> calendar(SourceDocument schedule, String reference, Origin at, Problems problems);

    /**
     * No calendars: a schedule that names one is an error at its {@code ics} field, since documents
     * read from a stream, a string or an API come with no files beside them. What
     * {@link MaintenanceSchedule#KIND} uses.
     */
    static CalendarSource none() {
        return (schedule, reference, at, problems) -> {
            problems.error(at.location(), at.field(), "'" + reference + "' is not read: this schedule was not read"
                    + " from a file beside its calendars; read it from a fleet folder, or list the exclusions under"
                    + " spec.maintenanceExclusions");
            return Optional.empty();
        };
    }

    /**
     * Calendars fetched elsewhere, by the reference schedules write for them ({@code ics}); each is
     * named by its reference in problems. A reference not among them is an error naming those that are.
     */
    static CalendarSource of(Map<String, String> calendars) {
        Map<String, String> copy = new TreeMap<>(calendars);
        return (schedule, reference, at, problems) -> {
            String text = copy.get(reference);
            if (text == null) {
                problems.error(at.location(), at.field(), "no calendar '" + reference + "' was given"
                        + (copy.isEmpty() ? "" : "; the calendars given are " + String.join(", ", copy.keySet())));
                return Optional.empty();
            }
            return Optional.of(new CalendarText(reference, text));
        };
    }
}
