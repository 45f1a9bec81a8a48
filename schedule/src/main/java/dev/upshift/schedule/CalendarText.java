package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The text of an iCalendar file ({@code .ics}, RFC 5545) and the name its problems give it.
 *
 * @param source how problems name the calendar: its file path, or the reference a schedule wrote
 * @param text the whole calendar, as text (a leading byte order mark is ignored)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record CalendarText(String source, String text) {

    /** Validates the parts. */
    public CalendarText {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(text, "text");
    }
}
