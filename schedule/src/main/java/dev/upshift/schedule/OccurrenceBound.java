package dev.upshift.schedule;

import dev.upshift.common.problem.UpshiftException;
import java.util.Locale;
import java.util.Optional;

/**
 * The most occurrences a schedule's windows and exclusions can have in any one year, from their
 * rules and lengths alone (see {@link RecurringSpan#maxOccurrencesOverlapping}).
 *
 * <p>Reading a schedule checks the occurrences it actually has over two years (25,000 a year at
 * most); this bound holds for every year, including those that no check looked at, where a window
 * may start later, a rule may be denser or long occurrences may pile up. Every schedule is held to
 * it before it is expanded: when read, when indexed and when {@link MaintenanceSchedule#allowed}
 * is asked. So an expansion never needs to give up halfway, and an index query on a schedule that
 * passed never fails, whatever range it widens to.
 */
final class OccurrenceBound {
    private OccurrenceBound() {}

    /** What is wrong with the schedule's bound, or empty when it is within {@link Limits#OCCURRENCE_BOUND_PER_YEAR}. */
    static Optional<String> problem(MaintenanceSchedule schedule) {
        long total = 0;
        long largest = -1;
        String largestName = "";
        for (MaintenanceWindow w : schedule.windows()) {
            long n = perYear(w.span());
            total = StepBound.saturatedAdd(total, n);
            if (n > largest) {
                largest = n;
                largestName = w.name();
            }
        }
        for (MaintenanceExclusion x : schedule.exclusions()) {
            long n = perYear(x.span());
            total = StepBound.saturatedAdd(total, n);
            if (n > largest) {
                largest = n;
                largestName = x.name();
            }
        }
        if (total <= Limits.OCCURRENCE_BOUND_PER_YEAR) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "schedule %s: its rules allow up to %,d window and exclusion"
                + " occurrences in one year ('%s' alone %,d), counting FREQ, INTERVAL and the BY... parts of each rule"
                + " and the occurrences still running from earlier; Upshift indexes schedules whose rules allow at"
                + " most %,d a year: use fewer or coarser rules, or shorter occurrences",
                schedule.name(), total, largestName, largest, Limits.OCCURRENCE_BOUND_PER_YEAR));
    }

    /**
     * Throws when the schedule's bound is over the limit: for schedules built in code, which no
     * reading checked.
     */
    static void require(MaintenanceSchedule schedule) {
        Optional<String> problem = problem(schedule);
        if (problem.isPresent()) {
            throw new UpshiftException(problem.get());
        }
    }

    private static long perYear(RecurringSpan span) {
        return span.maxOccurrencesOverlapping(Limits.YEAR_SECONDS);
    }
}
