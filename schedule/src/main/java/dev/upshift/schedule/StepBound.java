package dev.upshift.schedule;

/**
 * Upper bounds on what a recurrence rule can generate, read from its parts alone (RFC 5545 section
 * 3.3.10): how many steps can touch a stretch of time, and how many instances one step can hold.
 * They bound the work of expanding any range before anything is expanded, so that a schedule that
 * passed its checks can always be expanded (see {@link OccurrenceBound}).
 */
final class StepBound {
    private static final long DAY = 86_400;

    private StepBound() {}

    /**
     * The most steps of {@code interval} × {@code frequency} that can touch a stretch of
     * {@code seconds} of local time. Steps of the shortest length (28-day months, 365-day years),
     * plus three for the ends: one step may start before the stretch and last into it, another may
     * start at its very end, and months and years vary in length.
     */
    static long stepsTouching(Frequency frequency, int interval, long seconds) {
        long stepSeconds = switch (frequency) {
            case SECONDLY -> 1;
            case MINUTELY -> 60;
            case HOURLY -> 3_600;
            case DAILY -> DAY;
            case WEEKLY -> 7 * DAY;
            case MONTHLY -> 28 * DAY;
            case YEARLY -> 365 * DAY;
        };
        return Math.max(0, seconds) / (stepSeconds * interval) + 3;
    }

    /**
     * The most instances one step of the rule can hold: the days a step can match times the times
     * of day it can match, or BYSETPOS's count when that is smaller. Parts that only limit a step
     * (BYMONTH in a DAILY rule, BYHOUR in an HOURLY one) can only lower the real number.
     */
    static long instancesPerStep(RuleParts p) {
        Frequency f = p.frequency();
        long times = switch (f) {
            case SECONDLY -> 1;
            case MINUTELY -> atLeastOne(p, "BYSECOND");
            case HOURLY -> atLeastOne(p, "BYMINUTE") * atLeastOne(p, "BYSECOND");
            default -> atLeastOne(p, "BYHOUR") * atLeastOne(p, "BYMINUTE") * atLeastOne(p, "BYSECOND");
        };
        long days = switch (f) {
            case WEEKLY -> Math.min(7, atLeastOne(p, "BYDAY"));
            case MONTHLY -> monthlyDays(p);
            case YEARLY -> yearlyDays(p);
            default -> 1;
        };
        long n = days * times;
        return p.size("BYSETPOS") > 0 ? Math.min(n, p.size("BYSETPOS")) : n;
    }

    private static long monthlyDays(RuleParts p) {
        long days = 31;
        boolean any = false;
        if (p.size("BYMONTHDAY") > 0) {
            days = Math.min(days, p.size("BYMONTHDAY"));
            any = true;
        }
        if (p.size("BYDAY") > 0) {
            days = Math.min(days, weekdays(p, 1, 5));
            any = true;
        }
        return any ? days : 1;
    }

    /** Each day-level part alone admits at most this many days a year; together they admit fewer. */
    private static long yearlyDays(RuleParts p) {
        long months = p.size("BYMONTH");
        long days = 366;
        boolean any = false;
        if (months > 0) {
            days = Math.min(days, 31 * months);
            any = true;
        }
        if (p.size("BYYEARDAY") > 0) {
            days = Math.min(days, p.size("BYYEARDAY"));
            any = true;
        }
        if (p.size("BYWEEKNO") > 0) {
            days = Math.min(days, 7L * p.size("BYWEEKNO"));
            any = true;
        }
        if (p.size("BYMONTHDAY") > 0) {
            days = Math.min(days, (months > 0 ? months : 12) * p.size("BYMONTHDAY"));
            any = true;
        }
        if (p.size("BYDAY") > 0) {
            days = Math.min(days, months > 0 ? weekdays(p, months, 5 * months) : weekdays(p, 1, 53));
            any = true;
        }
        return any ? days : 1;
    }

    /** BYDAY's days: {@code ordinal} for an item such as {@code 1MO}, {@code plain} for one such as {@code MO}. */
    private static long weekdays(RuleParts p, long ordinal, long plain) {
        long n = 0;
        for (String item : p.get("BYDAY").split(",", -1)) {
            n += Character.isLetter(item.charAt(0)) ? plain : ordinal;
        }
        return n;
    }

    private static long atLeastOne(RuleParts p, String name) {
        return Math.max(1, p.size(name));
    }

    static long saturatedMultiply(long a, long b) {
        long high = Math.multiplyHigh(a, b);
        long low = a * b;
        return high == 0 && low >= 0 ? low : Long.MAX_VALUE;
    }

    static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
