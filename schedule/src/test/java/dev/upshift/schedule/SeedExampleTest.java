package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Seed 001's MaintenanceSchedule: weekdays 07:00–17:00 UTC, except the 1st to the 10th of each month. */
class SeedExampleTest {
    /** The seed's example, unchanged below {@code apiVersion}. */
    static final String SEED = """
            apiVersion: upshift.dev/v1alpha1
            kind: MaintenanceSchedule
            metadata:
              name: working-hours-except-month-start
              namespace: default
            spec:
              maintenanceWindows:
              - name: working-hours
                startTime: 2021-03-10T07:00:00Z
                endTime: 2021-03-10T17:00:00Z
                recurrence: FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR
              maintenanceExclusions:
              - name: month-start
                startTime: 2021-03-01T00:00:00Z
                endTime: 2021-03-10T23:59:59Z
                recurrence: FREQ=MONTHLY
            """;

    private final MaintenanceSchedule schedule = Documents.read(SEED);
    private final AllowedIntervals allowed = ScheduleIndex.build(List.of(schedule), Instant.parse("2021-01-01T00:00:00Z"))
            .get("working-hours-except-month-start").orElseThrow();

    @Test
    @DisplayName("2021 has one 07:00–17:00 interval on every weekday from March 11 on, except days 1 to 10")
    void allowsTheWeekdaysAPersonWouldExpectIn2021() {
        List<Interval> intervals = allowed.between(Instant.parse("2021-01-01T00:00:00Z"),
                Instant.parse("2022-01-01T00:00:00Z"), UpgradeKind.PATCH);
        List<Interval> expected = new ArrayList<>();
        for (LocalDate d = LocalDate.of(2021, 3, 10); d.getYear() == 2021; d = d.plusDays(1)) {
            boolean weekday = d.getDayOfWeek() != DayOfWeek.SATURDAY && d.getDayOfWeek() != DayOfWeek.SUNDAY;
            if (weekday && d.getDayOfMonth() > 10) {
                expected.add(new Interval(d.atTime(7, 0).toInstant(ZoneOffset.UTC), d.atTime(17, 0).toInstant(ZoneOffset.UTC)));
            }
        }
        assertThat(intervals).hasSize(147).isEqualTo(expected);
    }

    @Test
    @DisplayName("the windows on the 10th fall inside the exclusion; those on the 11th are whole")
    void theTenthIsExcludedAndTheEleventhIsNot() {
        assertThat(allowed.between(Instant.parse("2021-05-07T00:00:00Z"), Instant.parse("2021-05-13T00:00:00Z"), UpgradeKind.PATCH))
                .extracting(Interval::toString)
                .containsExactly("2021-05-11T07:00:00Z/2021-05-11T17:00:00Z", "2021-05-12T07:00:00Z/2021-05-12T17:00:00Z");
        assertThat(allowed.permits(Instant.parse("2021-05-10T12:00:00Z"), UpgradeKind.PATCH)).isFalse();
        assertThat(allowed.permits(Instant.parse("2021-05-11T07:00:00Z"), UpgradeKind.PATCH)).isTrue();
        assertThat(allowed.permits(Instant.parse("2021-05-11T17:00:00Z"), UpgradeKind.PATCH)).isFalse();
    }

    @Test
    @DisplayName("around a month start the last window is on the last weekday and the next on the 11th")
    void monthStartsSkipTenDays() {
        assertThat(allowed.next(Instant.parse("2021-04-30T18:00:00Z"), UpgradeKind.PATCH, java.time.Duration.ZERO))
                .map(Interval::toString).contains("2021-05-11T07:00:00Z/2021-05-11T17:00:00Z");
        assertThat(allowed.next(Instant.parse("2021-07-30T12:30:00Z"), UpgradeKind.MAJOR, java.time.Duration.ofHours(4)))
                .map(Interval::toString).contains("2021-07-30T12:30:00Z/2021-07-30T17:00:00Z");
        assertThat(allowed.next(Instant.parse("2021-07-30T13:30:00Z"), UpgradeKind.MAJOR, java.time.Duration.ofHours(4)))
                .map(Interval::toString).contains("2021-08-11T07:00:00Z/2021-08-11T17:00:00Z");
    }

    @Test
    @DisplayName("the seed's empty apiVersion is rejected with the version to write")
    void rejectsTheSeedsEmptyApiVersion() {
        assertThat(Documents.problems(SEED.replace("apiVersion: upshift.dev/v1alpha1", "apiVersion:")))
                .containsExactly("s.yaml:1:12: apiVersion: missing apiVersion for kind MaintenanceSchedule;"
                        + " expected upshift.dev/v1alpha1");
    }

    @Test
    @DisplayName("reading the seed warns only that its exclusion leaves the last second of the 10th allowed")
    void warnsAboutTheLastSecondOfTheTenth() {
        assertThat(Documents.problems(SEED)).containsExactly("s.yaml:15:14: warning: spec.maintenanceExclusions[0].endTime:"
                + " ends at 23:59:59, and intervals exclude their end, so the last second of that day is not excluded;"
                + " end at 00:00:00 of the next day to exclude whole days");
    }
}
