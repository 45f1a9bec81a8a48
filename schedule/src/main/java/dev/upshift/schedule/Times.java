package dev.upshift.schedule;

import dev.upshift.diff.internal.Suggestions;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.Set;
import java.util.TreeSet;

/** Reads the times and zones schedule documents write. */
final class Times {
    private static final Set<String> ZONES = new TreeSet<>(ZoneId.getAvailableZoneIds());

    private Times() {}

    /**
     * A schedule time as local time in {@code zone}: an RFC 3339 time with {@code Z} or an offset
     * (an instant, shown on the zone's clock), a local date-time (already on the zone's clock) or a
     * date (its midnight). Whole seconds only.
     *
     * @throws IllegalArgumentException saying which forms are accepted
     */
    static LocalDateTime local(String text, ZoneId zone) {
        LocalDateTime t = parse(text.strip(), zone);
        if (t.getNano() != 0) {
            throw new IllegalArgumentException("'" + text + "' has fractions of a second; schedules use whole seconds");
        }
        return t;
    }

    private static LocalDateTime parse(String text, ZoneId zone) {
        try {
            return LocalDateTime.ofInstant(OffsetDateTime.parse(text).toInstant(), zone);
        } catch (DateTimeParseException notWithOffset) {
            try {
                return LocalDateTime.parse(text);
            } catch (DateTimeParseException notLocal) {
                try {
                    return LocalDate.parse(text).atStartOfDay();
                } catch (DateTimeParseException notDate) {
                    throw new IllegalArgumentException("invalid time '" + text + "'; expected RFC 3339 such as"
                            + " 2021-03-10T07:00:00Z or 2021-03-10T08:00:00+01:00, a local time such as"
                            + " 2021-03-10T07:00:00 (read in timeZone) or a date such as 2021-03-10");
                }
            }
        }
    }

    /**
     * An IANA time zone name.
     *
     * @throws IllegalArgumentException with the closest known name
     */
    static ZoneId zone(String text) {
        String name = text.strip();
        if (!ZONES.contains(name)) {
            String hint = Suggestions.closest(name, ZONES).map(c -> "; did you mean '" + c + "'?")
                    .orElse("; expected an IANA name such as UTC, Europe/Berlin or America/New_York");
            throw new IllegalArgumentException("unknown time zone '" + text + "'" + hint);
        }
        return ZoneId.of(name);
    }
}
