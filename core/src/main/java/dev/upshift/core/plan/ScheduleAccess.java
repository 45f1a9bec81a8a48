package dev.upshift.core.plan;

import dev.upshift.common.problem.Problem;
import dev.upshift.schedule.AllowedIntervals;
import dev.upshift.schedule.Interval;
import dev.upshift.schedule.MaintenanceExclusion;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.schedule.ScheduleIndex;
import dev.upshift.schedule.UpgradeKind;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The fleet's schedules, each indexed once ({@link ScheduleIndex}) from the first instant planned
 * for, and the same schedules without their exclusions (to tell when an exclusion is what delays an
 * upgrade). A schedule that cannot be indexed is reported once and then treated as unknown.
 */
final class ScheduleAccess {
    private final Map<String, MaintenanceSchedule> schedules;
    private final Duration horizon;
    private final Map<String, Optional<AllowedIntervals>> indexed = new ConcurrentHashMap<>();
    private final Map<String, AllowedIntervals> withoutExclusions = new ConcurrentHashMap<>();
    private final Map<String, String> unusable = new ConcurrentHashMap<>();

    ScheduleAccess(Map<String, MaintenanceSchedule> schedules, Duration horizon) {
        this.schedules = schedules;
        this.horizon = horizon;
    }

    /** The allowed time of a schedule, indexed from {@code origin} on first use; empty when unknown or unusable. */
    Optional<AllowedIntervals> get(String name, Instant origin) {
        return indexed.computeIfAbsent(name, n -> {
            MaintenanceSchedule s = schedules.get(n);
            if (s == null) {
                return Optional.empty();
            }
            try {
                return ScheduleIndex.build(List.of(s), origin, horizon).get(n);
            } catch (RuntimeException e) {
                unusable.put(n, e.getMessage() == null ? "cannot be expanded" : e.getMessage());
                return Optional.empty();
            }
        });
    }

    /** Indexes every schedule from {@code origin} (those not indexed yet), so that each unusable one is reported whoever names it. */
    void indexAll(Instant origin) {
        for (String name : schedules.keySet()) {
            get(name, origin);
        }
    }

    /** Why a schedule the fleet has could not be indexed, if it could not. */
    Optional<String> unusable(String name) {
        return Optional.ofNullable(unusable.get(name));
    }

    /** Problems of schedules that could not be indexed, at each schedule. */
    List<Problem> problems() {
        List<Problem> out = new ArrayList<>();
        new java.util.TreeMap<>(unusable).forEach((name, why) -> out.add(Problem.error(schedules.get(name).origin().location(), "spec",
                "schedule " + name + " cannot be used: " + why)));
        return out;
    }

    /** The schedule named, whether or not it can be indexed. */
    Optional<MaintenanceSchedule> schedule(String name) {
        return Optional.ofNullable(schedules.get(name));
    }

    /** The allowed time of a schedule's windows alone, ignoring its exclusions. */
    AllowedIntervals withoutExclusions(MaintenanceSchedule s, Instant origin) {
        return withoutExclusions.computeIfAbsent(s.name(), n -> {
            MaintenanceSchedule bare = new MaintenanceSchedule(s.metadata(), s.timeZone(), s.windows(), List.of(),
                    s.origin());
            return ScheduleIndex.build(List.of(bare), origin, horizon).get(n).orElseThrow();
        });
    }

    /**
     * The first occurrence of an exclusion of {@code s} that blocks {@code kind} and overlaps
     * {@code [from, from + length)}, with the exclusion; empty when none does.
     */
    static Optional<Blocking> blockingExclusion(MaintenanceSchedule s, UpgradeKind kind, Instant from, Duration length) {
        Instant to = from.plus(length.isZero() ? Duration.ofSeconds(1) : length);
        Blocking best = null;
        for (MaintenanceExclusion e : s.exclusions()) {
            if (!e.scope().blocks(kind)) {
                continue;
            }
            for (Interval occurrence : e.span().occurrences(from, to)) {
                if (best == null || occurrence.start().isBefore(best.occurrence().start())) {
                    best = new Blocking(e, occurrence);
                }
                break;
            }
        }
        return Optional.ofNullable(best);
    }

    /** An exclusion and the occurrence of it that blocks. */
    record Blocking(MaintenanceExclusion exclusion, Interval occurrence) {}
}
