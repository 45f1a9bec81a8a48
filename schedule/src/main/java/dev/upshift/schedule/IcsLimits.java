package dev.upshift.schedule;

import java.util.Locale;

/**
 * The bounds on an imported iCalendar text, checked before any parser sees it, so that a hostile
 * calendar (huge, folded without end, nested deep, with endless events) ends in a clear error.
 * docs/security.md states them with their tests. Recurrence rules are held to the bounds of
 * {@link Recurrence} and {@link OccurrenceBound} like any schedule's.
 */
final class IcsLimits {
    private IcsLimits() {}

    /** The largest calendar, in UTF-8 bytes: 4 MiB (a country's holidays for a century take about 200 KiB). */
    static final long MAX_BYTES = 4L * 1024 * 1024;

    /** The longest content line once unfolded, in characters. */
    static final int MAX_LINE = 100_000;

    /** The deepest nesting of components ({@code VCALENDAR} › {@code VEVENT} › {@code VALARM} is 3). */
    static final int MAX_DEPTH = 10;

    /** The most {@code VEVENT}s one calendar may hold. */
    static final int MAX_EVENTS = 10_000;

    /** The most exclusions one calendar may give: one per event, per {@code RDATE} and per moved instance. */
    static final int MAX_EXCLUSIONS = 10_000;

    /** The most calendars one schedule may import ({@code exclusionsFrom} entries). */
    static final int MAX_CALENDARS = 32;

    /** {@code 4 MiB}: a byte count as docs and messages write it. */
    static String bytes(long n) {
        return n % (1024 * 1024) == 0 ? n / (1024 * 1024) + " MiB" : String.format(Locale.ROOT, "%,d bytes", n);
    }
}
