package dev.upshift.schedule;

import java.time.Instant;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A schedule's allowed time over {@code [from, to)} (epoch seconds), one interval set per
 * {@link UpgradeClass}. Windows are merged (overlapping or touching ones become one interval), then
 * the exclusions that block each class are cut out, and everything is clipped to the range. A
 * schedule without windows allows all of the range except its exclusions. Immutable.
 */
final class Expansion {
    private static final long UNLIMITED = Long.MAX_VALUE;

    final long from;
    final long to;
    private final Map<UpgradeClass, IntervalSet> allowed;

    private Expansion(long from, long to, Map<UpgradeClass, IntervalSet> allowed) {
        this.from = from;
        this.to = to;
        this.allowed = allowed;
    }

    /** What a budgeted expansion gives: the expansion, or the occurrence budget it ran out of. */
    sealed interface Outcome permits Expanded, OverBudget {}

    /** The schedule expanded within its budget. */
    record Expanded(Expansion expansion) implements Outcome {}

    /** The schedule has more occurrences in the range than the budget allows; the message says which entry went over. */
    record OverBudget(String message) implements Outcome {}

    IntervalSet allowed(UpgradeClass upgrades) {
        return allowed.get(upgrades);
    }

    IntervalSet allowed(UpgradeKind kind) {
        return allowed(kind.upgradeClass());
    }

    boolean covers(long start, long end) {
        return from <= start && end <= to;
    }

    /**
     * Expands a schedule over a range, however many occurrences it has there. Only for schedules
     * within {@link OccurrenceBound}'s limit, which bounds the work by the length of the range.
     */
    static Expansion compute(MaintenanceSchedule schedule, long from, long to) {
        return ((Expanded) compute(schedule, from, to, UNLIMITED)).expansion();
    }

    /**
     * Expands a schedule over a range, stopping as soon as it has more occurrences there than
     * {@link Limits#occurrenceLimit} allows: the check made when a schedule is read or checked
     * against a profile, which must stay cheap whatever the schedule says.
     */
    static Outcome budgeted(MaintenanceSchedule schedule, long from, long to) {
        return compute(schedule, from, to, Limits.occurrenceLimit(Instant.ofEpochSecond(from), Instant.ofEpochSecond(to)));
    }

    private static Outcome compute(MaintenanceSchedule schedule, long from, long to, long limit) {
        Instant a = Instant.ofEpochSecond(from);
        Instant b = Instant.ofEpochSecond(to);
        long used = 0;
        IntervalSet windows;
        if (schedule.windows().isEmpty()) {
            windows = IntervalSet.of(from, to);
        } else {
            Collector c = new Collector();
            for (MaintenanceWindow w : schedule.windows()) {
                Optional<List<Interval>> occurrences = w.span().occurrences(a, b, limit - used);
                if (occurrences.isEmpty()) {
                    return overBudget(schedule, w.name(), limit, a, b);
                }
                used += occurrences.get().size();
                c.addAll(occurrences.get());
            }
            windows = c.union().clip(from, to);
        }
        Map<UpgradeClass, Collector> blocked = new EnumMap<>(UpgradeClass.class);
        for (UpgradeClass u : UpgradeClass.values()) {
            blocked.put(u, new Collector());
        }
        for (MaintenanceExclusion x : schedule.exclusions()) {
            Optional<List<Interval>> occurrences = x.span().occurrences(a, b, limit - used);
            if (occurrences.isEmpty()) {
                return overBudget(schedule, x.name(), limit, a, b);
            }
            used += occurrences.get().size();
            for (UpgradeClass u : UpgradeClass.values()) {
                if (x.scope().blocks(u)) {
                    blocked.get(u).addAll(occurrences.get());
                }
            }
        }
        Map<UpgradeClass, IntervalSet> allowed = new EnumMap<>(UpgradeClass.class);
        for (UpgradeClass u : UpgradeClass.values()) {
            allowed.put(u, windows.minus(blocked.get(u).union()));
        }
        return new Expanded(new Expansion(from, to, allowed));
    }

    private static OverBudget overBudget(MaintenanceSchedule schedule, String name, long limit, Instant from, Instant to) {
        return new OverBudget("schedule " + schedule.name() + ": '" + name + "' brings it to more than "
                + String.format(Locale.ROOT, "%,d", limit) + " occurrences between " + from + " and " + to
                + "; Upshift expands at most " + String.format(Locale.ROOT, "%,d", Limits.OCCURRENCES_PER_YEAR)
                + " window and exclusion occurrences per schedule and year");
    }

    /** This expansion joined with the expansion of an adjacent range (before or after it). */
    Expansion join(Expansion other) {
        Expansion first = other.to == from ? other : this;
        Expansion second = first == this ? other : this;
        if (first.to != second.from) {
            throw new IllegalArgumentException("ranges do not touch");
        }
        Map<UpgradeClass, IntervalSet> joined = new EnumMap<>(UpgradeClass.class);
        for (UpgradeClass u : UpgradeClass.values()) {
            joined.put(u, first.allowed(u).concat(second.allowed(u)));
        }
        return new Expansion(first.from, second.to, joined);
    }

    /** Gathers intervals as seconds for a union. */
    private static final class Collector {
        private long[] starts = new long[16];
        private long[] ends = new long[16];
        private int size;

        void addAll(List<Interval> intervals) {
            for (Interval iv : intervals) {
                if (size == starts.length) {
                    starts = Arrays.copyOf(starts, size * 2);
                    ends = Arrays.copyOf(ends, size * 2);
                }
                starts[size] = iv.start().getEpochSecond();
                ends[size++] = iv.end().orElseThrow().getEpochSecond();
            }
        }

        IntervalSet union() {
            return IntervalSet.union(starts, ends, size);
        }
    }
}
