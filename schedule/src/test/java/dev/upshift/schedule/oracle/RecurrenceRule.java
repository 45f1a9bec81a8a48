package dev.upshift.schedule.oracle;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * The oracle's own reading of an RFC 5545 RRULE value (section 3.3.10): the parts as plain data.
 * It checks only what it needs to evaluate a rule; telling users about bad rules is the schedule
 * module's job. Written from the RFC text alone, sharing nothing with the code under test.
 */
public record RecurrenceRule(Freq freq, int interval, OptionalInt count, Until until, List<Integer> bySecond,
        List<Integer> byMinute, List<Integer> byHour, List<WeekdayNum> byDay, List<Integer> byMonthDay,
        List<Integer> byYearDay, List<Integer> byWeekNo, List<Integer> byMonth, List<Integer> bySetPos, DayOfWeek wkst) {

    /** FREQ, finest first, each with the calendar unit of its period. */
    public enum Freq {
        SECONDLY(ChronoUnit.SECONDS), MINUTELY(ChronoUnit.MINUTES), HOURLY(ChronoUnit.HOURS), DAILY(ChronoUnit.DAYS),
        WEEKLY(ChronoUnit.WEEKS), MONTHLY(ChronoUnit.MONTHS), YEARLY(ChronoUnit.YEARS);

        final ChronoUnit unit;

        Freq(ChronoUnit unit) {
            this.unit = unit;
        }

        /** The calendar unit of one period. */
        public ChronoUnit unit() {
            return unit;
        }

        /** Whether a period of this FREQ is at most an hour long (BYHOUR limits it rather than expands it). */
        boolean atMost(Freq other) {
            return compareTo(other) <= 0;
        }
    }

    /** One BYDAY item: a weekday, with an ordinal (1MO, -1FR) or 0 for every such day. */
    public record WeekdayNum(int ordinal, DayOfWeek day) {}

    /** UNTIL in one of its three forms: a local date, a local date-time, or a UTC date-time. */
    public sealed interface Until {}

    /** {@code UNTIL=20211231}: through that local day. */
    public record UntilDate(LocalDate date) implements Until {}

    /** {@code UNTIL=20211231T170000}: up to and including that local time. */
    public record UntilLocal(LocalDateTime time) implements Until {}

    /** {@code UNTIL=20211231T170000Z}: up to and including that instant. */
    public record UntilUtc(Instant instant) implements Until {}

    private static final DateTimeFormatter BASIC_DATE_TIME = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss", Locale.ROOT);
    private static final List<String> DAY_CODES = List.of("MO", "TU", "WE", "TH", "FR", "SA", "SU");

    /** Reads a rule such as {@code FREQ=WEEKLY;BYDAY=MO,FR} (an {@code RRULE:} prefix is allowed). */
    public static RecurrenceRule parse(String text) {
        String body = text.strip().toUpperCase(Locale.ROOT);
        if (body.startsWith("RRULE:")) {
            body = body.substring(6);
        }
        Freq freq = null;
        int interval = 1;
        OptionalInt count = OptionalInt.empty();
        Until until = null;
        List<Integer> bySecond = List.of();
        List<Integer> byMinute = List.of();
        List<Integer> byHour = List.of();
        List<WeekdayNum> byDay = List.of();
        List<Integer> byMonthDay = List.of();
        List<Integer> byYearDay = List.of();
        List<Integer> byWeekNo = List.of();
        List<Integer> byMonth = List.of();
        List<Integer> bySetPos = List.of();
        DayOfWeek wkst = DayOfWeek.MONDAY;
        for (String part : body.split(";")) {
            if (part.isBlank()) {
                continue;
            }
            String[] nv = part.split("=", 2);
            String v = nv[1].strip();
            switch (nv[0].strip()) {
                case "FREQ" -> freq = Freq.valueOf(v);
                case "INTERVAL" -> interval = Integer.parseInt(v);
                case "COUNT" -> count = OptionalInt.of(Integer.parseInt(v));
                case "UNTIL" -> until = until(v);
                case "BYSECOND" -> bySecond = numbers(v);
                case "BYMINUTE" -> byMinute = numbers(v);
                case "BYHOUR" -> byHour = numbers(v);
                case "BYDAY" -> byDay = days(v);
                case "BYMONTHDAY" -> byMonthDay = numbers(v);
                case "BYYEARDAY" -> byYearDay = numbers(v);
                case "BYWEEKNO" -> byWeekNo = numbers(v);
                case "BYMONTH" -> byMonth = numbers(v);
                case "BYSETPOS" -> bySetPos = numbers(v);
                case "WKST" -> wkst = day(v);
                default -> throw new IllegalArgumentException("unknown part " + part + " in " + text);
            }
        }
        if (freq == null) {
            throw new IllegalArgumentException("no FREQ in " + text);
        }
        return new RecurrenceRule(freq, interval, count, until, bySecond, byMinute, byHour, byDay, byMonthDay, byYearDay,
                byWeekNo, byMonth, bySetPos, wkst);
    }

    private static Until until(String v) {
        if (v.length() == 8) {
            return new UntilDate(LocalDate.parse(v, DateTimeFormatter.BASIC_ISO_DATE));
        }
        if (v.endsWith("Z")) {
            return new UntilUtc(LocalDateTime.parse(v.substring(0, v.length() - 1), BASIC_DATE_TIME).toInstant(ZoneOffset.UTC));
        }
        return new UntilLocal(LocalDateTime.parse(v, BASIC_DATE_TIME));
    }

    private static List<Integer> numbers(String v) {
        List<Integer> out = new ArrayList<>();
        for (String item : v.split(",")) {
            out.add(Integer.parseInt(item.startsWith("+") ? item.substring(1) : item));
        }
        return List.copyOf(out);
    }

    private static List<WeekdayNum> days(String v) {
        List<WeekdayNum> out = new ArrayList<>();
        for (String item : v.split(",")) {
            String code = item.substring(item.length() - 2);
            String n = item.substring(0, item.length() - 2);
            int ordinal = n.isEmpty() ? 0 : Integer.parseInt(n.startsWith("+") ? n.substring(1) : n);
            out.add(new WeekdayNum(ordinal, day(code)));
        }
        return List.copyOf(out);
    }

    private static DayOfWeek day(String code) {
        int i = DAY_CODES.indexOf(code);
        if (i < 0) {
            throw new IllegalArgumentException("not a weekday: " + code);
        }
        return DayOfWeek.of(i + 1);
    }
}
