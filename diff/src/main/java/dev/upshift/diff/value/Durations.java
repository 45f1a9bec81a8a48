package dev.upshift.diff.value;

import java.time.Duration;
import java.time.format.DateTimeParseException;

/**
 * Parses durations the way Upshift documents write them: Go style ({@code 90m}, {@code 24h},
 * {@code 1h30m}, {@code 1.5h}, {@code 500ms}; units {@code ns us µs ms s m h}, plus {@code d} for
 * whole days of 24 hours) or ISO-8601 ({@code PT1H30M}, {@code P1D}). Negative durations are
 * rejected; zero is allowed.
 */
public final class Durations {
    private Durations() {}

    /**
     * Parses a duration.
     *
     * @throws IllegalArgumentException naming the character where the text stops making sense
     */
    public static Duration parse(String text) {
        String s = text.strip();
        if (s.isEmpty()) {
            throw new IllegalArgumentException("empty duration; expected e.g. 90m, 1h30m or PT1H30M");
        }
        if (s.charAt(0) == 'P' || s.charAt(0) == 'p') {
            try {
                Duration d = Duration.parse(s);
                if (d.isNegative()) {
                    throw new IllegalArgumentException("negative duration '" + text + "'");
                }
                return d;
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("invalid ISO-8601 duration '" + text + "'; expected e.g. PT1H30M");
            }
        }
        return parseGo(text, s);
    }

    private static Duration parseGo(String text, String s) {
        if (s.equals("0")) {
            return Duration.ZERO;
        }
        Duration total = Duration.ZERO;
        int i = 0;
        while (i < s.length()) {
            int start = i;
            while (i < s.length() && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '.')) i++;
            if (i == start) {
                throw bad(text, i, "expected a number");
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
                case "" -> throw bad(text, unitStart, "missing unit (ns, us, ms, s, m, h or d)");
                default -> throw bad(text, unitStart, "unknown unit '" + unit + "' (ns, us, ms, s, m, h or d)");
            };
            try {
                java.math.BigDecimal nanos = new java.math.BigDecimal(number)
                        .multiply(java.math.BigDecimal.valueOf(nanosPerUnit));
                total = total.plusNanos(nanos.longValueExact());
            } catch (NumberFormatException | ArithmeticException e) {
                throw bad(text, start, "invalid number '" + number + "'");
            }
        }
        return total;
    }

    private static IllegalArgumentException bad(String text, int index, String what) {
        return new IllegalArgumentException("invalid duration '" + text + "' at character " + (index + 1) + ": " + what
                + "; expected e.g. 90m, 1h30m or PT1H30M");
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
            if (ms > 0) out.append('.').append(String.format("%03d", ms).replaceAll("0+$", ""));
            out.append('s');
        }
        return out.toString();
    }
}
