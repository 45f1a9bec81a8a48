package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.Problems;
import java.time.ZoneId;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Reads an iCalendar text (RFC 5545) into maintenance exclusions: what a schedule's
 * {@code exclusionsFrom} does with each calendar it names, for a tool that wants the exclusions
 * alone. docs/schedules.md ("Exclusions from calendars") lists the properties read and how.
 *
 * <p>Every {@code VEVENT} that is not cancelled becomes exclusions: timed and all-day events,
 * {@code DTEND} or {@code DURATION}, {@code RRULE} (expanded by Upshift's own expansion, as
 * {@link Recurrence} describes), {@code RDATE}, {@code EXDATE}, instances moved or cancelled by an
 * event with a {@code RECURRENCE-ID}, and {@code TZID}s read by the IANA zone rules. Each exclusion
 * is named {@code SUMMARY (from LABEL)} and its {@link MaintenanceExclusion#origin() origin} is the
 * event's {@code BEGIN:VEVENT} line in the calendar.
 *
 * <p>Problems point into the calendar ({@code file:line:col: PROPERTY: message}). A calendar beyond
 * the limits of docs/security.md (4 MiB, content lines of 100,000 characters once unfolded,
 * components nested 10 deep, 10,000 events, 10,000 exclusions) is an error before anything is
 * expanded. Pure: it parses what it is handed and reads no clock.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class IcsCalendar {
    /** The largest calendar read, in UTF-8 bytes: 4 MiB. A reader of files reads no more than this and one byte. */
    public static final long MAX_BYTES = IcsLimits.MAX_BYTES;

    private IcsCalendar() {}

    /**
     * The exclusions a calendar's events give, in the order of the events; every problem goes to
     * {@code problems} (an event with an error gives no exclusion).
     *
     * @param calendar the calendar's text and the name problems give it
     * @param label how the exclusions' names say where they came from ({@code calendars/holidays.ics})
     * @param zone the zone of all-day events and of times without {@code TZID} or {@code Z}
     * @param scope which upgrades the exclusions block
     */
    public static List<MaintenanceExclusion> exclusions(CalendarText calendar, String label, ZoneId zone,
            ExclusionScope scope, Problems problems) {
        Objects.requireNonNull(calendar, "calendar");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(zone, "zone");
        Objects.requireNonNull(scope, "scope");
        Optional<IcsComponent> vcalendar = IcsLines.scan(calendar, problems)
                .flatMap(lines -> IcsParser.parse(calendar, lines, problems));
        if (vcalendar.isEmpty()) {
            return List.of();
        }
        return IcsEvents.exclusions(vcalendar.get(), calendar, label, zone, scope, problems);
    }
}
