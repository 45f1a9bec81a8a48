package dev.upshift.schedule;

import static dev.upshift.testing.UserMessages.assertNamesNoJavaClass;
import static dev.upshift.testing.UserMessages.assertSyntaxError;
import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.upshift.common.problem.SyntaxException;
import dev.upshift.common.problem.UpshiftException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;

/**
 * Coverage-guided fuzzing of RRULE handling (Jazzer), held to the contracts of {@link Recurrence}
 * and {@link RecurringSpan}. Any text parses as a rule or is refused with a {@link SyntaxException}
 * that points into it; a rule with a start (near daylight-saving changes, leap days and the ends of
 * the supported range), a zone and a length builds a span or says why not, and expands over a
 * bounded range into occurrences that overlap the range, are in order, each end after it starts,
 * never exceed COUNT or the rule's own bound on instances, and never start before the first
 * occurrence; expanding fails only with the documented {@link UpshiftException} for too many
 * occurrences. Plain {@code mvn test} replays the seeds in
 * {@code src/test/resources/dev/upshift/schedule/RecurrenceFuzzTestInputs/}; docs/fuzzing.md says how
 * to fuzz.
 */
class RecurrenceFuzzTest {
    private static final List<LocalDateTime> ANCHORS = List.of(LocalDateTime.of(2021, 3, 14, 2, 30),
            LocalDateTime.of(2024, 2, 29, 0, 0), LocalDateTime.of(2021, 10, 31, 1, 30), LocalDateTime.of(1900, 1, 1, 0, 0),
            LocalDateTime.of(8999, 12, 31, 0, 0), LocalDateTime.of(2020, 12, 31, 23, 59, 59));
    private static final long YEAR_MINUTES = 366L * 24 * 60;
    private static final long DAY = 86_400;
    /** How far past its range the occurrences' local times may reach: the two days of slack and a day of offset. */
    private static final Duration SLACK = Duration.ofDays(3);

    @FuzzTest(maxDuration = "1m")
    void rulesParseOrAreRefusedAndExpandWithinTheirBounds(FuzzedDataProvider data) {
        ZoneId zone = OracleCases.ZONES.get(data.consumeInt(0, OracleCases.ZONES.size() - 1));
        LocalDateTime start = ANCHORS.get(data.consumeInt(0, ANCHORS.size() - 1))
                .plusMinutes(data.consumeLong(-2 * YEAR_MINUTES, 2 * YEAR_MINUTES));
        SpanLength length = data.consumeBoolean() ? SpanLength.wallClock(Duration.ofSeconds(data.consumeLong(1, 40 * DAY)))
                : SpanLength.elapsed(Duration.ofSeconds(data.consumeLong(1, 40 * DAY)));
        long fromOffset = data.consumeLong(-2 * DAY, 180 * DAY);
        long rangeSeconds = data.consumeLong(0, 365 * DAY);
        String text = data.consumeRemainingAsString();

        Recurrence rule;
        try {
            rule = Recurrence.parse(text);
        } catch (SyntaxException e) {
            assertSyntaxError(e.input(), e.position(), e.reason(), e.getMessage(), text);
            return;
        }
        assertThat(Recurrence.parse(rule.text())).isEqualTo(rule);
        RecurringSpan.Outcome outcome = RecurringSpan.tryOf(start, zone, length, Optional.of(rule));
        if (outcome instanceof RecurringSpan.Invalid invalid) {
            assertThat(invalid.field()).isIn("startTime", "recurrence");
            assertNamesNoJavaClass(invalid.message(), text);
            return;
        }
        RecurringSpan span = ((RecurringSpan.Built) outcome).span();
        Instant startInstant = start.atZone(zone).toInstant();
        Instant from = clamp(startInstant.plusSeconds(fromOffset));
        Instant to = clamp(from.plusSeconds(rangeSeconds));
        List<Interval> occurrences;
        try {
            occurrences = span.occurrences(from, to);
        } catch (UpshiftException e) {
            assertThat(e.getMessage()).contains("occurrences between");
            assertNamesNoJavaClass(e.getMessage(), text);
            return;
        }
        Optional<Interval> first = span.firstOccurrence();
        Interval previous = null;
        for (Interval o : occurrences) {
            Instant end = o.end().orElseThrow();
            assertThat(end).as("end of %s", o).isAfter(o.start());
            assertThat(o.start()).as("%s overlaps [%s, %s)", o, from, to).isBefore(to);
            assertThat(end).as("%s overlaps [%s, %s)", o, from, to).isAfter(from);
            if (previous != null) {
                assertThat(o.start()).as("%s after %s", o, previous).isAfterOrEqualTo(previous.start());
                assertThat(o).isNotEqualTo(previous);
            }
            assertThat(first).as("first occurrence, with %s in range", o).isPresent();
            assertThat(o.start()).as("%s not before the first occurrence %s", o, first.get()).isAfterOrEqualTo(first.get().start());
            previous = o;
        }
        first.filter(f -> f.start().isBefore(to) && f.end().orElseThrow().isAfter(from))
                .ifPresent(f -> assertThat(occurrences).as("occurrences in [%s, %s)", from, to).contains(f));
        rule.count().ifPresent(count -> assertThat(occurrences.size()).isLessThanOrEqualTo(count));
        long stretch = Duration.between(from, to).plus(length.duration()).plus(SLACK.multipliedBy(2)).getSeconds();
        assertThat((long) occurrences.size()).as("bound on instances").isLessThanOrEqualTo(rule.maxInstancesWithin(stretch));
    }

    private static Instant clamp(Instant t) {
        return t.isBefore(Limits.EARLIEST) ? Limits.EARLIEST : t.isAfter(Limits.LATEST) ? Limits.LATEST : t;
    }
}
