package dev.upshift.core.simulate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.value.Durations;
import dev.upshift.core.plan.PlanInput;
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
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apiguardian.api.API;

/**
 * One change to a fleet's inputs that {@link EndOfLife} tried in the simulator: start an upgrade
 * earlier, allow one more window a week, or let a stage run more clusters at once. A suggestion is
 * reported only when the simulation of the changed inputs has the cluster off the release in time
 * (docs/simulation.md, "End of life").
 *
 * <p>{@link #apply(PlanInput)} is the change itself: the input with exactly this one thing changed,
 * the way a person would edit the document. Inputs that name nothing the change names are returned
 * unchanged.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface EndOfLifeChange
        permits EndOfLifeChange.StartEarlier, EndOfLifeChange.ExtraWindow, EndOfLifeChange.RaiseConcurrency {

    /** What kind of change it is, as the JSON writes it: {@code startEarlier}, {@code extraWindow}, {@code maxConcurrent}. */
    String kind();

    /** The change in words: {@code start data-follows-stable 1d 5h earlier, at 2026-12-14T09:00:00Z}. */
    String text();

    /** The input with this change made. */
    PlanInput apply(PlanInput input);

    /**
     * Start an upgrade earlier: its {@code startTime} moved back.
     *
     * @param upgrade the {@code ClusterUpgrade}'s name
     * @param startTime the new {@code startTime}
     * @param earlier how much earlier than it was; positive
     */
    record StartEarlier(String upgrade, Instant startTime, Duration earlier) implements EndOfLifeChange {
        /** Validates the parts. */
        public StartEarlier {
            Objects.requireNonNull(upgrade, "upgrade");
            Objects.requireNonNull(startTime, "startTime");
            if (earlier.isZero() || earlier.isNegative()) {
                throw new IllegalArgumentException("starting earlier means a positive time, not " + earlier);
            }
        }

        @Override
        public String kind() {
            return "startEarlier";
        }

        @Override
        public String text() {
            return "start " + upgrade + " " + Durations.approximate(earlier) + " earlier, at " + startTime;
        }

        @Override
        public PlanInput apply(PlanInput input) {
            return withUpgrade(input, upgrade, u -> u.toBuilder().startTime(startTime).build());
        }
    }

    /**
     * Allow one more window a week: a schedule gains a weekly window.
     *
     * @param schedule the {@code MaintenanceSchedule}'s name
     * @param firstStart the new window's first start, on the schedule's clock ({@code zone}); it recurs
     *     every week on that day at that time
     * @param length how long it lasts; positive
     * @param zone the clock it follows
     */
    record ExtraWindow(String schedule, LocalDateTime firstStart, Duration length, ZoneId zone)
            implements EndOfLifeChange {
        /** Validates the parts. */
        public ExtraWindow {
            Objects.requireNonNull(schedule, "schedule");
            Objects.requireNonNull(firstStart, "firstStart");
            Objects.requireNonNull(zone, "zone");
            if (length.isZero() || length.isNegative()) {
                throw new IllegalArgumentException("a window lasts a positive time, not " + length);
            }
        }

        /** The day of the week it recurs on. */
        public DayOfWeek day() {
            return firstStart.getDayOfWeek();
        }

        /** The recurrence of the new window: {@code FREQ=WEEKLY;BYDAY=FR}. */
        public String recurrence() {
            return "FREQ=WEEKLY;BYDAY=" + day().name().substring(0, 2);
        }

        @Override
        public String kind() {
            return "extraWindow";
        }

        @Override
        public String text() {
            return "one more window a week in " + schedule + ": " + day().name().charAt(0)
                    + day().name().substring(1).toLowerCase(Locale.ROOT) + "s " + String.format(Locale.ROOT, "%02d:%02d", firstStart.getHour(), firstStart.getMinute())
                    + " for " + Durations.approximate(length) + " (" + zone.getId() + ")";
        }

        @Override
        public PlanInput apply(PlanInput input) {
            List<MaintenanceSchedule> schedules = new ArrayList<>(input.schedules());
            for (int i = 0; i < schedules.size(); i++) {
                MaintenanceSchedule s = schedules.get(i);
                if (s.name().equals(schedule)) {
                    RecurringSpan span = RecurringSpan.of(firstStart, zone, SpanLength.elapsed(length),
                            Optional.of(Recurrence.parse(recurrence())));
                    List<MaintenanceWindow> windows = new ArrayList<>(s.windows());
                    windows.add(new MaintenanceWindow("extra-" + day().name().toLowerCase(Locale.ROOT), span, s.origin()));
                    schedules.set(i, new MaintenanceSchedule(s.metadata(), s.timeZone(), windows, s.exclusions(), s.origin()));
                    break;
                }
            }
            return new PlanInput(input.catalog(), input.clusters(), schedules, input.upgrades(), input.history(),
                    input.problems(), input.fields(), input.unread(), input.removals(), input.live());
        }
    }

    /**
     * Let a stage run more clusters at once: its {@code maxConcurrent} raised to a number.
     *
     * @param upgrade the {@code ClusterUpgrade}'s name
     * @param stage the stage's name
     * @param maxConcurrent the new limit, a number of clusters
     * @param was the limit before
     */
    record RaiseConcurrency(String upgrade, String stage, int maxConcurrent, MaxConcurrent was)
            implements EndOfLifeChange {
        /** Validates the parts. */
        public RaiseConcurrency {
            Objects.requireNonNull(upgrade, "upgrade");
            Objects.requireNonNull(stage, "stage");
            Objects.requireNonNull(was, "was");
            if (maxConcurrent < 1) {
                throw new IllegalArgumentException("maxConcurrent must be at least 1, not " + maxConcurrent);
            }
        }

        @Override
        public String kind() {
            return "maxConcurrent";
        }

        @Override
        public String text() {
            return "maxConcurrent " + maxConcurrent + " (not " + was + ") in stage " + stage + " of " + upgrade;
        }

        @Override
        public PlanInput apply(PlanInput input) {
            return withUpgrade(input, upgrade, u -> {
                List<Stage> stages = new ArrayList<>(u.stages());
                stages.replaceAll(s -> s.name().equals(stage) ? s.withMaxConcurrent(MaxConcurrent.clusters(maxConcurrent)) : s);
                return new ClusterUpgrade(u.name(), u.matchers(), u.target(), u.startTime(), u.expectedDuration(),
                        u.windowPolicy(), u.strategy(), stages, u.location());
            });
        }
    }

    /** The input with the first upgrade of that name changed; later ones of the name are ignored by the planner. */
    private static PlanInput withUpgrade(PlanInput input, String name, UnaryOperator<ClusterUpgrade> change) {
        List<ClusterUpgrade> upgrades = new ArrayList<>(input.upgrades());
        for (int i = 0; i < upgrades.size(); i++) {
            if (upgrades.get(i).name().equals(name)) {
                upgrades.set(i, change.apply(upgrades.get(i)));
                break;
            }
        }
        return new PlanInput(input.catalog(), input.clusters(), input.schedules(), upgrades, input.history(),
                input.problems(), input.fields(), input.unread(), input.removals(), input.live());
    }
}
