package dev.upshift.core.simulate;

import dev.upshift.common.problem.UpshiftException;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PlanKind;
import dev.upshift.diff.rule.Impact;
import dev.upshift.schedule.AllowedIntervals;
import dev.upshift.schedule.Interval;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.schedule.ScheduleIndex;
import dev.upshift.schedule.UpgradeKind;
import dev.upshift.spi.ManagedCluster;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The calendars of a simulated range: each schedule's windows and exclusions, and each cluster's
 * allowed time. Read from the schedules themselves, not from the planner, so that a report shows
 * what the schedules say. Like the planner, the first of two schedules sharing a name is kept; a
 * schedule that cannot be expanded is left out (the plan reports it).
 */
final class Calendars {
    private final Instant from;
    private final Instant until;
    private final TreeMap<String, MaintenanceSchedule> byName = new TreeMap<>();
    private final TreeMap<String, AllowedIntervals> indexed = new TreeMap<>();

    Calendars(Collection<MaintenanceSchedule> schedules, Instant from, Instant until) {
        this.from = from;
        this.until = until;
        Duration horizon = Duration.between(from, until).plusDays(1);
        for (MaintenanceSchedule s : schedules) {
            if (byName.containsKey(s.name())) {
                continue;
            }
            try {
                indexed.put(s.name(), ScheduleIndex.build(List.of(s), from, horizon).get(s.name()).orElseThrow());
                byName.put(s.name(), s);
            } catch (UpshiftException | IllegalArgumentException unusable) {
                byName.put(s.name(), null);
            }
        }
    }

    /** The schedules clusters name, drawn, by name. */
    List<ScheduleCalendar> schedules(Collection<String> named) {
        List<ScheduleCalendar> out = new ArrayList<>();
        for (String name : new java.util.TreeSet<>(named)) {
            MaintenanceSchedule s = byName.get(name);
            if (s != null) {
                out.add(new ScheduleCalendar(name, s.windowsBetween(from, until), s.exclusionsBetween(from, until)));
            }
        }
        return out;
    }

    /** What a cluster's schedule and freeze allow for the kind of its first planned upgrade. */
    List<Interval> allowed(ManagedCluster cluster, Optional<PlanEntry> first) {
        AllowedIntervals allowed;
        if (cluster.schedule().isEmpty()) {
            allowed = AllowedIntervals.always();
        } else {
            allowed = indexed.get(cluster.schedule().get());
            if (allowed == null) {
                return List.of();
            }
        }
        if (cluster.freeze().isPresent()) {
            allowed = allowed.withFreeze(cluster.freeze().get());
        }
        return allowed.between(from, until, kind(first));
    }

    static UpgradeKind kind(Optional<PlanEntry> entry) {
        Optional<PlanKind> kind = entry.flatMap(PlanEntry::kind);
        if (kind.isEmpty()) {
            return UpgradeKind.PATCH;
        }
        UpgradeKind k = UpgradeKind.of(kind.get().versionChange());
        boolean nodes = entry.flatMap(PlanEntry::impact).map(i -> i.compareTo(Impact.ROLLING) >= 0).orElse(false);
        return nodes ? k.changingNodes() : k;
    }
}
