package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.testing.IcalendarOracle;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import net.fortuna.ical4j.data.CalendarBuilder;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.component.VEvent;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Calendars Upshift writes are valid RFC 5545 that ical4j, Python's icalendar and Upshift read back alike. */
class IcsWriterTest {
    private static final Instant STAMP = Instant.parse("2026-12-14T09:00:00Z");
    private static final String LONG = "prod-eu-payments-2: 19.3.1 → 20.1.0, stage \"prod\"; naïve ünïcödé — and a"
            + " summary long enough to be folded twice over: 日本語のテキストも折り返す";
    private static final List<CalendarEvent> EVENTS = List.of(
            new CalendarEvent("a@upshift.dev", 0, interval("2026-12-14T22:00:00Z", "2026-12-15T02:00:00Z"), "Window",
                    "", List.of()),
            new CalendarEvent("b@upshift.dev", 14_000_000, interval("2026-12-15T09:30:00Z", "2026-12-15T11:00:00Z"), LONG,
                    "line one\nline two, with; specials \\ and a tab\t.", List.of("upshift", "prod")));

    @TempDir
    Path dir;

    private static Interval interval(String start, String end) {
        return new Interval(Instant.parse(start), Instant.parse(end));
    }

    @Test
    @DisplayName("lines end in CRLF and fold at 75 octets without splitting a character; the text is stable")
    void foldsByOctets() {
        String text = IcsWriter.write("upgrades", STAMP, EVENTS);
        assertThat(text).endsWith("END:VCALENDAR\r\n").doesNotContain("\n\n").isEqualTo(IcsWriter.write("upgrades", STAMP, EVENTS));
        assertThat(text.split("\r\n")).allSatisfy(line -> assertThat(line.getBytes(StandardCharsets.UTF_8).length)
                .as(line).isLessThanOrEqualTo(75));
        assertThat(text.replace("\n", "").replace("\r", "")).doesNotContain("\uFFFD");
        assertThat(text).contains("METHOD:PUBLISH\r\n", "X-WR-CALNAME:upgrades\r\n", "DTSTAMP:20261214T090000Z\r\n",
                "SEQUENCE:14000000\r\n", "TRANSP:TRANSPARENT\r\n", "CATEGORIES:upshift,prod\r\n");
    }

    @Test
    @DisplayName("ical4j reads the calendar back, valid, with every value as written")
    void ical4jReadsItBack() throws Exception {
        Calendar c = new CalendarBuilder().build(new StringReader(IcsWriter.write("upgrades", STAMP, EVENTS)));
        c.validate();
        List<VEvent> events = c.getComponents("VEVENT");
        assertThat(events).hasSize(2);
        VEvent b = events.get(1);
        assertThat(b.getUid().orElseThrow().getValue()).isEqualTo("b@upshift.dev");
        assertThat(b.getSummary().getValue()).isEqualTo(LONG);
        assertThat(b.getDescription().getValue()).isEqualTo("line one\nline two, with; specials \\ and a tab\t.");
        assertThat(b.getSequence().getSequenceNo()).isEqualTo(14_000_000);
        assertThat(b.getDateTimeStart().getValue()).isEqualTo("20261215T093000Z");
        assertThat(b.getDateTimeEnd().getValue()).isEqualTo("20261215T110000Z");
    }

    @Test
    @DisplayName("Python's icalendar and Upshift's own import see the intervals written, with their summaries")
    void otherReadersSeeTheIntervals() throws Exception {
        String text = IcsWriter.write("upgrades", STAMP, EVENTS);
        Path file = dir.resolve("out.ics");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        List<IcalendarOracle.Instance> theirs = IcalendarOracle.instances(file, Instant.parse("2026-01-01T00:00:00Z"),
                Instant.parse("2027-01-01T00:00:00Z"), ZoneId.of("UTC"));
        assertThat(theirs).extracting(IcalendarOracle.Instance::interval).containsExactly(
                "2026-12-14T22:00:00Z/2026-12-15T02:00:00Z", "2026-12-15T09:30:00Z/2026-12-15T11:00:00Z");
        assertThat(theirs).extracting(IcalendarOracle.Instance::summary).containsExactly("Window", LONG);
        assertThat(theirs).extracting(IcalendarOracle.Instance::uid).containsExactly("a@upshift.dev", "b@upshift.dev");
        assertThat(theirs).extracting(IcalendarOracle.Instance::sequence).containsExactly("0", "14000000");
        List<MaintenanceExclusion> ours = Calendars.read(text, ZoneId.of("UTC"));
        assertThat(Calendars.occurrences(ours, "2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z")).containsExactly(
                "2026-12-14T22:00:00Z/2026-12-15T02:00:00Z", "2026-12-15T09:30:00Z/2026-12-15T11:00:00Z");
    }

    @Test
    @DisplayName("SEQUENCE grows with the instant an export is made, minute by minute, and stays an integer")
    void sequencesFollowTheExportInstant() {
        assertThat(IcsWriter.sequenceAt(Instant.parse("2000-01-01T00:00:00Z"))).isZero();
        assertThat(IcsWriter.sequenceAt(Instant.parse("1999-01-01T00:00:00Z"))).isZero();
        assertThat(IcsWriter.sequenceAt(Instant.parse("2026-12-14T09:01:00Z")))
                .isEqualTo(IcsWriter.sequenceAt(Instant.parse("2026-12-14T09:00:00Z")) + 1);
        assertThat(IcsWriter.sequenceAt(Instant.parse("8999-12-31T00:00:00Z"))).isEqualTo(Integer.MAX_VALUE);
    }

    @Test
    @DisplayName("a calendar without events is still a valid calendar")
    void noEvents() throws Exception {
        String text = IcsWriter.write("nothing", STAMP, List.of());
        assertThat(new CalendarBuilder().build(new StringReader(text)).getComponents()).isEmpty();
    }
}
