package dev.upshift.schedule.oracle;

import dev.upshift.schedule.oracle.RecurrenceRule.Freq;
import dev.upshift.schedule.oracle.RecurrenceRule.UntilDate;
import dev.upshift.schedule.oracle.RecurrenceRule.UntilLocal;
import dev.upshift.schedule.oracle.RecurrenceRule.UntilUtc;
import dev.upshift.schedule.oracle.RecurrenceRule.WeekdayNum;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The local start times a rule gives from a start, found by brute force, as RFC 5545 section
 * 3.3.10 describes it: walk the FREQ periods from the one holding the start, keep every
 * INTERVAL-th, list every day (and time of day) of a kept period that each BYxxx part admits,
 * pick BYSETPOS positions within the period, then apply COUNT and UNTIL.
 *
 * <p>Each BYxxx part, whether the RFC's table calls it "expand" or "limit" for the FREQ, comes
 * down to one test of a candidate day: is its month (week number, day of the year, day of the
 * month, weekday) listed? "Expand" only says that the period holds more than one candidate. What
 * the rule leaves out is copied from the start: the time of day for FREQ=DAILY and coarser, the
 * day of the month for MONTHLY and YEARLY, the month for YEARLY (also when BYMONTHDAY is its only
 * day part: section 3.3.10 says a missing month comes from DTSTART), the weekday for WEEKLY (and
 * for YEARLY with BYWEEKNO alone).
 *
 * <p>Upshift's reading where it departs from RFC 5545: the start is not an occurrence unless the
 * rule matches it, and COUNT counts the occurrences the rule matches.
 *
 * <p>Readings chosen where the RFC is ambiguous: a YEARLY period is the calendar year, also with
 * BYWEEKNO (the days of week 1 that fall in late December belong to the earlier year's period); a
 * BYWEEKNO day matches when the week holding it, numbered in the week-numbering year it belongs to
 * (ISO 8601 with WKST as first day), is listed; BYSETPOS counts the candidates from the start of
 * the period, including those before the start, which are then dropped.
 */
public final class RuleWalk {
    private final RecurrenceRule rule;
    private final LocalDateTime start;

    public RuleWalk(RecurrenceRule rule, LocalDateTime start) {
        this.rule = rule;
        this.start = start;
    }

    /**
     * The local starts of occurrences, in order, from the start up to and including {@code limit}.
     *
     * @param instantOf how a local start maps to an instant (for a UTC UNTIL)
     */
    public List<LocalDateTime> starts(LocalDateTime limit, Function<LocalDateTime, Instant> instantOf) {
        List<LocalDateTime> out = new ArrayList<>();
        int counted = 0;
        LocalDateTime first = periodStart(start);
        for (long k = 0; ; k += rule.interval()) {
            LocalDateTime period = first.plus(k, rule.freq().unit);
            if (period.isAfter(limit)) {
                return out;
            }
            for (LocalDateTime t : pickSetPositions(candidates(period))) {
                if (t.isBefore(start)) {
                    continue;
                }
                if (t.isAfter(limit)) {
                    return out;
                }
                if (rule.count().isPresent() && counted == rule.count().getAsInt()) {
                    return out;
                }
                if (!untilAdmits(t, instantOf)) {
                    continue;
                }
                counted++;
                out.add(t);
            }
        }
    }

    private boolean untilAdmits(LocalDateTime t, Function<LocalDateTime, Instant> instantOf) {
        if (rule.until() == null) {
            return true;
        }
        if (rule.until() instanceof UntilDate d) {
            return !t.toLocalDate().isAfter(d.date());
        }
        if (rule.until() instanceof UntilLocal l) {
            return !t.isAfter(l.time());
        }
        return !instantOf.apply(t).isAfter(((UntilUtc) rule.until()).instant());
    }

    private LocalDateTime periodStart(LocalDateTime t) {
        return switch (rule.freq()) {
            case YEARLY -> t.toLocalDate().withDayOfYear(1).atStartOfDay();
            case MONTHLY -> t.toLocalDate().withDayOfMonth(1).atStartOfDay();
            case WEEKLY -> t.toLocalDate().with(TemporalAdjusters.previousOrSame(rule.wkst())).atStartOfDay();
            case DAILY -> t.toLocalDate().atStartOfDay();
            case HOURLY -> t.truncatedTo(ChronoUnit.HOURS);
            case MINUTELY -> t.truncatedTo(ChronoUnit.MINUTES);
            case SECONDLY -> t.truncatedTo(ChronoUnit.SECONDS);
        };
    }

    /** Every candidate of the period that begins at {@code period}, in order. */
    private List<LocalDateTime> candidates(LocalDateTime period) {
        LocalDate firstDay = period.toLocalDate();
        LocalDate afterLast = switch (rule.freq()) {
            case YEARLY -> firstDay.plusYears(1);
            case MONTHLY -> firstDay.plusMonths(1);
            case WEEKLY -> firstDay.plusWeeks(1);
            default -> firstDay.plusDays(1);
        };
        List<LocalTime> times = timesOfDay(period.toLocalTime());
        List<LocalDateTime> out = new ArrayList<>();
        for (LocalDate d = firstDay; d.isBefore(afterLast); d = d.plusDays(1)) {
            if (dayMatches(d)) {
                for (LocalTime time : times) {
                    out.add(d.atTime(time));
                }
            }
        }
        return out;
    }

    /**
     * The times of day a kept day offers: for each of hour, minute and second, the period's own
     * value when the period is that short (limited by the BY part), else the BY part's values, else
     * the start's value.
     */
    private List<LocalTime> timesOfDay(LocalTime period) {
        List<Integer> hours = field(Freq.HOURLY, period.getHour(), rule.byHour(), start.getHour());
        List<Integer> minutes = field(Freq.MINUTELY, period.getMinute(), rule.byMinute(), start.getMinute());
        List<Integer> seconds = field(Freq.SECONDLY, period.getSecond(), rule.bySecond(), start.getSecond());
        TreeSet<LocalTime> out = new TreeSet<>();
        for (int h : hours) {
            for (int m : minutes) {
                for (int s : seconds) {
                    out.add(LocalTime.of(h, m, s));
                }
            }
        }
        return List.copyOf(out);
    }

    private List<Integer> field(Freq finestLimiting, int periodValue, List<Integer> by, int startValue) {
        if (rule.freq().atMost(finestLimiting)) {
            return by.isEmpty() || by.contains(periodValue) ? List.of(periodValue) : List.of();
        }
        return by.isEmpty() ? List.of(startValue) : by;
    }

    private boolean dayMatches(LocalDate d) {
        if (!rule.byMonth().isEmpty() && !rule.byMonth().contains(d.getMonthValue())) {
            return false;
        }
        if (!rule.byWeekNo().isEmpty() && !weekNoMatches(d)) {
            return false;
        }
        if (!rule.byYearDay().isEmpty() && !signedMatch(rule.byYearDay(), d.getDayOfYear(), d.lengthOfYear())) {
            return false;
        }
        if (!rule.byMonthDay().isEmpty() && !signedMatch(rule.byMonthDay(), d.getDayOfMonth(), d.lengthOfMonth())) {
            return false;
        }
        if (!rule.byDay().isEmpty() && !byDayMatches(d)) {
            return false;
        }
        return copiesFromStart(d);
    }

    /** What the rule leaves out of the day is the start's. */
    private boolean copiesFromStart(LocalDate d) {
        boolean noDayPart = rule.byWeekNo().isEmpty() && rule.byYearDay().isEmpty() && rule.byMonthDay().isEmpty()
                && rule.byDay().isEmpty();
        LocalDate s = start.toLocalDate();
        return switch (rule.freq()) {
            case YEARLY -> {
                boolean sameMonth = !rule.byMonth().isEmpty() || d.getMonth() == s.getMonth();
                if (noDayPart) {
                    yield sameMonth && d.getDayOfMonth() == s.getDayOfMonth();
                }
                if (rule.byYearDay().isEmpty() && rule.byMonthDay().isEmpty() && rule.byDay().isEmpty()) {
                    yield d.getDayOfWeek() == s.getDayOfWeek();
                }
                yield rule.byMonthDay().isEmpty() || !rule.byWeekNo().isEmpty() || !rule.byYearDay().isEmpty() || sameMonth;
            }
            case MONTHLY -> !(rule.byMonthDay().isEmpty() && rule.byDay().isEmpty()) || d.getDayOfMonth() == s.getDayOfMonth();
            case WEEKLY -> !rule.byDay().isEmpty() || d.getDayOfWeek() == s.getDayOfWeek();
            default -> true;
        };
    }

    /** Whether {@code n} (1-based, of {@code length}) is listed, as itself or counted from the end (-1 the last). */
    private static boolean signedMatch(List<Integer> listed, int n, int length) {
        return listed.contains(n) || listed.contains(n - length - 1);
    }

    private boolean byDayMatches(LocalDate d) {
        boolean inMonth = rule.freq() == Freq.MONTHLY || !rule.byMonth().isEmpty();
        int n = inMonth ? d.getDayOfMonth() : d.getDayOfYear();
        int length = inMonth ? d.lengthOfMonth() : d.lengthOfYear();
        int nth = (n - 1) / 7 + 1;
        int nthFromEnd = -((length - n) / 7 + 1);
        for (WeekdayNum w : rule.byDay()) {
            if (w.day() == d.getDayOfWeek() && (w.ordinal() == 0 || w.ordinal() == nth || w.ordinal() == nthFromEnd)) {
                return true;
            }
        }
        return false;
    }

    /**
     * ISO 8601 week numbers with WKST as the first day: week 1 is the first week with at least
     * four days in the year, which is the week holding 4 January.
     */
    private boolean weekNoMatches(LocalDate d) {
        int year = d.getYear();
        if (d.isBefore(week1(year))) {
            year--;
        } else if (!d.isBefore(week1(year + 1))) {
            year++;
        }
        int week = (int) ChronoUnit.DAYS.between(week1(year), d) / 7 + 1;
        int weeks = (int) ChronoUnit.DAYS.between(week1(year), week1(year + 1)) / 7;
        return signedMatch(rule.byWeekNo(), week, weeks);
    }

    private LocalDate week1(int year) {
        return LocalDate.of(year, 1, 4).with(TemporalAdjusters.previousOrSame(rule.wkst()));
    }

    private List<LocalDateTime> pickSetPositions(List<LocalDateTime> set) {
        if (rule.bySetPos().isEmpty()) {
            return set;
        }
        TreeSet<LocalDateTime> picked = new TreeSet<>();
        for (int pos : rule.bySetPos()) {
            int i = pos > 0 ? pos - 1 : set.size() + pos;
            if (i >= 0 && i < set.size()) {
                picked.add(set.get(i));
            }
        }
        return List.copyOf(picked);
    }

    /** The weekday that RFC 5545 takes as WKST when a rule names none. */
    public static DayOfWeek defaultWeekStart() {
        return DayOfWeek.MONDAY;
    }
}
