package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Queries on indexed schedules, freezes and clusters without a schedule. */
class AllowedIntervalsTest {
    private static final Instant ORIGIN = Instant.parse("2021-03-01T00:00:00Z");

    /** Daily 09:00–17:00 UTC windows, a no-minor exclusion on Mondays and a three-day holiday. */
    private static final MaintenanceSchedule OFFICE = Documents.read(Documents.schedule("office", """
              maintenanceWindows:
                - name: days
                  startTime: 2021-03-01T09:00:00Z
                  endTime: 2021-03-01T17:00:00Z
                  recurrence: FREQ=DAILY
              maintenanceExclusions:
                - name: mondays
                  startTime: 2021-03-01T00:00:00Z
                  duration: 24h
                  recurrence: FREQ=WEEKLY;BYDAY=MO
                  scope: noMinorUpgrades
                - name: node-freeze-wednesdays
                  startTime: 2021-03-03T12:00:00Z
                  duration: 2h
                  recurrence: FREQ=WEEKLY;BYDAY=WE
                  scope: noMinorOrNodeUpgrades
                - name: holiday
                  startTime: 2021-04-01T12:00:00Z
                  endTime: 2021-04-04T12:00:00Z
            """));

    private final AllowedIntervals office = ScheduleIndex.build(List.of(OFFICE), ORIGIN).get("office").orElseThrow();

    private static Instant t(String s) {
        return Instant.parse(s);
    }

    private static List<String> strings(List<Interval> intervals) {
        return intervals.stream().map(Interval::toString).toList();
    }

    @Test
    @DisplayName("an exclusion longer than a window removes every window it covers and cuts the ones at its edges")
    void exclusionLongerThanAWindow() {
        assertThat(strings(office.between(t("2021-03-31T00:00:00Z"), t("2021-04-06T00:00:00Z"), UpgradeKind.PATCH)))
                .containsExactly("2021-03-31T09:00:00Z/2021-03-31T17:00:00Z",
                        "2021-04-01T09:00:00Z/2021-04-01T12:00:00Z",
                        "2021-04-04T12:00:00Z/2021-04-04T17:00:00Z",
                        "2021-04-05T09:00:00Z/2021-04-05T17:00:00Z");
    }

    @Test
    @DisplayName("scopes: Mondays block minor and major upgrades only; Wednesday's node freeze blocks anything rolling nodes")
    void scopesBlockTheirKinds() {
        Instant monday = t("2021-03-08T10:00:00Z");
        assertThat(office.permits(monday, UpgradeKind.PATCH)).isTrue();
        assertThat(office.permits(monday, UpgradeKind.CONFIG.changingNodes())).isTrue();
        assertThat(office.permits(monday, UpgradeKind.MINOR)).isFalse();
        assertThat(office.permits(monday, UpgradeKind.MAJOR)).isFalse();
        Instant wednesday = t("2021-03-10T12:30:00Z");
        assertThat(office.permits(wednesday, UpgradeKind.PATCH)).isTrue();
        assertThat(office.permits(wednesday, UpgradeKind.PATCH.changingNodes())).isFalse();
        assertThat(office.permits(wednesday, UpgradeKind.MINOR)).isFalse();
        assertThat(strings(office.between(t("2021-03-10T00:00:00Z"), t("2021-03-11T00:00:00Z"), UpgradeKind.CONFIG.changingNodes())))
                .containsExactly("2021-03-10T09:00:00Z/2021-03-10T12:00:00Z", "2021-03-10T14:00:00Z/2021-03-10T17:00:00Z");
    }

    @Test
    @DisplayName("next starts at the query instant inside a window, skips intervals too short, and is never before the query")
    void nextLeavesEnoughTime() {
        assertThat(office.next(t("2021-03-10T10:15:30.5Z"), UpgradeKind.PATCH, Duration.ZERO).map(Interval::toString))
                .contains("2021-03-10T10:15:30.500Z/2021-03-10T17:00:00Z");
        assertThat(office.next(t("2021-03-10T10:00:00Z"), UpgradeKind.PATCH.changingNodes(), Duration.ofHours(2)).map(Interval::toString))
                .contains("2021-03-10T10:00:00Z/2021-03-10T12:00:00Z");
        assertThat(office.next(t("2021-03-10T10:00:01Z"), UpgradeKind.PATCH.changingNodes(), Duration.ofHours(2)).map(Interval::toString))
                .contains("2021-03-10T14:00:00Z/2021-03-10T17:00:00Z");
        assertThat(office.next(t("2021-03-10T18:00:00Z"), UpgradeKind.PATCH, Duration.ofHours(9))).isEmpty();
    }

    @Test
    @DisplayName("queries before the origin and years after the horizon give the same answers as the plain computation")
    void widensLazily() {
        for (String at : List.of("2020-06-01T00:00:00Z", "2021-02-27T00:00:00Z", "2024-05-02T00:00:00Z", "2040-01-01T00:00:00Z",
                "2023-03-01T00:00:00Z", "2021-03-02T00:00:00Z")) {
            Instant from = t(at);
            Instant to = from.plus(Duration.ofDays(40));
            assertThat(office.between(from, to, UpgradeKind.MINOR)).as(at).isEqualTo(OFFICE.allowed(from, to, UpgradeKind.MINOR));
        }
    }

    @Test
    @DisplayName("an interval that merges across the horizon's end is reported whole")
    void mergesAcrossTheHorizon() {
        MaintenanceSchedule always = Documents.read(Documents.schedule("weekdays", """
                  maintenanceWindows:
                    - startTime: 2021-03-01T00:00:00Z
                      duration: 24h
                      recurrence: FREQ=DAILY;COUNT=30
                """));
        AllowedIntervals index = ScheduleIndex.build(List.of(always), ORIGIN, Duration.ofDays(1)).get("weekdays").orElseThrow();
        assertThat(index.next(ORIGIN, UpgradeKind.PATCH, Duration.ZERO).map(Interval::toString))
                .contains("2021-03-01T00:00:00Z/2021-03-31T00:00:00Z");
    }

    @Test
    @DisplayName("a schedule without windows allows all but its exclusions; an interval past the search limit is open")
    void noWindowsMeansAlwaysExceptExclusions() {
        MaintenanceSchedule holidays = Documents.read(Documents.schedule("holidays", """
                  maintenanceExclusions:
                    - name: new-year
                      startTime: 2021-12-31T00:00:00Z
                      endTime: 2022-01-02T00:00:00Z
                """));
        AllowedIntervals index = holidays.index(ORIGIN);
        assertThat(index.permits(t("2021-06-01T00:00:00Z"), UpgradeKind.MAJOR)).isTrue();
        assertThat(index.permits(t("2022-01-01T00:00:00Z"), UpgradeKind.PATCH)).isFalse();
        assertThat(index.next(t("2021-12-30T00:00:00Z"), UpgradeKind.PATCH, Duration.ofDays(2)).map(Interval::toString))
                .contains("2022-01-02T00:00:00Z/..");
        assertThat(index.next(t("2021-12-30T00:00:00Z"), UpgradeKind.PATCH, Duration.ZERO, Duration.ofDays(30)).map(Interval::toString))
                .contains("2021-12-30T00:00:00Z/2021-12-31T00:00:00Z");
    }

    @Test
    @DisplayName("a freeze blocks everything before it ends; then the schedule applies again")
    void freezes() {
        AllowedIntervals frozen = office.withFreeze(new Freeze(t("2021-03-10T13:00:00Z"), "incident review"));
        assertThat(frozen.permits(t("2021-03-09T10:00:00Z"), UpgradeKind.PATCH)).isFalse();
        assertThat(frozen.permits(t("2021-03-10T13:00:00Z"), UpgradeKind.PATCH)).isTrue();
        assertThat(frozen.next(t("2021-03-01T00:00:00Z"), UpgradeKind.PATCH, Duration.ofHours(1)).map(Interval::toString))
                .contains("2021-03-10T13:00:00Z/2021-03-10T17:00:00Z");
        assertThat(strings(frozen.between(t("2021-03-09T00:00:00Z"), t("2021-03-11T00:00:00Z"), UpgradeKind.PATCH)))
                .containsExactly("2021-03-10T13:00:00Z/2021-03-10T17:00:00Z");
        assertThat(frozen.next(t("2021-03-01T00:00:00Z"), UpgradeKind.PATCH, Duration.ZERO, Duration.ofDays(2))).isEmpty();
        AllowedIntervals noSchedule = AllowedIntervals.always().withFreeze(new Freeze(t("2021-03-10T13:00:00Z"), "review"));
        assertThat(noSchedule.next(t("2021-03-01T00:00:00Z"), UpgradeKind.MAJOR, Duration.ZERO).map(Interval::toString))
                .contains("2021-03-10T13:00:00Z/..");
    }

    @Test
    @DisplayName("a cluster without a schedule is always allowed")
    void always() {
        AllowedIntervals always = AllowedIntervals.always();
        assertThat(always.permits(t("2021-03-01T00:00:00Z"), UpgradeKind.MAJOR)).isTrue();
        assertThat(strings(always.between(t("2021-03-01T00:00:00Z"), t("2021-03-02T00:00:00Z"), UpgradeKind.MAJOR)))
                .containsExactly("2021-03-01T00:00:00Z/2021-03-02T00:00:00Z");
    }

    @Test
    @DisplayName("overlapping and touching windows merge into one interval (the second window ends after March 3)")
    void windowsMerge() {
        MaintenanceSchedule halves = Documents.read(Documents.schedule("halves", """
                  maintenanceWindows:
                    - startTime: 2021-03-01T00:00:00Z
                      duration: 12h
                      recurrence: FREQ=DAILY
                    - startTime: 2021-03-01T12:00:00Z
                      duration: 12h
                      recurrence: FREQ=DAILY;UNTIL=20210304T000000Z
                    - startTime: 2021-03-01T06:00:00Z
                      duration: 1h
                """));
        assertThat(strings(halves.allowed(t("2021-03-01T00:00:00Z"), t("2021-03-07T00:00:00Z"), UpgradeKind.PATCH)))
                .containsExactly("2021-03-01T00:00:00Z/2021-03-04T12:00:00Z",
                        "2021-03-05T00:00:00Z/2021-03-05T12:00:00Z",
                        "2021-03-06T00:00:00Z/2021-03-06T12:00:00Z");
    }

    @Test
    @DisplayName("queries reject instants outside 1900–9000 and a range that ends before it starts")
    void rejectsBadArguments() {
        assertThatThrownBy(() -> office.permits(Instant.MAX, UpgradeKind.PATCH)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> office.between(t("2021-03-02T00:00:00Z"), t("2021-03-01T00:00:00Z"), UpgradeKind.PATCH))
                .hasMessage("to 2021-03-01T00:00:00Z is before from 2021-03-02T00:00:00Z");
        assertThatThrownBy(() -> office.next(ORIGIN, UpgradeKind.PATCH, Duration.ofHours(-1)))
                .hasMessage("atLeast must not be negative, got PT-1H");
    }

    @Test
    @DisplayName("threads querying far apart, widening the same index at once, get the plain computation's answers")
    void safeUnderConcurrentWidening() throws Exception {
        AllowedIntervals shared = ScheduleIndex.build(List.of(OFFICE), ORIGIN, Duration.ofDays(1)).get("office").orElseThrow();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<Boolean>> tasks = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                Instant from = ORIGIN.plus(Duration.ofDays((i * 37L) % 2000 - 300));
                Instant to = from.plus(Duration.ofDays(20));
                tasks.add(() -> shared.between(from, to, UpgradeKind.PATCH).equals(OFFICE.allowed(from, to, UpgradeKind.PATCH)));
            }
            for (Future<Boolean> f : pool.invokeAll(tasks)) {
                assertThat(f.get()).isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
