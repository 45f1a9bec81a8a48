package dev.upshift.schedule;

import dev.upshift.common.problem.Suggestions;
import dev.upshift.common.problem.SyntaxException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the text of an RFC 5545 RRULE into its parts and checks each part against section 3.3.10,
 * so that a typo gets a message naming the part and what was expected instead of whatever the
 * expansion library makes of it. Every problem is a {@link SyntaxException} that quotes the rule
 * and points at the part (or list item) at fault.
 */
final class RuleParts {
    static final List<String> NAMES = List.of("FREQ", "UNTIL", "COUNT", "INTERVAL", "BYSECOND", "BYMINUTE",
            "BYHOUR", "BYDAY", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST");
    private static final List<String> DAYS = List.of("MO", "TU", "WE", "TH", "FR", "SA", "SU");
    private static final Pattern DAY = Pattern.compile("([+-]?)(\\d{1,2})?([A-Z]{2})");
    private static final Pattern NUMBER = Pattern.compile("[+-]?\\d{1,10}");

    private final String rule;
    private final Map<String, String> parts = new LinkedHashMap<>();
    private final Map<String, Integer> positions = new HashMap<>();
    private int bodyStart;
    private Frequency frequency;

    private RuleParts(String rule) {
        this.rule = rule;
    }

    /**
     * Parses and checks a rule.
     *
     * @throws SyntaxException quoting the rule and saying what is wrong, and where
     */
    static RuleParts parse(String text) {
        RuleParts r = new RuleParts(text);
        r.split();
        r.check();
        return r;
    }

    Frequency frequency() {
        return frequency;
    }

    Map<String, String> parts() {
        return parts;
    }

    String get(String name) {
        return parts.get(name);
    }

    int interval() {
        return parts.containsKey("INTERVAL") ? Integer.parseInt(parts.get("INTERVAL")) : 1;
    }

    /** Every list-valued part's item count, 0 when the part is absent. */
    int size(String name) {
        String v = parts.get(name);
        return v == null ? 0 : v.split(",", -1).length;
    }

    /** A problem with the whole rule, pointed at its start. */
    SyntaxException bad(String reason) {
        return at(bodyStart, reason);
    }

    /** A problem with one part, pointed at its value. */
    SyntaxException bad(String name, String reason) {
        return at(positions.getOrDefault(name, bodyStart), reason);
    }

    private SyntaxException at(int position, String reason) {
        return new SyntaxException("recurrence", rule, Math.min(position, rule.length()), reason);
    }

    private void split() {
        int leading = rule.length() - rule.stripLeading().length();
        String text = rule.strip();
        int prefix = text.regionMatches(true, 0, "RRULE:", 0, 6) ? 6 : 0;
        bodyStart = leading + prefix;
        String body = text.substring(prefix);
        if (body.isEmpty()) {
            throw bad("the rule is empty; expected e.g. FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR");
        }
        if (body.endsWith(";")) {
            body = body.substring(0, body.length() - 1);
        }
        int partStart = bodyStart;
        for (String part : body.split(";", -1)) {
            int eq = part.indexOf('=');
            if (part.isBlank()) {
                throw at(partStart, "empty part between ';'");
            }
            if (eq < 0) {
                throw at(partStart, "part '" + part + "' has no value; expected NAME=VALUE");
            }
            String rawValue = part.substring(eq + 1);
            String name = part.substring(0, eq).strip().toUpperCase(Locale.ROOT);
            String value = rawValue.strip().toUpperCase(Locale.ROOT);
            int valueStart = partStart + eq + 1 + (rawValue.length() - rawValue.stripLeading().length());
            if (!NAMES.contains(name)) {
                throw at(partStart, "unknown part '" + part.substring(0, eq) + "'" + Suggestions.hint(name, NAMES, "; expected one of: "));
            }
            if (value.isEmpty()) {
                throw at(valueStart, name + " has no value");
            }
            if (parts.put(name, value) != null) {
                throw at(partStart, name + " appears twice; RFC 5545 allows each part once");
            }
            positions.put(name, valueStart);
            partStart += part.length() + 1;
        }
    }

    private void check() {
        String freq = parts.get("FREQ");
        if (freq == null) {
            throw bad("missing FREQ; expected one of: " + String.join(", ", frequencies()));
        }
        frequency = Frequency.named(freq).orElseThrow(() -> bad("FREQ",
                "unknown FREQ '" + freq + "'" + Suggestions.hint(freq, frequencies(), "; expected one of: ")));
        if (parts.containsKey("COUNT") && parts.containsKey("UNTIL")) {
            throw bad("UNTIL", "COUNT and UNTIL must not both be given");
        }
        number("INTERVAL", 1, 10_000);
        number("COUNT", 1, Integer.MAX_VALUE);
        numbers("BYSECOND", 0, 59, false);
        numbers("BYMINUTE", 0, 59, false);
        numbers("BYHOUR", 0, 23, false);
        numbers("BYMONTHDAY", 1, 31, true);
        numbers("BYYEARDAY", 1, 366, true);
        numbers("BYWEEKNO", 1, 53, true);
        numbers("BYMONTH", 1, 12, false);
        numbers("BYSETPOS", 1, 366, true);
        days();
        if (parts.containsKey("WKST") && !DAYS.contains(parts.get("WKST"))) {
            throw bad("WKST", "WKST must be one of " + String.join(", ", DAYS) + ", got '" + parts.get("WKST") + "'");
        }
        combinations();
    }

    private void combinations() {
        if (parts.containsKey("BYMONTHDAY") && frequency == Frequency.WEEKLY) {
            throw bad("BYMONTHDAY", "BYMONTHDAY must not be used with FREQ=WEEKLY");
        }
        if (parts.containsKey("BYYEARDAY") && (frequency == Frequency.DAILY || frequency == Frequency.WEEKLY
                || frequency == Frequency.MONTHLY)) {
            throw bad("BYYEARDAY", "BYYEARDAY must not be used with FREQ=" + frequency);
        }
        if (parts.containsKey("BYWEEKNO") && frequency != Frequency.YEARLY) {
            throw bad("BYWEEKNO", "BYWEEKNO is only allowed with FREQ=YEARLY");
        }
        if (parts.containsKey("BYSETPOS") && parts.keySet().stream()
                .noneMatch(n -> n.startsWith("BY") && !n.equals("BYSETPOS"))) {
            throw bad("BYSETPOS", "BYSETPOS needs another BY... part to pick from");
        }
    }

    private void days() {
        String v = parts.get("BYDAY");
        if (v == null) {
            return;
        }
        int itemStart = positions.get("BYDAY");
        for (String item : v.split(",", -1)) {
            Matcher m = DAY.matcher(item);
            if (!m.matches() || !DAYS.contains(m.group(3))) {
                throw at(itemStart, "BYDAY item '" + item + "' is not a weekday; expected MO, TU, WE, TH, FR, SA or SU,"
                        + " optionally with an ordinal such as 1MO or -1FR");
            }
            boolean ordinal = m.group(2) != null;
            if (!ordinal && !m.group(1).isEmpty()) {
                throw at(itemStart, "BYDAY item '" + item + "' has a sign but no number");
            }
            if (ordinal) {
                int n = Integer.parseInt(m.group(2));
                if (n < 1 || n > 53) {
                    throw at(itemStart, "BYDAY item '" + item + "': the ordinal must be 1 to 53");
                }
                if (frequency != Frequency.MONTHLY && frequency != Frequency.YEARLY) {
                    throw at(itemStart, "BYDAY item '" + item + "' has an ordinal, which only FREQ=MONTHLY or FREQ=YEARLY allow");
                }
                if (frequency == Frequency.YEARLY && parts.containsKey("BYWEEKNO")) {
                    throw at(itemStart, "BYDAY item '" + item + "' has an ordinal, which is not allowed with BYWEEKNO");
                }
            }
            itemStart += item.length() + 1;
        }
    }

    private void number(String name, long min, long max) {
        String v = parts.get(name);
        if (v == null) {
            return;
        }
        long n = parseNumber(name, v, positions.get(name));
        if (n < min || n > max) {
            throw bad(name, name + " must be between " + min + " and " + max + ", got " + v);
        }
    }

    private void numbers(String name, int min, int max, boolean signed) {
        String v = parts.get(name);
        if (v == null) {
            return;
        }
        int itemStart = positions.get(name);
        for (String item : v.split(",", -1)) {
            long n = parseNumber(name, item, itemStart);
            long abs = Math.abs(n);
            boolean ok = signed ? abs >= min && abs <= max : n >= min && n <= max;
            if (!ok || (!signed && item.startsWith("-"))) {
                String range = signed ? min + " to " + max + " or -" + max + " to -" + min : min + " to " + max;
                throw at(itemStart, name + " item '" + item + "' is out of range; expected " + range);
            }
            itemStart += item.length() + 1;
        }
    }

    private long parseNumber(String name, String text, int position) {
        if (!NUMBER.matcher(text).matches()) {
            throw at(position, name + " value '" + text + "' is not a whole number");
        }
        return Long.parseLong(text.startsWith("+") ? text.substring(1) : text);
    }

    private static List<String> frequencies() {
        List<String> out = new ArrayList<>();
        for (Frequency f : Frequency.values()) {
            out.add(f.name());
        }
        return out;
    }
}
