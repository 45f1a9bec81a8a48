package dev.upshift.schedule;

import dev.upshift.diff.problem.UpshiftException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import net.fortuna.ical4j.model.Recur;

/**
 * When a maintenance window or exclusion happens: a local start time in a time zone, a length,
 * and an optional RFC 5545 recurrence. Without a recurrence it happens once.
 *
 * <h2>Local time</h2>
 * Occurrences recur on the local clock of {@link #zone()}: a window at 07:00 stays at 07:00 local
 * across daylight-saving changes. A local start time that does not exist (the clock springs
 * forward over it) moves forward by the length of the gap; one that happens twice (the clock falls
 * back) is the first of the two (RFC 5545 section 3.3.5). The end follows {@link SpanLength}.
 * An occurrence whose end would not be after its start is dropped.
 *
 * <h2>The start and the rule</h2>
 * The rule alone decides when occurrences happen; the start gives the time of day, the first
 * possible occurrence and what an implicit rule part copies (the day of the month for
 * {@code FREQ=MONTHLY}). Unlike RFC 5545, a start that the rule does not match is not an
 * occurrence itself: {@code startTime} on a Saturday with {@code FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR}
 * never opens a Saturday window. {@link #startIsOccurrence()} tells when a span relies on this.
 * COUNT counts the occurrences the rule matches.
 *
 * <p>Immutable and thread-safe.
 */
public final class RecurringSpan {
    private static final Duration SLACK = Duration.ofDays(2);

    private final LocalDateTime start;
    private final ZoneId zone;
    private final SpanLength length;
    private final Optional<Recurrence> recurrence;
    private final Optional<LocalDateTime> lastStart;
    private final Optional<LocalDateTime> firstStart;

    private RecurringSpan(LocalDateTime start, ZoneId zone, SpanLength length, Optional<Recurrence> recurrence,
            Optional<LocalDateTime> lastStart) {
        this.start = start;
        this.zone = zone;
        this.length = length;
        this.recurrence = recurrence;
        this.lastStart = lastStart;
        this.firstStart = recurrence.isEmpty() ? Optional.of(start) : findFirst(recurrence.get());
    }

    /**
     * A span.
     *
     * @throws IllegalArgumentException when the recurrence's UNTIL is before the start, when its
     *     COUNT-th occurrence is not found within 100,000 steps, or when the start lies outside
     *     1900–9000
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
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(zone, "zone");
        Objects.requireNonNull(length, "length");
        Objects.requireNonNull(recurrence, "recurrence");
        Instant first = resolve(start, zone);
        if (!Limits.isSupported(first)) {
            return new Invalid("startTime", Limits.unsupported("startTime", first));
        }
        if (recurrence.isEmpty()) {
            return new Built(new RecurringSpan(start, zone, length, recurrence, Optional.empty()));
        }
        Recurrence r = recurrence.get();
        if (!r.untilAdmits(start, first)) {
            return new Invalid("recurrence", "invalid recurrence \"" + r.text() + "\": UNTIL " + r.untilText().orElseThrow()
                    + " is before the start " + start + " (" + zone + "), so it never occurs");
        }
        if (r.count().isEmpty()) {
            return new Built(new RecurringSpan(start, zone, length, recurrence, Optional.empty()));
        }
        int count = r.count().getAsInt();
        List<LocalDateTime> found = scan(r, start, start, r.advance(start, Limits.SEARCH_STEPS), count);
        if (!found.isEmpty() && found.size() < count) {
            return new Invalid("recurrence", "invalid recurrence \"" + r.text() + "\": its COUNT=" + count
                    + " occurrences are not found within " + Limits.SEARCH_STEPS + " steps of FREQ=" + r.frequency()
                    + " (found " + found.size() + "); use UNTIL instead");
        }
        LocalDateTime last = found.isEmpty() ? start.minusSeconds(1) : found.get(found.size() - 1);
        return new Built(new RecurringSpan(start, zone, length, recurrence, Optional.of(last)));
    }

    /** A span that happens once. */
    public static RecurringSpan once(LocalDateTime start, ZoneId zone, SpanLength length) {
        return of(start, zone, length, Optional.empty());
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

    /** The first occurrence (searched up to 30 years or 100,000 steps after the start), or empty if the span never occurs. */
    public Optional<Interval> firstOccurrence() {
        return firstStart.map(this::toInterval);
    }

    /** Whether the start itself is an occurrence (always true without a recurrence). */
    public boolean startIsOccurrence() {
        return firstStart.map(start::equals).orElse(false);
    }

    /**
     * Every occurrence that overlaps {@code [from, to)}, whole (not clipped), in order of start.
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
        return Optional.of(out);
    }

    /**
     * The most occurrences that can overlap any {@code seconds}-long stretch of time, from the rule's
     * parts and the occurrences' length alone (see {@link Recurrence#maxInstancesWithin}): the
     * instances that can start within the stretch, or before it and still run into it.
     */
    long maxOccurrencesOverlapping(long seconds) {
        if (recurrence.isEmpty()) {
            return 1;
        }
        long reach = StepBound.saturatedAdd(seconds, length.duration().getSeconds() + Limits.LOCAL_SLACK.getSeconds());
        return recurrence.get().maxInstancesWithin(reach);
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
        return scan(r, start, lo.isBefore(start) ? start : lo, end, max);
    }

    /**
     * Asks ical4j for the instances of a rule seeded at {@code seed} in [from, to], a bounded number
     * of steps at a time, so that its silent stop after a run of steps without an instance (see
     * {@link Ical4jConfiguration}) never cuts the expansion short. Instances are streamed, so that
     * expansion stops as soon as {@code max} are found.
     */
    private static List<LocalDateTime> scan(Recurrence r, LocalDateTime seed, LocalDateTime from, LocalDateTime to,
            long max) {
        List<LocalDateTime> out = new ArrayList<>();
        Recur<LocalDateTime> recur = r.newRecur();
        long chunkSteps = Ical4jConfiguration.chunkSteps();
        LocalDateTime chunkStart = from;
        while (!chunkStart.isAfter(to)) {
            LocalDateTime next = r.advance(chunkStart, chunkSteps);
            LocalDateTime chunkEnd = next.isAfter(to) ? to : next;
            List<LocalDateTime> chunk = recur.getDatesAsStream(seed, chunkStart, chunkEnd, -1)
                    .limit(StepBound.saturatedAdd(max - out.size(), 1)).sorted().toList();
            ExpansionWork.instancesProduced(chunk.size());
            for (LocalDateTime d : chunk) {
                if (out.isEmpty() || d.isAfter(out.get(out.size() - 1))) {
                    out.add(d);
                    if (out.size() >= max) {
                        return out;
                    }
                }
            }
            if (!next.isAfter(chunkStart) || chunkEnd.equals(to)) {
                break;
            }
            chunkStart = next;
        }
        return out;
    }

    private Optional<LocalDateTime> findFirst(Recurrence r) {
        LocalDateTime byTime = start.plus(Limits.FIRST_OCCURRENCE_SEARCH);
        LocalDateTime bySteps = r.advance(start, Limits.SEARCH_STEPS);
        LocalDateTime hi = byTime.isBefore(bySteps) ? byTime : bySteps;
        return localStarts(start, hi, 1).stream().findFirst();
    }

    /** The occurrence starting at a local time, or null when its end would not be after its start. */
    Interval toInterval(LocalDateTime local) {
        Instant s = resolve(local, zone);
        Instant e = length.wallClock() ? resolve(local.plus(length.duration()), zone) : s.plus(length.duration());
        return e.isAfter(s) ? new Interval(s, e) : null;
    }

    /** RFC 5545 section 3.3.5: a time in a gap moves forward by the gap; a repeated time is the first. */
    static Instant resolve(LocalDateTime local, ZoneId zone) {
        return ZonedDateTime.ofLocal(local, zone, null).toInstant();
    }

    /** Equal when start, zone, length and recurrence are equal. */
    @Override
    public boolean equals(Object o) {
        return o instanceof RecurringSpan s && s.start.equals(start) && s.zone.equals(zone) && s.length.equals(length)
                && s.recurrence.equals(recurrence);
    }

    @Override
    public int hashCode() {
        return Objects.hash(start, zone, length, recurrence);
    }

    @Override
    public String toString() {
        return start + " " + zone + " for " + length.duration() + (length.wallClock() ? " (wall clock)" : " (elapsed)")
                + recurrence.map(r -> " " + r.text()).orElse("");
    }
}
