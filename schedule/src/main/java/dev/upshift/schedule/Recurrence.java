package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.upshift.common.problem.SyntaxException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.apiguardian.api.API;

/**
 * An RFC 5545 recurrence rule ({@code RRULE} value), checked and ready to expand.
 *
 * <p>{@link #parse} checks every part against RFC 5545 section 3.3.10 and against Upshift's
 * bounds: a rule may take at most 50,000 steps (FREQ × INTERVAL) a year and generate at most
 * 10,000 instances per step, which rejects rules such as {@code FREQ=SECONDLY} or
 * {@code FREQ=MINUTELY} that would expand to millions of instances. {@code UNTIL} is a date
 * ({@code 20211231}: up to the end of that local day), a local date-time ({@code 20211231T170000})
 * or a UTC date-time ({@code 20211231T170000Z}); all are inclusive.
 *
 * <p>Rules expand in local time, period by period, as {@link RuleExpansion} describes; a rule
 * without {@code WKST} starts its weeks on Monday, as RFC 5545 says, whatever the JVM's locale.
 * Immutable and thread-safe.
 */
@API(status = MAINTAINED, since = "0.1")
public final class Recurrence {
    /**
     * The most characters a rule may have: room for {@code BYYEARDAY} listing every day of the year
     * beside the other parts.
     */
    public static final int MAX_LENGTH = 2_048;

    private static final DateTimeFormatter BASIC_DATE_TIME = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss", Locale.ROOT);
    private static final DateTimeFormatter BASIC_DATE = DateTimeFormatter.BASIC_ISO_DATE;
    private static final LocalDateTime FAR = LocalDateTime.of(100_000, 1, 1, 0, 0);

    private final String text;
    private final Frequency frequency;
    private final int interval;
    private final OptionalInt count;
    private final Optional<Until> until;
    private final RuleExpansion expansion;
    private final long instancesPerStep;

    private Recurrence(String text, RuleParts parts) {
        this.text = text;
        this.frequency = parts.frequency();
        this.interval = parts.interval();
        this.count = parts.get("COUNT") == null ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(parts.get("COUNT")));
        this.until = Optional.ofNullable(parts.get("UNTIL")).map(u -> Until.parse(u, parts));
        this.expansion = RuleExpansion.of(parts);
        this.instancesPerStep = StepBound.instancesPerStep(parts);
    }

    /**
     * Parses a rule such as {@code FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR} (an {@code RRULE:} prefix is
     * accepted).
     *
     * @throws SyntaxException quoting the rule, saying what is wrong with it and pointing at the
     *     part at fault (its {@link SyntaxException#position() position} is 0-based in {@code text});
     *     a rule longer than {@link #MAX_LENGTH} characters is refused before it is read
     */
    public static Recurrence parse(String text) {
        Objects.requireNonNull(text, "text");
        if (text.length() > MAX_LENGTH) {
            throw SyntaxException.tooLong("recurrence", text, MAX_LENGTH);
        }
        RuleParts parts = RuleParts.parse(text);
        Recurrence r = new Recurrence(text.strip(), parts);
        r.checkBounds(parts);
        return r;
    }

    /** The rule as written. */
    public String text() {
        return text;
    }

    /** The rule's COUNT, if it has one. */
    public OptionalInt count() {
        return count;
    }

    /** Whether the rule ends (by COUNT or UNTIL). */
    public boolean isBounded() {
        return count.isPresent() || until.isPresent();
    }

    Frequency frequency() {
        return frequency;
    }

    int interval() {
        return interval;
    }

    /**
     * The local starts of this rule seeded at {@code seed} within {@code [from, to]}, in order, at
     * most {@code max} of them; COUNT and UNTIL are not applied.
     */
    List<LocalDateTime> starts(LocalDateTime seed, LocalDateTime from, LocalDateTime to, long max) {
        return expansion.starts(seed, from, to, max);
    }

    /**
     * The {@code n}-th local start of this rule seeded at {@code seed}, among those up to {@code to},
     * or how many there are when fewer; found by counting, without holding the starts.
     */
    RuleExpansion.Nth nthStart(LocalDateTime seed, LocalDateTime to, long n) {
        return expansion.nth(seed, to, n);
    }

    /** The local time {@code steps} steps of this rule after {@code t}, or {@link LocalDateTime#MAX} past year 100,000. */
    LocalDateTime advance(LocalDateTime t, long steps) {
        long units = StepBound.saturatedMultiply(steps, interval);
        return units >= t.until(FAR, frequency.unit()) ? LocalDateTime.MAX : t.plus(units, frequency.unit());
    }

    /**
     * The most instances the rule can have within any stretch of {@code seconds} of local time: the
     * steps (FREQ × INTERVAL) that can touch the stretch, times the most instances one step can
     * generate, and never more than COUNT. An upper bound, read from the rule's parts alone.
     */
    long maxInstancesWithin(long seconds) {
        long steps = StepBound.stepsTouching(frequency, interval, seconds);
        long bound = StepBound.saturatedMultiply(steps, instancesPerStep);
        return count.isPresent() ? Math.min(bound, count.getAsInt()) : bound;
    }

    /** Whether UNTIL (if any) admits an instance starting at this local time and instant. */
    boolean untilAdmits(LocalDateTime local, Instant start) {
        return until.map(u -> u.admits(local, start)).orElse(true);
    }

    /** A local time after which no instance is admitted by UNTIL, with a day of slack for UTC bounds. */
    Optional<LocalDateTime> untilBound(ZoneId zone) {
        return until.map(u -> u.bound(zone));
    }

    /** UNTIL as written, for messages. */
    Optional<String> untilText() {
        return until.map(Until::text);
    }

    private void checkBounds(RuleParts parts) {
        double steps = frequency.stepsPerYear(interval);
        if (steps > Limits.STEPS_PER_YEAR) {
            int needed = (int) Math.ceil(frequency.stepsPerYear(1) / Limits.STEPS_PER_YEAR);
            throw parts.bad(interval > 1 ? "INTERVAL" : "FREQ", String.format(java.util.Locale.ROOT,
                    "FREQ=%s%s takes %,d steps a year, more than the %,d Upshift expands; use a coarser FREQ with"
                            + " BYHOUR/BYMINUTE, or INTERVAL=%d or more",
                    frequency, interval > 1 ? ";INTERVAL=" + interval : "", (long) steps, Limits.STEPS_PER_YEAR, needed));
        }
        long candidates = candidatesPerStep(parts);
        if (candidates > Limits.CANDIDATES_PER_STEP) {
            throw parts.bad(String.format(java.util.Locale.ROOT,
                    "its BY... parts can generate up to %,d instances per FREQ=%s step, more than the %,d Upshift allows",
                    candidates, frequency, Limits.CANDIDATES_PER_STEP));
        }
    }

    private long candidatesPerStep(RuleParts p) {
        boolean yearly = frequency == Frequency.YEARLY;
        long n = 1;
        if (yearly) {
            n *= Math.max(1, p.size("BYMONTH")) * Math.max(1, p.size("BYWEEKNO") * 7L) * Math.max(1, p.size("BYYEARDAY"));
        }
        if (yearly || frequency == Frequency.MONTHLY) {
            n *= Math.max(1, p.size("BYMONTHDAY"));
        }
        long perDay = yearly && p.size("BYMONTH") == 0 && p.size("BYWEEKNO") == 0 ? 53 : yearly || frequency == Frequency.MONTHLY ? 5 : 1;
        n *= Math.max(1, p.size("BYDAY") * perDay);
        if (Frequency.HOURLY.finerThan(frequency)) {
            n *= Math.max(1, p.size("BYHOUR"));
        }
        if (Frequency.MINUTELY.finerThan(frequency)) {
            n *= Math.max(1, p.size("BYMINUTE"));
        }
        if (Frequency.SECONDLY.finerThan(frequency)) {
            n *= Math.max(1, p.size("BYSECOND"));
        }
        return n;
    }

    /** Equal when the rules are written alike. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Recurrence r && r.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }

    /** UNTIL in one of its three forms; exactly one of the fields is set. */
    private record Until(String text, LocalDate date, LocalDateTime local, Instant utc) {
        static Until parse(String value, RuleParts parts) {
            try {
                if (value.length() == 8) {
                    return new Until(value, LocalDate.parse(value, BASIC_DATE), null, null);
                }
                if (value.endsWith("Z")) {
                    LocalDateTime t = LocalDateTime.parse(value.substring(0, value.length() - 1), BASIC_DATE_TIME);
                    return new Until(value, null, null, t.toInstant(java.time.ZoneOffset.UTC));
                }
                return new Until(value, null, LocalDateTime.parse(value, BASIC_DATE_TIME), null);
            } catch (DateTimeException e) {
                throw parts.bad("UNTIL", "UNTIL '" + value + "' is not a date (20211231) or date-time (20211231T170000Z)");
            }
        }

        boolean admits(LocalDateTime localStart, Instant start) {
            if (date != null) {
                return !localStart.toLocalDate().isAfter(date);
            }
            return local != null ? !localStart.isAfter(local) : !start.isAfter(utc);
        }

        LocalDateTime bound(ZoneId zone) {
            if (date != null) {
                return date.plusDays(1).atStartOfDay();
            }
            return local != null ? local : LocalDateTime.ofInstant(utc, zone).plusDays(1);
        }
    }
}
