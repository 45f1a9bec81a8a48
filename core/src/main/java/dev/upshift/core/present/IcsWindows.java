package dev.upshift.core.present;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.schedule.CalendarEvent;
import dev.upshift.schedule.IcsWriter;
import dev.upshift.schedule.Interval;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A maintenance schedule's allowed intervals as an iCalendar file (RFC 5545), as {@code upshift
 * windows --output ics} writes them: one event per closed interval, in UTC, named
 * {@code Upgrades allowed: SCHEDULE (SCOPE)}. An interval is identified by its schedule and its
 * times, so its {@code UID} is derived from them and its {@code SEQUENCE} is 0: an interval that
 * moves is another event, and a subscribed client drops the old one. Open intervals (allowed time
 * that goes on past what was looked at) have no end to write and are left out.
 *
 * <pre>{@code
 * String ics = IcsWindows.render(query, intervals);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class IcsWindows {
    private IcsWindows() {}

    /**
     * The calendar's text; every event's {@code DTSTAMP} is the query's {@code from}.
     *
     * @param query what was asked, as for {@link WindowsJson}
     * @param intervals the intervals found, in order
     */
    public static String render(WindowsJson.Query query, List<Interval> intervals) {
        String scope = query.kind().versionChange().word() + (query.kind().changesNodes() ? ", node-level" : "");
        List<CalendarEvent> events = new ArrayList<>();
        for (Interval i : intervals) {
            if (i.isOpen()) {
                continue;
            }
            String start = i.start().toString();
            String end = i.end().orElseThrow().toString();
            events.add(new CalendarEvent(IcsUids.of("window", query.schedule(), scope, start, end), 0, i,
                    "Upgrades allowed: " + query.schedule() + " (" + scope + ")",
                    "Maintenance schedule " + query.schedule() + " allows " + scope + " upgrades from " + start
                            + " to " + end + " (UTC).",
                    List.of("upshift", "maintenance-window")));
        }
        return IcsWriter.write("Upshift: " + query.schedule() + " windows (" + scope + ")", query.from(), events);
    }
}
