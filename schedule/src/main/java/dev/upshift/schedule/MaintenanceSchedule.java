package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.kind.Metadata;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A {@code MaintenanceSchedule} document: recurring windows when upgrades may run, and exclusions
 * when some may not (seed 001, DESIGN.md section 4).
 *
 * <p>Allowed time is the windows, merged where they overlap or touch, minus the exclusions whose
 * scope blocks the upgrade at hand. A schedule without windows allows any time outside its
 * exclusions (as a cluster without a schedule does). docs/schedules.md describes the format and
 * its time-zone rules.
 *
 * @param metadata the document's metadata; {@code metadata.name} names the schedule
 * @param timeZone the zone of local times that give no offset (UTC when the document names none)
 * @param windows the maintenance windows, in document order
 * @param exclusions the maintenance exclusions, in document order: those of
 *     {@code maintenanceExclusions}, then those of the calendars of {@code exclusionsFrom}
 * @param origin where the schedule's {@code spec} was written
 */
@API(status = MAINTAINED, since = "0.1")
public record MaintenanceSchedule(Metadata metadata, ZoneId timeZone, List<MaintenanceWindow> windows,
        List<MaintenanceExclusion> exclusions, Origin origin) {

    /**
     * The {@code MaintenanceSchedule} document kind, reporting every problem with its file, line,
     * column and field.
     *
     * <p>Besides the format, reading checks that the schedule can do its job: a recurrence that
     * never occurs, UNTIL before the start, exclusions that hide every window in the two years
     * after the first one, and more occurrences than Upshift expands are errors; a start that is
     * not an occurrence of its own rule, an exclusion ending at 23:59:59 and a schedule with
     * nothing in it are warnings. These checks depend only on the document, never on the clock.
     * Read together ({@link DocumentKind#readAll}), a schedule named like an earlier one is an
     * error and is not read.
     */
    public static final DocumentKind<MaintenanceSchedule> KIND = kind(CalendarSource.none());

    /**
     * The {@code MaintenanceSchedule} kind, reading the calendars that schedules name in
     * {@code spec.exclusionsFrom} through {@code calendars} (docs/schedules.md, "Exclusions from
     * calendars"): the file adapter's, or a tool's that fetches its calendars itself. Their events'
     * exclusions follow those of {@code maintenanceExclusions}, and every check of {@link #KIND}
     * applies to them too. {@link #KIND} reads no calendar: a schedule that names one is an error.
     */
    public static DocumentKind<MaintenanceSchedule> kind(CalendarSource calendars) {
        java.util.Objects.requireNonNull(calendars, "calendars");
        return DocumentKind.<MaintenanceSchedule>builder("MaintenanceSchedule",
                (document, problems) -> ScheduleReader.read(document, problems, calendars))
                .readAllWith(ScheduleReader::readAll).build();
    }

    /** Validates and copies the parts. */
    public MaintenanceSchedule {
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(timeZone, "timeZone");
        Objects.requireNonNull(origin, "origin");
        windows = List.copyOf(windows);
        exclusions = List.copyOf(exclusions);
    }

    /** The schedule's name. */
    public String name() {
        return metadata.name();
    }

    /**
     * The allowed intervals that overlap {@code [from, to)}, clipped to it, computed directly from
     * the rules without an index (each call expands the recurrences again; use a
     * {@link ScheduleIndex} for repeated queries).
     *
     * @throws IllegalArgumentException when {@code to} is before {@code from} or either lies outside 1900–9000
     * @throws dev.upshift.common.problem.UpshiftException when the schedule's rules allow more than
     *     100,000 occurrences in a year (which reading a document reports as an error)
     */
    public List<Interval> allowed(Instant from, Instant to, UpgradeKind kind) {
        Limits.checkBetween(from, to, kind);
        OccurrenceBound.require(this);
        long a = from.getEpochSecond();
        long b = to.getEpochSecond() + (to.getNano() > 0 ? 1 : 0);
        if (a >= b) {
            return List.of();
        }
        return IndexedSchedule.clip(Expansion.compute(this, a, b).allowed(kind), from, to);
    }

    /**
     * The time the maintenance windows cover within {@code [from, to)}, before any exclusion is cut
     * out: every window occurrence that overlaps the range, merged where occurrences overlap or
     * touch, clipped to it, in order. A schedule without windows covers the whole range. With
     * {@link #exclusionsBetween} it is what a timeline draws; {@link #allowed} is this minus the
     * exclusions that block a kind.
     *
     * @throws IllegalArgumentException when {@code to} is before {@code from} or either lies outside 1900–9000
     * @throws dev.upshift.common.problem.UpshiftException when the schedule's rules allow more than
     *     100,000 occurrences in a year (which reading a document reports as an error)
     */
    public List<Interval> windowsBetween(Instant from, Instant to) {
        Limits.checkBetween(from, to, UpgradeKind.PATCH);
        OccurrenceBound.require(this);
        long a = from.getEpochSecond();
        long b = to.getEpochSecond() + (to.getNano() > 0 ? 1 : 0);
        if (a >= b) {
            return List.of();
        }
        if (windows.isEmpty()) {
            return IndexedSchedule.clip(IntervalSet.of(a, b), from, to);
        }
        List<Interval> all = new ArrayList<>();
        for (MaintenanceWindow w : windows) {
            all.addAll(w.span().occurrences(from, to));
        }
        long[] starts = new long[all.size()];
        long[] ends = new long[all.size()];
        for (int i = 0; i < all.size(); i++) {
            starts[i] = all.get(i).start().getEpochSecond();
            ends[i] = all.get(i).end().orElseThrow().getEpochSecond();
        }
        return IndexedSchedule.clip(IntervalSet.union(starts, ends, all.size()), from, to);
    }

    /**
     * Every occurrence of every maintenance exclusion that overlaps {@code [from, to)}, clipped to
     * it, ordered by start, then end, then the exclusions' document order. Occurrences of different
     * exclusions may overlap; each is listed with its own name and scope.
     *
     * @throws IllegalArgumentException when {@code to} is before {@code from} or either lies outside 1900–9000
     * @throws dev.upshift.common.problem.UpshiftException when the schedule's rules allow more than
     *     100,000 occurrences in a year (which reading a document reports as an error)
     */
    public List<ExclusionOccurrence> exclusionsBetween(Instant from, Instant to) {
        Limits.checkBetween(from, to, UpgradeKind.PATCH);
        OccurrenceBound.require(this);
        List<ExclusionOccurrence> out = new ArrayList<>();
        if (!from.isBefore(to)) {
            return out;
        }
        for (MaintenanceExclusion x : exclusions) {
            for (Interval iv : x.span().occurrences(from, to)) {
                Instant s = iv.start().isBefore(from) ? from : iv.start();
                Instant e = iv.end().orElseThrow().isAfter(to) ? to : iv.end().orElseThrow();
                if (s.isBefore(e)) {
                    out.add(new ExclusionOccurrence(x.name(), x.scope(), new Interval(s, e)));
                }
            }
        }
        // a stable sort keeps document order among equal intervals
        out.sort(Comparator.comparing(ExclusionOccurrence::interval));
        return out;
    }

    /** This schedule's allowed time, indexed from {@code origin} over {@link ScheduleIndex#DEFAULT_HORIZON}. */
    public AllowedIntervals index(Instant origin) {
        return ScheduleIndex.build(List.of(this), origin).get(name()).orElseThrow();
    }
}
