package dev.upshift.schedule;

import static dev.upshift.schedule.Calendars.ics;
import static dev.upshift.schedule.Calendars.problems;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problems;
import dev.upshift.testing.Allocation;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Hostile calendars (issue 23): huge, folded without end, nested deep, with too many events or
 * endless rules. Each ends in one clear error pointing into the calendar, within the limits of
 * docs/security.md and before ical4j's parser or any expansion sees what is beyond them.
 */
@DisplayName("hostile calendars end in a clear error within the documented limits")
class HostileCalendarTest {

    @Test
    @DisplayName("a calendar over 4 MiB is refused by its size before a line is read, counting UTF-8 bytes")
    void aHugeCalendarIsRefusedByItsSize() {
        String big = ics("BEGIN:VEVENT", "SUMMARY:" + "ü".repeat(2 * 1024 * 1024 + 1), "END:VEVENT");
        long before = Allocation.ofCurrentThread();
        List<String> problems = problems(big);
        long allocated = Allocation.ofCurrentThread() - before;
        assertThat(problems).containsExactly(
                "cal.ics:1:1: the calendar is 4,194,407 bytes; at most 4 MiB");
        if (before >= 0) {
            // one copy of the text (4 MiB of UTF-16) would be more: the text is counted, never copied or split
            assertThat(allocated).as("bytes allocated to refuse it").isLessThan(2 * 1024 * 1024);
        }
    }

    @Test
    @DisplayName("a content line folded into 200,000 pieces is refused where it starts, once past 100,000 characters")
    void aDeeplyFoldedLineIsRefusedWhereItStarts() {
        List<String> lines = new ArrayList<>(List.of("BEGIN:VEVENT", "DESCRIPTION:x"));
        for (int i = 0; i < 200_000; i++) {
            lines.add(" y");
        }
        lines.add("END:VEVENT");
        assertThat(problems(ics(lines.toArray(String[]::new)))).containsExactly("cal.ics:5:1: the content line starting"
                + " here is longer than 100,000 characters once unfolded (lines 5 to 99993 so far)");
    }

    @Test
    @DisplayName("components nested more than 10 deep are refused at the first one too deep")
    void deepNestingIsRefused() {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            lines.add("BEGIN:X-DEEP");
        }
        for (int i = 0; i < 50; i++) {
            lines.add("END:X-DEEP");
        }
        assertThat(problems(ics(lines.toArray(String[]::new))))
                .containsExactly("cal.ics:13:1: BEGIN: components nest deeper than 10 levels");
    }

    @Test
    @DisplayName("more than 10,000 events are refused at the 10,001st")
    void tooManyEvents() {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i <= 10_000; i++) {
            lines.addAll(List.of("BEGIN:VEVENT", "DTSTART;VALUE=DATE:20250101", "END:VEVENT"));
        }
        assertThat(problems(ics(lines.toArray(String[]::new))))
                .containsExactly("cal.ics:30004:1: BEGIN: the calendar holds more than 10,000 events (VEVENT)");
    }

    @Test
    @DisplayName("10,000 events read; more than 10,000 exclusions (RDATEs count) are refused")
    void tooManyExclusions() {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            lines.addAll(List.of("BEGIN:VEVENT", "SUMMARY:day " + i, "DTSTART;VALUE=DATE:20250101", "END:VEVENT"));
        }
        assertThat(Calendars.read(ics(lines.toArray(String[]::new)), ZoneId.of("UTC"))).hasSize(10_000);
        StringBuilder rdates = new StringBuilder("RDATE;VALUE=DATE:20250102");
        for (int i = 1; i <= 10_000; i++) {
            rdates.append(",20250102");
        }
        assertThat(problems(ics("BEGIN:VEVENT", "SUMMARY:many", "DTSTART;VALUE=DATE:20250101", rdates.toString(),
                "END:VEVENT"))).containsExactly("cal.ics:4:1: VEVENT: the calendar gives more than 10,000 exclusions"
                + " (one per event, RDATE and moved instance); split it, or import fewer years");
    }

    @Test
    @DisplayName("endless and dense rules meet the bounds of every schedule: per step, per year, per COUNT")
    void endlessAndDenseRules() {
        assertThat(problems(ics("BEGIN:VEVENT", "DTSTART:20250101T000000Z", "DURATION:PT1S", "RRULE:FREQ=SECONDLY",
                "END:VEVENT"))).singleElement().asString().startsWith("cal.ics:7:1: RRULE: invalid recurrence"
                + " \"FREQ=SECONDLY\"").contains("more than the 50,000 Upshift expands");
        assertThat(problems(ics("BEGIN:VEVENT", "DTSTART:20250101T000000Z", "DURATION:PT1M",
                "RRULE:" + HostileScheduleTest.DENSE_BILLION, "END:VEVENT"))).singleElement().asString()
                .startsWith("cal.ics:7:1: RRULE: invalid recurrence").contains("Upshift indexes schedules whose rules allow"
                        + " at most 100,000 a year");
        String minutes = ics("BEGIN:VEVENT", "SUMMARY:every minute", "DTSTART:20250101T000000Z", "DURATION:PT1M",
                "RRULE:FREQ=DAILY;BYHOUR=" + String.join(",", range(24)) + ";BYMINUTE=" + String.join(",", range(60)),
                "END:VEVENT");
        Problems problems = new Problems();
        MaintenanceSchedule.kind(CalendarSource.of(Map.of("m.ics", minutes))).read(Documents.document(
                Documents.schedule("s", "  exclusionsFrom: [{ics: m.ics}]\n")), problems);
        assertThat(Calendars.messages(problems)).singleElement().asString().startsWith("s.yaml:5:3: spec: schedule s: 'every minute (from m.ics)' brings it to more than 50,036 occurrences");
    }

    @Test
    @DisplayName("lines that are not content lines, and text after the calendar, are errors at their line")
    void brokenStructure() {
        assertThat(problems(" folded\r\nBEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")).containsExactly(
                "cal.ics:1:1: a folded line (one that starts with a space or tab) must continue a content line");
        assertThat(problems(ics() + "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")).containsExactly(
                "cal.ics:5:1: BEGIN: the calendar goes on after END:VCALENDAR; one file holds one VCALENDAR");
        assertThat(problems("")).containsExactly("cal.ics:1:1: BEGIN: not an iCalendar file: it holds no BEGIN:VCALENDAR");
        assertThat(problems(ics("BEGIN:VEVENT", "END:VTODO"))).containsExactly(
                "cal.ics:5:1: END: END:VTODO inside VEVENT; expected END:VEVENT");
    }

    private static List<String> range(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(String.valueOf(i));
        }
        return out;
    }
}
