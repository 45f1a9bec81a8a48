package dev.upshift.core.select;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * An upper bound on how large a regular expression becomes once RE2 expands its counted
 * repetitions, computed from the text alone. RE2 matches in linear time but compiles {@code x{n}}
 * into n copies of x, so nested counts ({@code ((a{1000}){1000}){1000}}) would take gigabytes before
 * a single cluster is matched; this is checked first.
 */
final class RegexSize {
    private RegexSize() {}

    /**
     * Program steps, roughly as RE2 counts them; saturates instead of overflowing. One pass with a
     * case per syntax element, so that the reasoning about the bound stays in one place.
     */
    static long estimate(String regex) {
        Deque<long[]> groups = new ArrayDeque<>(); // each: {total, last}
        long[] frame = {0, 0};
        int i = 0;
        while (i < regex.length()) {
            char c = regex.charAt(i);
            switch (c) {
                case '\\' -> {
                    if (i + 1 < regex.length() && regex.charAt(i + 1) == 'Q') {
                        int end = regex.indexOf("\\E", i + 2);
                        int stop = end < 0 ? regex.length() : end;
                        add(frame, stop - (i + 2));
                        frame[1] = 1;
                        i = end < 0 ? stop : end + 2;
                        continue;
                    }
                    i = skipEscape(regex, i);
                    add(frame, 1);
                    continue;
                }
                case '[' -> {
                    i = skipClass(regex, i);
                    add(frame, 1);
                    continue;
                }
                case '(' -> {
                    groups.push(frame);
                    frame = new long[] {0, 0};
                }
                case ')' -> {
                    long inner = saturated(frame[0] + 2);
                    frame = groups.isEmpty() ? new long[] {0, 0} : groups.pop();
                    add(frame, inner);
                }
                case '{' -> {
                    int close = regex.indexOf('}', i);
                    long max = close < 0 ? -1 : repeatMax(regex.substring(i + 1, close));
                    if (max < 0) {
                        add(frame, 1);
                    } else {
                        long repeated = saturated(frame[1] * Math.max(max, 1) + max);
                        frame[0] = saturated(frame[0] - frame[1] + repeated);
                        frame[1] = repeated;
                        i = close + 1;
                        continue;
                    }
                }
                case '*', '+', '?' -> {
                    frame[0] = saturated(frame[0] + 1);
                    frame[1] = saturated(frame[1] + 1);
                }
                case '|' -> {
                    frame[0] = saturated(frame[0] + 2);
                    frame[1] = 0;
                }
                default -> add(frame, 1);
            }
            i++;
        }
        long total = frame[0];
        while (!groups.isEmpty()) {
            long[] outer = groups.pop();
            total = saturated(outer[0] + total + 2);
        }
        return total;
    }

    private static void add(long[] frame, long size) {
        frame[0] = saturated(frame[0] + size);
        frame[1] = size;
    }

    private static long saturated(long n) {
        return n < 0 || n > Long.MAX_VALUE / 4 ? Long.MAX_VALUE / 4 : n;
    }

    /** The largest count of {@code {n}}, {@code {n,}} (n + 1) or {@code {n,m}}; -1 if not a count. */
    private static long repeatMax(String body) {
        if (!body.matches("[0-9]{1,9}(,[0-9]{0,9})?")) {
            return -1;
        }
        int comma = body.indexOf(',');
        if (comma < 0) {
            return Long.parseLong(body);
        }
        long min = Long.parseLong(body.substring(0, comma));
        return comma == body.length() - 1 ? min + 1 : Math.max(min, Long.parseLong(body.substring(comma + 1)));
    }

    private static int skipEscape(String regex, int i) {
        int next = i + 2;
        if (next <= regex.length() && i + 1 < regex.length()) {
            char e = regex.charAt(i + 1);
            if ((e == 'p' || e == 'P' || e == 'x') && next < regex.length() && regex.charAt(next) == '{') {
                int close = regex.indexOf('}', next);
                return close < 0 ? regex.length() : close + 1;
            }
        }
        return Math.min(next, regex.length());
    }

    private static int skipClass(String regex, int i) {
        int j = i + 1;
        if (j < regex.length() && regex.charAt(j) == '^') {
            j++;
        }
        if (j < regex.length() && regex.charAt(j) == ']') {
            j++;
        }
        while (j < regex.length()) {
            char c = regex.charAt(j);
            if (c == '\\') {
                j += 2;
            } else if (c == '[' && j + 1 < regex.length() && regex.charAt(j + 1) == ':') {
                int close = regex.indexOf(":]", j + 2);
                j = close < 0 ? j + 1 : close + 2;
            } else if (c == ']') {
                return j + 1;
            } else {
                j++;
            }
        }
        return regex.length();
    }
}
