package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.common.problem.SyntaxException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The occurrence bound read from a rule's parts is checked against what expansion actually gives:
 * over random rules, spans and stretches of time, no stretch ever holds more occurrences than the
 * bound says it can.
 */
class StepBoundTest {
    private static final String[] DAYS = {"MO", "TU", "WE", "TH", "FR", "SA", "SU"};

    @Test
    @DisplayName("no stretch of time holds more occurrences than the bound read from the rule")
    void boundIsNeverExceeded() {
        int examples = Integer.getInteger("stepbound.examples", 120);
        int[] checked = {0};
        qt().withExamples(examples).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            Optional<Recurrence> rule = rule(r);
            if (rule.isEmpty()) {
                return;
            }
            ZoneId zone = RandomSchedules.ZONES.get(r.nextInt(RandomSchedules.ZONES.size()));
            LocalDateTime start = LocalDateTime.of(2020, 1, 1, 0, 0).plusMinutes(r.nextInt(4 * 365 * 24 * 60));
            SpanLength length = SpanLength.elapsed(Duration.ofMinutes(1 + r.nextInt(10 * 24 * 60)));
            RecurringSpan.Outcome built = RecurringSpan.tryOf(start, zone, length, rule);
            if (!(built instanceof RecurringSpan.Built ok)) {
                return;
            }
            long seconds = 3_600L + r.nextInt(366 * 86_400);
            Instant from = Instant.parse("2019-06-01T00:00:00Z").plusSeconds(r.nextInt(6 * 365 * 86_400));
            int actual = ok.span().occurrences(from, from.plusSeconds(seconds), Long.MAX_VALUE).orElseThrow().size();
            assertThat((long) actual).as("seed %d: %s from %s for %ds", seed, ok.span(), from, seconds)
                    .isLessThanOrEqualTo(ok.span().maxOccurrencesOverlapping(seconds));
            checked[0]++;
        });
        assertThat(checked[0]).as("random rules that Upshift accepts, out of %d", examples).isGreaterThan(examples / 2);
    }

    @Test
    @DisplayName("common rules get a bound close to what they have: about a year's worth of steps")
    void commonRulesAreBoundedTightly() {
        assertThat(Recurrence.parse("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR").maxInstancesWithin(Limits.YEAR_SECONDS))
                .isEqualTo((52 + 3) * 5);
        assertThat(Recurrence.parse("FREQ=DAILY").maxInstancesWithin(Limits.YEAR_SECONDS)).isEqualTo(365 + 3);
        assertThat(Recurrence.parse("FREQ=MONTHLY;BYDAY=1SA,-1SU").maxInstancesWithin(Limits.YEAR_SECONDS))
                .isEqualTo((13 + 3) * 2);
        assertThat(Recurrence.parse("FREQ=DAILY;COUNT=10").maxInstancesWithin(Limits.YEAR_SECONDS)).isEqualTo(10);
        assertThat(Recurrence.parse("FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24,25,26").maxInstancesWithin(Limits.YEAR_SECONDS))
                .isEqualTo((1 + 3) * 3);
    }

    static Optional<Recurrence> rule(Random r) {
        String[] freqs = {"MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"};
        String freq = freqs[r.nextInt(freqs.length)];
        List<String> parts = new ArrayList<>(List.of("FREQ=" + freq));
        parts.add("INTERVAL=" + (freq.equals("MINUTELY") ? 30 + r.nextInt(60) : 1 + r.nextInt(4)));
        if (!freq.equals("MINUTELY") && r.nextInt(3) == 0) {
            parts.add("BYMINUTE=" + numbers(r, 0, 59, false));
        }
        if (!freq.equals("MINUTELY") && !freq.equals("HOURLY") && r.nextInt(3) == 0) {
            parts.add("BYHOUR=" + numbers(r, 0, 23, false));
        }
        if (r.nextInt(3) == 0) {
            parts.add("BYDAY=" + days(r, freq.equals("MONTHLY") || freq.equals("YEARLY")));
        }
        if (!freq.equals("WEEKLY") && r.nextInt(3) == 0) {
            parts.add("BYMONTHDAY=" + numbers(r, 1, 31, true));
        }
        if (r.nextInt(4) == 0) {
            parts.add("BYMONTH=" + numbers(r, 1, 12, false));
        }
        if (freq.equals("YEARLY") && r.nextInt(4) == 0) {
            parts.add("BYYEARDAY=" + numbers(r, 1, 366, true));
        }
        if (freq.equals("YEARLY") && r.nextInt(4) == 0) {
            parts.add("BYWEEKNO=" + numbers(r, 1, 53, true));
        }
        if (parts.size() > 2 && r.nextInt(4) == 0) {
            parts.add("BYSETPOS=" + numbers(r, 1, 5, true));
        }
        if (r.nextInt(5) == 0) {
            parts.add("COUNT=" + (1 + r.nextInt(500)));
        }
        parts.add("WKST=MO");
        try {
            return Optional.of(Recurrence.parse(String.join(";", parts)));
        } catch (SyntaxException outsideTheBounds) {
            return Optional.empty();
        }
    }

    private static String numbers(Random r, int min, int max, boolean signed) {
        List<String> out = new ArrayList<>();
        for (int i = 1 + r.nextInt(4); i > 0; i--) {
            int n = min + r.nextInt(max - min + 1);
            out.add(signed && r.nextInt(3) == 0 ? "-" + n : String.valueOf(n));
        }
        return String.join(",", out);
    }

    private static String days(Random r, boolean ordinals) {
        List<String> out = new ArrayList<>();
        for (int i = 1 + r.nextInt(3); i > 0; i--) {
            String day = DAYS[r.nextInt(7)];
            out.add(ordinals && r.nextInt(2) == 0 ? (r.nextBoolean() ? "-" : "") + (1 + r.nextInt(4)) + day : day);
        }
        return String.join(",", out);
    }
}
