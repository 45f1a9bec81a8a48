package dev.upshift.core.present;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The report's formats: escaping, UTC times, durations, percentages and coordinates. */
class HtmlTest {
    @Test
    @DisplayName("escapes the five characters HTML gives meaning to, and drops control characters")
    void escaping() {
        assertThat(Html.esc("a<b>&\"c'")).isEqualTo("a&lt;b&gt;&amp;&quot;c&#39;");
        assertThat(Html.esc("bell\u0007")).isEqualTo("bell\uFFFD");
        assertThat(Html.esc("tab\there")).isEqualTo("tab\there");
    }

    @Test
    @DisplayName("times are UTC, seconds only when not zero; durations show their two largest units")
    void formats() {
        assertThat(Html.time(Instant.parse("2026-03-03T22:00:00Z"))).isEqualTo("2026-03-03 22:00");
        assertThat(Html.time(Instant.parse("2026-03-03T22:00:05Z"))).isEqualTo("2026-03-03 22:00:05");
        assertThat(Html.shortTime(Instant.parse("2026-03-03T22:00:00Z"))).isEqualTo("Tue 3 Mar 22:00");
        assertThat(Html.duration(Duration.ofHours(76))).isEqualTo("3d 4h");
        assertThat(Html.duration(Duration.ofHours(48))).isEqualTo("2d");
        assertThat(Html.duration(Duration.ofMinutes(150))).isEqualTo("2h 30m");
        assertThat(Html.duration(Duration.ofSeconds(20))).isEqualTo("20s");
        assertThat(Html.percent(0.05)).isEqualTo("5%");
        assertThat(Html.percent(0.125)).isEqualTo("12.5%");
        assertThat(Html.percent(0)).isEqualTo("0%");
        assertThat(Html.num(12.345)).isEqualTo("12.35");
        assertThat(Html.num(-0.5)).isEqualTo("-0.5");
        assertThat(Html.num(3.0)).isEqualTo("3");
        assertThat(Html.num(1.05)).isEqualTo("1.05");
    }

    @Test
    @DisplayName("the axis labels days over a week, weeks over two months, hours over a day; labels never crowd")
    void axisUnits() {
        Instant from = Instant.parse("2026-03-02T00:00:00Z");
        assertThat(new Axis(from, from.plus(Duration.ofDays(7)), 0, 1000).ticks()).extracting(Axis.Tick::label)
                .startsWith("Mon 2 Mar", "Tue 3 Mar");
        assertThat(new Axis(from, from.plus(Duration.ofDays(60)), 0, 1000).ticks()).extracting(Axis.Tick::label)
                .startsWith("2 Mar", "9 Mar");
        assertThat(new Axis(from, from.plus(Duration.ofDays(1)), 0, 1000).ticks()).extracting(Axis.Tick::label)
                .startsWith("Mon 2 Mar", "03:00");
        assertThat(new Axis(from, from.plus(Duration.ofDays(700)), 0, 1000).ticks()).extracting(Axis.Tick::label)
                .startsWith("Apr 2026", "Jul 2026");
        Axis sunday = new Axis(Instant.parse("2026-03-01T18:00:00Z"), Instant.parse("2026-03-03T00:00:00Z"), 0, 1000);
        assertThat(sunday.weekends()).singleElement().satisfies(w -> {
            assertThat(w[0]).isEqualTo(Instant.parse("2026-02-28T00:00:00Z"));
            assertThat(w[1]).isEqualTo(Instant.parse("2026-03-02T00:00:00Z"));
        });
        for (int days : List.of(1, 3, 7, 14, 30, 61, 120, 365, 3000)) {
            Axis axis = new Axis(from.plusSeconds(3_333), from.plus(Duration.ofDays(days)), 272, 1016);
            List<Axis.Tick> ticks = axis.ticks();
            assertThat(ticks).as(days + " days").isNotEmpty();
            for (int i = 1; i < ticks.size(); i++) {
                assertThat(axis.x(ticks.get(i).at()) - axis.x(ticks.get(i - 1).at())).as(days + " days")
                        .isGreaterThanOrEqualTo(Axis.MIN_LABEL_GAP - 10);
            }
        }
    }
}
