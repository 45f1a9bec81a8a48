package dev.upshift.schedule;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.YearMonth;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The local start times of an RFC 5545 rule (section 3.3.10), generated period by period: each
 * FREQ period that INTERVAL keeps is expanded by the BYxxx parts the RFC's table marks "expand"
 * for its FREQ and cut down by those it marks "limit", then BYSETPOS picks within the period.
 * COUNT and UNTIL are applied by the caller.
 *
 * <p>Where the RFC leaves room, this follows the readings docs/schedules.md states: the week
 * starts on WKST (Monday when absent, whatever the JVM's locale); a YEARLY period is the calendar
 * year, and a day belongs to week n when the week holding it (numbered as ISO 8601 does, from
 * WKST) is week n of its own week-numbering year; once one day part has expanded a YEARLY period,
 * every further day part limits it (a day must satisfy each); a missing month, day of the month,
 * weekday or time of day comes from the seed; BYSETPOS counts from the start of the period, also
 * before the seed.
 *
 * <p>Each call does work in proportion to the periods it covers and the candidates they hold,
 * which Upshift's bounds keep small ({@link Limits}); {@link #nth} counts whole periods without
 * listing them. Immutable and thread-safe. (One class over the usual size: listing and counting
 * must read every part alike, and split apart they would drift.)
 */
final class RuleExpansion {
    /** A BYDAY item: a weekday, with an ordinal (1MO, -1FR) or 0 for every such day. */
    record WeekdayNum(int ordinal, DayOfWeek day) {}

    /** Past every instant a schedule may ask about, with a year to spare for local times. */
    private static final LocalDateTime LAST =
            LocalDateTime.ofInstant(Limits.LATEST, java.time.ZoneOffset.UTC).plusYears(1);

    private final Frequency freq;
    private final int interval;
    private final DayOfWeek weekStart;
    private final List<Integer> byMonth;
    private final List<Integer> byWeekNo;
    private final List<Integer> byYearDay;
    private final List<Integer> byMonthDay;
    private final List<WeekdayNum> byDay;
    private final List<Integer> byHour;
    private final List<Integer> byMinute;
    private final List<Integer> bySecond;
    private final List<Integer> bySetPos;

    RuleExpansion(Frequency freq, int interval, DayOfWeek weekStart, List<Integer> byMonth, List<Integer> byWeekNo,
            List<Integer> byYearDay, List<Integer> byMonthDay, List<WeekdayNum> byDay, List<Integer> byHour,
            List<Integer> byMinute, List<Integer> bySecond, List<Integer> bySetPos) {
        this.freq = freq;
        this.interval = interval;
        this.weekStart = weekStart;
        this.byMonth = List.copyOf(byMonth);
        this.byWeekNo = List.copyOf(byWeekNo);
        this.byYearDay = List.copyOf(byYearDay);
        this.byMonthDay = List.copyOf(byMonthDay);
        this.byDay = List.copyOf(byDay);
        // distinct, so that the times of a day are counted by multiplying their sizes
        this.byHour = List.copyOf(new TreeSet<>(byHour));
        this.byMinute = List.copyOf(new TreeSet<>(byMinute));
        this.bySecond = List.copyOf(new TreeSet<>(bySecond));
        this.bySetPos = List.copyOf(bySetPos);
    }

    /** The expansion of a checked rule's parts. */
    static RuleExpansion of(RuleParts p) {
        String wkst = p.get("WKST");
        return new RuleExpansion(p.frequency(), p.interval(), wkst == null ? DayOfWeek.MONDAY : weekday(wkst),
                numbers(p, "BYMONTH"), numbers(p, "BYWEEKNO"), numbers(p, "BYYEARDAY"), numbers(p, "BYMONTHDAY"),
                weekdays(p), numbers(p, "BYHOUR"), numbers(p, "BYMINUTE"), numbers(p, "BYSECOND"), numbers(p, "BYSETPOS"));
    }

    private static List<Integer> numbers(RuleParts p, String name) {
        String v = p.get(name);
        if (v == null) {
            return List.of();
        }
        List<Integer> out = new ArrayList<>();
        for (String item : v.split(",")) {
            out.add(Integer.parseInt(item.startsWith("+") ? item.substring(1) : item));
        }
        return out;
    }

    private static List<WeekdayNum> weekdays(RuleParts p) {
        String v = p.get("BYDAY");
        if (v == null) {
            return List.of();
        }
        List<WeekdayNum> out = new ArrayList<>();
        for (String item : v.split(",")) {
            String n = item.substring(0, item.length() - 2);
            int ordinal = n.isEmpty() ? 0 : Integer.parseInt(n.startsWith("+") ? n.substring(1) : n);
            out.add(new WeekdayNum(ordinal, weekday(item.substring(item.length() - 2))));
        }
        return out;
    }

    /** {@code MO} ... {@code SU}, which RuleParts has checked. */
    private static DayOfWeek weekday(String code) {
        return DayOfWeek.of(List.of("MO", "TU", "WE", "TH", "FR", "SA", "SU").indexOf(code) + 1);
    }

    /**
     * The starts of a rule seeded at {@code seed} that lie in {@code [from, to]}, in order, at most
     * {@code max} of them. Starts before the seed are never returned; nothing after the year 9000
     * is looked at.
     */
    List<LocalDateTime> starts(LocalDateTime seed, LocalDateTime from, LocalDateTime to, long max) {
        ExpansionWork.expansionStarted();
        List<LocalDateTime> out = new ArrayList<>();
        LocalDateTime lo = from.isBefore(seed) ? seed : from;
        LocalDateTime hi = to.isAfter(LAST) ? LAST : to;
        LocalDateTime first = periodStart(seed);
        long k = freq.unit().between(first, periodStart(lo));
        k -= Math.floorMod(k, interval);
        for (; ; k += interval) {
            LocalDateTime period = first.plus(k, freq.unit());
            if (period.isAfter(hi)) {
                ExpansionWork.instancesProduced(out.size());
                return out;
            }
            for (LocalDateTime t : pickSetPositions(candidates(seed, period))) {
                if (t.isBefore(lo)) {
                    continue;
                }
                if (t.isAfter(hi)) {
                    ExpansionWork.instancesProduced(out.size());
                    return out;
                }
                out.add(t);
                if (out.size() >= max) {
                    ExpansionWork.instancesProduced(out.size());
                    return out;
                }
            }
        }
    }

    /**
     * The outcome of looking for the n-th start.
     *
     * @param found how many starts were found, at most n
     * @param nth the n-th start, when found
     */
    record Nth(long found, Optional<LocalDateTime> nth) {}

    /**
     * The {@code n}-th start (from 1) of a rule seeded at {@code seed}, among those up to {@code to},
     * or how many there are when fewer. Periods wholly inside the range are counted, not expanded:
     * only the first period, the last and the one holding the n-th start are, so the work is one
     * count per period plus at most three periods' candidates, and nothing is held.
     */
    Nth nth(LocalDateTime seed, LocalDateTime to, long n) {
        ExpansionWork.expansionStarted();
        LocalDateTime hi = to.isAfter(LAST) ? LAST : to;
        LocalDateTime first = periodStart(seed);
        long found = 0;
        long produced = 0;
        for (long k = 0; ; k += interval) {
            LocalDateTime period = first.plus(k, freq.unit());
            if (period.isAfter(hi)) {
                ExpansionWork.instancesProduced(produced);
                return new Nth(found, Optional.empty());
            }
            boolean whole = k > 0 && period.plus(1, freq.unit()).isBefore(hi);
            if (whole) {
                long inPeriod = count(seed, period);
                if (found + inPeriod < n) {
                    found += inPeriod;
                    continue;
                }
            }
            List<LocalDateTime> starts = pickSetPositions(candidates(seed, period));
            produced += starts.size();
            for (LocalDateTime t : starts) {
                if (t.isBefore(seed)) {
                    continue;
                }
                if (t.isAfter(hi)) {
                    ExpansionWork.instancesProduced(produced);
                    return new Nth(found, Optional.empty());
                }
                if (++found == n) {
                    ExpansionWork.instancesProduced(produced);
                    return new Nth(found, Optional.of(t));
                }
            }
        }
    }

    /** How many starts a period holds, after BYSETPOS, without listing them. */
    private long count(LocalDateTime seed, LocalDateTime period) {
        long days = days(seed, period).size();
        if (days == 0) {
            return 0;
        }
        LocalTime p = period.toLocalTime();
        long size = days * unit(Frequency.HOURLY, p.getHour(), byHour, 0).size()
                * unit(Frequency.MINUTELY, p.getMinute(), byMinute, 0).size()
                * unit(Frequency.SECONDLY, p.getSecond(), bySecond, 0).size();
        if (bySetPos.isEmpty()) {
            return size;
        }
        TreeSet<Long> picked = new TreeSet<>();
        for (int pos : bySetPos) {
            long i = pos > 0 ? pos - 1L : size + pos;
            if (i >= 0 && i < size) {
                picked.add(i);
            }
        }
        return picked.size();
    }

    private LocalDateTime periodStart(LocalDateTime t) {
        return switch (freq) {
            case YEARLY -> t.toLocalDate().withDayOfYear(1).atStartOfDay();
            case MONTHLY -> t.toLocalDate().withDayOfMonth(1).atStartOfDay();
            case WEEKLY -> t.toLocalDate().with(TemporalAdjusters.previousOrSame(weekStart)).atStartOfDay();
            case DAILY -> t.toLocalDate().atStartOfDay();
            case HOURLY -> t.truncatedTo(ChronoUnit.HOURS);
            case MINUTELY -> t.truncatedTo(ChronoUnit.MINUTES);
            case SECONDLY -> t.truncatedTo(ChronoUnit.SECONDS);
        };
    }

    /** The candidates of one period, in order, before BYSETPOS. */
    private List<LocalDateTime> candidates(LocalDateTime seed, LocalDateTime period) {
        List<LocalDate> days = days(seed, period);
        if (days.isEmpty()) {
            return List.of();
        }
        List<LocalTime> times = timesOfDay(seed.toLocalTime(), period.toLocalTime());
        List<LocalDateTime> out = new ArrayList<>(days.size() * times.size());
        for (LocalDate d : days) {
            for (LocalTime t : times) {
                out.add(d.atTime(t));
            }
        }
        return out;
    }

    /** The days of one period that the day parts admit, in order. */
    private List<LocalDate> days(LocalDateTime seed, LocalDateTime period) {
        return switch (freq) {
            case YEARLY -> yearDays(seed.toLocalDate(), period.getYear());
            case MONTHLY -> monthDays(seed.toLocalDate(), YearMonth.from(period));
            case WEEKLY -> weekDays(seed.toLocalDate(), period.toLocalDate());
            default -> dayLimits(period.toLocalDate()) ? List.of(period.toLocalDate()) : List.of();
        };
    }

    private List<LocalDate> yearDays(LocalDate seed, int year) {
        TreeSet<LocalDate> days = new TreeSet<>();
        if (!byWeekNo.isEmpty()) {
            days.addAll(weekNoDays(seed, year));
        } else if (!byYearDay.isEmpty()) {
            int length = LocalDate.of(year, 1, 1).lengthOfYear();
            for (int v : byYearDay) {
                int n = v > 0 ? v : length + 1 + v;
                if (n >= 1 && n <= length) {
                    days.add(LocalDate.ofYearDay(year, n));
                }
            }
        } else if (!byMonthDay.isEmpty()) {
            for (int month : byMonth.isEmpty() ? List.of(seed.getMonthValue()) : byMonth) {
                days.addAll(monthDaysListed(YearMonth.of(year, month)));
            }
        } else if (!byDay.isEmpty()) {
            if (byMonth.isEmpty()) {
                days.addAll(weekdaysWithin(LocalDate.of(year, 1, 1), LocalDate.of(year, 12, 31)));
            } else {
                for (int month : byMonth) {
                    YearMonth ym = YearMonth.of(year, month);
                    days.addAll(weekdaysWithin(ym.atDay(1), ym.atEndOfMonth()));
                }
            }
        } else {
            for (int month : byMonth.isEmpty() ? List.of(seed.getMonthValue()) : byMonth) {
                YearMonth ym = YearMonth.of(year, month);
                if (ym.isValidDay(seed.getDayOfMonth())) {
                    days.add(ym.atDay(seed.getDayOfMonth()));
                }
            }
        }
        Set<LocalDate> weekdays = byDay.isEmpty() ? Set.of() : yearWeekdays(year);
        List<LocalDate> out = new ArrayList<>();
        for (LocalDate d : days) {
            if (yearLimits(d, weekdays)) {
                out.add(d);
            }
        }
        return out;
    }

    /** The days BYDAY admits in a YEARLY period: ordinals count within each listed month, or within the year. */
    private Set<LocalDate> yearWeekdays(int year) {
        if (byMonth.isEmpty()) {
            return weekdaysWithin(LocalDate.of(year, 1, 1), LocalDate.of(year, 12, 31));
        }
        Set<LocalDate> out = new TreeSet<>();
        for (int month : byMonth) {
            YearMonth ym = YearMonth.of(year, month);
            out.addAll(weekdaysWithin(ym.atDay(1), ym.atEndOfMonth()));
        }
        return out;
    }

    /**
     * The days of {@code year} in the listed weeks. Weeks are numbered within their own
     * week-numbering year, so the weeks that hold days of {@code year} come from three of them.
     * With no other day part, only the seed's weekday.
     */
    private List<LocalDate> weekNoDays(LocalDate seed, int year) {
        boolean seedsWeekday = byDay.isEmpty() && byYearDay.isEmpty() && byMonthDay.isEmpty();
        List<LocalDate> out = new ArrayList<>();
        for (int weekYear = year - 1; weekYear <= year + 1; weekYear++) {
            int weeks = weeksIn(weekYear);
            for (int w : byWeekNo) {
                int n = w > 0 ? w : weeks + 1 + w;
                if (n < 1 || n > weeks) {
                    continue;
                }
                LocalDate first = week1(weekYear).plusWeeks(n - 1L);
                for (int i = 0; i < 7; i++) {
                    LocalDate d = first.plusDays(i);
                    if (d.getYear() == year && (!seedsWeekday || d.getDayOfWeek() == seed.getDayOfWeek())) {
                        out.add(d);
                    }
                }
            }
        }
        return out;
    }

    /** Once a day part has expanded a YEARLY period, the others limit it; {@code weekdays} are BYDAY's days. */
    private boolean yearLimits(LocalDate d, Set<LocalDate> weekdays) {
        return (byMonth.isEmpty() || byMonth.contains(d.getMonthValue()))
                && (byYearDay.isEmpty() || signedListed(byYearDay, d.getDayOfYear(), d.lengthOfYear()))
                && (byMonthDay.isEmpty() || signedListed(byMonthDay, d.getDayOfMonth(), d.lengthOfMonth()))
                && (byDay.isEmpty() || weekdays.contains(d));
    }

    private List<LocalDate> monthDays(LocalDate seed, YearMonth ym) {
        if (!byMonth.isEmpty() && !byMonth.contains(ym.getMonthValue())) {
            return List.of();
        }
        if (!byMonthDay.isEmpty()) {
            Set<LocalDate> weekdays = byDay.isEmpty() ? Set.of() : weekdaysWithin(ym.atDay(1), ym.atEndOfMonth());
            List<LocalDate> out = new ArrayList<>();
            for (LocalDate d : monthDaysListed(ym)) {
                if (byDay.isEmpty() || weekdays.contains(d)) {
                    out.add(d);
                }
            }
            return out;
        }
        if (!byDay.isEmpty()) {
            return List.copyOf(weekdaysWithin(ym.atDay(1), ym.atEndOfMonth()));
        }
        return ym.isValidDay(seed.getDayOfMonth()) ? List.of(ym.atDay(seed.getDayOfMonth())) : List.of();
    }

    private List<LocalDate> weekDays(LocalDate seed, LocalDate weekStartDay) {
        List<LocalDate> out = new ArrayList<>(7);
        for (int i = 0; i < 7; i++) {
            LocalDate d = weekStartDay.plusDays(i);
            boolean weekday = byDay.isEmpty() ? d.getDayOfWeek() == seed.getDayOfWeek()
                    : byDay.stream().anyMatch(w -> w.day() == d.getDayOfWeek());
            if (weekday && (byMonth.isEmpty() || byMonth.contains(d.getMonthValue()))) {
                out.add(d);
            }
        }
        return out;
    }

    /** The limits on the one day of a DAILY (or finer) period. */
    private boolean dayLimits(LocalDate d) {
        return (byMonth.isEmpty() || byMonth.contains(d.getMonthValue()))
                && (byYearDay.isEmpty() || signedListed(byYearDay, d.getDayOfYear(), d.lengthOfYear()))
                && (byMonthDay.isEmpty() || signedListed(byMonthDay, d.getDayOfMonth(), d.lengthOfMonth()))
                && (byDay.isEmpty() || byDay.stream().anyMatch(w -> w.day() == d.getDayOfWeek()));
    }

    private TreeSet<LocalDate> monthDaysListed(YearMonth ym) {
        TreeSet<LocalDate> out = new TreeSet<>();
        int length = ym.lengthOfMonth();
        for (int v : byMonthDay) {
            int n = v > 0 ? v : length + 1 + v;
            if (n >= 1 && n <= length) {
                out.add(ym.atDay(n));
            }
        }
        return out;
    }

    /** The BYDAY days within [first, last]: every such weekday, or the n-th from either end. */
    private TreeSet<LocalDate> weekdaysWithin(LocalDate first, LocalDate last) {
        TreeSet<LocalDate> out = new TreeSet<>();
        for (WeekdayNum w : byDay) {
            LocalDate earliest = first.with(TemporalAdjusters.nextOrSame(w.day()));
            if (w.ordinal() == 0) {
                for (LocalDate d = earliest; !d.isAfter(last); d = d.plusWeeks(1)) {
                    out.add(d);
                }
            } else {
                LocalDate d = w.ordinal() > 0 ? earliest.plusWeeks(w.ordinal() - 1L)
                        : last.with(TemporalAdjusters.previousOrSame(w.day())).minusWeeks(-w.ordinal() - 1L);
                if (!d.isBefore(first) && !d.isAfter(last)) {
                    out.add(d);
                }
            }
        }
        return out;
    }

    private static boolean signedListed(List<Integer> listed, int n, int length) {
        return listed.contains(n) || listed.contains(n - length - 1);
    }

    /** The first day of week 1 of a week-numbering year: the week (from WKST) that holds 4 January. */
    private LocalDate week1(int weekYear) {
        return LocalDate.of(weekYear, 1, 4).with(TemporalAdjusters.previousOrSame(weekStart));
    }

    private int weeksIn(int weekYear) {
        return (int) (ChronoUnit.DAYS.between(week1(weekYear), week1(weekYear + 1)) / 7);
    }

    private List<LocalTime> timesOfDay(LocalTime seed, LocalTime period) {
        List<Integer> hours = unit(Frequency.HOURLY, period.getHour(), byHour, seed.getHour());
        List<Integer> minutes = unit(Frequency.MINUTELY, period.getMinute(), byMinute, seed.getMinute());
        List<Integer> seconds = unit(Frequency.SECONDLY, period.getSecond(), bySecond, seed.getSecond());
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

    /** A time unit's values: the period's own when FREQ is that fine (limited by BYxxx), else BYxxx, else the seed's. */
    private List<Integer> unit(Frequency finest, int periodValue, List<Integer> by, int seedValue) {
        if (!finest.finerThan(freq)) {
            return by.isEmpty() || by.contains(periodValue) ? List.of(periodValue) : List.of();
        }
        return by.isEmpty() ? List.of(seedValue) : by;
    }

    private List<LocalDateTime> pickSetPositions(List<LocalDateTime> set) {
        if (bySetPos.isEmpty() || set.isEmpty()) {
            return set;
        }
        TreeSet<LocalDateTime> picked = new TreeSet<>();
        for (int pos : bySetPos) {
            int i = pos > 0 ? pos - 1 : set.size() + pos;
            if (i >= 0 && i < set.size()) {
                picked.add(set.get(i));
            }
        }
        return List.copyOf(picked);
    }
}
