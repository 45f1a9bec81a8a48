package dev.upshift.common.value;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.upshift.common.problem.SyntaxException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * Parses durations the way Upshift documents write them: Go style ({@code 90m}, {@code 24h},
 * {@code 1h30m}, {@code 1.5h}, {@code 500ms}; units {@code ns us µs ms s m h}, plus {@code d} for
 * whole days of 24 hours) or ISO-8601 ({@code PT1H30M}, {@code P1D}). Negative durations are
 * rejected; zero is allowed. A duration has at most {@value #MAX_LENGTH} characters, checked before
 * anything else, so parsing is cheap whatever the text.
 */
@API(status = MAINTAINED, since = "0.1")
public final class Durations {
    /** The most characters a duration may have, blanks around it included. */
    public static final int MAX_LENGTH = 64;

    private static final String WHAT = "duration";
    private static final String EXAMPLES = "expected e.g. 90m, 1h30m or PT1H30M";
    private static final String UNITS = "expected ns, us, ms, s, m, h or d, as in 90m, 1h30m or PT1H30M";

    private Durations() {}

    /**
     * Parses a duration.
     *
     * @throws SyntaxException quoting the text and naming the character where it stops making
     *     sense ({@link SyntaxException#position()} is 0-based in {@code text} as given), or saying
     *     that it is longer than {@link #MAX_LENGTH} characters
     */
    public static Duration parse(String text) {
        if (text.length() > MAX_LENGTH) {
            throw SyntaxException.tooLong(WHAT, text, MAX_LENGTH);
        }
        String s = text.strip();
        int offset = text.length() - text.stripLeading().length();
        if (s.isEmpty()) {
            throw new SyntaxException(WHAT, text, text.length(), "empty; " + EXAMPLES);
        }
        if (s.charAt(0) == 'P' || s.charAt(0) == 'p') {
            return parseIso(text, s, offset);
        }
        return parseGo(text, s, offset);
    }

    private static Duration parseIso(String text, String s, int offset) {
        Duration d;
        try {
            d = Duration.parse(s);
        } catch (DateTimeParseException e) {
            throw new SyntaxException(WHAT, text, offset, "not an ISO-8601 duration; expected e.g. PT1H30M");
        }
        if (d.isNegative()) {
            throw new SyntaxException(WHAT, text, offset, "negative; a duration is zero or longer");
        }
        return d;
    }

    private static Duration parseGo(String text, String s, int offset) {
        if (s.equals("0")) {
            return Duration.ZERO;
        }
        Duration total = Duration.ZERO;
        int i = 0;
        while (i < s.length()) {
            int start = i;
            while (i < s.length() && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '.')) i++;
            if (i == start) {
                throw bad(text, offset + i, "expected a number", EXAMPLES);
            }
            String number = s.substring(start, i);
            int unitStart = i;
            while (i < s.length() && !Character.isDigit(s.charAt(i)) && s.charAt(i) != '.') i++;
            String unit = s.substring(unitStart, i);
            long nanosPerUnit = switch (unit) {
                case "ns" -> 1L;
                case "us", "µs", "μs" -> 1_000L;
                case "ms" -> 1_000_000L;
                case "s" -> 1_000_000_000L;
                case "m" -> 60_000_000_000L;
                case "h" -> 3_600_000_000_000L;
                case "d" -> 86_400_000_000_000L;
                case "" -> throw bad(text, offset + unitStart, "missing unit", UNITS);
                default -> throw bad(text, offset + unitStart, "unknown unit '" + unit + "'", UNITS);
            };
            try {
                java.math.BigDecimal nanos = new java.math.BigDecimal(number)
                        .multiply(java.math.BigDecimal.valueOf(nanosPerUnit));
                total = total.plusNanos(nanos.longValueExact());
            } catch (NumberFormatException | ArithmeticException e) {
                throw bad(text, offset + start, "invalid number '" + number + "'", EXAMPLES);
            }
        }
        return total;
    }

    private static SyntaxException bad(String text, int index, String problem, String expected) {
        return new SyntaxException(WHAT, text, index, problem + " at character " + (index + 1) + "; " + expected);
    }

    /** Renders a duration in Go style ({@code 1h30m}, {@code 45s}, {@code 0s}). */
    public static String format(Duration d) {
        if (d.isZero()) {
            return "0s";
        }
        StringBuilder out = new StringBuilder();
        if (d.isNegative()) {
            out.append('-');
            d = d.negated();
        }
        long h = d.toHours();
        int m = d.toMinutesPart();
        int s = d.toSecondsPart();
        int ms = d.toMillisPart();
        if (h > 0) out.append(h).append('h');
        if (m > 0) out.append(m).append('m');
        if (s > 0 || ms > 0) {
            out.append(s);
            if (ms > 0) out.append('.').append(String.format(Locale.ROOT, "%03d", ms).replaceAll("0+$", ""));
            out.append('s');
        }
        return out.toString();
    }

    /**
     * Renders a duration for people reading a report: its two largest units of days, hours and
     * minutes, rounded down ({@code 3d 4h}, {@code 22h}, {@code 2h 30m}, {@code 45m}); under a minute,
     * its seconds ({@code 30s}). Not meant to be parsed back: {@link #format} is exact.
     *
     * @throws IllegalArgumentException if {@code d} is negative
     */
    public static String approximate(Duration d) {
        if (d.isNegative()) {
            throw new IllegalArgumentException("a negative duration: " + d);
        }
        long minutes = d.toMinutes();
        long days = minutes / (24 * 60);
        long hours = minutes / 60 % 24;
        long mins = minutes % 60;
        if (days > 0) {
            return days + "d" + (hours > 0 ? " " + hours + "h" : "");
        }
        if (hours > 0) {
            return hours + "h" + (mins > 0 ? " " + mins + "m" : "");
        }
        return mins > 0 ? mins + "m" : d.getSeconds() + "s";
    }
}
