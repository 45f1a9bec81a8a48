package dev.upshift.schedule.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The oracle against the published examples of RFC 5545 section 3.8.5.3 (and the worked example
 * of section 3.3.10). The expected dates are copied from the RFC's text, not computed; all
 * examples are in America/New_York. Where the RFC's list goes on with "...", the test stops at
 * the last date it writes out.
 */
class RfcExamplesTest {
    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");
    private static final LocalTime NINE = LocalTime.of(9, 0);

    /** The local starts of a rule from DTSTART up to and including the last day of {@code expected}. */
    private static List<LocalDateTime> walk(String dtstart, String rule, List<LocalDateTime> expected) {
        LocalDateTime last = expected.get(expected.size() - 1).toLocalDate().atTime(23, 59, 59);
        return new RuleWalk(RecurrenceRule.parse(rule), LocalDateTime.parse(dtstart))
                .starts(last, t -> LocalClock.instant(t, NEW_YORK));
    }

    private static void check(String dtstart, String rule, List<LocalDateTime> expected) {
        assertThat(walk(dtstart, rule, expected)).as(rule).containsExactlyElementsOf(expected);
    }

    /** 09:00 on the given days of one month. */
    private static List<LocalDateTime> on(int year, int month, int... days) {
        List<LocalDateTime> out = new ArrayList<>();
        for (int d : days) {
            out.add(LocalDate.of(year, month, d).atTime(NINE));
        }
        return out;
    }

    /** 09:00 on every day from {@code first} to {@code last} of one month. */
    private static List<LocalDateTime> range(int year, int month, int first, int last) {
        List<LocalDateTime> out = new ArrayList<>();
        for (int d = first; d <= last; d++) {
            out.add(LocalDate.of(year, month, d).atTime(NINE));
        }
        return out;
    }

    @SafeVarargs
    private static List<LocalDateTime> all(List<LocalDateTime>... parts) {
        List<LocalDateTime> out = new ArrayList<>();
        for (List<LocalDateTime> p : parts) {
            out.addAll(p);
        }
        return out;
    }

    private static List<LocalDateTime> stepping(int year, int month, int first, int last, int step) {
        List<LocalDateTime> out = new ArrayList<>();
        for (int d = first; d <= last; d += step) {
            out.add(LocalDate.of(year, month, d).atTime(NINE));
        }
        return out;
    }

    @Test
    @DisplayName("daily rules: COUNT, UTC UNTIL across the fall-back change, INTERVAL")
    void daily() {
        check("1997-09-02T09:00", "FREQ=DAILY;COUNT=10", range(1997, 9, 2, 11));
        check("1997-09-02T09:00", "FREQ=DAILY;UNTIL=19971224T000000Z",
                all(range(1997, 9, 2, 30), range(1997, 10, 1, 31), range(1997, 11, 1, 30), range(1997, 12, 1, 23)));
        check("1997-09-02T09:00", "FREQ=DAILY;INTERVAL=2", all(stepping(1997, 9, 2, 30, 2), stepping(1997, 10, 2, 30, 2),
                stepping(1997, 11, 1, 29, 2), on(1997, 12, 1, 3)));
        check("1997-09-02T09:00", "FREQ=DAILY;INTERVAL=10;COUNT=5", all(on(1997, 9, 2, 12, 22), on(1997, 10, 2, 12)));
        List<LocalDateTime> januaries = all(range(1998, 1, 1, 31), range(1999, 1, 1, 31), range(2000, 1, 1, 31));
        check("1998-01-01T09:00", "FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA", januaries);
        check("1998-01-01T09:00", "FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1", januaries);
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

    @Test
    @DisplayName("weekly rules: COUNT, UNTIL, INTERVAL with WKST=SU, BYDAY")
    void weekly() {
        check("1997-09-02T09:00", "FREQ=WEEKLY;COUNT=10",
                all(on(1997, 9, 2, 9, 16, 23, 30), on(1997, 10, 7, 14, 21, 28), on(1997, 11, 4)));
        check("1997-09-02T09:00", "FREQ=WEEKLY;UNTIL=19971224T000000Z", all(on(1997, 9, 2, 9, 16, 23, 30),
                on(1997, 10, 7, 14, 21, 28), on(1997, 11, 4, 11, 18, 25), on(1997, 12, 2, 9, 16, 23)));
        check("1997-09-02T09:00", "FREQ=WEEKLY;INTERVAL=2;WKST=SU", all(on(1997, 9, 2, 16, 30), on(1997, 10, 14, 28),
                on(1997, 11, 11, 25), on(1997, 12, 9, 23), on(1998, 1, 6, 20), on(1998, 2, 3, 17)));
        List<LocalDateTime> tuTh = all(on(1997, 9, 2, 4, 9, 11, 16, 18, 23, 25, 30), on(1997, 10, 2));
        check("1997-09-02T09:00", "FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH", tuTh);
        check("1997-09-02T09:00", "FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH", tuTh);
        check("1997-09-01T09:00", "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR",
                all(on(1997, 9, 1, 3, 5, 15, 17, 19, 29), on(1997, 10, 1, 3, 13, 15, 17, 27, 29, 31),
                        on(1997, 11, 10, 12, 14, 24, 26, 28), on(1997, 12, 8, 10, 12, 22)));
        check("1997-09-02T09:00", "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH",
                all(on(1997, 9, 2, 4, 16, 18, 30), on(1997, 10, 2, 14, 16)));
    }

    @Test
    @DisplayName("WKST decides which days share a week: MO gives August 5, 10, 19, 24; SU gives 5, 17, 19, 31")
    void weekStart() {
        check("1997-08-05T09:00", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", on(1997, 8, 5, 10, 19, 24));
        check("1997-08-05T09:00", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", on(1997, 8, 5, 17, 19, 31));
        check("1997-08-05T09:00", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU", on(1997, 8, 5, 10, 19, 24));
    }

    @Test
    @DisplayName("monthly rules: BYDAY with ordinals, negative BYMONTHDAY, INTERVAL, invalid dates skipped")
    void monthly() {
        check("1997-09-05T09:00", "FREQ=MONTHLY;COUNT=10;BYDAY=1FR", all(on(1997, 9, 5), on(1997, 10, 3), on(1997, 11, 7),
                on(1997, 12, 5), on(1998, 1, 2), on(1998, 2, 6), on(1998, 3, 6), on(1998, 4, 3), on(1998, 5, 1), on(1998, 6, 5)));
        check("1997-09-05T09:00", "FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR",
                all(on(1997, 9, 5), on(1997, 10, 3), on(1997, 11, 7), on(1997, 12, 5)));
        check("1997-09-07T09:00", "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU", all(on(1997, 9, 7, 28),
                on(1997, 11, 2, 30), on(1998, 1, 4, 25), on(1998, 3, 1, 29), on(1998, 5, 3, 31)));
        check("1997-09-22T09:00", "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO", all(on(1997, 9, 22), on(1997, 10, 20), on(1997, 11, 17),
                on(1997, 12, 22), on(1998, 1, 19), on(1998, 2, 16)));
        check("1997-09-28T09:00", "FREQ=MONTHLY;BYMONTHDAY=-3", all(on(1997, 9, 28), on(1997, 10, 29), on(1997, 11, 28),
                on(1997, 12, 29), on(1998, 1, 29), on(1998, 2, 26)));
        check("1997-09-02T09:00", "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15", all(on(1997, 9, 2, 15), on(1997, 10, 2, 15),
                on(1997, 11, 2, 15), on(1997, 12, 2, 15), on(1998, 1, 2, 15)));
        check("1997-09-30T09:00", "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1", all(on(1997, 9, 30), on(1997, 10, 1, 31),
                on(1997, 11, 1, 30), on(1997, 12, 1, 31), on(1998, 1, 1, 31), on(1998, 2, 1)));
        check("1997-09-10T09:00", "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15",
                all(range(1997, 9, 10, 15), range(1999, 3, 10, 13)));
        check("1997-09-02T09:00", "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU", all(on(1997, 9, 2, 9, 16, 23, 30),
                on(1997, 11, 4, 11, 18, 25), on(1998, 1, 6, 13, 20, 27), on(1998, 3, 3, 10, 17, 24, 31)));
        check("2007-01-15T09:00", "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5",
                all(on(2007, 1, 15, 30), on(2007, 2, 15), on(2007, 3, 15, 30)));
    }

    @Test
    @DisplayName("yearly rules: BYMONTH, BYYEARDAY, BYDAY with a yearly ordinal, BYWEEKNO")
    void yearly() {
        check("1997-06-10T09:00", "FREQ=YEARLY;COUNT=10;BYMONTH=6,7", all(on(1997, 6, 10), on(1997, 7, 10), on(1998, 6, 10),
                on(1998, 7, 10), on(1999, 6, 10), on(1999, 7, 10), on(2000, 6, 10), on(2000, 7, 10), on(2001, 6, 10),
                on(2001, 7, 10)));
        check("1997-03-10T09:00", "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3", all(on(1997, 3, 10),
                on(1999, 1, 10), on(1999, 2, 10), on(1999, 3, 10), on(2001, 1, 10), on(2001, 2, 10), on(2001, 3, 10),
                on(2003, 1, 10), on(2003, 2, 10), on(2003, 3, 10)));
        check("1997-01-01T09:00", "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200", all(on(1997, 1, 1),
                on(1997, 4, 10), on(1997, 7, 19), on(2000, 1, 1), on(2000, 4, 9), on(2000, 7, 18), on(2003, 1, 1),
                on(2003, 4, 10), on(2003, 7, 19), on(2006, 1, 1)));
        check("1997-05-19T09:00", "FREQ=YEARLY;BYDAY=20MO", all(on(1997, 5, 19), on(1998, 5, 18), on(1999, 5, 17)));
        check("1997-05-12T09:00", "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", all(on(1997, 5, 12), on(1998, 5, 11), on(1999, 5, 17)));
        check("1997-03-13T09:00", "FREQ=YEARLY;BYMONTH=3;BYDAY=TH",
                all(on(1997, 3, 13, 20, 27), on(1998, 3, 5, 12, 19, 26), on(1999, 3, 4, 11, 18, 25)));
        check("1997-06-05T09:00", "FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8", all(on(1997, 6, 5, 12, 19, 26),
                on(1997, 7, 3, 10, 17, 24, 31), on(1997, 8, 7, 14, 21, 28), on(1998, 6, 4, 11, 18, 25),
                on(1998, 7, 2, 9, 16, 23, 30), on(1998, 8, 6, 13, 20, 27), on(1999, 6, 3, 10, 17, 24),
                on(1999, 7, 1, 8, 15, 22, 29), on(1999, 8, 5, 12, 19, 26)));
    }

    @Test
    @DisplayName("BYDAY with BYMONTHDAY: Friday the 13th, the Saturday after the first Sunday, election day")
    void weekdaysLimitedByMonthDays() {
        // DTSTART (a Tuesday) is not a Friday the 13th: the RFC removes it with EXDATE, Upshift never counts it.
        check("1997-09-02T09:00", "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13",
                all(on(1998, 2, 13), on(1998, 3, 13), on(1998, 11, 13), on(1999, 8, 13), on(2000, 10, 13)));
        check("1997-09-13T09:00", "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13", all(on(1997, 9, 13),
                on(1997, 10, 11), on(1997, 11, 8), on(1997, 12, 13), on(1998, 1, 10), on(1998, 2, 7), on(1998, 3, 7),
                on(1998, 4, 11), on(1998, 5, 9), on(1998, 6, 13)));
        check("1996-11-05T09:00", "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
                all(on(1996, 11, 5), on(2000, 11, 7), on(2004, 11, 2)));
    }

    @Test
    @DisplayName("BYSETPOS picks within each month")
    void setPositions() {
        check("1997-09-04T09:00", "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3",
                all(on(1997, 9, 4), on(1997, 10, 7), on(1997, 11, 6)));
        check("1997-09-29T09:00", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", all(on(1997, 9, 29), on(1997, 10, 30),
                on(1997, 11, 27), on(1997, 12, 30), on(1998, 1, 29), on(1998, 2, 26), on(1998, 3, 30)));
    }

    @Test
    @DisplayName("rules finer than a day: HOURLY, MINUTELY, and BYHOUR/BYMINUTE on a DAILY rule")
    void finerThanADay() {
        LocalDateTime start = LocalDateTime.parse("1997-09-02T09:00");
        // The RFC lists 09:00, 12:00 and 15:00, but its UNTIL (17:00Z) is 13:00 EDT, which 15:00 EDT is after:
        // a known inconsistency of the example (and of RFC 2445's). The rule as written gives the first two.
        assertThat(new RuleWalk(RecurrenceRule.parse("FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z"), start)
                .starts(start.plusDays(1), t -> LocalClock.instant(t, NEW_YORK)))
                .containsExactly(start, start.withHour(12));
        assertThat(new RuleWalk(RecurrenceRule.parse("FREQ=MINUTELY;INTERVAL=15;COUNT=6"), start)
                .starts(start.plusDays(1), t -> LocalClock.instant(t, NEW_YORK))).containsExactly(start,
                start.plusMinutes(15), start.plusMinutes(30), start.plusMinutes(45), start.plusMinutes(60), start.plusMinutes(75));
        assertThat(new RuleWalk(RecurrenceRule.parse("FREQ=MINUTELY;INTERVAL=90;COUNT=4"), start)
                .starts(start.plusDays(1), t -> LocalClock.instant(t, NEW_YORK)))
                .containsExactly(start, start.withHour(10).withMinute(30), start.withHour(12), start.withHour(13).withMinute(30));
        List<LocalDateTime> everyTwenty = new ArrayList<>();
        for (int day = 2; day <= 3; day++) {
            for (int h = 9; h <= 16; h++) {
                for (int m = 0; m < 60; m += 20) {
                    everyTwenty.add(LocalDateTime.of(1997, 9, day, h, m));
                }
            }
        }
        LocalDateTime endOfThird = LocalDateTime.parse("1997-09-03T23:59:59");
        assertThat(new RuleWalk(RecurrenceRule.parse("FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40"), start)
                .starts(endOfThird, t -> LocalClock.instant(t, NEW_YORK))).containsExactlyElementsOf(everyTwenty);
        assertThat(new RuleWalk(RecurrenceRule.parse("FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10,11,12,13,14,15,16"), start)
                .starts(endOfThird, t -> LocalClock.instant(t, NEW_YORK))).containsExactlyElementsOf(everyTwenty);
    }

    @Test
    @DisplayName("section 3.3.10's worked example: every Sunday in January at 8:30 and 9:30, every other year")
    void workedExample() {
        List<LocalDateTime> expected = new ArrayList<>();
        for (int[] yd : new int[][] {{1997, 5}, {1997, 12}, {1997, 19}, {1997, 26}, {1999, 3}, {1999, 10}, {1999, 17},
                {1999, 24}, {1999, 31}}) {
            expected.add(LocalDateTime.of(yd[0], 1, yd[1], 8, 30));
            expected.add(LocalDateTime.of(yd[0], 1, yd[1], 9, 30));
        }
        assertThat(new RuleWalk(RecurrenceRule.parse("FREQ=YEARLY;INTERVAL=2;BYMONTH=1;BYDAY=SU;BYHOUR=8,9;BYMINUTE=30"),
                LocalDateTime.parse("1997-01-05T08:30")).starts(LocalDateTime.parse("2000-12-31T00:00"),
                t -> LocalClock.instant(t, NEW_YORK))).containsExactlyElementsOf(expected);
    }
}
