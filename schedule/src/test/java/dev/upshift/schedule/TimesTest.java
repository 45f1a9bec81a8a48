package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.SyntaxException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TimesTest {
    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

    @Test
    @DisplayName("the three forms of a schedule time read as local time in the zone")
    void readsTheThreeForms() {
        assertThat(Times.local("2021-03-10T07:00:00Z", BERLIN)).isEqualTo(LocalDateTime.parse("2021-03-10T08:00:00"));
        assertThat(Times.local(" 2021-03-10T07:00:00 ", BERLIN)).isEqualTo(LocalDateTime.parse("2021-03-10T07:00:00"));
        assertThat(Times.local("2021-12-24", BERLIN)).isEqualTo(LocalDateTime.parse("2021-12-24T00:00:00"));
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            2021-03-10X07:00:00Z        | 10 | expected RFC 3339
            "  2021-13-10T07:00:00Z"    | 2  | expected RFC 3339
            10 March 2021               | 0  | expected RFC 3339
            2021-03-10T07:00:00.250Z    | 19 | fractions of a second; schedules use whole seconds
            """)
    @DisplayName("a bad time is a syntax error pointing into the text as written")
    void rejectsBadTimes(String text, int position, String reason) {
        assertThatThrownBy(() -> Times.local(text, BERLIN)).isInstanceOfSatisfying(SyntaxException.class, e -> {
            assertThat(e.input()).isEqualTo(text);
            assertThat(e.position()).isEqualTo(position);
            assertThat(e.reason()).startsWith(reason);
        });
    }

    @Test
    @DisplayName("an unknown zone is a syntax error with the closest known name")
    void rejectsUnknownZones() {
        assertThatThrownBy(() -> Times.zone("Europe/Berln")).isInstanceOfSatisfying(SyntaxException.class, e -> {
            assertThat(e.position()).isZero();
            assertThat(e).hasMessage("invalid time zone \"Europe/Berln\": unknown name; did you mean 'Europe/Berlin'?");
        });
    }
}
