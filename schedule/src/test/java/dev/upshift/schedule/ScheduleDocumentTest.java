package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.DocumentLoader;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The MaintenanceSchedule document: what it accepts and how it reports what it does not. */
class ScheduleDocumentTest {
    /** The occurrences the two years after a schedule's first window may have: 25,000 a year, prorated. */
    private static final long BUDGET_TWO_YEARS = 50_036;
    /**
     * The most instances expansion may produce for a rule with an instance every step while the
     * budget check expands it: the budget, the one that exceeds it, and the few that finding the
     * first occurrence takes.
     */
    private static final long EXPANSION_BOUND = BUDGET_TWO_YEARS + 1 + 4;

    @Test
    @DisplayName("reads zones, local times, dates, durations, scopes and per-entry zones")
    void readsEveryField() {
        MaintenanceSchedule s = Documents.read(Documents.schedule("full", """
                  timeZone: Europe/Berlin
                  maintenanceWindows:
                    - name: nights
                      startTime: 2021-03-01T22:00:00
                      duration: 1h30m
                      recurrence: FREQ=DAILY
                    - name: new-york-mornings
                      timeZone: America/New_York
                      startTime: 2021-03-01T06:00:00
                      endTime: 2021-03-01T08:00:00
                      recurrence: FREQ=WEEKLY;BYDAY=MO
                  maintenanceExclusions:
                    - name: christmas
                      startTime: 2021-12-24
                      endTime: 2021-12-27
                      recurrence: FREQ=YEARLY
                      scope: noMinorUpgrades
                """));
        assertThat(s.timeZone()).isEqualTo(ZoneId.of("Europe/Berlin"));
        MaintenanceWindow nights = s.windows().get(0);
        assertThat(nights.span().start()).isEqualTo(LocalDateTime.parse("2021-03-01T22:00:00"));
        assertThat(nights.span().length()).isEqualTo(SpanLength.elapsed(Duration.ofMinutes(90)));
        assertThat(nights.origin().field()).isEqualTo("spec.maintenanceWindows[0]");
        assertThat(s.windows().get(1).span().zone()).isEqualTo(ZoneId.of("America/New_York"));
        assertThat(s.windows().get(1).span().length()).isEqualTo(SpanLength.wallClock(Duration.ofHours(2)));
        MaintenanceExclusion christmas = s.exclusions().get(0);
        assertThat(christmas.scope()).isEqualTo(ExclusionScope.NO_MINOR_UPGRADES);
        assertThat(christmas.span().length()).isEqualTo(SpanLength.wallClock(Duration.ofDays(3)));
    }

    @Test
    @DisplayName("every problem of a document is reported at once, each with file:line:col and field")
    void reportsEveryProblemAtOnce() {
        assertThat(Documents.problems(Documents.schedule("bad", """
                  timeZone: Europe/Berln
                  maintenanceWindows:
                    - startTime: 2021-03-10T07:00:00Z
                      endTime: 2021-03-10T06:00:00Z
                    - startTime: 2021-03-10T07:00:00Z
                      recurrence: FREQ=WEEKLY;BYDAYS=MO
                    - startTime: 10 March 2021
                      duration: 0s
                    - startTime: 2021-03-10T07:00:00Z
                      duration: 1h
                      endTime: 2021-03-10T08:00:00Z
                      scope: noUpgrades
                  maintenanceExclusions:
                    - name: x
                      startTime: 2021-03-10T07:00:00.250Z
                      duration: 1h
                      scope: noPatchUpgrades
                    - name: x
                      startTime: 2021-03-10T07:00:00Z
                      timeZone: Mars/Olympus
                      duration: 1h
                  maintenanceWindow: []
                """))).containsExactly(
                "s.yaml:5:13: spec.timeZone: invalid time zone \"Europe/Berln\": unknown name; did you mean 'Europe/Berlin'?",
                "s.yaml:8:16: spec.maintenanceWindows[0].endTime: endTime 2021-03-10T06:00 is not after startTime"
                        + " 2021-03-10T07:00 (both on the local clock)",
                "s.yaml:10:19: spec.maintenanceWindows[1].recurrence: invalid recurrence \"FREQ=WEEKLY;BYDAYS=MO\":"
                        + " unknown part 'BYDAYS'; did you mean 'BYDAY'?",
                "s.yaml:9:7: spec.maintenanceWindows[1].endTime: missing endTime or duration: say when each window ends",
                "s.yaml:11:18: spec.maintenanceWindows[2].startTime: invalid time \"10 March 2021\": expected RFC 3339 such as"
                        + " 2021-03-10T07:00:00Z or 2021-03-10T08:00:00+01:00, a local time such as 2021-03-10T07:00:00"
                        + " (read in timeZone) or a date such as 2021-03-10",
                "s.yaml:12:17: spec.maintenanceWindows[2].duration: must be a positive whole number of seconds, got 0s",
                "s.yaml:14:17: spec.maintenanceWindows[3].duration: give endTime or duration, not both",
                "s.yaml:16:7: spec.maintenanceWindows[3].scope: unknown field; expected one of: name, startTime, endTime,"
                        + " duration, recurrence, timeZone",
                "s.yaml:19:18: spec.maintenanceExclusions[0].startTime: invalid time \"2021-03-10T07:00:00.250Z\":"
                        + " fractions of a second;"
                        + " schedules use whole seconds",
                "s.yaml:21:14: spec.maintenanceExclusions[0].scope: unknown value 'noPatchUpgrades'; expected one of:"
                        + " noUpgrades, noMinorUpgrades, noMinorOrNodeUpgrades",
                "s.yaml:22:13: spec.maintenanceExclusions[1].name: another entry of this list is named 'x'",
                "s.yaml:24:17: spec.maintenanceExclusions[1].timeZone: invalid time zone \"Mars/Olympus\": unknown name; expected an IANA"
                        + " name such as UTC, Europe/Berlin or America/New_York",
                "s.yaml:26:3: spec.maintenanceWindow: unknown field; did you mean 'maintenanceWindows'?");
    }

    @Test
    @DisplayName("a window whose rule never matches is an error, quoting the rule")
    void windowThatNeverOccurs() {
        assertThat(Documents.problems(Documents.schedule("never", """
                  maintenanceWindows:
                    - name: february-30th
                      startTime: 2021-01-01T07:00:00Z
                      duration: 2h
                      recurrence: FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30
                """))).containsExactly("s.yaml:9:19: spec.maintenanceWindows[0].recurrence: the window never occurs:"
                + " \"FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30\" matches no time from startTime 2021-01-01T07:00 on"
                + " (searched 30 years or 100000 steps)");
    }

    @Test
    @DisplayName("UNTIL before startTime is an error on the recurrence")
    void untilBeforeStart() {
        assertThat(Documents.problems(Documents.schedule("until", """
                  maintenanceWindows:
                    - startTime: 2021-03-10T07:00:00Z
                      duration: 2h
                      recurrence: FREQ=DAILY;UNTIL=20200101T000000Z
                """))).containsExactly("s.yaml:8:19: spec.maintenanceWindows[0].recurrence: invalid recurrence"
                + " \"FREQ=DAILY;UNTIL=20200101T000000Z\": UNTIL 20200101T000000Z is before the start 2021-03-10T07:00 (UTC),"
                + " so it never occurs");
    }

    @Test
    @DisplayName("exclusions that hide every window are an error; hiding them only from minor upgrades is a warning")
    void exclusionsThatHideEveryWindow() {
        String windows = """
                  maintenanceWindows:
                    - startTime: 2021-03-01T07:00:00Z
                      endTime: 2021-03-01T17:00:00Z
                      recurrence: FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR
                  maintenanceExclusions:
                    - name: office-hours
                      startTime: 2021-03-01T06:00:00Z
                      endTime: 2021-03-01T18:00:00Z
                      recurrence: FREQ=DAILY
                """;
        assertThat(Documents.problems(Documents.schedule("hidden", windows))).containsExactly(
                "s.yaml:10:5: spec.maintenanceExclusions: the exclusions hide every window in the two years from"
                        + " 2021-03-01T07:00:00Z: no upgrade could ever run");
        assertThat(Documents.problems(Documents.schedule("hidden", windows + "      scope: noMinorUpgrades\n"))).containsExactly(
                "s.yaml:10:5: warning: spec.maintenanceExclusions: the exclusions hide every window from minor and major"
                        + " upgrades in the two years from 2021-03-01T07:00:00Z");
    }

    @Test
    @DisplayName("a startTime that its own rule does not match is a warning saying what happens instead")
    void startTimeOffTheRule() {
        assertThat(Documents.problems(Documents.schedule("saturday", """
                  maintenanceWindows:
                    - startTime: 2021-03-13T07:00:00Z
                      duration: 10h
                      recurrence: FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR
                """))).containsExactly("s.yaml:6:18: warning: spec.maintenanceWindows[0].startTime: startTime"
                + " 2021-03-13T07:00 (a Saturday) is not an occurrence of \"FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR\": it only sets"
                + " the time of day and the earliest start, so the first window is"
                + " 2021-03-15T07:00:00Z/2021-03-15T17:00:00Z (RFC 5545 would add one at startTime)");
    }

    @Test
    @DisplayName("the start that the rule does not match opens no window: Saturday stays closed")
    void startTimeOffTheRuleIsNotAnOccurrence() {
        MaintenanceSchedule s = Documents.read(Documents.schedule("saturday", """
                  maintenanceWindows:
                    - startTime: 2021-03-13T07:00:00Z
                      duration: 10h
                      recurrence: FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR
                """));
        assertThat(s.allowed(Instant.parse("2021-03-13T00:00:00Z"), Instant.parse("2021-03-16T00:00:00Z"), UpgradeKind.PATCH))
                .extracting(Interval::toString).containsExactly("2021-03-15T07:00:00Z/2021-03-15T17:00:00Z");
    }

    @Test
    @DisplayName("a schedule with neither windows nor exclusions is valid but warned about: it allows any time")
    void emptySchedule() {
        assertThat(Documents.problems(Documents.schedule("empty", "  timeZone: UTC\n"))).containsExactly(
                "s.yaml:5:3: warning: spec: the schedule has no maintenanceWindows and no maintenanceExclusions:"
                        + " it allows upgrades at any time");
    }

    @Test
    @DisplayName("a schedule that expands to more than 25,000 occurrences a year is rejected, expanding no more than that")
    void tooManyOccurrences() {
        String yaml = Documents.schedule("busy", """
                  maintenanceWindows:
                    - name: every-20-minutes
                      startTime: 2021-03-01T00:00:00Z
                      duration: 5m
                      recurrence: FREQ=MINUTELY;INTERVAL=20
                """);
        ExpansionWork.Snapshot before = ExpansionWork.snapshot();
        assertThat(Documents.problems(yaml)).containsExactly(
                "s.yaml:5:3: spec: schedule busy: 'every-20-minutes' brings it to more than 50,036 occurrences between"
                        + " 2021-03-01T00:00:00Z and 2023-03-02T00:00:00Z; Upshift expands at most 25,000 window and"
                        + " exclusion occurrences per schedule and year");
        assertThat(ExpansionWork.snapshot().since(before).instances()).as("instances expanded")
                .isBetween(BUDGET_TWO_YEARS, EXPANSION_BOUND);
    }

    @Test
    @DisplayName("pathological rules are rejected with the bound they exceed, before anything is expanded")
    void pathologicalRulesAreRejectedFast() {
        String yaml = Documents.schedule("pathological", """
                  maintenanceWindows:
                    - startTime: 2021-03-01T00:00:00Z
                      duration: 1s
                      recurrence: FREQ=SECONDLY
                    - startTime: 2021-03-01T00:00:00Z
                      duration: 1m
                      recurrence: FREQ=MINUTELY;BYMONTH=2
                """);
        ExpansionWork.Snapshot before = ExpansionWork.snapshot();
        List<String> problems = Documents.problems(yaml);
        assertThat(problems).hasSize(2).allSatisfy(p -> assertThat(p).contains("steps a year, more than the 50,000 Upshift expands"));
        assertThat(ExpansionWork.snapshot().since(before)).isEqualTo(new ExpansionWork.Snapshot(0, 0));
        String everyMinute = Documents.schedule("every-minute", "  maintenanceWindows:\n    - startTime: 2021-03-01T00:00:00Z\n"
                + "      duration: 1m\n      recurrence: FREQ=DAILY;BYHOUR=" + range(0, 23) + ";BYMINUTE=" + range(0, 59) + "\n");
        before = ExpansionWork.snapshot();
        assertThat(Documents.problems(everyMinute)).singleElement().asString().contains("brings it to more than");
        assertThat(ExpansionWork.snapshot().since(before).instances()).as("instances expanded")
                .isBetween(BUDGET_TWO_YEARS, EXPANSION_BOUND);
    }

    @Test
    @DisplayName("a window longer than the supported range is an error at its length, not a failure later")
    void tooLong() {
        assertThat(Documents.problems(Documents.schedule("long", """
                  maintenanceWindows:
                    - startTime: 2021-03-01T00:00:00Z
                      duration: PT100000000H
                    - startTime: 2021-03-01T00:00:00Z
                      endTime: +99999-01-01T00:00:00
                """))).containsExactly(
                "s.yaml:7:17: spec.maintenanceWindows[0].duration: lasts 4166666 days; a window or exclusion lasts at most"
                        + " 2593222 days (1900 to 9000)",
                "s.yaml:9:16: spec.maintenanceWindows[1].endTime: lasts 35785670 days; a window or exclusion lasts at most"
                        + " 2593222 days (1900 to 9000)");
    }

    @Test
    @DisplayName("readAll skips other kinds and reports two schedules with one name")
    void readAllFindsDuplicates() {
        String one = Documents.schedule("same", "  timeZone: UTC\n");
        String text = one + "---\napiVersion: upshift.dev/v1alpha1\nkind: ManagedCluster\nmetadata: {name: c}\n---\n" + one;
        Problems problems = new Problems();
        List<MaintenanceSchedule> schedules = MaintenanceSchedule.KIND.readAll(DocumentLoader.create().load("s.yaml", text), problems);
        assertThat(schedules).extracting(MaintenanceSchedule::name).containsExactly("same");
        assertThat(Documents.messages(problems)).contains("s.yaml:13:18: metadata.name: another MaintenanceSchedule is named"
                + " 'same' (s.yaml:3:18)");
    }

    private static String range(int from, int to) {
        StringBuilder s = new StringBuilder();
        for (int i = from; i <= to; i++) {
            s.append(i == from ? "" : ",").append(i);
        }
        return s.toString();
    }
}
