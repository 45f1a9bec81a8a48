package dev.upshift.schedule;

import dev.upshift.common.problem.SyntaxException;
import dev.upshift.common.read.ObjectView;
import dev.upshift.common.value.Durations;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Reads one entry of {@code maintenanceWindows} or {@code maintenanceExclusions}. */
final class SpanReader {
    static final List<String> WINDOW_FIELDS = List.of("name", "startTime", "endTime", "duration", "recurrence", "timeZone");
    static final List<String> EXCLUSION_FIELDS = List.of("name", "startTime", "endTime", "duration", "recurrence",
            "timeZone", "scope");

    private SpanReader() {}

    /** The span of an entry, with every problem of its fields reported. */
    static Optional<RecurringSpan> read(ObjectView v, ZoneId scheduleZone, boolean exclusion) {
        ZoneId zone = v.has("timeZone") ? v.parsed("timeZone", Times::zone).orElse(scheduleZone) : scheduleZone;
        Optional<Times.Written> writtenStart = v.requiredParsed("startTime", t -> Times.read(t, zone));
        Optional<Times.Written> writtenEnd = v.parsed("endTime", t -> Times.read(t, zone));
        Optional<LocalDateTime> start = writtenStart.map(Times.Written::local);
        Optional<LocalDateTime> end = writtenEnd.map(Times.Written::local);
        Optional<Duration> duration = v.parsed("duration", Durations::parse);
        Optional<Recurrence> recurrence = v.parsed("recurrence", Recurrence::parse);
        if (!v.has("endTime") && !v.has("duration")) {
            v.problems().error(v.location(), v.fieldPath("endTime"), "missing endTime or duration: say when each "
                    + (exclusion ? "exclusion" : "window") + " ends");
        }
        if (v.has("endTime") && v.has("duration")) {
            v.error("duration", "give endTime or duration, not both");
            return Optional.empty();
        }
        Optional<SpanLength> length = duration.isPresent() ? elapsed(v, duration.get())
                : start.flatMap(s -> wallClock(v, s, end));
        if (start.isEmpty() || length.isEmpty() || (v.has("recurrence") && recurrence.isEmpty())) {
            return Optional.empty();
        }
        RecurringSpan.Outcome outcome = RecurringSpan.tryOf(start.get(), zone, length.get(), recurrence,
                writtenStart.flatMap(Times.Written::instant), writtenEnd.flatMap(Times.Written::instant));
        if (outcome instanceof RecurringSpan.Invalid invalid) {
            v.error(invalid.field(), invalid.message());
            return Optional.empty();
        }
        RecurringSpan span = ((RecurringSpan.Built) outcome).span();
        check(v, span, exclusion);
        return Optional.of(span);
    }

    private static Optional<SpanLength> wallClock(ObjectView v, LocalDateTime start, Optional<LocalDateTime> end) {
        if (end.isEmpty()) {
            return Optional.empty();
        }
        Duration d = Duration.between(start, end.get());
        if (d.isNegative() || d.isZero()) {
            v.error("endTime", "endTime " + end.get() + " is not after startTime " + start + " (both on the local clock)");
            return Optional.empty();
        }
        if (tooLong(v, "endTime", d)) {
            return Optional.empty();
        }
        return Optional.of(SpanLength.wallClock(d));
    }

    private static Optional<SpanLength> elapsed(ObjectView v, Duration d) {
        if (d.isZero() || d.getNano() != 0) {
            v.error("duration", "must be a positive whole number of seconds, got " + Durations.format(d));
            return Optional.empty();
        }
        if (tooLong(v, "duration", d)) {
            return Optional.empty();
        }
        return Optional.of(SpanLength.elapsed(d));
    }

    private static boolean tooLong(ObjectView v, String field, Duration d) {
        if (d.compareTo(Limits.MAX_LENGTH) <= 0) {
            return false;
        }
        v.error(field, "lasts " + d.toDays() + " days; a window or exclusion lasts at most " + Limits.MAX_LENGTH.toDays()
                + " days (1900 to 9000)");
        return true;
    }

    private static void check(ObjectView v, RecurringSpan span, boolean exclusion) {
        String what = exclusion ? "exclusion" : "window";
        Optional<Interval> first = span.firstOccurrence();
        Recurrence r = span.recurrence().orElse(null);
        if (first.isEmpty() && r != null) {
            v.error("recurrence", "the " + what + " never occurs: " + SyntaxException.quote(r.text())
                    + " matches no time from startTime "
                    + span.start() + " on (searched 30 years or " + Limits.SEARCH_STEPS + " steps)");
            return;
        }
        if (r != null && !span.startIsOccurrence()) {
            LocalDateTime s = span.start();
            String day = s.getDayOfWeek().toString();
            v.warning("startTime", "startTime " + s + " (a " + day.charAt(0) + day.substring(1).toLowerCase(Locale.ROOT)
                    + ") is not an occurrence of " + SyntaxException.quote(r.text())
                    + ": it only sets the time of day and the earliest start, so the first " + what + " is " + first.get() + " (RFC 5545 would add one at startTime)");
        }
        if (exclusion && v.has("endTime") && span.length().wallClock()
                && span.start().plus(span.length().duration()).toLocalTime().equals(LocalTime.of(23, 59, 59))) {
            v.warning("endTime", "ends at 23:59:59, and intervals exclude their end, so the last second of that day"
                    + " is not excluded; end at 00:00:00 of the next day to exclude whole days");
        }
    }
}
