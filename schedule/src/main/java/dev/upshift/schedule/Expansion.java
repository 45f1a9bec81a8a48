package dev.upshift.schedule;

import dev.upshift.diff.problem.UpshiftException;
import java.time.Instant;
import java.util.List;

/**
 * A schedule's allowed time over {@code [from, to)} (epoch seconds), one interval set per
 * restriction (see {@link UpgradeKind#restriction()}). Windows are merged (overlapping or touching
 * ones become one interval), then the exclusions that apply to each restriction are cut out, and
 * everything is clipped to the range. A schedule without windows allows all of the range except
 * its exclusions. Immutable.
 */
final class Expansion {
    static final int RESTRICTIONS = 3;

    final long from;
    final long to;
    private final IntervalSet[] allowed;

    private Expansion(long from, long to, IntervalSet[] allowed) {
        this.from = from;
        this.to = to;
        this.allowed = allowed;
    }

    IntervalSet allowed(int restriction) {
        return allowed[restriction];
    }

    boolean covers(long start, long end) {
        return from <= start && end <= to;
    }

    /**
     * Expands a schedule over a range.
     *
     * @throws UpshiftException when the schedule has more occurrences in the range than
     *     {@link Limits#occurrenceLimit} allows
     */
    static Expansion compute(MaintenanceSchedule schedule, long from, long to) {
        Instant a = Instant.ofEpochSecond(from);
        Instant b = Instant.ofEpochSecond(to);
        Budget budget = new Budget(schedule, Limits.occurrenceLimit(a, b));
        IntervalSet windows;
        if (schedule.windows().isEmpty()) {
            windows = IntervalSet.of(from, to);
        } else {
            Collector c = new Collector();
            for (MaintenanceWindow w : schedule.windows()) {
                c.addAll(budget.occurrences(w.name(), w.span(), a, b));
            }
            windows = c.union().clip(from, to);
        }
        Collector[] blocked = {new Collector(), new Collector(), new Collector()};
        for (MaintenanceExclusion x : schedule.exclusions()) {
            List<Interval> occurrences = budget.occurrences(x.name(), x.span(), a, b);
            for (int r = 0; r < RESTRICTIONS; r++) {
                if (x.scope().blocksRestriction(r)) {
                    blocked[r].addAll(occurrences);
                }
            }
        }
        IntervalSet[] allowed = new IntervalSet[RESTRICTIONS];
        for (int r = 0; r < RESTRICTIONS; r++) {
            allowed[r] = windows.minus(blocked[r].union());
        }
        return new Expansion(from, to, allowed);
    }

    /** This expansion joined with the expansion of an adjacent range (before or after it). */
    Expansion join(Expansion other) {
        Expansion first = other.to == from ? other : this;
        Expansion second = first == this ? other : this;
        if (first.to != second.from) {
            throw new IllegalArgumentException("ranges do not touch");
        }
        IntervalSet[] joined = new IntervalSet[RESTRICTIONS];
        for (int r = 0; r < RESTRICTIONS; r++) {
            joined[r] = first.allowed[r].concat(second.allowed[r]);
        }
        return new Expansion(first.from, second.to, joined);
    }

    /** Counts occurrences against the schedule's limit for the range. */
    private static final class Budget {
        private final MaintenanceSchedule schedule;
        private final long limit;
        private long used;

        Budget(MaintenanceSchedule schedule, long limit) {
            this.schedule = schedule;
            this.limit = limit;
        }

        List<Interval> occurrences(String name, RecurringSpan span, Instant from, Instant to) {
            List<Interval> out = span.occurrences(from, to, limit - used);
            used += out.size();
            if (used > limit) {
                throw new UpshiftException("schedule " + schedule.name() + ": '" + name + "' brings it to more than "
                        + String.format(java.util.Locale.ROOT, "%,d", limit) + " occurrences between " + from + " and " + to
                        + "; Upshift expands at most " + String.format(java.util.Locale.ROOT, "%,d", Limits.OCCURRENCES_PER_YEAR)
                        + " window and exclusion occurrences per schedule and year");
            }
            return out;
        }
    }

    /** Gathers intervals as seconds for a union. */
    private static final class Collector {
        private long[] starts = new long[16];
        private long[] ends = new long[16];
        private int size;

        void addAll(List<Interval> intervals) {
            for (Interval iv : intervals) {
                if (size == starts.length) {
                    starts = java.util.Arrays.copyOf(starts, size * 2);
                    ends = java.util.Arrays.copyOf(ends, size * 2);
                }
                starts[size] = iv.start().getEpochSecond();
                ends[size++] = iv.end().getEpochSecond();
            }
        }

        IntervalSet union() {
            return IntervalSet.union(starts, ends, size);
        }
    }
}
