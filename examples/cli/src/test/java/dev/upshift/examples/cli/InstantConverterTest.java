package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.examples.cli.WindowsCommand.InstantConverter;
import dev.upshift.schedule.AllowedIntervals;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

/** --now, --from and --until take exactly the instants the schedule module computes for. */
class InstantConverterTest {
    private final InstantConverter converter = new InstantConverter();

    @Test
    @DisplayName("the first instant schedules are computed for is accepted, the second before it is refused")
    void earliestBoundary() {
        Instant earliest = AllowedIntervals.EARLIEST;

        assertThat(converter.convert(earliest.toString())).isEqualTo(earliest);
        assertThat(converter.convert(earliest.atOffset(ZoneOffset.UTC).toLocalDate().toString())).isEqualTo(earliest);
        assertThat(converter.convert(earliest.atOffset(ZoneOffset.ofHours(1)).toString())).isEqualTo(earliest);
        assertOutside(earliest.minusSeconds(1).toString());
        assertOutside(earliest.minusNanos(1).toString());
        assertOutside(earliest.minusSeconds(1).atOffset(ZoneOffset.ofHours(-5)).toString());
    }

    @Test
    @DisplayName("the last instant before the end of the range is accepted, the end itself is refused")
    void latestBoundary() {
        Instant latest = AllowedIntervals.LATEST;

        assertThat(converter.convert(latest.minusSeconds(1).toString())).isEqualTo(latest.minusSeconds(1));
        assertThat(converter.convert(latest.minusNanos(1).toString())).isEqualTo(latest.minusNanos(1));
        assertOutside(latest.toString());
        assertOutside(latest.atOffset(ZoneOffset.UTC).toLocalDate().toString());
        assertOutside(latest.atOffset(ZoneOffset.ofHours(2)).toString());
    }

    @Test
    @DisplayName("the refusal states the schedule module's range")
    void theRefusalStatesTheRange() {
        assertThatThrownBy(() -> converter.convert("9999-12-31T00:00:00Z"))
                .isInstanceOf(TypeConversionException.class)
                .hasMessage("'9999-12-31T00:00:00Z' is outside the supported range: from " + AllowedIntervals.EARLIEST
                        + " up to, not including, " + AllowedIntervals.LATEST);
    }

    private void assertOutside(String value) {
        assertThatThrownBy(() -> converter.convert(value)).as(value)
                .isInstanceOf(TypeConversionException.class)
                .hasMessageContaining("is outside the supported range");
    }
}
