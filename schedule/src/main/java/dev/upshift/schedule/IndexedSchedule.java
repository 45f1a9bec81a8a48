package dev.upshift.schedule;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One schedule's allowed time, expanded over a range of instants that grows on demand. Its schedule
 * is within {@link OccurrenceBound} (checked when the index is built), so widening always
 * succeeds: no query fails for a range it has not seen yet.
 *
 * <p>The expansion is a cache of a pure function: the allowed time over a range depends only on
 * the schedule and the range, and expansions of adjacent ranges join exactly. So answers never
 * depend on what was asked before. The current expansion is an immutable value behind an
 * {@link AtomicReference}: readers take a snapshot without locking; a query past the covered range
 * computes a wider expansion and installs it with compare-and-set (two threads racing both compute
 * the same value and one of them wins). A query far (more than one horizon) from the covered range
 * replaces the cache instead of filling the gap.
 */
final class IndexedSchedule implements AllowedIntervals {
    private static final long LATEST = Limits.LATEST.getEpochSecond();
    private static final long EARLIEST = Limits.EARLIEST.getEpochSecond();

    private final MaintenanceSchedule schedule;
    private final long horizon;
    private final AtomicReference<Expansion> expansion;

    /** Expands a schedule within {@link OccurrenceBound} over {@code horizon} from {@code origin}. */
    IndexedSchedule(MaintenanceSchedule schedule, Instant origin, Duration horizon) {
        this.schedule = schedule;
        this.horizon = Math.min(horizon.getSeconds(), LATEST - EARLIEST);
        long from = Limits.checkRange(origin, "origin").getEpochSecond();
        this.expansion = new AtomicReference<>(Expansion.compute(schedule, from, Math.min(LATEST, from + this.horizon)));
    }

    MaintenanceSchedule schedule() {
        return schedule;
    }

    /** An expansion covering [from, to). */
    private Expansion covering(long from, long to) {
        Expansion current = expansion.get();
        while (!current.covers(from, to)) {
            Expansion wider = widen(current, from, to);
            if (expansion.compareAndSet(current, wider)) {
                return wider;
            }
            current = expansion.get();
        }
        return current;
    }

    private Expansion widen(Expansion current, long from, long to) {
        if (to < current.from - horizon || from > current.to + horizon) {
            return Expansion.compute(schedule, from, Math.min(LATEST, Math.max(to, from + horizon)));
        }
        Expansion result = current;
        if (from < result.from) {
            long start = Math.max(EARLIEST, Math.min(from, result.from - horizon));
            result = result.join(Expansion.compute(schedule, start, result.from));
        }
        if (to > result.to) {
            long end = Math.min(LATEST, Math.max(to, result.to + horizon));
            result = result.join(Expansion.compute(schedule, result.to, end));
        }
        return result;
    }

    @Override
    public boolean permits(Instant at, UpgradeKind kind) {
        long t = Limits.checkRange(at, "instant").getEpochSecond();
        return covering(t, t + 1).allowed(kind).contains(t);
    }

    @Override
    public Optional<Interval> next(Instant at, UpgradeKind kind, Duration atLeast, Duration within) {
        Limits.checkNext(at, kind, atLeast, within);
        long t = at.getEpochSecond();
        long startLimit = saturatedAdd(t, within);
        long reach = Math.min(LATEST, saturatedAdd(startLimit, atLeast));
        Expansion e = covering(t, Math.min(reach, t + 1));
        while (true) {
            IntervalSet set = e.allowed(kind);
            for (int i = set.firstEndingAfter(t); i < set.size(); i++) {
                long start = set.start(i);
                long end = set.end(i);
                Instant from = start > t ? Instant.ofEpochSecond(start) : at;
                if (start >= startLimit) {
                    return Optional.empty();
                }
                if (end == e.to && e.to <= reach && e.to < LATEST) {
                    break; // cut by the expansion's edge: look past reach to tell an end there from one beyond
                }
                if (end > reach || end == LATEST) {
                    return Optional.of(Interval.openFrom(from));
                }
                if (leaves(from, end, atLeast)) {
                    return Optional.of(new Interval(from, Instant.ofEpochSecond(end)));
                }
            }
            if (e.to > reach || e.to >= LATEST) {
                return Optional.empty();
            }
            e = covering(t, Math.min(LATEST, Math.min(reach + 1, e.to + horizon)));
        }
    }

    private static boolean leaves(Instant from, long end, Duration atLeast) {
        long seconds = end - from.getEpochSecond();
        return Duration.ofSeconds(seconds, -from.getNano()).compareTo(atLeast) >= 0;
    }

    private static long saturatedAdd(long t, Duration d) {
        long s = d.getSeconds() + (d.getNano() > 0 ? 1 : 0);
        return s > LATEST - t ? LATEST : t + s;
    }

    @Override
    public List<Interval> between(Instant from, Instant to, UpgradeKind kind) {
        Limits.checkBetween(from, to, kind);
        long a = from.getEpochSecond();
        long b = to.getEpochSecond() + (to.getNano() > 0 ? 1 : 0);
        if (a >= b) {
            return List.of();
        }
        return clip(covering(a, b).allowed(kind), from, to);
    }

    /** The intervals of a set that overlap [from, to), clipped to it. */
    static List<Interval> clip(IntervalSet set, Instant from, Instant to) {
        List<Interval> out = new ArrayList<>();
        for (int i = set.firstEndingAfter(from.getEpochSecond()); i < set.size(); i++) {
            Instant s = Instant.ofEpochSecond(set.start(i));
            Instant e = Instant.ofEpochSecond(set.end(i));
            if (!s.isBefore(to)) {
                break;
            }
            Instant cs = s.isBefore(from) ? from : s;
            Instant ce = e.isAfter(to) ? to : e;
            if (cs.isBefore(ce)) {
                out.add(new Interval(cs, ce));
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return "allowed intervals of " + schedule.name();
    }
}
