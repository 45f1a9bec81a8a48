package dev.upshift.schedule.oracle;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;

/**
 * The published examples of RFC 5545 section 3.8.5.3 (and the worked example of section 3.3.10):
 * a start, a rule and the occurrences the RFC lists, copied from its text, not computed. All are
 * in America/New_York at 09:00 unless the rule says otherwise. Where the RFC's list goes on with
 * "...", an example stops at the last date it writes out. Both the oracle and the schedule module
 * are checked against this table.
 */
public final class RfcExamples {
    private static final LocalTime NINE = LocalTime.of(9, 0);

    /**
     * One example.
     *
     * @param dtstart the local start
     * @param rule the RRULE value
     * @param expected every occurrence up to the last day listed, in order
     */
    public record Example(String dtstart, String rule, List<LocalDateTime> expected) {
        /** The end of the last day listed: the examples list every occurrence up to there. */
        public LocalDateTime through() {
            return expected.get(expected.size() - 1).toLocalDate().atTime(23, 59, 59);
        }

        @Override
        public String toString() {
            return "DTSTART " + dtstart + " RRULE:" + rule;
        }
    }

    private RfcExamples() {}

    /** Every example, in the order of the RFC's text. */
    public static List<Example> all() {
        List<Example> out = new ArrayList<>();
        // daily rules: COUNT, UTC UNTIL across the fall-back change, INTERVAL
        add(out, "1997-09-02T09:00", "FREQ=DAILY;COUNT=10", range(1997, 9, 2, 11));
        add(out, "1997-09-02T09:00", "FREQ=DAILY;UNTIL=19971224T000000Z",
                concat(range(1997, 9, 2, 30), range(1997, 10, 1, 31), range(1997, 11, 1, 30), range(1997, 12, 1, 23)));
        add(out, "1997-09-02T09:00", "FREQ=DAILY;INTERVAL=2", concat(stepping(1997, 9, 2, 30, 2), stepping(1997, 10, 2, 30, 2),
                stepping(1997, 11, 1, 29, 2), on(1997, 12, 1, 3)));
        add(out, "1997-09-02T09:00", "FREQ=DAILY;INTERVAL=10;COUNT=5", concat(on(1997, 9, 2, 12, 22), on(1997, 10, 2, 12)));
        List<LocalDateTime> januaries = concat(range(1998, 1, 1, 31), range(1999, 1, 1, 31), range(2000, 1, 1, 31));
        add(out, "1998-01-01T09:00", "FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA", januaries);
        add(out, "1998-01-01T09:00", "FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1", januaries);
        // weekly rules: COUNT, UNTIL, INTERVAL with WKST=SU, BYDAY
        add(out, "1997-09-02T09:00", "FREQ=WEEKLY;COUNT=10",
                concat(on(1997, 9, 2, 9, 16, 23, 30), on(1997, 10, 7, 14, 21, 28), on(1997, 11, 4)));
        add(out, "1997-09-02T09:00", "FREQ=WEEKLY;UNTIL=19971224T000000Z", concat(on(1997, 9, 2, 9, 16, 23, 30),
                on(1997, 10, 7, 14, 21, 28), on(1997, 11, 4, 11, 18, 25), on(1997, 12, 2, 9, 16, 23)));
        add(out, "1997-09-02T09:00", "FREQ=WEEKLY;INTERVAL=2;WKST=SU", concat(on(1997, 9, 2, 16, 30), on(1997, 10, 14, 28),
                on(1997, 11, 11, 25), on(1997, 12, 9, 23), on(1998, 1, 6, 20), on(1998, 2, 3, 17)));
        List<LocalDateTime> tuTh = concat(on(1997, 9, 2, 4, 9, 11, 16, 18, 23, 25, 30), on(1997, 10, 2));
        add(out, "1997-09-02T09:00", "FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH", tuTh);
        add(out, "1997-09-02T09:00", "FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH", tuTh);
        add(out, "1997-09-01T09:00", "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR",
                concat(on(1997, 9, 1, 3, 5, 15, 17, 19, 29), on(1997, 10, 1, 3, 13, 15, 17, 27, 29, 31),
                        on(1997, 11, 10, 12, 14, 24, 26, 28), on(1997, 12, 8, 10, 12, 22)));
        add(out, "1997-09-02T09:00", "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH",
                concat(on(1997, 9, 2, 4, 16, 18, 30), on(1997, 10, 2, 14, 16)));
        // WKST decides which days share a week: MO gives August 5, 10, 19, 24; SU gives 5, 17, 19, 31
        add(out, "1997-08-05T09:00", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", on(1997, 8, 5, 10, 19, 24));
        add(out, "1997-08-05T09:00", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", on(1997, 8, 5, 17, 19, 31));
        // Not an RFC example, but its rule: without WKST the week starts on MO.
        add(out, "1997-08-05T09:00", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU", on(1997, 8, 5, 10, 19, 24));
        // monthly rules: BYDAY with ordinals, negative BYMONTHDAY, INTERVAL, invalid dates skipped
        add(out, "1997-09-05T09:00", "FREQ=MONTHLY;COUNT=10;BYDAY=1FR", concat(on(1997, 9, 5), on(1997, 10, 3), on(1997, 11, 7),
                on(1997, 12, 5), on(1998, 1, 2), on(1998, 2, 6), on(1998, 3, 6), on(1998, 4, 3), on(1998, 5, 1), on(1998, 6, 5)));
        add(out, "1997-09-05T09:00", "FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR",
                concat(on(1997, 9, 5), on(1997, 10, 3), on(1997, 11, 7), on(1997, 12, 5)));
        add(out, "1997-09-07T09:00", "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU", concat(on(1997, 9, 7, 28),
                on(1997, 11, 2, 30), on(1998, 1, 4, 25), on(1998, 3, 1, 29), on(1998, 5, 3, 31)));
        add(out, "1997-09-22T09:00", "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO", concat(on(1997, 9, 22), on(1997, 10, 20), on(1997, 11, 17),
                on(1997, 12, 22), on(1998, 1, 19), on(1998, 2, 16)));
        add(out, "1997-09-28T09:00", "FREQ=MONTHLY;BYMONTHDAY=-3", concat(on(1997, 9, 28), on(1997, 10, 29), on(1997, 11, 28),
                on(1997, 12, 29), on(1998, 1, 29), on(1998, 2, 26)));
        add(out, "1997-09-02T09:00", "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15", concat(on(1997, 9, 2, 15), on(1997, 10, 2, 15),
                on(1997, 11, 2, 15), on(1997, 12, 2, 15), on(1998, 1, 2, 15)));
        add(out, "1997-09-30T09:00", "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1", concat(on(1997, 9, 30), on(1997, 10, 1, 31),
                on(1997, 11, 1, 30), on(1997, 12, 1, 31), on(1998, 1, 1, 31), on(1998, 2, 1)));
        add(out, "1997-09-10T09:00", "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15",
                concat(range(1997, 9, 10, 15), range(1999, 3, 10, 13)));
        add(out, "1997-09-02T09:00", "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU", concat(on(1997, 9, 2, 9, 16, 23, 30),
                on(1997, 11, 4, 11, 18, 25), on(1998, 1, 6, 13, 20, 27), on(1998, 3, 3, 10, 17, 24, 31)));
        add(out, "2007-01-15T09:00", "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5",
                concat(on(2007, 1, 15, 30), on(2007, 2, 15), on(2007, 3, 15, 30)));
        // yearly rules: BYMONTH, BYYEARDAY, BYDAY with a yearly ordinal, BYWEEKNO
        add(out, "1997-06-10T09:00", "FREQ=YEARLY;COUNT=10;BYMONTH=6,7", concat(on(1997, 6, 10), on(1997, 7, 10), on(1998, 6, 10),
                on(1998, 7, 10), on(1999, 6, 10), on(1999, 7, 10), on(2000, 6, 10), on(2000, 7, 10), on(2001, 6, 10),
                on(2001, 7, 10)));
        add(out, "1997-03-10T09:00", "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3", concat(on(1997, 3, 10),
                on(1999, 1, 10), on(1999, 2, 10), on(1999, 3, 10), on(2001, 1, 10), on(2001, 2, 10), on(2001, 3, 10),
                on(2003, 1, 10), on(2003, 2, 10), on(2003, 3, 10)));
        add(out, "1997-01-01T09:00", "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200", concat(on(1997, 1, 1),
                on(1997, 4, 10), on(1997, 7, 19), on(2000, 1, 1), on(2000, 4, 9), on(2000, 7, 18), on(2003, 1, 1),
                on(2003, 4, 10), on(2003, 7, 19), on(2006, 1, 1)));
        add(out, "1997-05-19T09:00", "FREQ=YEARLY;BYDAY=20MO", concat(on(1997, 5, 19), on(1998, 5, 18), on(1999, 5, 17)));
        add(out, "1997-05-12T09:00", "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", concat(on(1997, 5, 12), on(1998, 5, 11), on(1999, 5, 17)));
        add(out, "1997-03-13T09:00", "FREQ=YEARLY;BYMONTH=3;BYDAY=TH",
                concat(on(1997, 3, 13, 20, 27), on(1998, 3, 5, 12, 19, 26), on(1999, 3, 4, 11, 18, 25)));
        add(out, "1997-06-05T09:00", "FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8", concat(on(1997, 6, 5, 12, 19, 26),
                on(1997, 7, 3, 10, 17, 24, 31), on(1997, 8, 7, 14, 21, 28), on(1998, 6, 4, 11, 18, 25),
                on(1998, 7, 2, 9, 16, 23, 30), on(1998, 8, 6, 13, 20, 27), on(1999, 6, 3, 10, 17, 24),
                on(1999, 7, 1, 8, 15, 22, 29), on(1999, 8, 5, 12, 19, 26)));
        // BYDAY with BYMONTHDAY: Friday the 13th, the Saturday after the first Sunday, election day
        // DTSTART (a Tuesday) is not a Friday the 13th: the RFC removes it with EXDATE, Upshift never counts it.
        add(out, "1997-09-02T09:00", "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13",
                concat(on(1998, 2, 13), on(1998, 3, 13), on(1998, 11, 13), on(1999, 8, 13), on(2000, 10, 13)));
        add(out, "1997-09-13T09:00", "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13", concat(on(1997, 9, 13),
                on(1997, 10, 11), on(1997, 11, 8), on(1997, 12, 13), on(1998, 1, 10), on(1998, 2, 7), on(1998, 3, 7),
                on(1998, 4, 11), on(1998, 5, 9), on(1998, 6, 13)));
        add(out, "1996-11-05T09:00", "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
                concat(on(1996, 11, 5), on(2000, 11, 7), on(2004, 11, 2)));
        // BYSETPOS picks within each month
        add(out, "1997-09-04T09:00", "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3",
                concat(on(1997, 9, 4), on(1997, 10, 7), on(1997, 11, 6)));
        add(out, "1997-09-29T09:00", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", concat(on(1997, 9, 29), on(1997, 10, 30),
                on(1997, 11, 27), on(1997, 12, 30), on(1998, 1, 29), on(1998, 2, 26), on(1998, 3, 30)));
        finerThanADay(out);
        workedExample(out);
        return out;
    }

    private static void finerThanADay(List<Example> out) {
        // The RFC lists 09:00, 12:00 and 15:00, but its UNTIL (17:00Z) is 13:00 EDT, which 15:00 EDT is after:
        // a known inconsistency of the example (and of RFC 2445's). The rule as written gives the first two.
        add(out, "1997-09-02T09:00", "FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z",
                List.of(LocalDateTime.parse("1997-09-02T09:00"), LocalDateTime.parse("1997-09-02T12:00")));
        add(out, "1997-09-02T09:00", "FREQ=MINUTELY;INTERVAL=15;COUNT=6", times("1997-09-02", "09:00", "09:15", "09:30",
                "09:45", "10:00", "10:15"));
        add(out, "1997-09-02T09:00", "FREQ=MINUTELY;INTERVAL=90;COUNT=4", times("1997-09-02", "09:00", "10:30", "12:00",
                "13:30"));
        List<LocalDateTime> everyTwenty = new ArrayList<>();
        for (int day = 2; day <= 3; day++) {
            for (int h = 9; h <= 16; h++) {
                for (int m = 0; m < 60; m += 20) {
                    everyTwenty.add(LocalDateTime.of(1997, 9, day, h, m));
                }
            }
        }
        add(out, "1997-09-02T09:00", "FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40", everyTwenty);
        add(out, "1997-09-02T09:00", "FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10,11,12,13,14,15,16", everyTwenty);
    }

    /** Section 3.3.10: every Sunday in January at 8:30 and 9:30, every other year. */
    private static void workedExample(List<Example> out) {
        List<LocalDateTime> expected = new ArrayList<>();
        for (int[] yd : new int[][] {{1997, 5}, {1997, 12}, {1997, 19}, {1997, 26}, {1999, 3}, {1999, 10}, {1999, 17},
                {1999, 24}, {1999, 31}}) {
            expected.add(LocalDateTime.of(yd[0], 1, yd[1], 8, 30));
            expected.add(LocalDateTime.of(yd[0], 1, yd[1], 9, 30));
        }
        add(out, "1997-01-05T08:30", "FREQ=YEARLY;INTERVAL=2;BYMONTH=1;BYDAY=SU;BYHOUR=8,9;BYMINUTE=30", expected);
    }

    private static void add(List<Example> out, String dtstart, String rule, List<LocalDateTime> expected) {
        out.add(new Example(dtstart, rule, List.copyOf(expected)));
    }

    private static List<LocalDateTime> times(String date, String... times) {
        List<LocalDateTime> out = new ArrayList<>();
        for (String t : times) {
            out.add(LocalDateTime.parse(date + "T" + t));
        }
        return out;
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
    private static List<LocalDateTime> concat(List<LocalDateTime>... parts) {
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

}
