package dev.upshift.schedule;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * When upgrades of a given kind may run, answered for any instant. Every query is a pure
 * function of its arguments: the same question always gets the same answer, in any order and
 * from any thread, and nothing reads the clock.
 *
 * <p>Allowed time is made of half-open {@link Interval}s: the windows, merged where they overlap
 * or touch, minus the exclusions whose {@link ExclusionScope} blocks the kind. Queries accept
 * instants from 1900 to 9000 and throw {@link IllegalArgumentException} outside that range.
 *
 * <p>Where to get one: {@link ScheduleIndex#get} for a schedule that an index holds (the index
 * itself is not an {@code AllowedIntervals}: it holds one per schedule), {@link #always()} for a
 * cluster without a schedule, and {@link #withFreeze} on top of either. The allowed time of a
 * schedule an index holds never fails to answer: queries throw only for arguments outside their
 * documented range.
 */
public interface AllowedIntervals {

    /** How far {@link #next(Instant, UpgradeKind, Duration)} looks: two years (731 days). */
    Duration DEFAULT_SEARCH = Limits.DEFAULT_HORIZON;

    /** Whether an upgrade of this kind may run at this instant. */
    boolean permits(Instant at, UpgradeKind kind);

    /**
     * The first allowed time at or after {@code at} that leaves at least {@code atLeast}.
     *
     * <p>The result starts at {@code at} when {@code at} is inside an allowed interval (the part
     * before {@code at} is cut off), otherwise where the next allowed interval starts; it must
     * start before {@code at + within} and last at least {@code atLeast}. Its end is exact, unless
     * the interval goes on past {@code at + within + atLeast}: then it is
     * {@linkplain Interval#isOpen() open} (it has no end), as the query looked no further.
     *
     * @param at the earliest start, from 1900 up to (not including) 9000
     * @param kind the kind of upgrade
     * @param atLeast the least time the interval must leave: zero (accepts any) or more
     * @param within how far after {@code at} the interval may start: positive; the search never goes
     *     past 9000, and its work grows with how far it has to go
     * @return the interval, or empty when none starts within reach
     * @throws IllegalArgumentException when an argument is outside its range
     */
    Optional<Interval> next(Instant at, UpgradeKind kind, Duration atLeast, Duration within);

    /** {@link #next(Instant, UpgradeKind, Duration, Duration)} looking {@link #DEFAULT_SEARCH} ahead. */
    default Optional<Interval> next(Instant at, UpgradeKind kind, Duration atLeast) {
        return next(at, kind, atLeast, DEFAULT_SEARCH);
    }

    /**
     * Every allowed interval that overlaps {@code [from, to)}, clipped to it, in order. Intervals
     * never touch or overlap each other.
     *
     * @return closed intervals only
     * @throws IllegalArgumentException when {@code to} is before {@code from}
     */
    List<Interval> between(Instant from, Instant to, UpgradeKind kind);

    /** This allowed time, except that nothing is allowed before the freeze ends. */
    default AllowedIntervals withFreeze(Freeze freeze) {
        return new Frozen(this, freeze);
    }

    /** Allowed time for a cluster without a schedule: always. */
    static AllowedIntervals always() {
        return Always.INSTANCE;
    }
}
