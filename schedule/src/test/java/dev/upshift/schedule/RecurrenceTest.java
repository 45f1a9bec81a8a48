package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.SyntaxException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RecurrenceTest {
    private static final ZoneId UTC = ZoneId.of("UTC");

    private static List<Interval> occurrences(String rule, String start, String from, String to) {
        RecurringSpan span = RecurringSpan.of(LocalDateTime.parse(start), UTC, SpanLength.elapsed(Duration.ofHours(1)),
                Optional.of(Recurrence.parse(rule)));
        return span.occurrences(Instant.parse(from), Instant.parse(to));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', textBlock = """
            FREQ=WEEKLY;BYDAYS=MO          | 12 | invalid recurrence "FREQ=WEEKLY;BYDAYS=MO": unknown part 'BYDAYS'; did you mean 'BYDAY'?
            FREQ=WEEKY                     | 5  | invalid recurrence "FREQ=WEEKY": unknown FREQ 'WEEKY'; did you mean 'WEEKLY'?
            BYDAY=MO                       | 0  | invalid recurrence "BYDAY=MO": missing FREQ; expected one of: SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY, YEARLY
            FREQ=WEEKLY;BYDAY=MO,TUE       | 21 | invalid recurrence "FREQ=WEEKLY;BYDAY=MO,TUE": BYDAY item 'TUE' is not a weekday; expected MO, TU, WE, TH, FR, SA or SU, optionally with an ordinal such as 1MO or -1FR
            FREQ=WEEKLY;BYDAY=1MO          | 18 | invalid recurrence "FREQ=WEEKLY;BYDAY=1MO": BYDAY item '1MO' has an ordinal, which only FREQ=MONTHLY or FREQ=YEARLY allow
            FREQ=DAILY;COUNT=3;UNTIL=20210101 | 25 | invalid recurrence "FREQ=DAILY;COUNT=3;UNTIL=20210101": COUNT and UNTIL must not both be given
            FREQ=DAILY;BYHOUR=24           | 18 | invalid recurrence "FREQ=DAILY;BYHOUR=24": BYHOUR item '24' is out of range; expected 0 to 23
            FREQ=MONTHLY;BYMONTHDAY=0      | 24 | invalid recurrence "FREQ=MONTHLY;BYMONTHDAY=0": BYMONTHDAY item '0' is out of range; expected 1 to 31 or -31 to -1
            FREQ=DAILY;INTERVAL=0          | 20 | invalid recurrence "FREQ=DAILY;INTERVAL=0": INTERVAL must be between 1 and 10000, got 0
            FREQ=DAILY;INTERVAL=two        | 20 | invalid recurrence "FREQ=DAILY;INTERVAL=two": INTERVAL value 'TWO' is not a whole number
            FREQ=DAILY;FREQ=WEEKLY         | 11 | invalid recurrence "FREQ=DAILY;FREQ=WEEKLY": FREQ appears twice; RFC 5545 allows each part once
            FREQ=DAILY;UNTIL=2021-12-31    | 17 | invalid recurrence "FREQ=DAILY;UNTIL=2021-12-31": UNTIL '2021-12-31' is not a date (20211231) or date-time (20211231T170000Z)
            FREQ=WEEKLY;BYMONTHDAY=1       | 23 | invalid recurrence "FREQ=WEEKLY;BYMONTHDAY=1": BYMONTHDAY must not be used with FREQ=WEEKLY
            FREQ=MONTHLY;BYWEEKNO=1        | 22 | invalid recurrence "FREQ=MONTHLY;BYWEEKNO=1": BYWEEKNO is only allowed with FREQ=YEARLY
            FREQ=MONTHLY;BYSETPOS=1        | 22 | invalid recurrence "FREQ=MONTHLY;BYSETPOS=1": BYSETPOS needs another BY... part to pick from
            FREQ=DAILY;BYDAY               | 11 | invalid recurrence "FREQ=DAILY;BYDAY": part 'BYDAY' has no value; expected NAME=VALUE
            ''                             | 0  | invalid recurrence "": the rule is empty; expected e.g. FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR
            """)
    @DisplayName("a malformed rule is a syntax error that quotes it, points at the part at fault and says what is wrong")
    void rejectsMalformedRules(String rule, int position, String message) {
        assertThatThrownBy(() -> Recurrence.parse(rule)).isInstanceOfSatisfying(SyntaxException.class, e -> {
            assertThat(e).hasMessage(message);
            assertThat(e.input()).isEqualTo(rule);
            assertThat(e.position()).isEqualTo(position);
            assertThat(message).endsWith(": " + e.reason());
        });
    }

    @Test
    @DisplayName("positions count from the rule as written, past leading blanks and an RRULE: prefix")
    void positionsCountFromTheTextAsWritten() {
        assertThatThrownBy(() -> Recurrence.parse("  RRULE:FREQ=DAILY; byhour = 25"))
                .isInstanceOfSatisfying(SyntaxException.class, e -> assertThat(e.position()).isEqualTo(29));
    }

    @Test
    @DisplayName("rules that would expand to millions of instances are rejected before anything is expanded, naming the limit")
    void rejectsRulesThatExpandTooMuch() {
        ExpansionWork.Snapshot before = ExpansionWork.snapshot();
        assertThatThrownBy(() -> Recurrence.parse("FREQ=SECONDLY"))
                .hasMessage("invalid recurrence \"FREQ=SECONDLY\": FREQ=SECONDLY takes 31,556,952 steps a year, more than"
                        + " the 50,000 Upshift expands; use a coarser FREQ with BYHOUR/BYMINUTE, or INTERVAL=632 or more");
        assertThatThrownBy(() -> Recurrence.parse("FREQ=MINUTELY;BYMONTH=2"))
                .hasMessageContaining("FREQ=MINUTELY takes 525,949 steps a year");
        assertThat(ExpansionWork.snapshot().since(before)).isEqualTo(new ExpansionWork.Snapshot(0, 0));
    }

    @Test
    @DisplayName("a rule that passes is checked from its parts alone: nothing is expanded")
    void parsingExpandsNothing() {
        ExpansionWork.Snapshot before = ExpansionWork.snapshot();
        Recurrence.parse("FREQ=MINUTELY;INTERVAL=11;BYMONTH=2");
        assertThat(ExpansionWork.snapshot().since(before)).isEqualTo(new ExpansionWork.Snapshot(0, 0));
    }

    @Test
    @DisplayName("a rule generating more than 10,000 instances per step is rejected")
    void rejectsRulesWithTooManyCandidatesPerStep() {
        assertThatThrownBy(() -> Recurrence.parse("FREQ=YEARLY;BYYEARDAY=" + numbers(1, 366) + ";BYHOUR=" + numbers(0, 23)
                + ";BYMINUTE=0,30"))
                .hasMessageEndingWith("its BY... parts can generate up to 17,568 instances per FREQ=YEARLY step, more than the 10,000 Upshift allows");
    }

    @Test
    @DisplayName("a daily leap-day rule, with up to 1,460 empty days between two instances, finds every leap day")
    void expandsRulesWithLongGaps() {
        assertThat(occurrences("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29", "2021-03-10T07:00:00", "2021-01-01T00:00:00Z",
                "2033-01-01T00:00:00Z")).extracting(i -> i.start().toString())
                .containsExactly("2024-02-29T07:00:00Z", "2028-02-29T07:00:00Z", "2032-02-29T07:00:00Z");
    }

    @Test
    @DisplayName("a sub-hourly rule limited to February, started in March, is expanded in full")
    void expandsFineRulesLimitedToOneMonth() {
        List<Interval> feb = occurrences("FREQ=MINUTELY;INTERVAL=30;BYMONTH=2", "2021-03-01T00:00:00",
                "2021-03-01T00:00:00Z", "2022-03-01T00:00:00Z");
        assertThat(feb).hasSize(28 * 48);
        assertThat(feb.get(0).start()).isEqualTo(Instant.parse("2022-02-01T00:00:00Z"));
        assertThat(feb.get(feb.size() - 1).start()).isEqualTo(Instant.parse("2022-02-28T23:30:00Z"));
    }

    @Test
    @DisplayName("an hourly rule for leap days finds every hour of each leap day, years apart")
    void expandsHourlyLeapDays() {
        assertThat(occurrences("FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29;BYHOUR=3", "2021-01-01T00:00:00",
                "2021-01-01T00:00:00Z", "2029-01-01T00:00:00Z")).extracting(i -> i.start().toString())
                .containsExactly("2024-02-29T03:00:00Z", "2028-02-29T03:00:00Z");
    }

    @Test
    @DisplayName("COUNT counts occurrences the rule matches, and UNTIL is inclusive in each of its forms")
    void appliesCountAndUntil() {
        assertThat(occurrences("FREQ=DAILY;COUNT=3", "2021-03-10T07:00:00", "2021-01-01T00:00:00Z", "2022-01-01T00:00:00Z"))
                .extracting(i -> i.start().toString())
                .containsExactly("2021-03-10T07:00:00Z", "2021-03-11T07:00:00Z", "2021-03-12T07:00:00Z");
        for (String until : List.of("20210312", "20210312T070000", "20210312T070000Z")) {
            assertThat(occurrences("FREQ=DAILY;UNTIL=" + until, "2021-03-10T07:00:00", "2021-01-01T00:00:00Z",
                    "2022-01-01T00:00:00Z")).as(until).hasSize(3);
        }
        assertThat(occurrences("FREQ=DAILY;UNTIL=20210312T065959Z", "2021-03-10T07:00:00", "2021-01-01T00:00:00Z",
                "2022-01-01T00:00:00Z")).hasSize(2);
    }

    @Test
    @DisplayName("a lowercase rule with an RRULE: prefix and a trailing ';' is accepted")
    void acceptsCommonVariations() {
        assertThat(Recurrence.parse("RRULE:freq=weekly;byday=mo,fr;").text()).isEqualTo("RRULE:freq=weekly;byday=mo,fr;");
        assertThat(occurrences("RRULE:freq=weekly;byday=mo,fr;", "2021-03-08T07:00:00", "2021-03-08T00:00:00Z",
                "2021-03-15T00:00:00Z")).hasSize(2);
    }

    @Test
    @DisplayName("UNTIL before the start is rejected: the span would never occur")
    void rejectsUntilBeforeStart() {
        assertThatThrownBy(() -> RecurringSpan.of(LocalDateTime.parse("2021-03-10T07:00:00"), UTC,
                SpanLength.elapsed(Duration.ofHours(1)), Optional.of(Recurrence.parse("FREQ=DAILY;UNTIL=20210301T000000Z"))))
                .hasMessage("invalid recurrence \"FREQ=DAILY;UNTIL=20210301T000000Z\": UNTIL 20210301T000000Z is before the"
                        + " start 2021-03-10T07:00 (UTC), so it never occurs");
    }

    @Test
    @DisplayName("building a span reports what is wrong as a value naming the field at fault")
    void spanProblemsNameTheirField() {
        SpanLength hour = SpanLength.elapsed(Duration.ofHours(1));
        assertThat(RecurringSpan.tryOf(LocalDateTime.parse("1850-01-01T00:00:00"), UTC, hour, Optional.empty()))
                .isEqualTo(new RecurringSpan.Invalid("startTime", "startTime 1850-01-01T00:00:00Z is outside the"
                        + " supported range 1900-01-01T00:00:00Z to 9000-01-01T00:00:00Z"));
        assertThat(RecurringSpan.tryOf(LocalDateTime.parse("2021-03-10T07:00:00"), UTC, hour,
                Optional.of(Recurrence.parse("FREQ=DAILY;UNTIL=20210301")))).isInstanceOfSatisfying(RecurringSpan.Invalid.class,
                        i -> assertThat(i.field()).isEqualTo("recurrence"));
        assertThat(RecurringSpan.tryOf(LocalDateTime.parse("2021-03-10T07:00:00"), UTC, hour,
                Optional.of(Recurrence.parse("FREQ=DAILY;COUNT=2")))).isInstanceOf(RecurringSpan.Built.class);
    }

    @Test
    @DisplayName("a window or exclusion lasts at most the supported range, 1900 to 9000")
    void lengthsAreBounded() {
        assertThat(SpanLength.elapsed(Limits.MAX_LENGTH).duration()).isEqualTo(Limits.MAX_LENGTH);
        assertThatThrownBy(() -> SpanLength.wallClock(Limits.MAX_LENGTH.plusSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at most 2593222 days");
    }

    private static String numbers(int from, int to) {
        StringBuilder s = new StringBuilder();
        for (int i = from; i <= to; i++) {
            s.append(i == from ? "" : ",").append(i);
        }
        return s.toString();
    }
}
