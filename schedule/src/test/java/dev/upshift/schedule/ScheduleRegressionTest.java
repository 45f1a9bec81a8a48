package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Cases that were wrong once (issue 8, and what the oracle property test found next), each with
 * the windows written out. They go through the public API, from the document on.
 */
class ScheduleRegressionTest {

    private static MaintenanceSchedule schedule(String zone, String window) {
        return Documents.read(Documents.schedule("s", "  timeZone: " + zone + "\n  maintenanceWindows:\n" + window));
    }

    private static MaintenanceSchedule window(String zone, String start, String end, String rule) {
        return schedule(zone, "  - startTime: " + start + "\n    " + end + "\n"
                + (rule.isEmpty() ? "" : "    recurrence: \"" + rule + "\"\n"));
    }

    private static List<String> allowed(MaintenanceSchedule s, String from, String to) {
        return s.allowed(Instant.parse(from), Instant.parse(to), UpgradeKind.PATCH).stream().map(Interval::toString).toList();
    }

    @Nested
    @DisplayName("1. weeks start on Monday unless WKST says otherwise, whatever the JVM's locale")
    class WeekStart {
        private List<String> underUsLocale(MaintenanceSchedule s, String from, String to) {
            Locale locale = Locale.getDefault();
            TimeZone zone = TimeZone.getDefault();
            Locale.setDefault(Locale.US);
            TimeZone.setDefault(TimeZone.getTimeZone("America/Los_Angeles"));
            try {
                return allowed(s, from, to);
            } finally {
                Locale.setDefault(locale);
                TimeZone.setDefault(zone);
            }
        }

        @Test
        @DisplayName("every other weekend: Saturday 6 and Sunday 7 January share a week, then 20 and 21")
        void everyOtherWeekend() {
            MaintenanceSchedule s = window("UTC", "2024-01-06T10:00:00Z", "duration: 1h", "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA,SU");
            List<String> expected = List.of("2024-01-06T10:00:00Z/2024-01-06T11:00:00Z", "2024-01-07T10:00:00Z/2024-01-07T11:00:00Z",
                    "2024-01-20T10:00:00Z/2024-01-20T11:00:00Z", "2024-01-21T10:00:00Z/2024-01-21T11:00:00Z");
            assertThat(allowed(s, "2024-01-01T00:00:00Z", "2024-01-28T00:00:00Z")).containsExactlyElementsOf(expected);
            assertThat(underUsLocale(s, "2024-01-01T00:00:00Z", "2024-01-28T00:00:00Z")).containsExactlyElementsOf(expected);
        }

        @Test
        @DisplayName("the Sunday of ISO week 1: 7 January 2024, 5 January 2025, 4 January 2026")
        void sundayOfWeekOne() {
            MaintenanceSchedule s = window("UTC", "2024-01-01T10:00:00Z", "duration: 1h", "FREQ=YEARLY;BYWEEKNO=1;BYDAY=SU");
            assertThat(underUsLocale(s, "2024-01-01T00:00:00Z", "2026-12-31T00:00:00Z")).containsExactly(
                    "2024-01-07T10:00:00Z/2024-01-07T11:00:00Z", "2025-01-05T10:00:00Z/2025-01-05T11:00:00Z",
                    "2026-01-04T10:00:00Z/2026-01-04T11:00:00Z");
        }

        @Test
        @DisplayName("the first of Monday and Sunday in each week is the Monday")
        void firstOfMondayAndSunday() {
            MaintenanceSchedule s = window("UTC", "2024-01-01T10:00:00Z", "duration: 1h", "FREQ=WEEKLY;BYDAY=MO,SU;BYSETPOS=1");
            assertThat(underUsLocale(s, "2024-01-01T00:00:00Z", "2024-01-20T00:00:00Z")).containsExactly(
                    "2024-01-01T10:00:00Z/2024-01-01T11:00:00Z", "2024-01-08T10:00:00Z/2024-01-08T11:00:00Z",
                    "2024-01-15T10:00:00Z/2024-01-15T11:00:00Z");
        }
    }

    @Nested
    @DisplayName("2. FREQ=WEEKLY with BYMONTH keeps each day that is in the month, not whole weeks")
    class WeeklyByMonth {
        @Test
        @DisplayName("Mondays and Fridays of February, from a Monday start: 21, 25, 28 February, then 3 February 2023")
        void fromAMonday() {
            MaintenanceSchedule s = window("UTC", "2022-02-07T10:00:00Z", "duration: 1h", "FREQ=WEEKLY;BYDAY=MO,FR;BYMONTH=2");
            assertThat(allowed(s, "2022-02-20T00:00:00Z", "2023-02-04T00:00:00Z")).containsExactly(
                    "2022-02-21T10:00:00Z/2022-02-21T11:00:00Z", "2022-02-25T10:00:00Z/2022-02-25T11:00:00Z",
                    "2022-02-28T10:00:00Z/2022-02-28T11:00:00Z", "2023-02-03T10:00:00Z/2023-02-03T11:00:00Z");
        }

        @Test
        @DisplayName("from a Friday start the same days: 28 February kept, no Monday in January")
        void fromAFriday() {
            MaintenanceSchedule s = window("UTC", "2022-02-04T10:00:00Z", "duration: 1h", "FREQ=WEEKLY;BYDAY=MO,FR;BYMONTH=2");
            assertThat(allowed(s, "2022-02-20T00:00:00Z", "2023-02-04T00:00:00Z")).containsExactly(
                    "2022-02-21T10:00:00Z/2022-02-21T11:00:00Z", "2022-02-25T10:00:00Z/2022-02-25T11:00:00Z",
                    "2022-02-28T10:00:00Z/2022-02-28T11:00:00Z", "2023-02-03T10:00:00Z/2023-02-03T11:00:00Z");
        }
    }

    @Test
    @DisplayName("3. a first occurrence that a daylight-saving gap empties drops that day only; the window occurs from the next")
    void firstOccurrenceInAGap() {
        String yaml = Documents.schedule("s", "  timeZone: America/New_York\n  maintenanceWindows:\n"
                + "  - startTime: 2021-03-14T02:30:00\n    endTime: 2021-03-14T03:30:00\n    recurrence: FREQ=DAILY\n");
        assertThat(Documents.problems(yaml)).isEmpty();
        MaintenanceSchedule s = Documents.read(yaml);
        assertThat(s.windows().get(0).span().firstOccurrence()).hasValueSatisfying(
                i -> assertThat(i).hasToString("2021-03-15T06:30:00Z/2021-03-15T07:30:00Z"));
        assertThat(allowed(s, "2021-03-14T00:00:00Z", "2021-03-17T00:00:00Z")).containsExactly(
                "2021-03-15T06:30:00Z/2021-03-15T07:30:00Z", "2021-03-16T06:30:00Z/2021-03-16T07:30:00Z");
    }

    @Nested
    @DisplayName("4. next() shows an interval open only when it goes on past the search limit")
    class OpenAtTheLimit {
        private Interval first(String end) {
            MaintenanceSchedule s = window("UTC", "2023-01-01T22:00:00Z", "endTime: " + end, "");
            Instant from = Instant.parse("2021-01-01T00:00:00Z");
            return s.index(from).next(from, UpgradeKind.PATCH, Duration.ZERO).orElseThrow();
        }

        @Test
        @DisplayName("a window ending exactly two years (731 days) after the query is closed")
        void endingAtTheLimitIsClosed() {
            assertThat(first("2023-01-02T00:00:00Z")).hasToString("2023-01-01T22:00:00Z/2023-01-02T00:00:00Z");
        }

        @Test
        @DisplayName("one ending a second later goes on past the limit, and is open")
        void endingPastTheLimitIsOpen() {
            assertThat(first("2023-01-02T00:00:01Z")).hasToString("2023-01-01T22:00:00Z/..");
        }
    }

    @Nested
    @DisplayName("5. an RFC 3339 instant is kept as written, also inside a repeated hour; a local time takes the first")
    class InstantsInARepeatedHour {
        @Test
        @DisplayName("06:00Z is the second 01:00 in New York on 7 November 2021: the window starts there")
        void utcInstant() {
            MaintenanceSchedule s = window("America/New_York", "2021-11-07T06:00:00Z", "duration: 1h", "");
            assertThat(allowed(s, "2021-11-07T00:00:00Z", "2021-11-08T00:00:00Z"))
                    .containsExactly("2021-11-07T06:00:00Z/2021-11-07T07:00:00Z");
        }

        @Test
        @DisplayName("01:00-05:00 names the same instant; 01:00 without offset is the first 01:00 (05:00Z)")
        void offsetAndLocal() {
            assertThat(allowed(window("America/New_York", "2021-11-07T01:00:00-05:00", "duration: 1h", ""),
                    "2021-11-07T00:00:00Z", "2021-11-08T00:00:00Z")).containsExactly("2021-11-07T06:00:00Z/2021-11-07T07:00:00Z");
            assertThat(allowed(window("America/New_York", "2021-11-07T01:00:00", "duration: 1h", ""),
                    "2021-11-07T00:00:00Z", "2021-11-08T00:00:00Z")).containsExactly("2021-11-07T05:00:00Z/2021-11-07T06:00:00Z");
        }

        @Test
        @DisplayName("a daily window from the second 01:00 keeps its first start, then recurs at 01:00 local")
        void recurring() {
            MaintenanceSchedule s = window("America/New_York", "2021-11-07T06:00:00Z", "endTime: 2021-11-07T07:00:00Z",
                    "FREQ=DAILY");
            assertThat(allowed(s, "2021-11-06T00:00:00Z", "2021-11-09T00:00:00Z")).containsExactly(
                    "2021-11-07T06:00:00Z/2021-11-07T07:00:00Z", "2021-11-08T06:00:00Z/2021-11-08T07:00:00Z");
        }
    }

    @Nested
    @DisplayName("found by the oracle property test")
    class FoundByTheOracle {
        @Test
        @DisplayName("BYDAY with an ordinal limits BYMONTHDAY: the last day of the month when it is the last Sunday")
        void ordinalWeekdayAsALimit() {
            MaintenanceSchedule s = window("UTC", "2019-01-01T10:00:00Z", "duration: 1h", "FREQ=MONTHLY;BYMONTHDAY=-1;BYDAY=-1SU");
            assertThat(allowed(s, "2019-01-01T00:00:00Z", "2020-07-01T00:00:00Z")).containsExactly(
                    "2019-03-31T10:00:00Z/2019-03-31T11:00:00Z", "2019-06-30T10:00:00Z/2019-06-30T11:00:00Z",
                    "2020-05-31T10:00:00Z/2020-05-31T11:00:00Z");
        }

        @Test
        @DisplayName("an hourly rule limited to December Tuesdays has all 24 hours of 1 December 2020")
        void hourlyWithDayLimits() {
            MaintenanceSchedule s = window("UTC", "2020-10-15T02:15:00Z", "duration: 15m", "FREQ=HOURLY;BYMONTH=12;BYDAY=TU");
            List<String> day = allowed(s, "2020-12-01T00:00:00Z", "2020-12-02T00:00:00Z");
            assertThat(day).hasSize(24).startsWith("2020-12-01T00:15:00Z/2020-12-01T00:30:00Z")
                    .endsWith("2020-12-01T23:15:00Z/2020-12-01T23:30:00Z");
        }

        @Test
        @DisplayName("a negative BYYEARDAY in an hourly rule: day -306 is 1 March, in leap years too")
        void negativeYearDayHourly() {
            MaintenanceSchedule s = window("UTC", "2019-01-01T09:00:00Z", "duration: 1h", "FREQ=HOURLY;BYYEARDAY=-306;BYHOUR=9");
            assertThat(allowed(s, "2019-01-01T00:00:00Z", "2021-01-01T00:00:00Z")).containsExactly(
                    "2019-03-01T09:00:00Z/2019-03-01T10:00:00Z", "2020-03-01T09:00:00Z/2020-03-01T10:00:00Z");
        }

        @Test
        @DisplayName("two day parts in a YEARLY rule both hold: 1 January when it lies in ISO week 1")
        void yearlyDayPartsIntersect() {
            MaintenanceSchedule s = window("UTC", "2019-01-01T10:00:00Z", "duration: 1h", "FREQ=YEARLY;BYWEEKNO=1;BYMONTHDAY=1");
            assertThat(allowed(s, "2019-01-01T00:00:00Z", "2025-01-01T00:00:00Z")).containsExactly(
                    "2019-01-01T10:00:00Z/2019-01-01T11:00:00Z", "2020-01-01T10:00:00Z/2020-01-01T11:00:00Z",
                    "2024-01-01T10:00:00Z/2024-01-01T11:00:00Z");
            MaintenanceSchedule mondays = window("UTC", "2019-01-01T10:00:00Z", "duration: 1h",
                    "FREQ=YEARLY;BYYEARDAY=1,100,200;BYDAY=MO");
            assertThat(allowed(mondays, "2019-01-01T00:00:00Z", "2025-01-01T00:00:00Z")).containsExactly(
                    "2021-07-19T10:00:00Z/2021-07-19T11:00:00Z", "2023-04-10T10:00:00Z/2023-04-10T11:00:00Z",
                    "2024-01-01T10:00:00Z/2024-01-01T11:00:00Z");
        }
    }

    @Nested
    @DisplayName("readings chosen where RFC 5545 is ambiguous (docs/schedules.md)")
    class Readings {
        @Test
        @DisplayName("BYWEEKNO with INTERVAL=2: a week-1 day in late December belongs to that calendar year's period")
        void weekNumbersAcrossYearEnds() {
            MaintenanceSchedule s = window("UTC", "2019-01-01T10:00:00Z", "duration: 1h", "FREQ=YEARLY;INTERVAL=2;BYWEEKNO=1;BYDAY=MO");
            assertThat(allowed(s, "2019-01-01T00:00:00Z", "2026-01-01T00:00:00Z")).containsExactly(
                    "2019-12-30T10:00:00Z/2019-12-30T11:00:00Z", "2021-01-04T10:00:00Z/2021-01-04T11:00:00Z",
                    "2023-01-02T10:00:00Z/2023-01-02T11:00:00Z", "2025-12-29T10:00:00Z/2025-12-29T11:00:00Z");
        }

        @Test
        @DisplayName("BYSETPOS counts from the start of the first week, also days before startTime: the first pick is 8 January")
        void setPositionsInTheFirstWeek() {
            MaintenanceSchedule s = window("UTC", "2024-01-03T10:00:00Z", "duration: 1h", "FREQ=WEEKLY;BYDAY=MO,WE,FR;BYSETPOS=1");
            assertThat(allowed(s, "2024-01-01T00:00:00Z", "2024-01-16T00:00:00Z")).containsExactly(
                    "2024-01-08T10:00:00Z/2024-01-08T11:00:00Z", "2024-01-15T10:00:00Z/2024-01-15T11:00:00Z");
        }

        @Test
        @DisplayName("FREQ=YEARLY with BYMONTHDAY and no BYMONTH keeps startTime's month")
        void yearlyMonthDayTakesTheStartsMonth() {
            MaintenanceSchedule s = window("UTC", "2021-03-01T10:00:00Z", "duration: 1h", "FREQ=YEARLY;BYMONTHDAY=1,15");
            assertThat(allowed(s, "2021-01-01T00:00:00Z", "2023-01-01T00:00:00Z")).containsExactly(
                    "2021-03-01T10:00:00Z/2021-03-01T11:00:00Z", "2021-03-15T10:00:00Z/2021-03-15T11:00:00Z",
                    "2022-03-01T10:00:00Z/2022-03-01T11:00:00Z", "2022-03-15T10:00:00Z/2022-03-15T11:00:00Z");
        }
    }
}
