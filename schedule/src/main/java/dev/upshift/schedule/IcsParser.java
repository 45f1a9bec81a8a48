package dev.upshift.schedule;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SourceLocation;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import net.fortuna.ical4j.data.CalendarParserImpl;
import net.fortuna.ical4j.data.ContentHandler;
import net.fortuna.ical4j.data.ParserException;
import net.fortuna.ical4j.data.UnfoldingReader;
import net.fortuna.ical4j.util.Strings;

/**
 * Reads a calendar's components and properties with ical4j's parser (unfolding, parameters and their
 * quoting), keeping each value as written: ical4j builds no model, so it resolves no time zone and
 * expands nothing. Every component and property is matched to the content line {@link IcsLines}
 * found for it, which gives its line in the file.
 */
final class IcsParser implements ContentHandler {
    private final List<IcsLines.Line> lines;
    private final Deque<IcsComponent> open = new ArrayDeque<>();
    private IcsComponent calendar;
    private int next;
    private String property;
    private int propertyLine;
    private Map<String, String> parameters;
    private String value;

    private IcsParser(List<IcsLines.Line> lines) {
        this.lines = lines;
    }

    /** The {@code VCALENDAR} component, or empty after reporting where the text cannot be read. */
    static Optional<IcsComponent> parse(CalendarText calendar, List<IcsLines.Line> lines, Problems problems) {
        IcsParser handler = new IcsParser(lines);
        String text = calendar.text().startsWith("\uFEFF") ? calendar.text().substring(1) : calendar.text();
        try {
            new CalendarParserImpl().parse(new UnfoldingReader(new StringReader(text), true), handler);
        } catch (ParserException | IOException | RuntimeException e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof Mismatch m) {
                    problems.error(new SourceLocation(calendar.source(), m.line, 1), m.field, m.getMessage());
                    return Optional.empty();
                }
            }
            int at = handler.next < lines.size() ? lines.get(handler.next).number() : 1;
            problems.error(new SourceLocation(calendar.source(), at, 1), "",
                    "cannot read this line as iCalendar (RFC 5545): expected NAME;PARAMETER=VALUE:VALUE");
            return Optional.empty();
        }
        return Optional.ofNullable(handler.calendar);
    }

    @Override
    public void startCalendar() {
        IcsLines.Line line = expect("BEGIN", "VCALENDAR");
        calendar = new IcsComponent("VCALENDAR", line.number());
        open.push(calendar);
    }

    @Override
    public void endCalendar() {
        expect("END", "VCALENDAR");
        open.pop();
    }

    @Override
    public void startComponent(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        IcsLines.Line line = expect("BEGIN", upper);
        IcsComponent c = new IcsComponent(upper, line.number());
        open.peek().components.add(c);
        open.push(c);
    }

    @Override
    public void endComponent(String name) {
        expect("END", name.toUpperCase(Locale.ROOT));
        open.pop();
    }

    @Override
    public void startProperty(String name) {
        property = name.toUpperCase(Locale.ROOT);
        propertyLine = expect(property, "").number();
        parameters = new LinkedHashMap<>();
        value = "";
    }

    @Override
    public void propertyValue(String v) {
        value = v;
    }

    @Override
    public void parameter(String name, String v) {
        parameters.put(name.toUpperCase(Locale.ROOT), v == null ? "" : Strings.unquote(v));
    }

    @Override
    public void endProperty(String name) {
        open.peek().properties.add(new IcsComponent.Property(property, Map.copyOf(parameters), value, propertyLine));
    }

    private IcsLines.Line expect(String name, String component) {
        if (next >= lines.size()) {
            throw new Mismatch(lines.isEmpty() ? 1 : lines.get(lines.size() - 1).number(), name,
                    "cannot read the calendar's end");
        }
        IcsLines.Line line = lines.get(next);
        if (!line.name().equals(name) || !line.component().equals(component)) {
            throw new Mismatch(line.number(), line.name(), "cannot read this line as iCalendar (RFC 5545):"
                    + " expected NAME;PARAMETER=VALUE:VALUE");
        }
        next++;
        return line;
    }

    /** The parser read a line otherwise than the scan did: the text is not what both agree on. */
    private static final class Mismatch extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int line;
        private final String field;

        Mismatch(int line, String field, String message) {
            super(message, null, false, false);
            this.line = line;
            this.field = field;
        }
    }
}
