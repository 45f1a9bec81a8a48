package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class IntervalTest {
    private static final Instant NINE = Instant.parse("2026-12-14T09:00:00Z");
    private static final Instant FIVE = Instant.parse("2026-12-14T17:00:00Z");

    @Test
    @DisplayName("an open interval has no end: no length, no upper limit, and START/.. as its text")
    void anOpenIntervalHasNoEnd() {
        Interval open = Interval.openFrom(NINE);
        assertThat(open.isOpen()).isTrue();
        assertThat(open.end()).isEmpty();
        assertThat(open.duration()).isEmpty();
        assertThat(open.lastsAtLeast(Duration.ofDays(100_000))).isTrue();
        assertThat(open.contains(Instant.parse("8999-12-31T23:59:59Z"))).isTrue();
        assertThat(open.contains(NINE.minusSeconds(1))).isFalse();
        assertThat(open.overlaps(new Interval(FIVE, FIVE.plusSeconds(1)))).isTrue();
        assertThat(open.overlaps(new Interval(NINE.minusSeconds(60), NINE))).isFalse();
        assertThat(open).hasToString("2026-12-14T09:00:00Z/..");
    }

    @Test
    @DisplayName("a closed interval is half-open: it holds its start, not its end")
    void aClosedIntervalIsHalfOpen() {
        Interval day = new Interval(NINE, FIVE);
        assertThat(day.isOpen()).isFalse();
        assertThat(day.end()).hasValue(FIVE);
        assertThat(day.duration()).hasValue(Duration.ofHours(8));
        assertThat(day.lastsAtLeast(Duration.ofHours(8))).isTrue();
        assertThat(day.lastsAtLeast(Duration.ofHours(8).plusSeconds(1))).isFalse();
        assertThat(day.contains(NINE)).isTrue();
        assertThat(day.contains(FIVE)).isFalse();
        assertThat(day.overlaps(new Interval(FIVE, FIVE.plusSeconds(60)))).isFalse();
        assertThat(day.overlaps(Interval.openFrom(FIVE.minusSeconds(1)))).isTrue();
        assertThat(day).hasToString("2026-12-14T09:00:00Z/2026-12-14T17:00:00Z");
        assertThatThrownBy(() -> new Interval(FIVE, NINE)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Interval(NINE, NINE)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("intervals sort by start, then end, an open one after the closed ones that start with it")
    void ordering() {
        Interval open = Interval.openFrom(NINE);
        Interval shortOne = new Interval(NINE, NINE.plusSeconds(60));
        Interval longOne = new Interval(NINE, FIVE);
        Interval later = new Interval(FIVE, FIVE.plusSeconds(1));
        List<Interval> sorted = new ArrayList<>(List.of(later, open, longOne, shortOne));
        Collections.sort(sorted);
        assertThat(sorted).containsExactly(shortOne, longOne, open, later);
    }
}
