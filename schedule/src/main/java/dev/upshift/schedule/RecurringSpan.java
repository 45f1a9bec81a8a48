package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.upshift.common.problem.SyntaxException;
import dev.upshift.common.problem.UpshiftException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * When a maintenance window or exclusion happens: a local start time in a time zone, a length,
 * and an optional RFC 5545 recurrence. Without a recurrence it happens once.
 *
 * <h2>Local time</h2>
 * Occurrences recur on the local clock of {@link #zone()}: a window at 07:00 stays at 07:00 local
 * across daylight-saving changes. A local start time that does not exist (the clock springs
 * forward over it) moves forward by the length of the gap; one that happens twice (the clock falls
 * back) is the first of the two (RFC 5545 section 3.3.5). The end follows {@link SpanLength}.
 * An occurrence whose end would not be after its start is dropped (that day only). A start read
 * from a document as an RFC 3339 instant is never ambiguous: the first occurrence begins at that
 * instant, even where the local clock shows it twice.
 *
 * <h2>The start and the rule</h2>
 * The rule alone decides when occurrences happen; the start gives the time of day, the first
 * possible occurrence and what an implicit rule part copies (the day of the month for
 * {@code FREQ=MONTHLY}). Unlike RFC 5545, a start that the rule does not match is not an
 * occurrence itself: {@code startTime} on a Saturday with {@code FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR}
 * never opens a Saturday window. {@link #startIsOccurrence()} tells when a span relies on this.
 * COUNT counts the occurrences the rule matches.
 *
 * <h2>Exceptions</h2>
 * A span may leave out the occurrences that start at given instants ({@link #except}), as an
 * iCalendar event's {@code EXDATE}s do. COUNT still counts them, as RFC 5545 says: they are taken
 * out of the set the rule generates.
 *
 * <p>Immutable and thread-safe.
 */
@API(status = MAINTAINED, since = "0.1")
public final class RecurringSpan {
    private static final Duration SLACK = Duration.ofDays(2);
    /** How many starts the first-occurrence search takes at a time while it skips dropped ones. */
    private static final int FIRST_BATCH = 8;

    private final LocalDateTime start;
    private final ZoneId zone;
    private final SpanLength length;
    private final Optional<Recurrence> recurrence;
    private final Optional<Instant> writtenStart;
    private final Optional<Instant> writtenEnd;
    private final Optional<LocalDateTime> lastStart;
    private final Optional<LocalDateTime> firstStart;
    private final Optional<Interval> firstOccurrence;
    private final SortedSet<Instant> exceptions;

    private RecurringSpan(LocalDateTime start, ZoneId zone, SpanLength length, Optional<Recurrence> recurrence,
            Optional<Instant> writtenStart, Optional<Instant> writtenEnd, Optional<LocalDateTime> lastStart) {
        this(start, zone, length, recurrence, writtenStart, writtenEnd, lastStart, new TreeSet<>());
    }

    private RecurringSpan(LocalDateTime start, ZoneId zone, SpanLength length, Optional<Recurrence> recurrence,
            Optional<Instant> writtenStart, Optional<Instant> writtenEnd, Optional<LocalDateTime> lastStart,
            SortedSet<Instant> exceptions) {
        this.exceptions = Collections.unmodifiableSortedSet(exceptions);
        this.start = start;
        this.zone = zone;
        this.length = length;
        this.recurrence = recurrence;
        this.writtenStart = writtenStart;
        this.writtenEnd = length.wallClock() ? writtenEnd : Optional.empty();
        this.lastStart = lastStart;
        this.firstStart = recurrence.isEmpty() ? Optional.of(start) : searchStarts(1).stream().findFirst();
        this.firstOccurrence = firstStart.flatMap(this::findFirstOccurrence).map(this::earliestNear);
    }

    /**
     * The earliest occurrence on the time line, given the first found in local order. When that one's
     * local start lies in a daylight-saving gap it moves forward (02:30 on a spring-forward night is
     * 03:30), and a later local start (03:00) can come first on the time line; RFC 5545 keeps both,
     * and so do the occurrences. Only then, the local starts the gap passed over are looked at.
     */
    private Interval earliestNear(Interval found) {
        LocalDateTime moved = LocalDateTime.ofInstant(found.start(), zone);
        if (firstStart.isEmpty() || !moved.isAfter(firstStart.get())) {
            return found;
        }
        Instant from = found.start().minus(Duration.between(firstStart.get(), moved));
        return occurrences(from, found.start(), Limits.occurrenceLimit(from, found.start()))
                .flatMap(list -> list.stream().findFirst())
                .filter(o -> o.start().isBefore(found.start())).orElse(found);
    }

    /**
     * A span.
     *
     * @throws IllegalArgumentException when the recurrence's UNTIL is before the start, when it has
     *     a COUNT and allows more than 100,000 occurrences in one year (checked before anything is
     *     expanded), when its COUNT-th occurrence is not found within 100,000 steps, or when the
     *     start lies outside 1900–9000
     */
    public static RecurringSpan of(LocalDateTime start, ZoneId zone, SpanLength length, Optional<Recurrence> recurrence) {
        Outcome outcome = tryOf(start, zone, length, recurrence);
        if (outcome instanceof Invalid invalid) {
            throw new IllegalArgumentException(invalid.message());
        }
        return ((Built) outcome).span();
    }

    /** What building a span gives: the span, or why it cannot be built. */
    sealed interface Outcome permits Built, Invalid {}

    /** The span. */
    record Built(RecurringSpan span) implements Outcome {}

    /**
     * Why the span cannot be built.
     *
     * @param field the document field at fault: {@code startTime} or {@code recurrence}
     * @param message what is wrong
     */
    record Invalid(String field, String message) implements Outcome {}

    /** Like {@link #of}, with the reason as a value instead of an exception. */
    static Outcome tryOf(LocalDateTime start, ZoneId zone, SpanLength length, Optional<Recurrence> recurrence) {
        return tryOf(start, zone, length, recurrence, Optional.empty(), Optional.empty());
    }

    /**
     * Like {@link #of}, for a start (and an end) that a document wrote as an RFC 3339 instant: the
     * occurrence at {@code start} begins at {@code writtenStart} exactly, even where the zone's clock
     * shows {@code start} twice, and a wall-clock one ends at {@code writtenEnd}. Other occurrences
     * follow the local clock as usual.
     *
     * @param writtenStart the instant {@code start} was written as, if it had an offset
     * @param writtenEnd the instant the end was written as, if it had an offset
     */
    static Outcome tryOf(LocalDateTime start, ZoneId zone, SpanLength length, Optional<Recurrence> recurrence,
            Optional<Instant> writtenStart, Optional<Instant> writtenEnd) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(zone, "zone");
        Objects.requireNonNull(length, "length");
        Objects.requireNonNull(recurrence, "recurrence");
        Instant first = writtenStart.orElseGet(() -> resolve(start, zone));
        if (!Limits.isSupported(first)) {
            return new Invalid("startTime", Limits.unsupported("startTime", first));
        }
        if (recurrence.isEmpty()) {
            return new Built(new RecurringSpan(start, zone, length, recurrence, writtenStart, writtenEnd, Optional.empty()));
        }
        Recurrence r = recurrence.get();
        if (!r.untilAdmits(start, first)) {
            return new Invalid("recurrence", "invalid recurrence " + SyntaxException.quote(r.text()) + ": UNTIL "
                    + r.untilText().orElseThrow()
                    + " is before the start " + start + " (" + zone + "), so it never occurs");
        }
        if (r.count().isEmpty()) {
            return new Built(new RecurringSpan(start, zone, length, recurrence, writtenStart, writtenEnd, Optional.empty()));
        }
        int count = r.count().getAsInt();
        long perYear = maxOccurrencesOverlapping(r, length, Limits.YEAR_SECONDS);
        if (perYear > Limits.OCCURRENCE_BOUND_PER_YEAR) {
            return new Invalid("recurrence", String.format(Locale.ROOT, "invalid recurrence %s: it allows up to %,d"
                    + " occurrences in one year (FREQ, INTERVAL and the BY... parts, with the occurrences still running"
                    + " from earlier); Upshift indexes schedules whose rules allow at most %,d a year: use fewer BY..."
                    + " values or a smaller COUNT", SyntaxException.quote(r.text()), perYear, Limits.OCCURRENCE_BOUND_PER_YEAR));
        }
        RuleExpansion.Nth nth = r.nthStart(start, r.advance(start, Limits.SEARCH_STEPS), count);
        if (nth.found() > 0 && nth.nth().isEmpty()) {
            return new Invalid("recurrence", String.format(Locale.ROOT, "invalid recurrence %s: its COUNT=%d"
                    + " occurrences are not found within %d steps of FREQ=%s (found %,d); use UNTIL instead",
                    SyntaxException.quote(r.text()), count, Limits.SEARCH_STEPS, r.frequency(), nth.found()));
        }
        LocalDateTime last = nth.nth().orElse(start.minusSeconds(1));
        return new Built(new RecurringSpan(start, zone, length, recurrence, writtenStart, writtenEnd, Optional.of(last)));
    }

    /** A span that happens once. */
    public static RecurringSpan once(LocalDateTime start, ZoneId zone, SpanLength length) {
        return of(start, zone, length, Optional.empty());
    }

    /**
     * This span without the occurrences that start at any of {@code starts} (an iCalendar
     * {@code EXDATE}), besides those it already leaves out. An instant that starts no occurrence
     * changes nothing.
     */
    public RecurringSpan except(Collection<Instant> starts) {
        if (starts.isEmpty()) {
            return this;
        }
        SortedSet<Instant> all = new TreeSet<>(exceptions);
        all.addAll(starts);
        return new RecurringSpan(start, zone, length, recurrence, writtenStart, writtenEnd, lastStart, all);
    }

    /** The instants whose occurrences this span leaves out ({@link #except}), in order; usually none. */
    public SortedSet<Instant> exceptions() {
        return exceptions;
    }

    /** The local start time of the first possible occurrence. */
    public LocalDateTime start() {
        return start;
    }

    /** The zone whose local clock the span follows. */
    public ZoneId zone() {
        return zone;
    }

    /** How long each occurrence lasts. */
    public SpanLength length() {
        return length;
    }

    /** The recurrence, or empty for a span that happens once. */
    public Optional<Recurrence> recurrence() {
        return recurrence;
    }

    /**
     * The first occurrence (searched up to 30 years or 100,000 steps after the start), or empty if
     * the span never occurs. An occurrence that is dropped (its end on the local clock not after its
     * start, in a daylight-saving gap) is skipped: the first is the next one.
     */
    public Optional<Interval> firstOccurrence() {
        return firstOccurrence;
    }

    /** Whether the start itself is an occurrence (always true without a recurrence). */
    public boolean startIsOccurrence() {
        return firstStart.map(start::equals).orElse(false);
    }

    /**
     * Every occurrence that overlaps {@code [from, to)}, whole (not clipped), in order of start and
     * each once: two local starts that a daylight-saving gap moves onto the same time are one
     * occurrence.
     *
     * @throws UpshiftException when there are more than 25,000 per year of the range
     */
    public List<Interval> occurrences(Instant from, Instant to) {
        long limit = Limits.occurrenceLimit(from, to);
        return occurrences(from, to, limit).orElseThrow(() -> new UpshiftException("the span " + this
                + " has more than " + limit + " occurrences between " + from + " and " + to + " (Upshift expands at most "
                + Limits.OCCURRENCES_PER_YEAR + " a year)"));
    }

    /**
     * Like {@link #occurrences(Instant, Instant)}, or empty as soon as more than {@code limit}
     * occurrences had to be looked at (those that start up to the span's length before the range
     * count too); {@link Long#MAX_VALUE} for no limit.
     */
    Optional<List<Interval>> occurrences(Instant from, Instant to, long limit) {
        LocalDateTime fromLocal = LocalDateTime.ofInstant(from, zone);
        Duration back = length.duration().plus(SLACK);
        LocalDateTime lo = Duration.between(start, fromLocal).compareTo(back) <= 0 ? start : fromLocal.minus(back);
        LocalDateTime hi = LocalDateTime.ofInstant(to, zone).plus(SLACK);
        List<LocalDateTime> starts = localStarts(lo, hi, StepBound.saturatedAdd(limit, 1));
        if (starts.size() > limit) {
            return Optional.empty();
        }
        List<Interval> out = new ArrayList<>();
        for (LocalDateTime local : starts) {
            Interval iv = toInterval(local);
            if (iv != null && iv.start().isBefore(to) && iv.end().orElseThrow().isAfter(from)
                    && admittedByUntil(local, iv.start())) {
                out.add(iv);
            }
        }
        return Optional.of(inOrderOfStart(out));
    }

    /**
     * Local starts in a daylight-saving gap move forward, so they can land on or after a later
     * start (02:00 and 02:30 on a 30-minute spring-forward night are both 02:30; a skipped day is
     * the next day): occurrences are put in order of start and each counted once (RFC 5545 section
     * 3.8.5.3: duplicate instances are ignored).
     */
    private static List<Interval> inOrderOfStart(List<Interval> occurrences) {
        occurrences.sort(null);
        int kept = 0;
        for (Interval iv : occurrences) {
            if (kept == 0 || !iv.equals(occurrences.get(kept - 1))) {
                occurrences.set(kept++, iv);
            }
        }
        occurrences.subList(kept, occurrences.size()).clear();
        return occurrences;
    }

    /**
     * The most occurrences that can overlap any {@code seconds}-long stretch of time, from the rule's
     * parts and the occurrences' length alone (see {@link Recurrence#maxInstancesWithin}): the
     * instances that can start within the stretch, or before it and still run into it.
     */
    long maxOccurrencesOverlapping(long seconds) {
        return recurrence.map(r -> maxOccurrencesOverlapping(r, length, seconds)).orElse(1L);
    }

    private static long maxOccurrencesOverlapping(Recurrence r, SpanLength length, long seconds) {
        long reach = StepBound.saturatedAdd(seconds, length.duration().getSeconds() + Limits.LOCAL_SLACK.getSeconds());
        return r.maxInstancesWithin(reach);
    }

    private boolean admittedByUntil(LocalDateTime local, Instant at) {
        return recurrence.map(r -> r.untilAdmits(local, at)).orElse(true);
    }

    /** Local starts of occurrences within [lo, hi], at most {@code max} of them. */
    private List<LocalDateTime> localStarts(LocalDateTime lo, LocalDateTime hi, long max) {
        if (recurrence.isEmpty()) {
            return !start.isBefore(lo) && !start.isAfter(hi) ? List.of(start) : List.of();
        }
        Recurrence r = recurrence.get();
        LocalDateTime end = hi;
        if (lastStart.isPresent() && lastStart.get().isBefore(end)) {
            end = lastStart.get();
        }
        Optional<LocalDateTime> untilBound = r.untilBound(zone);
        if (untilBound.isPresent() && untilBound.get().isBefore(end)) {
            end = untilBound.get();
        }
        return r.starts(start, lo.isBefore(start) ? start : lo, end, max);
    }

    /** The first {@code max} local starts within the first-occurrence search (30 years or 100,000 steps). */
    private List<LocalDateTime> searchStarts(LocalDateTime from, long max) {
        LocalDateTime hi = start.plus(Limits.FIRST_OCCURRENCE_SEARCH);
        if (recurrence.isPresent()) {
            LocalDateTime bySteps = recurrence.get().advance(start, Limits.SEARCH_STEPS);
            hi = bySteps.isBefore(hi) ? bySteps : hi;
        }
        return localStarts(from, hi, max);
    }

    private List<LocalDateTime> searchStarts(long max) {
        return searchStarts(start, max);
    }

    /** The first start whose occurrence is not dropped; only starts in daylight-saving gaps can be. */
    private Optional<Interval> findFirstOccurrence(LocalDateTime firstMatch) {
        Interval first = toInterval(firstMatch);
        if (first != null && admittedByUntil(firstMatch, first.start())) {
            return Optional.of(first);
        }
        LocalDateTime from = firstMatch.plusSeconds(1);
        while (true) {
            List<LocalDateTime> batch = searchStarts(from, FIRST_BATCH);
            for (LocalDateTime local : batch) {
                Interval iv = toInterval(local);
                if (iv != null && admittedByUntil(local, iv.start())) {
                    return Optional.of(iv);
                }
            }
            if (batch.size() < FIRST_BATCH) {
                return Optional.empty();
            }
            from = batch.get(batch.size() - 1).plusSeconds(1);
        }
    }

    /**
     * The occurrence starting at a local time, or null when its end would not be after its start or
     * it is one of the {@link #exceptions}. The occurrence at the start begins (and a wall-clock one
     * ends) where the document wrote an instant, if it did.
     */
    Interval toInterval(LocalDateTime local) {
        boolean first = local.equals(start);
        Instant s = first && writtenStart.isPresent() ? writtenStart.get() : resolve(local, zone);
        Instant e;
        if (!length.wallClock()) {
            e = s.plus(length.duration());
        } else {
            e = first && writtenEnd.isPresent() ? writtenEnd.get() : resolve(local.plus(length.duration()), zone);
        }
        return e.isAfter(s) && !exceptions.contains(s) ? new Interval(s, e) : null;
    }

    /** RFC 5545 section 3.3.5: a time in a gap moves forward by the gap; a repeated time is the first. */
    static Instant resolve(LocalDateTime local, ZoneId zone) {
        return ZonedDateTime.ofLocal(local, zone, null).toInstant();
    }

    /** Equal when start (and the instants it was written as), zone, length, recurrence and exceptions are equal. */
    @Override
    public boolean equals(Object o) {
        return o instanceof RecurringSpan s && s.start.equals(start) && s.zone.equals(zone) && s.length.equals(length)
                && s.recurrence.equals(recurrence) && s.writtenStart.equals(writtenStart) && s.writtenEnd.equals(writtenEnd)
                && s.exceptions.equals(exceptions);
    }

    @Override
    public int hashCode() {
        return Objects.hash(start, zone, length, recurrence, writtenStart, writtenEnd, exceptions);
    }

    @Override
    public String toString() {
        return start + " " + zone + " for " + length.duration() + (length.wallClock() ? " (wall clock)" : " (elapsed)")
                + recurrence.map(r -> " " + r.text()).orElse("")
                + (exceptions.isEmpty() ? "" : " except " + exceptions.size() + " starts");
    }
}
