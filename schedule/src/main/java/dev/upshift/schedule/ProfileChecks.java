package dev.upshift.schedule;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.value.Durations;
import java.time.Duration;
import java.time.Instant;
import java.util.TreeSet;

/** Checks a schedule against an {@link AvailabilityProfile}'s rules. */
final class ProfileChecks {
    private ProfileChecks() {}

    static void windowLengths(AvailabilityProfile profile, AvailabilityProfile.WindowLength rule,
            MaintenanceSchedule schedule, Problems problems) {
        for (MaintenanceWindow w : schedule.windows()) {
            Duration d = w.span().length().duration();
            if (d.compareTo(rule.min()) < 0 || d.compareTo(rule.max()) > 0) {
                problems.error(w.origin().location(), w.origin().field(), "profile " + profile.name() + ": window '"
                        + w.name() + "' lasts " + Durations.format(d) + "; the profile allows windows of "
                        + Durations.format(rule.min()) + " to " + Durations.format(rule.max()));
            }
        }
    }

    /**
     * Finds the rolling period with the least counted allowed time. The counted time is piecewise
     * linear in the period's start, with breaks only where an edge of the period meets an edge of
     * a block or the point where a cut block reaches the counting threshold; so it is evaluated at
     * each such point and one second either side.
     */
    static void allowedTime(AvailabilityProfile profile, AvailabilityProfile.AllowedTime rule,
            MaintenanceSchedule schedule, Instant from, Problems problems) {
        long a = Limits.checkRange(from, "from").getEpochSecond();
        long b = Math.min(Limits.LATEST.getEpochSecond(), a + Limits.DEFAULT_HORIZON.getSeconds());
        Expansion.Outcome outcome = Expansion.budgeted(schedule, a, b);
        if (outcome instanceof Expansion.OverBudget over) {
            problems.error(schedule.origin().location(), schedule.origin().field(), over.message());
            return;
        }
        IntervalSet blocks = ((Expansion.Expanded) outcome).expansion().allowed(UpgradeClass.PATCH_OR_CONFIG);
        long w = Math.min(rule.inAnyRolling().getSeconds(), b - a);
        long c = rule.countingBlocksOf().getSeconds();
        long lastStart = b - w;
        TreeSet<Long> candidates = new TreeSet<>();
        candidates.add(a);
        candidates.add(lastStart);
        for (int i = 0; i < blocks.size(); i++) {
            long s = blocks.start(i);
            long e = blocks.end(i);
            for (long p : new long[] {s, e, s - w, e - w, e - c, s - w + c}) {
                for (long q = p - 1; q <= p + 1; q++) {
                    if (q >= a && q <= lastStart) {
                        candidates.add(q);
                    }
                }
            }
        }
        long worstStart = a;
        long worst = Long.MAX_VALUE;
        for (long t : candidates) {
            long counted = counted(blocks, t, t + w, c);
            if (counted < worst) {
                worst = counted;
                worstStart = t;
            }
        }
        if (worst < rule.atLeast().getSeconds()) {
            problems.error(schedule.origin().location(), schedule.origin().field(), "profile " + profile.name()
                    + ": in the " + human(Duration.ofSeconds(w)) + " from " + Instant.ofEpochSecond(worstStart)
                    + " the schedule allows only " + Durations.format(Duration.ofSeconds(worst))
                    + " in blocks of at least " + Durations.format(rule.countingBlocksOf())
                    + "; the profile requires at least " + Durations.format(rule.atLeast())
                    + " in any " + human(rule.inAnyRolling()));
        }
    }

    /** Whole days as {@code 32d}, anything else in Go style. */
    static String human(Duration d) {
        return !d.isZero() && d.getSeconds() % 86_400 == 0 && d.getNano() == 0 ? d.toDays() + "d" : Durations.format(d);
    }

    private static long counted(IntervalSet blocks, long from, long to, long threshold) {
        long sum = 0;
        for (int i = blocks.firstEndingAfter(from); i < blocks.size() && blocks.start(i) < to; i++) {
            long part = Math.min(to, blocks.end(i)) - Math.max(from, blocks.start(i));
            if (part >= threshold) {
                sum += part;
            }
        }
        return sum;
    }
}
