package dev.upshift.schedule;

import dev.upshift.common.problem.Suggestions;
import dev.upshift.common.problem.SyntaxException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/** Reads the times and zones schedule documents write. */
final class Times {
    private static final Set<String> ZONES = new TreeSet<>(ZoneId.getAvailableZoneIds());
    /** How a text that means to be an RFC 3339 instant ends; the error to report is then that form's. */
    private static final Pattern HAS_OFFSET = Pattern.compile("([zZ]|[+-]\\d\\d:?\\d\\d)$");

    private Times() {}

    /**
     * A schedule time as local time in {@code zone}: an RFC 3339 time with {@code Z} or an offset
     * (an instant, shown on the zone's clock), a local date-time (already on the zone's clock) or a
     * date (its midnight). Whole seconds only.
     *
     * @throws SyntaxException saying which forms are accepted, pointing where the text stops
     *     matching the form it came closest to
     */
    static LocalDateTime local(String text, ZoneId zone) {
        return read(text, zone).local();
    }

    /**
     * A schedule time as written: its local time in {@code zone}, and the instant it names when it
     * is written with {@code Z} or an offset. Such an instant is never ambiguous, even where the
     * zone's clock shows its local time twice; only a local time without offset needs the gap and
     * fold rules.
     *
     * @param local the time on the zone's clock
     * @param instant the instant, for an RFC 3339 time with {@code Z} or an offset
     */
    record Written(LocalDateTime local, Optional<Instant> instant) {}

    /**
     * Reads a schedule time: see {@link #local}.
     *
     * @throws SyntaxException as {@link #local} does
     */
    static Written read(String text, ZoneId zone) {
        String s = text.strip();
        int offset = text.length() - text.stripLeading().length();
        Written t;
        try {
            Instant instant = OffsetDateTime.parse(s).toInstant();
            t = new Written(LocalDateTime.ofInstant(instant, zone), Optional.of(instant));
        } catch (DateTimeParseException notWithOffset) {
            t = new Written(localWithoutOffset(text, s, offset, notWithOffset.getErrorIndex()), Optional.empty());
        }
        if (t.local().getNano() != 0) {
            throw new SyntaxException("time", text, offset + Math.max(0, s.indexOf('.')),
                    "fractions of a second; schedules use whole seconds");
        }
        return t;
    }

    private static LocalDateTime localWithoutOffset(String text, String s, int offset, int offsetFormError) {
        try {
            return LocalDateTime.parse(s);
        } catch (DateTimeParseException notLocal) {
            try {
                return LocalDate.parse(s).atStartOfDay();
            } catch (DateTimeParseException notDate) {
                int at = s.length() <= 10 ? notDate.getErrorIndex()
                        : HAS_OFFSET.matcher(s).find() ? offsetFormError : notLocal.getErrorIndex();
                throw new SyntaxException("time", text, offset + Math.max(0, at), "expected RFC 3339 such as"
                        + " 2021-03-10T07:00:00Z or 2021-03-10T08:00:00+01:00, a local time such as"
                        + " 2021-03-10T07:00:00 (read in timeZone) or a date such as 2021-03-10");
            }
        }
    }

    /** The most characters a zone name may have; the longest IANA name has 32. */
    static final int MAX_ZONE_LENGTH = 64;

    /**
     * An IANA time zone name.
     *
     * @throws SyntaxException with the closest known name, or saying that the text is longer than
     *     {@value #MAX_ZONE_LENGTH} characters (checked first)
     */
    static ZoneId zone(String text) {
        if (text.length() > MAX_ZONE_LENGTH) {
            throw SyntaxException.tooLong("time zone", text, MAX_ZONE_LENGTH);
        }
        String name = text.strip();
        if (!ZONES.contains(name)) {
            String hint = Suggestions.closest(name, ZONES).map(Suggestions::didYouMean)
                    .orElse("; expected an IANA name such as UTC, Europe/Berlin or America/New_York");
            throw new SyntaxException("time zone", text, text.length() - text.stripLeading().length(),
                    "unknown name" + hint);
        }
        return ZoneId.of(name);
    }
}
