package dev.upshift.schedule.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The oracle against the published examples of RFC 5545 ({@link RfcExamples}). */
class RfcExamplesTest {
    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");

    static List<RfcExamples.Example> examples() {
        return RfcExamples.all();
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("examples")
    @DisplayName("the oracle gives exactly the occurrences the RFC lists")
    void oracleGivesThePublishedOccurrences(RfcExamples.Example e) {
        assertThat(new RuleWalk(RecurrenceRule.parse(e.rule()), LocalDateTime.parse(e.dtstart()))
                .starts(e.through(), t -> LocalClock.instant(t, NEW_YORK))).containsExactlyElementsOf(e.expected());
    }

    @Test
    @DisplayName("the UTC UNTIL of 'daily until December 24' ends on 23 December, 9:00 EST, and the offset changes on 26 October")
    void dailyInstants() {
        OracleSpan span = new OracleSpan(LocalDateTime.parse("1997-09-02T09:00"), NEW_YORK, Duration.ofHours(1), false,
                Optional.of(RecurrenceRule.parse("FREQ=DAILY;UNTIL=19971224T000000Z")), Optional.empty(), Optional.empty());
        List<Stretch> all = span.occurrences(Instant.parse("1997-01-01T00:00:00Z"), Instant.parse("1998-01-01T00:00:00Z"));
        assertThat(all).hasSize(113);
        assertThat(all.get(53).start()).isEqualTo("1997-10-25T13:00:00Z");
        assertThat(all.get(54).start()).isEqualTo("1997-10-26T14:00:00Z");
        assertThat(all.get(112).start()).isEqualTo("1997-12-23T14:00:00Z");
    }
}
