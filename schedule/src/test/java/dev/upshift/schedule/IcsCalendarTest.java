package dev.upshift.schedule;

import static dev.upshift.schedule.Calendars.ics;
import static dev.upshift.schedule.Calendars.occurrences;
import static dev.upshift.schedule.Calendars.problems;
import static dev.upshift.schedule.Calendars.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problems;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Importing iCalendar events as maintenance exclusions: which properties are read, and how. */
class IcsCalendarTest {
    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final ZoneId UTC = ZoneId.of("UTC");

    @Test
    @DisplayName("an all-day yearly holiday leaves out its EXDATE and adds its RDATE, on the import zone's clock")
    void allDayYearlyWithExdateAndRdate() {
        List<MaintenanceExclusion> x = read(ics(
                "BEGIN:VEVENT", "UID:xmas", "SUMMARY:Christmas", "DTSTART;VALUE=DATE:20241225",
                "DTEND;VALUE=DATE:20241227", "RRULE:FREQ=YEARLY", "EXDATE;VALUE=DATE:20251225",
                "RDATE;VALUE=DATE:20250102", "END:VEVENT"), BERLIN);
        assertThat(occurrences(x, "2024-01-01T00:00:00Z", "2027-01-01T00:00:00Z")).containsExactly(
                "2024-12-24T23:00:00Z/2024-12-26T23:00:00Z",
                "2025-01-01T23:00:00Z/2025-01-03T23:00:00Z",
                "2026-12-24T23:00:00Z/2026-12-26T23:00:00Z");
        assertThat(x).allSatisfy(e -> assertThat(e.name()).isEqualTo("Christmas (from cal.ics)"));
        assertThat(x.get(0).origin().location().toString()).isEqualTo("cal.ics:4:1");
        assertThat(x.get(0).span().length()).isEqualTo(SpanLength.wallClock(Duration.ofDays(2)));
    }

    @Test
    @DisplayName("a timed event follows its TZID's clock; DURATION in hours is elapsed time")
    void timedWithTzidAndDuration() {
        List<MaintenanceExclusion> x = read(ics(
                "BEGIN:VEVENT", "UID:f", "SUMMARY:Freeze", "DTSTART;TZID=Europe/Berlin:20241001T090000",
                "DURATION:PT4H", "RRULE:FREQ=MONTHLY;COUNT=3", "END:VEVENT"), UTC);
        assertThat(occurrences(x, "2024-01-01T00:00:00Z", "2025-01-01T00:00:00Z")).containsExactly(
                "2024-10-01T07:00:00Z/2024-10-01T11:00:00Z",
                "2024-11-01T08:00:00Z/2024-11-01T12:00:00Z",
                "2024-12-01T08:00:00Z/2024-12-01T12:00:00Z");
    }

    @Test
    @DisplayName("DTEND gives every instance the first one's exact length (RFC 5545 section 3.8.5.3)")
    void dtendIsAnExactLength() {
        // 2024-10-26 22:00 to 2024-10-27 06:00 Berlin spans the fall-back night: 9 elapsed hours
        List<MaintenanceExclusion> x = read(ics(
                "BEGIN:VEVENT", "UID:n", "SUMMARY:Night", "DTSTART;TZID=Europe/Berlin:20241026T220000",
                "DTEND;TZID=Europe/Berlin:20241027T060000", "RRULE:FREQ=DAILY;COUNT=2", "END:VEVENT"), UTC);
        assertThat(x.get(0).span().length()).isEqualTo(SpanLength.elapsed(Duration.ofHours(9)));
        assertThat(occurrences(x, "2024-10-01T00:00:00Z", "2024-11-01T00:00:00Z")).containsExactly(
                "2024-10-26T20:00:00Z/2024-10-27T05:00:00Z",
                "2024-10-27T21:00:00Z/2024-10-28T06:00:00Z");
    }

    @Test
    @DisplayName("UTC and floating times, and a DTSTART the rule does not generate, which still occurs")
    void utcFloatingAndStartOutsideTheRule() {
        List<MaintenanceExclusion> x = read(ics(
                "BEGIN:VEVENT", "UID:u", "DTSTART:20240102T100000Z", "DTEND:20240102T110000Z",
                "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=2", "END:VEVENT",
                "BEGIN:VEVENT", "UID:f", "DTSTART:20240105T100000", "DURATION:PT30M", "END:VEVENT"), BERLIN);
        assertThat(occurrences(x, "2024-01-01T00:00:00Z", "2024-02-01T00:00:00Z")).containsExactly(
                "2024-01-02T10:00:00Z/2024-01-02T11:00:00Z",
                "2024-01-05T09:00:00Z/2024-01-05T09:30:00Z",
                "2024-01-08T10:00:00Z/2024-01-08T11:00:00Z",
                "2024-01-15T10:00:00Z/2024-01-15T11:00:00Z");
        assertThat(x.get(0).name()).isEqualTo("event at line 4 (from cal.ics)");
    }

    @Test
    @DisplayName("cancelled events are skipped; a moved instance replaces the one its RECURRENCE-ID names")
    void cancelledAndMovedInstances() {
        List<MaintenanceExclusion> x = read(ics(
                "BEGIN:VEVENT", "UID:w", "SUMMARY:Weekly", "DTSTART:20240101T100000Z", "DURATION:PT1H",
                "RRULE:FREQ=WEEKLY;COUNT=4", "END:VEVENT",
                "BEGIN:VEVENT", "UID:w", "RECURRENCE-ID:20240108T100000Z", "DTSTART:20240109T120000Z",
                "DURATION:PT2H", "END:VEVENT",
                "BEGIN:VEVENT", "UID:w", "RECURRENCE-ID:20240115T100000Z", "STATUS:CANCELLED",
                "DTSTART:20240115T100000Z", "DURATION:PT1H", "END:VEVENT",
                "BEGIN:VEVENT", "UID:c", "STATUS:CANCELLED", "DTSTART:20240103T000000Z", "DURATION:PT1H", "END:VEVENT"),
                UTC);
        assertThat(occurrences(x, "2024-01-01T00:00:00Z", "2024-02-01T00:00:00Z")).containsExactly(
                "2024-01-01T10:00:00Z/2024-01-01T11:00:00Z",
                "2024-01-09T12:00:00Z/2024-01-09T14:00:00Z",
                "2024-01-22T10:00:00Z/2024-01-22T11:00:00Z");
    }

    @Test
    @DisplayName("RDATE periods keep their own length; folded, escaped summaries read as one line")
    void rdatePeriodsAndFoldedSummaries() {
        List<MaintenanceExclusion> x = read(ics(
                "BEGIN:VEVENT", "UID:p", "SUMMARY:Black Friday\\, Cyber Mon", " day freeze", "DTSTART:20241129T000000Z",
                "DTEND:20241129T060000Z", "RDATE;VALUE=PERIOD:20241202T000000Z/PT12H,20241203T000000Z/20241203T020000Z",
                "END:VEVENT"), UTC);
        assertThat(x.get(0).name()).isEqualTo("Black Friday, Cyber Monday freeze (from cal.ics)");
        assertThat(occurrences(x, "2024-11-01T00:00:00Z", "2024-12-31T00:00:00Z")).containsExactly(
                "2024-11-29T00:00:00Z/2024-11-29T06:00:00Z",
                "2024-12-02T00:00:00Z/2024-12-02T12:00:00Z",
                "2024-12-03T00:00:00Z/2024-12-03T02:00:00Z");
    }

    @Test
    @DisplayName("TZIDs: IANA names, names after a /prefix/, and VTIMEZONEs that name an IANA zone")
    void zoneNames() {
        List<MaintenanceExclusion> x = read(ics(
                "BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time", "X-LIC-LOCATION:Europe/Berlin", "END:VTIMEZONE",
                "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=W. Europe Standard Time:20240701T100000", "DURATION:PT1H",
                "END:VEVENT",
                "BEGIN:VEVENT", "UID:b", "DTSTART;TZID=\"/mozilla.org/20050126_1/America/New_York\":20240701T100000",
                "DURATION:PT1H", "END:VEVENT"), UTC);
        assertThat(occurrences(x, "2024-07-01T00:00:00Z", "2024-07-02T00:00:00Z")).containsExactly(
                "2024-07-01T08:00:00Z/2024-07-01T09:00:00Z", "2024-07-01T14:00:00Z/2024-07-01T15:00:00Z");
    }

    @Test
    @DisplayName("problems point at the property's line, name it and the event, and leave the event out")
    void problemsPointIntoTheCalendar() {
        assertThat(problems(ics("BEGIN:VEVENT", "UID:a", "SUMMARY:Bad rule", "DTSTART:20240101T000000Z",
                "DURATION:PT1H", "RRULE:FREQ=SOMETIMES", "END:VEVENT"))).singleElement().asString()
                .startsWith("cal.ics:9:1: RRULE: invalid recurrence \"FREQ=SOMETIMES\"").endsWith("(event \"Bad rule\")");
        assertThat(problems(ics("BEGIN:VEVENT", "UID:a", "SUMMARY:S", "DURATION:PT1H", "END:VEVENT")))
                .containsExactly("cal.ics:4:1: DTSTART: the event has no DTSTART (event \"S\")");
        assertThat(problems(ics("BEGIN:VEVENT", "DTSTART;TZID=Mars/Olympus:20240101T000000", "DURATION:PT1H",
                "END:VEVENT"))).singleElement().asString()
                .startsWith("cal.ics:5:1: DTSTART: TZID \"Mars/Olympus\" is not an IANA time zone name");
        assertThat(problems(ics("BEGIN:VEVENT", "DTSTART:20240101T100000Z", "DTEND:20240101T090000Z", "END:VEVENT")))
                .containsExactly("cal.ics:6:1: DTEND: DTEND is not after DTSTART (event \"event at line 4\")");
        assertThat(problems(ics("BEGIN:VEVENT", "DTSTART;VALUE=DATE:20240101", "RRULE:FREQ=DAILY",
                "EXDATE:20240102T000000Z", "END:VEVENT"))).containsExactly(
                "cal.ics:7:1: EXDATE: EXDATE must be a date (VALUE=DATE) as DTSTART is (RFC 5545) (event \"event at line 4\")");
        assertThat(problems(ics("BEGIN:VEVENT", "DTSTART:2024-01-01", "END:VEVENT"))).singleElement().asString()
                .startsWith("cal.ics:5:1: DTSTART: expected a date-time such as 20261224T080000");
        assertThat(problems(ics("BEGIN:VEVENT", "this is not a content line", "END:VEVENT"))).singleElement()
                .asString().startsWith("cal.ics:5:1: expected a content line such as NAME:VALUE");
        assertThat(problems(ics("BEGIN:VEVENT", "DTSTART:20240101T000000Z"))).singleElement().asString()
                .startsWith("cal.ics:6:1: END: END:VCALENDAR inside VEVENT; expected END:VEVENT");
        assertThat(problems("BEGIN:VEVENT\r\nEND:VEVENT\r\n")).containsExactly(
                "cal.ics:1:1: BEGIN: expected BEGIN:VCALENDAR first, got BEGIN:VEVENT");
    }

    @Test
    @DisplayName("a timed event without DTEND or DURATION excludes nothing, with a warning")
    void timedEventsWithoutLength() {
        Problems problems = new Problems();
        List<MaintenanceExclusion> x = IcsCalendar.exclusions(new CalendarText("cal.ics", ics("BEGIN:VEVENT",
                "SUMMARY:Point", "DTSTART:20240101T000000Z", "END:VEVENT")), "cal.ics", UTC, ExclusionScope.NO_UPGRADES,
                problems);
        assertThat(x).isEmpty();
        assertThat(Calendars.messages(problems)).containsExactly("cal.ics:6:1: warning: DTSTART: the event \"Point\""
                + " has a start time but no DTEND or DURATION, so it lasts no time and excludes nothing");
    }

    @Test
    @DisplayName("a schedule's exclusionsFrom imports each calendar with its scope and zone, after its own exclusions")
    void schedulesImportCalendars() {
        String calendar = ics("BEGIN:VEVENT", "SUMMARY:New Year", "DTSTART;VALUE=DATE:20250101", "RRULE:FREQ=YEARLY",
                "END:VEVENT");
        Problems problems = new Problems();
        MaintenanceSchedule s = MaintenanceSchedule.kind(CalendarSource.of(Map.of("calendars/h.ics", calendar)))
                .read(Documents.document(Documents.schedule("s", """
                          timeZone: Europe/Berlin
                          maintenanceExclusions:
                            - {name: own, startTime: 2025-06-01, endTime: 2025-06-02}
                          exclusionsFrom:
                            - {ics: calendars/h.ics, scope: noMinorUpgrades, timeZone: Asia/Tokyo}
                        """)), problems).orElseThrow();
        assertThat(problems.all()).isEmpty();
        assertThat(s.exclusions()).extracting(MaintenanceExclusion::name).containsExactly("own",
                "New Year (from calendars/h.ics)");
        MaintenanceExclusion imported = s.exclusions().get(1);
        assertThat(imported.scope()).isEqualTo(ExclusionScope.NO_MINOR_UPGRADES);
        assertThat(imported.span().zone()).isEqualTo(ZoneId.of("Asia/Tokyo"));
        assertThat(imported.origin().location().toString()).isEqualTo("calendars/h.ics:4:1");
    }

    @Test
    @DisplayName("without a calendar source, or with a calendar it lacks, exclusionsFrom is an error at ics")
    void calendarsThatCannotBeHad() {
        String yaml = Documents.schedule("s", """
                  exclusionsFrom:
                    - {ics: h.ics}
                """);
        assertThat(Documents.problems(yaml)).singleElement().asString().startsWith("s.yaml:6:13: spec.exclusionsFrom[0].ics:"
                + " 'h.ics' is not read: this schedule was not read from a file beside its calendars");
        Problems problems = new Problems();
        MaintenanceSchedule.kind(CalendarSource.of(Map.of("a.ics", ""))).read(Documents.document(yaml), problems);
        assertThat(Calendars.messages(problems)).containsExactly(
                "s.yaml:6:13: spec.exclusionsFrom[0].ics: no calendar 'h.ics' was given; the calendars given are a.ics");
        assertThat(Documents.problems(Documents.schedule("s", """
                  exclusionsFrom:
                    - {ics: h.ics, when: always}
                """))).anySatisfy(p -> assertThat(p).contains("when"));
    }
}
