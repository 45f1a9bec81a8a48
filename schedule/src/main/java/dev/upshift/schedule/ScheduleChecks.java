package dev.upshift.schedule;

import dev.upshift.common.read.ObjectView;
import java.time.Instant;
import java.util.Optional;

/**
 * The checks that tell a user a schedule is useless or dangerous, made when it is read. They look
 * at the two years after the schedule's first window (or first exclusion), so their outcome
 * depends only on the document; and at the {@link OccurrenceBound} of its rules, which holds for
 * every year, so that an index can expand the schedule wherever it is asked.
 */
final class ScheduleChecks {
    private ScheduleChecks() {}

    static void check(MaintenanceSchedule schedule, ObjectView spec) {
        if (schedule.windows().isEmpty() && schedule.exclusions().isEmpty()) {
            spec.problems().warning(spec.location(), spec.path(),
                    "the schedule has no maintenanceWindows and no maintenanceExclusions: it allows upgrades at any time");
            return;
        }
        Optional<Instant> reference = reference(schedule);
        Optional<Expansion.Outcome> measured = reference.map(r -> Expansion.budgeted(schedule, r.getEpochSecond(),
                Math.min(Limits.LATEST.getEpochSecond(), r.getEpochSecond() + Limits.DEFAULT_HORIZON.getSeconds())));
        Optional<String> tooMany = measured.filter(Expansion.OverBudget.class::isInstance)
                .map(o -> ((Expansion.OverBudget) o).message()).or(() -> OccurrenceBound.problem(schedule));
        if (tooMany.isPresent()) {
            spec.problems().error(spec.location(), spec.path(), tooMany.get());
            return;
        }
        if (reference.isPresent() && !schedule.windows().isEmpty() && !schedule.exclusions().isEmpty()) {
            hiddenWindows(((Expansion.Expanded) measured.get()).expansion(), "the two years from " + reference.get(), spec);
        }
    }

    private static void hiddenWindows(Expansion e, String range, ObjectView spec) {
        if (e.allowed(UpgradeClass.PATCH_OR_CONFIG).size() == 0) {
            spec.error("maintenanceExclusions", "the exclusions hide every window in " + range
                    + ": no upgrade could ever run");
        } else if (e.allowed(UpgradeClass.MINOR_OR_MAJOR).size() == 0) {
            spec.warning("maintenanceExclusions", "the exclusions hide every window from minor and major upgrades in "
                    + range);
        }
    }

    /** The start of the schedule's first window, or of its first exclusion when it has no windows. */
    private static Optional<Instant> reference(MaintenanceSchedule schedule) {
        Optional<Instant> first = Optional.empty();
        if (!schedule.windows().isEmpty()) {
            for (MaintenanceWindow w : schedule.windows()) {
                first = earlier(first, w.span().firstOccurrence());
            }
        } else {
            for (MaintenanceExclusion x : schedule.exclusions()) {
                first = earlier(first, x.span().firstOccurrence());
            }
        }
        return first;
    }

    private static Optional<Instant> earlier(Optional<Instant> a, Optional<Interval> b) {
        if (b.isEmpty()) {
            return a;
        }
        Instant s = b.get().start();
        return a.isEmpty() || s.isBefore(a.get()) ? Optional.of(s) : a;
    }
}
