package dev.upshift.schedule;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.common.problem.SyntaxException;
import java.time.Duration;
import java.time.Instant;
import java.time.Period;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAmount;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import net.fortuna.ical4j.util.Strings;

/**
 * Turns the {@code VEVENT}s of a calendar into maintenance exclusions, as docs/schedules.md
 * ("Exclusions from calendars") describes: an event's rule becomes one exclusion whose span leaves
 * out its {@code EXDATE}s and moved instances, and its {@code DTSTART} (when the rule does not
 * generate it), each {@code RDATE} and each moved instance become exclusions that happen once. The
 * rules are expanded by Upshift's own {@link Recurrence}, never by ical4j.
 */
final class IcsEvents {
    private static final Map<String, String> NO_PARAMETERS = Map.of();

    private final CalendarText calendar;
    private final String label;
    private final ExclusionScope scope;
    private final IcsTimes times;
    private final Problems problems;
    private final List<MaintenanceExclusion> out = new ArrayList<>();

    private IcsEvents(CalendarText calendar, String label, ExclusionScope scope, IcsTimes times, Problems problems) {
        this.calendar = calendar;
        this.label = label;
        this.scope = scope;
        this.times = times;
        this.problems = problems;
    }

    static List<MaintenanceExclusion> exclusions(IcsComponent vcalendar, CalendarText calendar, String label,
            java.time.ZoneId zone, ExclusionScope scope, Problems problems) {
        IcsEvents events = new IcsEvents(calendar, label, scope, new IcsTimes(vcalendar, zone), problems);
        events.read(vcalendar.components.stream().filter(c -> c.name.equals("VEVENT")).toList());
        return events.out;
    }

    private void read(List<IcsComponent> events) {
        Set<String> series = new HashSet<>();
        Map<String, List<IcsComponent>> moved = new HashMap<>();
        for (IcsComponent e : events) {
            Optional<String> uid = e.first("UID").map(p -> p.value().strip());
            if (uid.isPresent() && e.first("RECURRENCE-ID").isEmpty()) {
                series.add(uid.get());
            }
        }
        for (IcsComponent e : events) {
            Optional<String> uid = e.first("UID").map(p -> p.value().strip());
            if (uid.isPresent() && e.first("RECURRENCE-ID").isPresent() && series.contains(uid.get())) {
                moved.computeIfAbsent(uid.get(), u -> new ArrayList<>()).add(e);
            }
        }
        for (IcsComponent e : events) {
            Optional<String> uid = e.first("UID").map(p -> p.value().strip());
            boolean isMoved = uid.isPresent() && e.first("RECURRENCE-ID").isPresent() && series.contains(uid.get());
            if (isMoved || cancelled(e)) {
                continue;
            }
            List<IcsComponent> instances = uid.map(u -> moved.getOrDefault(u, List.of())).orElse(List.of());
            if (!event(e, instances)) {
                return;
            }
            for (IcsComponent m : instances) {
                if (!cancelled(m) && !event(m, List.of())) {
                    return;
                }
            }
        }
    }

    /** Adds an event's exclusions; false when the calendar gives too many to go on. */
    private boolean event(IcsComponent e, List<IcsComponent> moved) {
        List<MaintenanceExclusion> found = new ArrayList<>();
        try {
            spans(e, moved, found);
        } catch (IcsProblem p) {
            problems.error(new SourceLocation(calendar.source(), p.property().line(), 1), p.property().name(),
                    p.getMessage() + " (event " + SyntaxException.quote(summary(e)) + ")");
            return true;
        }
        out.addAll(found);
        if (out.size() > IcsLimits.MAX_EXCLUSIONS) {
            problems.error(new SourceLocation(calendar.source(), e.line, 1), "VEVENT", String.format(Locale.ROOT,
                    "the calendar gives more than %,d exclusions (one per event, RDATE and moved instance);"
                            + " split it, or import fewer years", IcsLimits.MAX_EXCLUSIONS));
            return false;
        }
        return true;
    }

    private void spans(IcsComponent e, List<IcsComponent> moved, List<MaintenanceExclusion> found) {
        IcsComponent.Property dtstart = e.first("DTSTART").orElseThrow(() -> new IcsProblem(
                new IcsComponent.Property("DTSTART", NO_PARAMETERS, "", e.line), "the event has no DTSTART"));
        IcsTimes.Time start = times.time(dtstart);
        Optional<SpanLength> length = length(e, start);
        if (length.isEmpty()) {
            problems.warning(new SourceLocation(calendar.source(), dtstart.line(), 1), "DTSTART", "the event "
                    + SyntaxException.quote(summary(e)) + " has a start time but no DTEND or DURATION, so it lasts no"
                    + " time and excludes nothing");
            return;
        }
        e.first("EXRULE").ifPresent(x -> {
            throw new IcsProblem(x, "EXRULE is not read (RFC 5545 deprecated it); list the instances to leave out in"
                    + " EXDATE");
        });
        Set<Instant> except = exceptions(e, start, moved);
        boolean startCovered = false;
        for (IcsComponent.Property rrule : e.all("RRULE")) {
            RecurringSpan span = rule(rrule, dtstart, start, length.get()).except(except);
            startCovered |= span.startIsOccurrence();
            found.add(exclusion(e, span));
        }
        if (!startCovered && !except.contains(start.instant())) {
            found.add(exclusion(e, once(dtstart, start, length.get())));
        }
        for (IcsComponent.Property rdate : e.all("RDATE")) {
            for (IcsTimes.Value v : times.values(rdate, true)) {
                if (!except.contains(v.start().instant())) {
                    found.add(exclusion(e, once(rdate, v.start(), rdateLength(rdate, v, length.get()))));
                }
            }
        }
    }

    private RecurringSpan rule(IcsComponent.Property rrule, IcsComponent.Property dtstart, IcsTimes.Time start,
            SpanLength length) {
        Recurrence r;
        try {
            r = Recurrence.parse(rrule.value());
        } catch (SyntaxException x) {
            throw new IcsProblem(rrule, x.getMessage());
        }
        RecurringSpan.Outcome o = RecurringSpan.tryOf(start.local(), start.zone(), length, Optional.of(r));
        if (o instanceof RecurringSpan.Invalid invalid) {
            throw new IcsProblem(invalid.field().equals("startTime") ? dtstart : rrule, invalid.message());
        }
        return ((RecurringSpan.Built) o).span();
    }

    private static RecurringSpan once(IcsComponent.Property p, IcsTimes.Time start, SpanLength length) {
        RecurringSpan.Outcome o = RecurringSpan.tryOf(start.local(), start.zone(), length, Optional.empty());
        if (o instanceof RecurringSpan.Invalid invalid) {
            throw new IcsProblem(p, invalid.message());
        }
        return ((RecurringSpan.Built) o).span();
    }

    /**
     * How long each instance lasts: {@code DTEND} minus {@code DTSTART} as elapsed time (RFC 5545
     * section 3.8.5.3: the same exact duration for every instance), in whole days on the local clock
     * for dates; {@code DURATION} in days and weeks on the local clock, in hours, minutes and seconds
     * as elapsed time; a day for a date without either. Empty for a date-time without either.
     */
    private Optional<SpanLength> length(IcsComponent e, IcsTimes.Time start) {
        Optional<IcsComponent.Property> dtend = e.first("DTEND");
        Optional<IcsComponent.Property> duration = e.first("DURATION");
        if (dtend.isPresent() && duration.isPresent()) {
            throw new IcsProblem(duration.get(), "give DTEND or DURATION, not both (RFC 5545)");
        }
        if (dtend.isPresent()) {
            IcsTimes.Time end = times.time(dtend.get());
            if (end.date() != start.date()) {
                throw new IcsProblem(dtend.get(), "DTEND must be " + (start.date() ? "a date (VALUE=DATE)" : "a date-time")
                        + " as DTSTART is (RFC 5545)");
            }
            Duration d = start.date() ? Duration.ofDays(ChronoUnit.DAYS.between(start.local(), end.local()))
                    : Duration.between(start.instant(), end.instant());
            return Optional.of(positive(dtend.get(), d, start.date()));
        }
        if (duration.isPresent()) {
            return Optional.of(length(duration.get(), times.duration(duration.get(), duration.get().value())));
        }
        return start.date() ? Optional.of(SpanLength.wallClock(Duration.ofDays(1))) : Optional.empty();
    }

    private static SpanLength length(IcsComponent.Property p, TemporalAmount amount) {
        if (amount instanceof Period period) {
            return positive(p, Duration.ofDays(period.getDays()), true);
        }
        return positive(p, (Duration) amount, false);
    }

    private static SpanLength positive(IcsComponent.Property p, Duration d, boolean wallClock) {
        if (d.isNegative() || d.isZero()) {
            throw new IcsProblem(p, p.name() + " is not after DTSTART");
        }
        if (d.compareTo(Limits.MAX_LENGTH) > 0) {
            throw new IcsProblem(p, "the event lasts " + d.toDays() + " days; an exclusion lasts at most "
                    + Limits.MAX_LENGTH.toDays() + " days (1900 to 9000)");
        }
        return wallClock ? SpanLength.wallClock(d) : SpanLength.elapsed(d);
    }

    private SpanLength rdateLength(IcsComponent.Property rdate, IcsTimes.Value v, SpanLength event) {
        if (v.end().isPresent()) {
            return positive(rdate, Duration.between(v.start().instant(), v.end().get()), false);
        }
        return v.length().map(a -> length(rdate, a)).orElse(event);
    }

    /** The starts the rule's instances leave out: {@code EXDATE}s, and the instances moved by other events. */
    private Set<Instant> exceptions(IcsComponent e, IcsTimes.Time start, List<IcsComponent> moved) {
        Set<Instant> out = new HashSet<>();
        for (IcsComponent.Property exdate : e.all("EXDATE")) {
            for (IcsTimes.Value v : times.values(exdate, false)) {
                sameType(exdate, v.start(), start);
                out.add(v.start().instant());
            }
        }
        for (IcsComponent m : moved) {
            IcsComponent.Property id = m.first("RECURRENCE-ID").orElseThrow();
            if (id.parameter("RANGE").isPresent()) {
                throw new IcsProblem(id, "RANGE=" + id.parameter("RANGE").get() + " is not read; export each moved"
                        + " instance on its own");
            }
            IcsTimes.Time t = times.time(id);
            sameType(id, t, start);
            out.add(t.instant());
        }
        return out;
    }

    private static void sameType(IcsComponent.Property p, IcsTimes.Time t, IcsTimes.Time start) {
        if (t.date() != start.date()) {
            throw new IcsProblem(p, p.name() + " must be " + (start.date() ? "a date (VALUE=DATE)" : "a date-time")
                    + " as DTSTART is (RFC 5545)");
        }
    }

    private MaintenanceExclusion exclusion(IcsComponent e, RecurringSpan span) {
        return new MaintenanceExclusion(summary(e) + " (from " + label + ")", span, scope,
                new Origin(new SourceLocation(calendar.source(), e.line, 1), MaintenanceExclusion.IMPORTED));
    }

    /** What the event is called: its SUMMARY on one line, at most 120 characters; else its line. */
    static String summary(IcsComponent e) {
        String s = e.first("SUMMARY").map(p -> Strings.unescape(p.value())).orElse("").strip()
                .replaceAll("\\s+", " ");
        return s.isEmpty() ? "event at line " + e.line : SyntaxException.abbreviate(s, 120);
    }

    private static boolean cancelled(IcsComponent e) {
        return e.first("STATUS").map(p -> p.value().strip().equalsIgnoreCase("CANCELLED")).orElse(false);
    }
}
