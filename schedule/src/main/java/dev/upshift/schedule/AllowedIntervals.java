package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

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
@API(status = MAINTAINED, since = "0.1")
public interface AllowedIntervals {

    /** How far {@link #next(Instant, UpgradeKind, Duration)} looks: two years (731 days). */
    Duration DEFAULT_SEARCH = Limits.DEFAULT_HORIZON;

    /**
     * The earliest instant schedules are computed for, 1900-01-01T00:00:00Z: queries, plans and
     * simulations take instants from here up to {@link #LATEST}.
     */
    Instant EARLIEST = Limits.EARLIEST;

    /**
     * The instant no computation looks beyond, 9000-01-01T00:00:00Z (excluded): an interval that
     * reaches it is {@linkplain Interval#isOpen() open}.
     */
    Instant LATEST = Limits.LATEST;

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
     * The first {@code count} allowed intervals from {@code from} on that last at least
     * {@code atLeast}, in order: each is {@link #next(Instant, UpgradeKind, Duration, Duration) next}
     * from the end of the one before (the first from {@code from}), looked for
     * {@link #DEFAULT_SEARCH} ahead and then, when none starts so soon, up to {@code within} ahead
     * (rules may leave more than two years between two windows: every fourth year, a leap day). The
     * list ends early at an open interval, or where no interval starts within {@code within}: then
     * {@link Upcoming#stoppedAt()} says where the search stopped.
     *
     * @param from the earliest start, from {@link #EARLIEST} up to (not including) {@link #LATEST}
     * @param kind the kind of upgrade
     * @param atLeast the least time each interval must leave: zero (accepts any) or more
     * @param count how many intervals: 1 or more
     * @param within how far after the previous interval (or {@code from}) the next may start: positive
     * @return the intervals found, at most {@code count}
     * @throws IllegalArgumentException when an argument is outside its range
     */
    default Upcoming upcoming(Instant from, UpgradeKind kind, Duration atLeast, int count, Duration within) {
        if (count < 1) {
            throw new IllegalArgumentException("count must be 1 or more, got " + count);
        }
        List<Interval> found = new ArrayList<>();
        Instant at = from;
        while (found.size() < count) {
            Optional<Interval> next = next(at, kind, atLeast, within.compareTo(DEFAULT_SEARCH) < 0 ? within : DEFAULT_SEARCH);
            if (next.isEmpty() && within.compareTo(DEFAULT_SEARCH) > 0) {
                next = next(at, kind, atLeast, within);
            }
            if (next.isEmpty()) {
                return new Upcoming(found, Optional.of(at.plus(within)));
            }
            found.add(next.get());
            if (next.get().isOpen()) {
                break;
            }
            at = next.get().end().orElseThrow();
        }
        return new Upcoming(found, Optional.empty());
    }

    /**
     * What {@link #upcoming} found.
     *
     * @param intervals the intervals, in order
     * @param stoppedAt where the search stopped when it found fewer than asked because no interval
     *     starts within reach of the last one; empty when it found them all or ended at an open one
     */
    record Upcoming(List<Interval> intervals, Optional<Instant> stoppedAt) {
        /** Copies the list; both are required. */
        public Upcoming {
            intervals = List.copyOf(intervals);
            java.util.Objects.requireNonNull(stoppedAt, "stoppedAt");
        }
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
