package dev.upshift.core.present;

import dev.upshift.common.value.Durations;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/** Escaping and the page's formats of times, durations and numbers: fixed, English, UTC, never the machine's. */
final class Html {
    static final String[] DAYS = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    static final String[] MONTHS = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

    private Html() {}

    /** Text made safe for element content and quoted attribute values. */
    static String esc(String text) {
        StringBuilder s = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> s.append("&amp;");
                case '<' -> s.append("&lt;");
                case '>' -> s.append("&gt;");
                case '"' -> s.append("&quot;");
                case '\'' -> s.append("&#39;");
                default -> {
                    // control characters other than tab and newline have no place in a page
                    if (c < 0x20 && c != '\t' && c != '\n') {
                        s.append('\uFFFD');
                    } else {
                        s.append(c);
                    }
                }
            }
        }
        return s.toString();
    }

    /** Text cut to {@code max} characters, with an ellipsis when cut. */
    static String clip(String text, int max) {
        return text.length() <= max ? text : text.substring(0, Math.max(0, max - 1)) + "…";
    }

    static LocalDateTime utc(Instant t) {
        return LocalDateTime.ofInstant(t, ZoneOffset.UTC);
    }

    /** {@code 2026-03-03 22:00} (seconds only when not zero), UTC. */
    static String time(Instant t) {
        LocalDateTime d = utc(t);
        String s = String.format(java.util.Locale.ROOT, "%04d-%02d-%02d %02d:%02d", d.getYear(), d.getMonthValue(),
                d.getDayOfMonth(), d.getHour(), d.getMinute());
        return d.getSecond() == 0 ? s : s + String.format(java.util.Locale.ROOT, ":%02d", d.getSecond());
    }

    /** {@code Tue 3 Mar 22:00}, UTC, for short labels. */
    static String shortTime(Instant t) {
        LocalDateTime d = utc(t);
        return DAYS[d.getDayOfWeek().getValue() - 1] + " " + d.getDayOfMonth() + " " + MONTHS[d.getMonthValue() - 1] + " "
                + String.format(java.util.Locale.ROOT, "%02d:%02d", d.getHour(), d.getMinute());
    }

    /** {@code 3d 4h}, {@code 22h}, {@code 45m}, {@code 2h 30m}: the two largest units. */
    static String duration(Duration d) {
        return Durations.approximate(d);
    }

    /** A share in [0, 1] as a percentage without trailing zeros: {@code 5%}, {@code 12.5%}. */
    static String percent(double share) {
        return new BigDecimal(Double.toString(share)).movePointRight(2).stripTrailingZeros().toPlainString() + "%";
    }

    /** A number with at most two decimals, for SVG coordinates. */
    static String num(double v) {
        long hundredths = Math.round(v * 100);
        String sign = hundredths < 0 ? "-" : "";
        long abs = Math.abs(hundredths);
        long whole = abs / 100;
        long frac = abs % 100;
        if (frac == 0) {
            return sign + whole;
        }
        return sign + whole + "." + (frac % 10 == 0 ? String.valueOf(frac / 10) : String.format(java.util.Locale.ROOT, "%02d", frac));
    }
}
