package dev.upshift.schedule;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.common.problem.SyntaxException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The content lines of an iCalendar text (RFC 5545 section 3.1), unfolded, each with the line of
 * the file it starts on: the map from what the parser reads to where it is written, and the check of
 * {@link IcsLimits} and of the nesting of {@code BEGIN} and {@code END} before any parser runs.
 */
final class IcsLines {
    /**
     * One content line.
     *
     * @param number the line of the file it starts on, from 1
     * @param name its name in upper case ({@code DTSTART}, {@code BEGIN})
     * @param component for {@code BEGIN} and {@code END}, the component's name in upper case; else empty
     */
    record Line(int number, String name, String component) {
        boolean isBegin() {
            return name.equals("BEGIN");
        }

        boolean isEnd() {
            return name.equals("END");
        }
    }

    private final String source;
    private final Problems problems;
    private final List<Line> lines = new ArrayList<>();
    private final Deque<String> open = new ArrayDeque<>();
    private int events;
    private boolean closed;
    private boolean failed;

    private IcsLines(String source, Problems problems) {
        this.source = source;
        this.problems = problems;
    }

    /** The content lines, or empty after reporting the first thing that keeps the text from being read. */
    static Optional<List<Line>> scan(CalendarText calendar, Problems problems) {
        String text = calendar.text();
        IcsLines scan = new IcsLines(calendar.source(), problems);
        long bytes = utf8Length(text);
        if (bytes > IcsLimits.MAX_BYTES) {
            return scan.fail(1, "", String.format(Locale.ROOT, "the calendar is %,d bytes; at most %s", bytes,
                    IcsLimits.bytes(IcsLimits.MAX_BYTES)));
        }
        return scan.read(text.startsWith("\uFEFF") ? text.substring(1) : text);
    }

    private Optional<List<Line>> read(String text) {
        StringBuilder current = null;
        int start = 0;
        int number = 0;
        int i = 0;
        while (i < text.length() && !failed) {
            number++;
            int eol = i;
            while (eol < text.length() && text.charAt(eol) != '\n' && text.charAt(eol) != '\r') {
                eol++;
            }
            char first = i < eol ? text.charAt(i) : '\n';
            if (first == ' ' || first == '\t') {
                if (current == null) {
                    return fail(number, "", "a folded line (one that starts with a space or tab) must continue a"
                            + " content line");
                }
                if (current.length() + (eol - i - 1) > IcsLimits.MAX_LINE) {
                    return fail(start, "", String.format(Locale.ROOT, "the content line starting here is longer than"
                            + " %,d characters once unfolded (lines %d to %d so far)", IcsLimits.MAX_LINE, start, number));
                }
                current.append(text, i + 1, eol);
            } else {
                if (current != null) {
                    line(start, current);
                }
                current = null;
                if (eol > i) {
                    if (eol - i > IcsLimits.MAX_LINE) {
                        return fail(number, "", String.format(Locale.ROOT, "the line is longer than %,d characters",
                                IcsLimits.MAX_LINE));
                    }
                    current = new StringBuilder().append(text, i, eol);
                    start = number;
                }
            }
            i = eol < text.length() && text.charAt(eol) == '\r' && eol + 1 < text.length()
                    && text.charAt(eol + 1) == '\n' ? eol + 2 : eol + 1;
        }
        if (current != null && !failed) {
            line(start, current);
        }
        if (failed) {
            return Optional.empty();
        }
        if (!open.isEmpty()) {
            return fail(number, "END", "the calendar ends inside " + open.peek() + "; it lacks END:" + open.peek());
        }
        if (!closed) {
            return fail(1, "BEGIN", "not an iCalendar file: it holds no BEGIN:VCALENDAR");
        }
        return Optional.of(lines);
    }

    private void line(int number, CharSequence content) {
        int end = 0;
        while (end < content.length() && content.charAt(end) != ';' && content.charAt(end) != ':') {
            char c = content.charAt(end);
            if (!(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-')) {
                fail(number, "", "expected a content line such as NAME:VALUE or NAME;PARAMETER=VALUE:VALUE, got "
                        + SyntaxException.quote(content.toString()));
                return;
            }
            end++;
        }
        if (end == 0 || end == content.length()) {
            fail(number, "", "expected a content line such as NAME:VALUE or NAME;PARAMETER=VALUE:VALUE, got "
                    + SyntaxException.quote(content.toString()));
            return;
        }
        String name = content.subSequence(0, end).toString().toUpperCase(Locale.ROOT);
        if (closed) {
            fail(number, name, "the calendar goes on after END:VCALENDAR; one file holds one VCALENDAR");
            return;
        }
        String component = "";
        if (name.equals("BEGIN") || name.equals("END")) {
            component = content.subSequence(end + 1, content.length()).toString().strip().toUpperCase(Locale.ROOT);
            if (!structure(number, name, component)) {
                return;
            }
        } else if (open.isEmpty()) {
            fail(number, name, "a property outside BEGIN:VCALENDAR ... END:VCALENDAR");
            return;
        }
        lines.add(new Line(number, name, component));
    }

    private boolean structure(int number, String name, String component) {
        if (name.equals("BEGIN")) {
            if (open.isEmpty() && !component.equals("VCALENDAR")) {
                fail(number, name, "expected BEGIN:VCALENDAR first, got BEGIN:" + component);
                return false;
            }
            if (open.size() >= IcsLimits.MAX_DEPTH) {
                fail(number, name, "components nest deeper than " + IcsLimits.MAX_DEPTH + " levels");
                return false;
            }
            if (component.equals("VEVENT") && ++events > IcsLimits.MAX_EVENTS) {
                fail(number, name, String.format(Locale.ROOT, "the calendar holds more than %,d events (VEVENT)",
                        IcsLimits.MAX_EVENTS));
                return false;
            }
            open.push(component);
            return true;
        }
        if (open.isEmpty() || !open.peek().equals(component)) {
            fail(number, name, open.isEmpty() ? "END:" + component + " closes nothing"
                    : "END:" + component + " inside " + open.peek() + "; expected END:" + open.peek());
            return false;
        }
        open.pop();
        closed = open.isEmpty();
        return true;
    }

    private Optional<List<Line>> fail(int number, String field, String message) {
        problems.error(new SourceLocation(source, number, 1), field, message);
        failed = true;
        return Optional.empty();
    }

    private static long utf8Length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            n += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isHighSurrogate(c) ? 4 : Character.isLowSurrogate(c) ? 0 : 3;
        }
        return n;
    }
}
