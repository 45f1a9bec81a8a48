package dev.upshift.core.simulate;

import dev.upshift.core.plan.PlanInput;
import dev.upshift.schedule.Interval;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.schedule.MaintenanceWindow;
import dev.upshift.schedule.Recurrence;
import dev.upshift.schedule.RecurringSpan;
import dev.upshift.schedule.SpanLength;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.MaxConcurrent;
import dev.upshift.spi.Stage;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The changes worth trying for a cluster that misses an end of life, as ladders: one per upgrade
 * start, stage limit and schedule, each a list of rungs from the smallest change to the largest
 * (see {@link EndOfLife}, "Suggestions").
 */
final class EndOfLifeCandidates {
    private static final int[] DAYS_EARLIER = {1, 3, 7, 14, 28, 56};
    /** How far from the start a schedule's next window is looked for, to copy it. */
    private static final Duration LOOK_FOR_WINDOW = Duration.ofDays(35);
    /** How far a new window is compared with the windows there are, to see whether it adds anything. */
    private static final Duration TWO_WEEKS = Duration.ofDays(14);

    /**
     * One ladder of changes.
     *
     * @param key orders ladders (start times first, then stage limits, then windows) and names them
     * @param rungs its changes, smallest first
     * @param clusters the clusters it may help
     */
    record Ladder(String key, List<EndOfLifeChange> rungs, Set<String> clusters) {}

    private final PlanInput input;
    private final Simulation baseline;
    private final Instant from;

    EndOfLifeCandidates(PlanInput input, Simulation baseline, Instant from) {
        this.input = input;
        this.baseline = baseline;
        this.from = from;
    }

    /** The ladders that may help a miss: its upgrade's start, its and earlier stages' limits and schedules. */
    List<Ladder> ladders(EndOfLifeMiss m) {
        List<Ladder> out = new ArrayList<>();
        Optional<ClusterUpgrade> intent = m.upgrade().flatMap(baseline::intent);
        if (intent.isEmpty()) {
            return out;
        }
        ClusterUpgrade u = intent.get();
        start(u).ifPresent(out::add);
        List<Stage> stages = u.stages();
        int mine = m.stage().map(s -> indexOf(stages, s)).orElse(-1);
        Set<String> schedules = new TreeSet<>();
        for (SimulatedCluster c : baseline.clusters()) {
            boolean before = c.upgrade().equals(m.upgrade())
                    && (stages.isEmpty() || c.stage().map(s -> indexOf(stages, s)).filter(i -> i >= 0 && i <= mine).isPresent());
            if (before) {
                c.schedule().ifPresent(schedules::add);
            }
        }
        for (int i = 0; i <= mine; i++) {
            concurrency(u, i).ifPresent(out::add);
        }
        for (String s : schedules) {
            window(s).ifPresent(out::add);
        }
        return out;
    }

    private static int indexOf(List<Stage> stages, String name) {
        for (int i = 0; i < stages.size(); i++) {
            if (stages.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    private Optional<Ladder> start(ClusterUpgrade u) {
        Optional<Instant> start = u.startTime().filter(from::isBefore);
        if (start.isEmpty()) {
            return Optional.empty();
        }
        List<EndOfLifeChange> rungs = new ArrayList<>();
        for (int days : DAYS_EARLIER) {
            Instant t = start.get().minus(Duration.ofDays(days));
            if (!t.isAfter(from)) {
                break;
            }
            rungs.add(new EndOfLifeChange.StartEarlier(u.name(), t, Duration.ofDays(days)));
        }
        rungs.add(new EndOfLifeChange.StartEarlier(u.name(), from, Duration.between(from, start.get())));
        return Optional.of(new Ladder("1 " + u.name(), rungs, new TreeSet<>()));
    }

    private Optional<Ladder> concurrency(ClusterUpgrade u, int stageIndex) {
        Stage stage = u.stages().get(stageIndex);
        if (stage.maxConcurrent().isEmpty()) {
            return Optional.empty();
        }
        int size = (int) baseline.clusters().stream()
                .filter(c -> c.upgrade().equals(Optional.of(u.name())) && c.stage().equals(Optional.of(stage.name()))).count();
        int now = limit(stage.maxConcurrent().get(), size);
        List<EndOfLifeChange> rungs = new ArrayList<>();
        for (long n = now + 1L; n < size; n = Math.max(n + 1, n * 2)) {
            rungs.add(new EndOfLifeChange.RaiseConcurrency(u.name(), stage.name(), (int) n, stage.maxConcurrent().get()));
        }
        if (now < size) {
            rungs.add(new EndOfLifeChange.RaiseConcurrency(u.name(), stage.name(), size, stage.maxConcurrent().get()));
        }
        return rungs.isEmpty() ? Optional.empty() : Optional.of(new Ladder(String.format(Locale.ROOT, "2 %s %04d",
                u.name(), stageIndex), rungs, new TreeSet<>()));
    }

    /** As the planner counts it: the number, or the percentage of the stage floored, at least one. */
    static int limit(MaxConcurrent m, int size) {
        if (m instanceof MaxConcurrent.Clusters c) {
            return c.count();
        }
        return Math.max(1, (int) ((long) size * ((MaxConcurrent.Percent) m).percent() / 100));
    }

    private Optional<Ladder> window(String name) {
        Optional<MaintenanceSchedule> schedule = input.schedules().stream().filter(s -> s.name().equals(name)).findFirst();
        if (schedule.isEmpty() || schedule.get().windows().isEmpty()) {
            return Optional.empty();
        }
        MaintenanceSchedule s = schedule.get();
        Interval next = null;
        ZoneId zone = null;
        for (MaintenanceWindow w : s.windows()) {
            for (Interval i : w.span().occurrences(from, from.plus(LOOK_FOR_WINDOW))) {
                if (!i.start().isBefore(from) && (next == null || i.start().isBefore(next.start()))) {
                    next = i;
                    zone = w.span().zone();
                }
            }
        }
        if (next == null) {
            return Optional.empty();
        }
        LocalDateTime local = LocalDateTime.ofInstant(next.start(), zone);
        Duration length = next.duration().orElseThrow();
        List<Interval> covered = s.windowsBetween(from, from.plus(TWO_WEEKS));
        List<EndOfLifeChange> rungs = new ArrayList<>();
        LocalDate first = LocalDateTime.ofInstant(from, zone).toLocalDate();
        for (DayOfWeek day : DayOfWeek.values()) {
            LocalDateTime start = first.with(TemporalAdjusters.nextOrSame(day)).atTime(local.toLocalTime());
            EndOfLifeChange.ExtraWindow extra = new EndOfLifeChange.ExtraWindow(name, start, length, zone);
            if (addsTime(extra, covered)) {
                rungs.add(extra);
            }
        }
        return rungs.isEmpty() ? Optional.empty() : Optional.of(new Ladder("3 " + name, rungs, new TreeSet<>()));
    }

    /** Whether the new window opens time the schedule's windows do not already cover in its first two weeks. */
    private boolean addsTime(EndOfLifeChange.ExtraWindow extra, List<Interval> covered) {
        RecurringSpan span = RecurringSpan.of(extra.firstStart(), extra.zone(), SpanLength.elapsed(extra.length()),
                Optional.of(Recurrence.parse(extra.recurrence())));
        Instant until = from.plus(TWO_WEEKS);
        for (Interval i : span.occurrences(from, until)) {
            Instant a = i.start().isBefore(from) ? from : i.start();
            Instant b = i.end().orElseThrow().isAfter(until) ? until : i.end().orElseThrow();
            if (a.isBefore(b) && covered.stream().noneMatch(c -> !c.start().isAfter(a)
                    && c.end().map(e -> !e.isBefore(b)).orElse(true))) {
                return true;
            }
        }
        return false;
    }
}
