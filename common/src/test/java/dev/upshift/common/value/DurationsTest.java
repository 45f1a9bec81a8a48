package dev.upshift.common.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.common.problem.SyntaxException;
import dev.upshift.testing.Allocation;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DurationsTest {

    @Test
    void parsesDurationsInGoAndIsoStyle() {
        assertThat(Durations.parse("90m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(Durations.parse("1h30m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(Durations.parse("1.5h")).isEqualTo(Duration.ofMinutes(90));
        assertThat(Durations.parse("PT1H30M")).isEqualTo(Duration.ofMinutes(90));
        assertThat(Durations.parse("2d")).isEqualTo(Duration.ofDays(2));
        assertThat(Durations.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parse("0")).isZero();
        assertThat(Durations.format(Duration.ofMinutes(90))).isEqualTo("1h30m");
        assertThat(Durations.format(Duration.ofSeconds(45))).isEqualTo("45s");
    }

    @Test
    void rejectsMalformedDurations() {
        for (String bad : List.of("", "h", "90", "1h30", "-5m", "PT-1H", "1..5h", "1h 30m", "P", "99999999999999999999h")) {
            assertThatThrownBy(() -> Durations.parse(bad))
                    .as(bad).isInstanceOf(SyntaxException.class).hasMessageContaining("duration");
        }
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            90q          | 2 | unknown unit 'q' at character 3; expected ns, us, ms, s, m, h or d, as in 90m, 1h30m or PT1H30M
            "  1h30"     | 6 | missing unit at character 7; expected ns, us, ms, s, m, h or d, as in 90m, 1h30m or PT1H30M
            h            | 0 | expected a number at character 1; expected e.g. 90m, 1h30m or PT1H30M
            1h 30m       | 1 | unknown unit 'h ' at character 2; expected ns, us, ms, s, m, h or d, as in 90m, 1h30m or PT1H30M
            1..5h        | 0 | invalid number '1..5' at character 1; expected e.g. 90m, 1h30m or PT1H30M
            PT-1H        | 0 | negative; a duration is zero or longer
            " P"         | 1 | not an ISO-8601 duration; expected e.g. PT1H30M
            ""           | 0 | empty; expected e.g. 90m, 1h30m or PT1H30M
            """)
    @DisplayName("a bad duration is a syntax error with the text, the 0-based position in the text as given, and the reason")
    void reportsInputPositionAndReason(String text, int position, String reason) {
        assertThatThrownBy(() -> Durations.parse(text)).isInstanceOfSatisfying(SyntaxException.class, e -> {
            assertThat(e.input()).isEqualTo(text);
            assertThat(e.position()).isEqualTo(position);
            assertThat(e.reason()).isEqualTo(reason);
            assertThat(e.getMessage()).isEqualTo("invalid duration " + SyntaxException.quote(text) + ": " + reason);
        });
    }

    @Test
    @DisplayName("formatting does not depend on the default locale")
    void formatsWithoutLocale() {
        java.util.Locale saved = java.util.Locale.getDefault();
        try {
            java.util.Locale.setDefault(java.util.Locale.forLanguageTag("th-TH-u-nu-thai"));
            assertThat(Durations.format(Duration.ofMillis(1_050))).isEqualTo("1.05s");
        } finally {
            java.util.Locale.setDefault(saved);
        }
    }

    @Test
    @DisplayName("a duration longer than 64 characters is refused before it is parsed (a million digits took 17 s)")
    void durationsHaveALengthLimitCheckedFirst() {
        String atLimit = "0".repeat(62) + "1h";
        assertThat(atLimit).hasSize(Durations.MAX_LENGTH);
        assertThat(Durations.parse(atLimit)).isEqualTo(Duration.ofHours(1));
        assertThatThrownBy(() -> Durations.parse("0" + atLimit)).isInstanceOf(SyntaxException.class)
                .hasMessageEndingWith(": is 65 characters; at most 64")
                .extracting(e -> ((SyntaxException) e).position()).isEqualTo(64);

        String million = "1".repeat(1_000_000) + "s"; // issue 10, item 5
        long before = Allocation.ofCurrentThread();
        assertThatThrownBy(() -> Durations.parse(million)).hasMessage("invalid duration \"" + "1".repeat(60)
                + "...\" (1000001 characters): is 1,000,001 characters; at most 64");
        if (before >= 0) {
            assertThat(Allocation.ofCurrentThread() - before).as("bytes allocated").isLessThan(64 * 1024);
        }
    }

    @ParameterizedTest(name = "{0} seconds read as {1}")
    @CsvSource(delimiter = '|', textBlock = """
            0        | 0s
            59       | 59s
            60       | 1m
            2700     | 45m
            3600     | 1h
            9000     | 2h 30m
            9059     | 2h 30m
            79200    | 22h
            86400    | 1d
            273600   | 3d 4h
            274199   | 3d 4h
            """)
    @DisplayName("approximate gives the two largest units of days, hours and minutes, rounded down")
    void approximate(long seconds, String text) {
        assertThat(Durations.approximate(Duration.ofSeconds(seconds))).isEqualTo(text);
    }

    @Test
    @DisplayName("approximate reads back, through parse, as at most the duration, less than the unit below its largest below it")
    void approximateIsARoundingDown() {
        qt().forAll(longs().between(0, 400L * 86_400)).checkAssert(seconds -> {
            Duration d = Duration.ofSeconds(seconds);
            String text = Durations.approximate(d);
            Duration read = Durations.parse(text.replace(" ", ""));
            Duration dropped = text.contains("d") ? Duration.ofHours(1)
                    : text.endsWith("s") ? Duration.ofSeconds(1) : Duration.ofMinutes(1);
            assertThat(read).as(text).isLessThanOrEqualTo(d);
            assertThat(d.minus(read)).as(text).isLessThan(dropped);
        });
        assertThatThrownBy(() -> Durations.approximate(Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class);
    }
}
