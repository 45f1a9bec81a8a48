package dev.upshift.schedule.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The oracle's clock and lengths against the examples docs/schedules.md gives under "Daylight saving". */
class LocalClockTest {
    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");

    private static Instant at(String local, String zone) {
        return LocalClock.instant(LocalDateTime.parse(local), ZoneId.of(zone));
    }

    @Test
    @DisplayName("a skipped local time moves forward by the gap: New York 02:30 is 03:30 EDT, Lord Howe 02:15 is 02:45, Apia's lost day is the next")
    void gaps() {
        assertThat(at("2021-03-14T02:30", "America/New_York")).isEqualTo("2021-03-14T07:30:00Z");
        assertThat(at("2021-10-03T02:15", "Australia/Lord_Howe")).isEqualTo(at("2021-10-03T02:45", "Australia/Lord_Howe"));
        assertThat(at("2011-12-30T10:00", "Pacific/Apia")).isEqualTo(at("2011-12-31T10:00", "Pacific/Apia"));
    }

    @Test
    @DisplayName("a repeated local time is the first of the two")
    void folds() {
        assertThat(at("2021-11-07T01:30", "America/New_York")).isEqualTo("2021-11-07T05:30:00Z");
        assertThat(at("2021-04-04T01:45", "Australia/Lord_Howe")).isEqualTo("2021-04-03T14:45:00Z");
    }

    private static Stretch oneAt(String local, Duration length, boolean wallClock) {
        OracleSpan span = new OracleSpan(LocalDateTime.parse(local), NEW_YORK, length, wallClock, Optional.empty(),
                Optional.empty(), Optional.empty());
        return span.occurrenceAt(span.start()).orElseThrow();
    }

    @Test
    @DisplayName("the docs' table: 01:00 for 4 hours, by endTime (wall clock) and by duration (elapsed), on both change nights")
    void lengths() {
        Duration four = Duration.ofHours(4);
        assertThat(oneAt("2021-03-14T01:00", four, true)).isEqualTo(new Stretch(Instant.parse("2021-03-14T06:00:00Z"),
                Instant.parse("2021-03-14T09:00:00Z")));
        assertThat(oneAt("2021-11-07T01:00", four, true)).isEqualTo(new Stretch(Instant.parse("2021-11-07T05:00:00Z"),
                Instant.parse("2021-11-07T10:00:00Z")));
        assertThat(oneAt("2021-03-14T01:00", four, false)).isEqualTo(new Stretch(Instant.parse("2021-03-14T06:00:00Z"),
                Instant.parse("2021-03-14T10:00:00Z")));
        assertThat(oneAt("2021-11-07T01:00", four, false)).isEqualTo(new Stretch(Instant.parse("2021-11-07T05:00:00Z"),
                Instant.parse("2021-11-07T09:00:00Z")));
    }

    @Test
    @DisplayName("02:30–03:30 on the local clock does not occur on the day 02:30 moves to 03:30")
    void emptyOccurrenceIsDropped() {
        OracleSpan span = new OracleSpan(LocalDateTime.parse("2021-03-14T02:30"), NEW_YORK, Duration.ofHours(1), true,
                Optional.empty(), Optional.empty(), Optional.empty());
        assertThat(span.occurrenceAt(span.start())).isEmpty();
    }
}
