package dev.upshift.testkit.fleet;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A {@code MaintenanceSchedule} document as a {@link FleetBuilder} writes it (docs/formats.md,
 * docs/schedules.md). Times are written as given: a local time ({@code 2026-01-05T22:00:00}) is in
 * the schedule's zone, one with an offset or {@code Z} is an instant. A new schedule's zone is UTC.
 *
 * <pre>{@code
 * fleet.schedule("weekday-nights", s -> s.timeZone("Europe/Berlin")
 *         .window("nights", "2026-01-05T22:00:00", Duration.ofHours(4), "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH")
 *         .exclusion("year-end", "2026-12-18T00:00:00", "2027-01-04T00:00:00", null, "noMinorUpgrades"));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ScheduleSpec {
    private final ObjectNode doc;

    ScheduleSpec(ObjectNode doc) {
        this.doc = doc;
    }

    /** The zone of local times ({@code spec.timeZone}, an IANA name). */
    public ScheduleSpec timeZone(String zone) {
        Trees.object(doc, "spec").put("timeZone", Objects.requireNonNull(zone, "zone"));
        return this;
    }

    /**
     * Adds (or, by name, replaces) a maintenance window.
     *
     * @param name its name
     * @param start its first start
     * @param length how long each occurrence lasts
     * @param recurrence an RFC 5545 rule ({@code FREQ=DAILY}), or null for one occurrence
     */
    public ScheduleSpec window(String name, String start, Duration length, String recurrence) {
        ObjectNode w = span("maintenanceWindows", name, start, recurrence);
        w.remove("endTime");
        w.put("duration", Trees.duration(length));
        return this;
    }

    /**
     * Adds (or, by name, replaces) a maintenance exclusion.
     *
     * @param name its name
     * @param start when it starts
     * @param end when it ends
     * @param recurrence an RFC 5545 rule, or null for one occurrence
     * @param scope {@code noUpgrades}, {@code noMinorUpgrades} or {@code noMinorOrNodeUpgrades}
     */
    public ScheduleSpec exclusion(String name, String start, String end, String recurrence, String scope) {
        ObjectNode e = span("maintenanceExclusions", name, start, recurrence);
        e.remove("duration");
        e.put("endTime", Objects.requireNonNull(end, "end"));
        e.put("scope", Objects.requireNonNull(scope, "scope"));
        return this;
    }

    /** Removes a window or an exclusion by name. */
    public ScheduleSpec without(String name) {
        for (String list : new String[] {"maintenanceWindows", "maintenanceExclusions"}) {
            var items = Trees.array(Trees.object(doc, "spec"), list);
            for (int i = items.size() - 1; i >= 0; i--) {
                if (name.equals(items.get(i).path("name").asText(null))) {
                    items.remove(i);
                }
            }
        }
        return this;
    }

    private ObjectNode span(String list, String name, String start, String recurrence) {
        ObjectNode s = Trees.named(Trees.array(Trees.object(doc, "spec"), list), Objects.requireNonNull(name, "name"));
        s.put("startTime", Objects.requireNonNull(start, "start"));
        if (recurrence == null) {
            s.remove("recurrence");
        } else {
            s.put("recurrence", recurrence);
        }
        return s;
    }

    /** Sets any field of the document, by its dotted path, to a YAML value. */
    public ScheduleSpec set(String dottedPath, String yamlValue) {
        Trees.set(doc, dottedPath, yamlValue);
        return this;
    }
}
