package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.common.kind.Metadata;
import dev.upshift.common.problem.UpshiftException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A schedule that passed its checks can be expanded anywhere: index queries never fail on it. */
class OccurrenceBoundTest {
    private static final ZoneId UTC = ZoneId.of("UTC");

    /** Hourly windows: one from 2021, and two more that start only in 2030, years after what reading checks. */
    private static final String DENSER_LATER = Documents.schedule("denser-later", """
              maintenanceWindows:
                - name: hourly
                  startTime: 2021-03-01T00:00:00Z
                  duration: 10m
                  recurrence: FREQ=HOURLY
                - name: twenty-past
                  startTime: 2030-01-01T00:20:00Z
                  duration: 10m
                  recurrence: FREQ=HOURLY
                - name: twenty-to
                  startTime: 2030-01-01T00:40:00Z
                  duration: 10m
                  recurrence: FREQ=HOURLY
            """);

    private static Instant t(String s) {
        return Instant.parse(s);
    }

    @Test
    @DisplayName("a query that widens the index into denser years than reading checked answers instead of failing")
    void wideningNeverFails() {
        MaintenanceSchedule schedule = Documents.read(DENSER_LATER);
        long from = t("2030-06-01T00:00:00Z").getEpochSecond();
        assertThat(Expansion.budgeted(schedule, from, from + Limits.DEFAULT_HORIZON.getSeconds()))
                .as("the 25,000-a-year budget, which index queries used to apply and fail on")
                .isInstanceOf(Expansion.OverBudget.class);

        AllowedIntervals allowed = ScheduleIndex.build(List.of(schedule), t("2021-03-01T00:00:00Z")).get("denser-later")
                .orElseThrow();
        Instant at = t("2031-06-01T00:05:00Z");
        assertThat(allowed.permits(at, UpgradeKind.PATCH)).isTrue();
        assertThat(allowed.next(t("2031-06-01T00:10:00Z"), UpgradeKind.PATCH, Duration.ofMinutes(5)))
                .hasValue(new Interval(t("2031-06-01T00:20:00Z"), t("2031-06-01T00:30:00Z")));
        Instant to = t("2031-06-01T02:00:00Z");
        assertThat(allowed.between(at, to, UpgradeKind.MINOR)).isEqualTo(schedule.allowed(at, to, UpgradeKind.MINOR))
                .hasSize(6);
    }

    @Test
    @DisplayName("index queries anywhere from 1900 to 9000 answer on random schedules, however far they widen")
    void queriesAnywhereAnswer() {
        qt().withExamples(40).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            MaintenanceSchedule schedule = RandomSchedules.schedule(seed);
            AllowedIntervals allowed = ScheduleIndex.build(List.of(schedule), RandomSchedules.instant(r), Duration.ofDays(30))
                    .get(schedule.name()).orElseThrow();
            for (Instant at : List.of(Limits.EARLIEST, Limits.LATEST.minusSeconds(1), instant(r), instant(r))) {
                UpgradeKind kind = r.nextBoolean() ? UpgradeKind.PATCH : UpgradeKind.MAJOR.changingNodes();
                allowed.permits(at, kind);
                allowed.next(at, kind, Duration.ofMinutes(r.nextInt(600)), Duration.ofDays(1 + r.nextInt(800)));
                Instant to = at.plus(Duration.ofDays(r.nextInt(60)));
                allowed.between(at, to.isBefore(Limits.LATEST) ? to : at, kind);
            }
        });
    }

    /** Any instant from 1900 to 9000. */
    private static Instant instant(Random r) {
        long span = Limits.LATEST.getEpochSecond() - Limits.EARLIEST.getEpochSecond();
        return Limits.EARLIEST.plusSeconds(Math.floorMod(r.nextLong(), span));
    }

    @Test
    @DisplayName("occurrences that pile up because each lasts a century are rejected when read, naming the bound")
    void pilingUpIsRejectedWhenRead() {
        assertThat(Documents.problems(Documents.schedule("century", """
                  maintenanceWindows:
                    - name: hourly-for-a-century
                      startTime: 2021-03-01T00:00:00Z
                      duration: 876000h
                      recurrence: FREQ=HOURLY
                """))).containsExactly("s.yaml:5:3: spec: schedule century: its rules allow up to 884,912 window and"
                + " exclusion occurrences in one year ('hourly-for-a-century' alone 884,912), counting FREQ, INTERVAL and"
                + " the BY... parts of each rule and the occurrences still running from earlier; Upshift indexes"
                + " schedules whose rules allow at most 100,000 a year: use fewer or coarser rules, or shorter occurrences");
    }

    @Test
    @DisplayName("a schedule built in code over the bound is refused when indexed or expanded, before any query")
    void codeBuiltSchedulesAreCheckedUpFront() {
        RecurringSpan span = RecurringSpan.of(LocalDateTime.parse("2021-03-01T00:00:00"), UTC,
                SpanLength.elapsed(Duration.ofDays(365 * 100)), Optional.of(Recurrence.parse("FREQ=HOURLY")));
        MaintenanceSchedule schedule = new MaintenanceSchedule(Metadata.named("century"), UTC,
                List.of(new MaintenanceWindow("w", span, Origin.of("code", "w"))), List.of(), Origin.of("code", "spec"));
        ExpansionWork.Snapshot before = ExpansionWork.snapshot();
        assertThatThrownBy(() -> ScheduleIndex.build(List.of(schedule), t("2021-03-01T00:00:00Z")))
                .isInstanceOf(UpshiftException.class).hasMessageContaining("at most 100,000 a year");
        assertThatThrownBy(() -> schedule.allowed(t("2021-03-01T00:00:00Z"), t("2021-03-02T00:00:00Z"), UpgradeKind.PATCH))
                .isInstanceOf(UpshiftException.class).hasMessageContaining("at most 100,000 a year");
        assertThat(ExpansionWork.snapshot().since(before).instances()).as("instances expanded before refusing").isZero();
    }

    @Test
    @DisplayName("queries inside what the index expanded cost no expansion; a widening one expands once")
    void queriesReuseTheExpansion() {
        MaintenanceSchedule schedule = Documents.read(DENSER_LATER);
        AllowedIntervals allowed = ScheduleIndex.build(List.of(schedule), t("2021-03-01T00:00:00Z")).get("denser-later")
                .orElseThrow();
        ExpansionWork.Snapshot before = ExpansionWork.snapshot();
        for (int day = 0; day < 365; day++) {
            Instant at = t("2021-04-01T00:00:00Z").plus(Duration.ofDays(day));
            allowed.permits(at, UpgradeKind.PATCH);
            allowed.next(at, UpgradeKind.MINOR, Duration.ofMinutes(5), Duration.ofDays(30));
        }
        assertThat(ExpansionWork.snapshot().since(before)).isEqualTo(new ExpansionWork.Snapshot(0, 0));

        allowed.permits(t("2032-01-01T00:05:00Z"), UpgradeKind.PATCH);
        ExpansionWork.Snapshot widened = ExpansionWork.snapshot();
        assertThat(widened.since(before).instances()).isPositive();
        allowed.permits(t("2032-01-02T00:05:00Z"), UpgradeKind.PATCH);
        assertThat(ExpansionWork.snapshot().since(widened)).isEqualTo(new ExpansionWork.Snapshot(0, 0));
    }
}
