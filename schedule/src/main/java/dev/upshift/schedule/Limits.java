package dev.upshift.schedule;

import java.time.Duration;
import java.time.Instant;

/**
 * The bounds that keep expansion fast and small whatever a document says. They are documented in
 * docs/schedules.md; a rule beyond one of them is rejected with a message naming the bound.
 */
final class Limits {
    private Limits() {}

    /** The most steps (FREQ × INTERVAL) a rule may take per year: FREQ=HOURLY takes 8,766. */
    static final long STEPS_PER_YEAR = 50_000;

    /** The most instances one step of a rule may generate before filtering. */
    static final long CANDIDATES_PER_STEP = 10_000;

    /** The most window and exclusion occurrences a schedule may have per year of expansion. */
    static final long OCCURRENCES_PER_YEAR = 25_000;

    /** How far from its start a rule is searched for its first occurrence. */
    static final Duration FIRST_OCCURRENCE_SEARCH = Duration.ofDays(30 * 366);

    /**
     * The most window and exclusion occurrences a schedule's rules allow in any one year, counted
     * from the rules alone (see {@link OccurrenceBound}), so that every range an index may expand
     * is bounded before anything is expanded.
     */
    static final long OCCURRENCE_BOUND_PER_YEAR = 100_000;

    /**
     * What a span's local time may run ahead of or behind a range of instants: the two days of
     * slack {@link RecurringSpan} scans on either side, and up to a day of zone offset at each end.
     */
    static final Duration LOCAL_SLACK = Duration.ofDays(6);

    /** The most steps spent looking for a rule's first occurrence or for its COUNT-th one. */
    static final long SEARCH_STEPS = 100_000;

    /** The default horizon of an index, and how far {@code next} looks by default: two years. */
    static final Duration DEFAULT_HORIZON = Duration.ofDays(731);

    /** The earliest instant a schedule query may ask about ({@link AllowedIntervals#EARLIEST}). */
    static final Instant EARLIEST = Instant.parse("1900-01-01T00:00:00Z");

    /** The instant no query looks beyond; an interval reaching it is open ({@link AllowedIntervals#LATEST}). */
    static final Instant LATEST = Instant.parse("9000-01-01T00:00:00Z");

    static final long YEAR_SECONDS = 31_556_952;

    /** The most occurrences a schedule may expand to over a range: 25,000 per year of it, and 25,000 for any shorter range. */
    static long occurrenceLimit(Instant from, Instant to) {
        long seconds = Math.max(0, Duration.between(from, to).getSeconds());
        long prorated = (long) Math.ceil(OCCURRENCES_PER_YEAR * (double) seconds / YEAR_SECONDS);
        return Math.max(OCCURRENCES_PER_YEAR, prorated);
    }

    /** The longest a window or exclusion may last: the whole supported range. */
    static final Duration MAX_LENGTH = Duration.between(EARLIEST, LATEST);

    /** Whether an instant lies in the supported range, {@link #EARLIEST} (inclusive) to {@link #LATEST}. */
    static boolean isSupported(Instant at) {
        return !at.isBefore(EARLIEST) && at.isBefore(LATEST);
    }

    /** The message for an instant outside the supported range. */
    static String unsupported(String what, Instant at) {
        return what + " " + at + " is outside the supported range " + EARLIEST + " to " + LATEST;
    }

    /** Rejects an instant outside the supported range. */
    static Instant checkRange(Instant at, String what) {
        if (!isSupported(at)) {
            throw new IllegalArgumentException(unsupported(what, at));
        }
        return at;
    }

    /** Checks the arguments every {@link AllowedIntervals#next} implementation shares. */
    static void checkNext(Instant at, UpgradeKind kind, Duration atLeast, Duration within) {
        java.util.Objects.requireNonNull(kind, "kind");
        checkRange(at, "instant");
        if (atLeast.isNegative()) {
            throw new IllegalArgumentException("atLeast must not be negative, got " + atLeast);
        }
        if (within.isNegative() || within.isZero()) {
            throw new IllegalArgumentException("within must be positive, got " + within);
        }
    }

    /** Checks the arguments every {@link AllowedIntervals#between} implementation shares. */
    static void checkBetween(Instant from, Instant to, UpgradeKind kind) {
        java.util.Objects.requireNonNull(kind, "kind");
        checkRange(from, "from");
        checkRange(to, "to");
        if (to.isBefore(from)) {
            throw new IllegalArgumentException("to " + to + " is before from " + from);
        }
    }
}
