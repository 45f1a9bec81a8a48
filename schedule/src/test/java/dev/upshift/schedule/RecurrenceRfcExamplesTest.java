package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.schedule.oracle.RfcExamples;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Upshift's expansion against the published examples of RFC 5545 section 3.8.5.3 (the table the
 * oracle is checked against too): every occurrence the RFC lists, in New York, and no other.
 */
class RecurrenceRfcExamplesTest {
    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");

    static List<RfcExamples.Example> examples() {
        return RfcExamples.all();
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("examples")
    @DisplayName("a span with the rule starts exactly at the occurrences the RFC lists")
    void givesThePublishedOccurrences(RfcExamples.Example e) {
        LocalDateTime start = LocalDateTime.parse(e.dtstart());
        RecurringSpan span = RecurringSpan.of(start, NEW_YORK, SpanLength.elapsed(Duration.ofMinutes(1)),
                Optional.of(Recurrence.parse(e.rule())));
        List<LocalDateTime> starts = span.occurrences(start.atZone(NEW_YORK).toInstant(),
                        e.through().atZone(NEW_YORK).toInstant()).stream()
                .map(i -> LocalDateTime.ofInstant(i.start(), NEW_YORK)).toList();
        assertThat(starts).containsExactlyElementsOf(e.expected());
    }
}
