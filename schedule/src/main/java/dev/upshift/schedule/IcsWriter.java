package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import net.fortuna.ical4j.data.CalendarOutputter;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.TextList;
import net.fortuna.ical4j.model.component.VEvent;
import net.fortuna.ical4j.model.property.Categories;
import net.fortuna.ical4j.model.property.Description;
import net.fortuna.ical4j.model.property.DtEnd;
import net.fortuna.ical4j.model.property.DtStamp;
import net.fortuna.ical4j.model.property.DtStart;
import net.fortuna.ical4j.model.property.ProdId;
import net.fortuna.ical4j.model.property.Sequence;
import net.fortuna.ical4j.model.property.Summary;
import net.fortuna.ical4j.model.property.Uid;
import net.fortuna.ical4j.model.property.XProperty;
import net.fortuna.ical4j.model.property.immutable.ImmutableCalScale;
import net.fortuna.ical4j.model.property.immutable.ImmutableMethod;
import net.fortuna.ical4j.model.property.immutable.ImmutableTransp;
import net.fortuna.ical4j.model.property.immutable.ImmutableVersion;
import net.fortuna.ical4j.validate.ValidationException;
import org.apiguardian.api.API;

/**
 * Writes events as an iCalendar text (RFC 5545) that calendar clients import or subscribe to: what
 * {@code upshift windows --output ics}, {@code plan --output ics} and {@code simulate --ics} write.
 * ical4j builds and validates the calendar and escapes its texts; lines end in CRLF and are folded
 * at 75 octets (RFC 5545 section 3.1), never inside a character.
 *
 * <p>The calendar is {@code METHOD:PUBLISH}, named by {@code X-WR-CALNAME}; each event has its
 * {@code UID}, {@code SEQUENCE}, {@code DTSTAMP}, {@code DTSTART} and {@code DTEND} in UTC,
 * {@code SUMMARY}, {@code DESCRIPTION} and {@code CATEGORIES}, and is {@code TRANSP:TRANSPARENT}
 * (it does not make anyone busy). The same events and stamp give the same text, byte for byte.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class IcsWriter {
    /** The {@code PRODID} of every calendar Upshift writes. */
    public static final String PRODUCT = "-//Upshift//Upshift//EN";
    private static final int FOLD = 75;

    private IcsWriter() {}

    /**
     * The calendar's text.
     *
     * @param name the calendar's name, as clients show it ({@code X-WR-CALNAME})
     * @param stamp every event's {@code DTSTAMP}: when the information was made (the plan's instant)
     * @param events the events, in the order to write them
     */
    public static String write(String name, Instant stamp, List<CalendarEvent> events) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(stamp, "stamp");
        Calendar calendar = new Calendar();
        calendar.add(new ProdId(PRODUCT));
        calendar.add(ImmutableVersion.VERSION_2_0);
        calendar.add(ImmutableCalScale.GREGORIAN);
        calendar.add(ImmutableMethod.PUBLISH);
        calendar.add(new XProperty("X-WR-CALNAME", name));
        for (CalendarEvent e : events) {
            calendar.add(event(e, stamp));
        }
        StringWriter out = new StringWriter();
        try {
            new CalendarOutputter(!events.isEmpty(), Integer.MAX_VALUE).output(calendar, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ValidationException e) {
            throw new IllegalStateException("the calendar is not valid iCalendar: " + e.getMessage(), e);
        }
        return fold(out.toString());
    }

    private static VEvent event(CalendarEvent e, Instant stamp) {
        VEvent v = new VEvent(false);
        v.add(new Uid(e.uid()));
        v.add(new DtStamp(seconds(stamp)));
        v.add(new DtStart<>(seconds(e.when().start())));
        v.add(new DtEnd<>(seconds(e.when().end().orElseThrow())));
        v.add(new Sequence(e.sequence()));
        v.add(new Summary(e.summary()));
        if (!e.description().isEmpty()) {
            v.add(new Description(e.description()));
        }
        if (!e.categories().isEmpty()) {
            v.add(new Categories(new TextList(e.categories())));
        }
        v.add(ImmutableTransp.TRANSPARENT);
        return v;
    }

    private static Instant seconds(Instant t) {
        return t.minusNanos(t.getNano());
    }

    /**
     * Folds every content line (ical4j writes each on one line here) so that no line is longer than
     * 75 octets of UTF-8, breaking only between characters.
     */
    static String fold(String text) {
        StringBuilder out = new StringBuilder(text.length() + text.length() / 64);
        for (String line : text.split("\r\n", -1)) {
            if (line.isEmpty()) {
                continue;
            }
            int octets = 0;
            for (int i = 0; i < line.length(); ) {
                int cp = line.codePointAt(i);
                int size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
                if (octets + size > FOLD) {
                    out.append("\r\n ");
                    octets = 1;
                }
                out.appendCodePoint(cp);
                octets += size;
                i += Character.charCount(cp);
            }
            out.append("\r\n");
        }
        return out.toString();
    }

    /**
     * A {@code SEQUENCE} that no later export lowers, derived from the instant an export was made
     * (the plan's {@code now}, a simulation's start) with no state kept: whole minutes since
     * 2000-01-01T00:00:00Z, 0 before it and at most {@link Integer#MAX_VALUE}. An event that changed
     * between two exports made at least a minute apart gets a higher one, so that a client that
     * imports the newer file takes its version; one that did not change gets a higher one too,
     * which clients take as the same event again.
     */
    public static int sequenceAt(Instant madeAt) {
        long minutes = Duration.between(Instant.parse("2000-01-01T00:00:00Z"), madeAt).toMinutes();
        return (int) Math.max(0, Math.min(Integer.MAX_VALUE, minutes));
    }
}
