package dev.upshift.schedule;

import static dev.upshift.schedule.Calendars.ics;
import static dev.upshift.schedule.Calendars.occurrences;
import static dev.upshift.schedule.Calendars.problems;
import static dev.upshift.schedule.Calendars.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problems;
import dev.upshift.testing.IcalendarOracle;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Calendars as Outlook exports them: {@code TZID}s are Windows zone names ({@code W. Europe Standard
 * Time}), defined by {@code VTIMEZONE}s of Windows rules and no {@code X-LIC-LOCATION}. They are read
 * as the IANA zone the CLDR table gives each name (docs/schedules.md, "Time zones").
 */
class OutlookCalendarTest {
    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final ZoneId UTC = ZoneId.of("UTC");

    @TempDir
    Path dir;

    @Test
    @DisplayName("an Outlook export lands at the right instants on both sides of spring and autumn changes of clocks")
    void anOutlookExportLandsAtTheRightInstants() throws IOException {
        List<MaintenanceExclusion> x = read(outlookExport(), BERLIN);
        assertThat(occurrences(x, "2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z")).containsExactly(
                // weekly Saturdays 08:00-18:00 W. Europe: CET (UTC+1) before 29 March, CEST (UTC+2) after
                "2026-03-14T07:00:00Z/2026-03-14T17:00:00Z",
                "2026-03-21T09:00:00Z/2026-03-21T13:00:00Z", // moved to 10:00-14:00 by RECURRENCE-ID
                "2026-03-28T07:00:00Z/2026-03-28T17:00:00Z",
                "2026-04-04T06:00:00Z/2026-04-04T16:00:00Z",
                // 11 April is an EXDATE; COUNT=6 counts it
                "2026-04-18T06:00:00Z/2026-04-18T16:00:00Z",
                // 22:00 CEST to 06:00 CET over the night clocks go back: nine hours
                "2026-10-24T20:00:00Z/2026-10-25T05:00:00Z",
                // a day in Pacific Standard Time on which clocks go back: 25 hours from PDT midnight
                "2026-11-01T07:00:00Z/2026-11-02T08:00:00Z",
                // an all-day event, on the import zone's clock
                "2026-12-23T23:00:00Z/2026-12-26T23:00:00Z");
        assertThat(x).extracting(e -> e.span().zone().getId()).containsExactly("Europe/Berlin", "Europe/Berlin",
                "Europe/Berlin", "America/Los_Angeles", "Europe/Berlin");
        assertThat(x).extracting(MaintenanceExclusion::name).containsExactly("Wochenend-Freeze (from cal.ics)",
                "Wochenend-Freeze (from cal.ics)", "Rechenzentrumsumzug (from cal.ics)", "US release freeze (from cal.ics)",
                "Weihnachten (from cal.ics)");
    }

    @Test
    @DisplayName("the Outlook export gives the instances the independent reader gives")
    void anOutlookExportAgreesWithTheOracle() throws IOException, InterruptedException {
        Path file = dir.resolve("outlook.ics");
        Files.writeString(file, outlookExport(), StandardCharsets.UTF_8);
        Instant from = Instant.parse("2026-01-01T00:00:00Z");
        Instant until = Instant.parse("2027-01-01T00:00:00Z");
        List<String> theirs = IcalendarOracle.instances(file, from, until, BERLIN).stream()
                .map(IcalendarOracle.Instance::interval).sorted().distinct().toList();
        assertThat(occurrences(read(outlookExport(), BERLIN), from.toString(), until.toString())).isEqualTo(theirs)
                .hasSize(8);
    }

    @Test
    @DisplayName("a Windows name needs no VTIMEZONE, in TZIDs of DTSTART, DTEND, EXDATE and RDATE alike")
    void windowsNamesWithoutVtimezone() {
        List<MaintenanceExclusion> x = read(ics(
                "BEGIN:VEVENT", "UID:t", "SUMMARY:Tokyo", "DTSTART;TZID=Tokyo Standard Time:20260701T100000",
                "DTEND;TZID=\"Tokyo Standard Time\":20260701T120000", "RRULE:FREQ=DAILY;COUNT=3",
                "EXDATE;TZID=Tokyo Standard Time:20260702T100000", "RDATE;TZID=UTC-11:20260710T100000", "END:VEVENT"),
                UTC);
        assertThat(occurrences(x, "2026-07-01T00:00:00Z", "2026-08-01T00:00:00Z")).containsExactly(
                "2026-07-01T01:00:00Z/2026-07-01T03:00:00Z",
                "2026-07-03T01:00:00Z/2026-07-03T03:00:00Z",
                "2026-07-10T21:00:00Z/2026-07-10T23:00:00Z"); // UTC-11 is Etc/GMT+11, eleven hours behind
    }

    @Test
    @DisplayName("a VTIMEZONE's X-LIC-LOCATION says more than the table, and is still read first")
    void xLicLocationComesFirst() {
        List<MaintenanceExclusion> x = read(ics(
                "BEGIN:VTIMEZONE", "TZID:China Standard Time", "X-LIC-LOCATION:Asia/Taipei", "END:VTIMEZONE",
                "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=China Standard Time:20260701T100000", "DURATION:PT1H", "END:VEVENT"),
                UTC);
        assertThat(x.get(0).span().zone()).isEqualTo(ZoneId.of("Asia/Taipei"));
    }

    @Test
    @DisplayName("a VTIMEZONE of a name neither IANA nor Windows is refused at the TZID's line, naming both lines and the name")
    void unknownNamesAreRefused() {
        assertThat(problems(ics(
                "BEGIN:VTIMEZONE", "TZID:Firmenzeit", "BEGIN:STANDARD", "DTSTART:16011028T030000",
                "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE",
                "BEGIN:VEVENT", "UID:a", "SUMMARY:S", "DTSTART;TZID=Firmenzeit:20260701T100000", "DURATION:PT1H",
                "END:VEVENT"))).containsExactly("cal.ics:15:1: DTSTART: TZID \"Firmenzeit\" is not an IANA time zone"
                        + " name (such as Europe/Berlin) nor a Windows one (such as W. Europe Standard Time), and its"
                        + " VTIMEZONE (line 4) does not name an IANA zone for it (X-LIC-LOCATION); Upshift reads zones by"
                        + " the IANA rules, never by a calendar's own: export the calendar with IANA zone names"
                        + " (event \"S\")");
        // older Outlook versions wrote display names; CLDR maps only the names, and only as written
        assertThat(problems(ics("BEGIN:VEVENT", "DTSTART;TZID=\"(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm,"
                + " Vienna\":20260701T100000", "DURATION:PT1H", "END:VEVENT"))).singleElement().asString()
                .startsWith("cal.ics:5:1: DTSTART: TZID \"(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna\""
                        + " is not an IANA time zone name (such as Europe/Berlin) nor a Windows one")
                .contains("no VTIMEZONE of this calendar names an IANA zone for it");
        assertThat(problems(ics("BEGIN:VEVENT", "DTSTART;TZID=w. europe standard time:20260701T100000", "DURATION:PT1H",
                "END:VEVENT"))).singleElement().asString().contains("is not an IANA time zone name")
                .contains("export the calendar with IANA zone names; did you mean 'W. Europe Standard Time'?");
    }

    @Test
    @DisplayName("one misspelt Windows name makes the whole schedule unreadable, with one error at its line, never a"
            + " schedule without that event")
    void aMisspeltWindowsNameRefusesTheSchedule() throws IOException {
        String good = outlookExport();
        String bad = good.replace("DTSTART;TZID=W. Europe Standard Time:20261024T220000",
                "DTSTART;TZID=W. Europe Standard Tme:20261024T220000");
        assertThat(bad).isNotEqualTo(good);

        Problems fine = new Problems();
        Optional<MaintenanceSchedule> read = importing(good, fine);
        assertThat(Calendars.messages(fine)).isEmpty();
        assertThat(read).get().extracting(s -> s.exclusions().size()).isEqualTo(6);

        Problems problems = new Problems();
        assertThat(importing(bad, problems)).isEmpty();
        assertThat(Calendars.messages(problems)).containsExactly("calendars/outlook.ics:98:1: DTSTART: TZID"
                + " \"W. Europe Standard Tme\" is not an IANA time zone name (such as Europe/Berlin) nor a Windows one"
                + " (such as W. Europe Standard Time), and no VTIMEZONE of this calendar names an IANA zone for it"
                + " (X-LIC-LOCATION); Upshift reads zones by the IANA rules, never by a calendar's own: export the"
                + " calendar with IANA zone names; did you mean 'W. Europe Standard Time'? (event"
                + " \"Rechenzentrumsumzug\")");
    }

    /** A schedule of one own exclusion that imports the calendar as {@code calendars/outlook.ics}. */
    private static Optional<MaintenanceSchedule> importing(String calendar, Problems problems) {
        return MaintenanceSchedule.kind(CalendarSource.of(Map.of("calendars/outlook.ics", calendar)))
                .read(Documents.document(Documents.schedule("s", """
                          timeZone: Europe/Berlin
                          maintenanceExclusions:
                            - {name: own, startTime: 2026-06-01, endTime: 2026-06-02}
                          exclusionsFrom:
                            - {ics: calendars/outlook.ics}
                        """)), problems);
    }

    private static String outlookExport() throws IOException {
        try (InputStream in = OutlookCalendarTest.class.getResourceAsStream("outlook/change-freezes.ics")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
