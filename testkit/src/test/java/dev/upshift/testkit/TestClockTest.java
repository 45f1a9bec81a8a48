package dev.upshift.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;

class TestClockTest {
    private static final Instant T = Instant.parse("2026-03-10T07:00:00Z");

    @Test
    void standsStillUntilMoved() {
        TestClock clock = TestClock.at(T);
        assertThat(clock.instant()).isEqualTo(T);
        assertThat(clock.millis()).isEqualTo(T.toEpochMilli());
        clock.advance(Duration.ofHours(2));
        assertThat(clock.instant()).isEqualTo(T.plusSeconds(7200));
        clock.set(T.minusSeconds(60));
        assertThat(clock.instant()).isEqualTo(T.minusSeconds(60));
    }

    @Test
    void aViewInAnotherZoneMovesWithTheClock() {
        TestClock clock = TestClock.at(T);
        TestClock berlin = clock.withZone(ZoneId.of("Europe/Berlin"));
        clock.advance(Duration.ofMinutes(30));
        assertThat(ZonedDateTime.now(berlin).toString()).isEqualTo("2026-03-10T08:30+01:00[Europe/Berlin]");
        assertThat(clock.getZone()).isEqualTo(java.time.ZoneOffset.UTC);
    }

    @Test
    void neverAdvancesBackwards() {
        assertThatThrownBy(() -> TestClock.at(T).advance(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
