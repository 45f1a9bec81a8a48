package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Invariants of allowed time, over random schedules in zones with unusual daylight-saving rules. */
class AllowedIntervalsPropertiesTest {
    private static final List<UpgradeKind> KINDS = List.of(UpgradeKind.PATCH, UpgradeKind.PATCH.changingNodes(),
            UpgradeKind.MINOR, UpgradeKind.CONFIG, UpgradeKind.MAJOR.changingNodes());
    private static final int EXAMPLES = 150;

    /** One random case: a schedule, a range of 60 days and a kind, all from one seed. */
    private record Case(long seed, MaintenanceSchedule schedule, Instant from, Instant to, UpgradeKind kind, Random random) {
        static Case of(long seed) {
            Random r = new Random(seed * 31 + 7);
            Instant from = RandomSchedules.instant(r);
            return new Case(seed, RandomSchedules.schedule(seed), from, from.plus(Duration.ofDays(60)),
                    KINDS.get(r.nextInt(KINDS.size())), r);
        }

        List<Interval> allowed() {
            return schedule.allowed(from, to, kind);
        }

        @Override
        public String toString() {
            return "seed " + seed + ": " + kind + " in [" + from + ", " + to + ") of " + schedule;
        }
    }

    @Test
    @DisplayName("no allowed interval intersects an exclusion whose scope blocks the kind")
    void neverInsideAnApplicableExclusion() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Case c = Case.of(seed);
            List<Interval> allowed = c.allowed();
            for (MaintenanceExclusion x : c.schedule.exclusions()) {
                if (x.scope().blocks(c.kind)) {
                    for (Interval blocked : x.span().occurrences(c.from, c.to)) {
                        assertThat(allowed).as(c + " vs " + x).noneMatch(a -> a.overlaps(blocked));
                    }
                }
            }
        });
    }

    @Test
    @DisplayName("every allowed interval lies inside the windows (or anywhere, for a schedule without windows)")
    void alwaysInsideAWindow() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Case c = Case.of(seed);
            if (c.schedule.windows().isEmpty()) {
                return;
            }
            List<Interval> windows = new ArrayList<>();
            for (MaintenanceWindow w : c.schedule.windows()) {
                windows.addAll(w.span().occurrences(c.from, c.to));
            }
            windows.sort(Comparator.naturalOrder());
            for (Interval a : c.allowed()) {
                assertThat(coveredUntil(windows, a.start())).as(c + ": " + a).isAfterOrEqualTo(a.end().orElseThrow());
            }
        });
    }

    @Test
    @DisplayName("upcoming gives the allowed intervals that last long enough, in order, as the interval list does")
    void upcomingAgreesWithTheList() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Case c = Case.of(seed);
            Duration atLeast = Duration.ofMinutes(45L * c.random.nextInt(4));
            List<Interval> expected = c.allowed().stream()
                    .filter(i -> i.lastsAtLeast(atLeast) && i.end().orElseThrow().isBefore(c.to))
                    .toList();
            AllowedIntervals.Upcoming upcoming =
                    c.schedule.index(c.from).upcoming(c.from, c.kind, atLeast, expected.size() + 1, Duration.ofDays(60));
            assertThat(upcoming.intervals()).as(c.toString()).hasSizeLessThanOrEqualTo(expected.size() + 1);
            assertThat(upcoming.intervals().stream()
                            .filter(i -> !i.isOpen() && i.end().orElseThrow().isBefore(c.to))
                            .toList())
                    .as(c.toString())
                    .isEqualTo(expected);
        });
    }

    @Test
    @DisplayName("upcoming stops where no interval starts within reach, and says where")
    void upcomingSaysWhereItStopped() {
        Instant from = Instant.parse("2026-01-01T00:00:00Z");
        AllowedIntervals none = new AllowedIntervals() {
            @Override
            public boolean permits(Instant at, UpgradeKind kind) {
                return false;
            }

            @Override
            public Optional<Interval> next(Instant at, UpgradeKind kind, Duration atLeast, Duration within) {
                return Optional.empty();
            }

            @Override
            public List<Interval> between(Instant a, Instant b, UpgradeKind kind) {
                return List.of();
            }
        };
        AllowedIntervals.Upcoming upcoming = none.upcoming(from, UpgradeKind.PATCH, Duration.ZERO, 3, Duration.ofDays(3000));
        assertThat(upcoming.intervals()).isEmpty();
        assertThat(upcoming.stoppedAt()).contains(from.plus(Duration.ofDays(3000)));
        assertThatThrownBy(() -> none.upcoming(from, UpgradeKind.PATCH, Duration.ZERO, 0, Duration.ofDays(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("count");
    }

    @Test
    @DisplayName("permits agrees with the interval list, at every boundary and at random instants")
    void permitsAgreesWithTheList() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Case c = Case.of(seed);
            AllowedIntervals index = ScheduleIndex.build(List.of(c.schedule), c.from.minus(Duration.ofDays(3))).get(c.schedule.name()).orElseThrow();
            List<Interval> allowed = c.allowed();
            List<Instant> probes = new ArrayList<>();
            for (Interval a : allowed) {
                for (Instant edge : List.of(a.start(), a.end().orElseThrow())) {
                    probes.add(edge.minusSeconds(1));
                    probes.add(edge);
                    probes.add(edge.plusSeconds(1));
                }
            }
            for (int i = 0; i < 50; i++) {
                probes.add(c.from.plusSeconds(c.random.nextInt(60 * 86_400)));
            }
            for (Instant t : probes) {
                if (!t.isBefore(c.from) && t.isBefore(c.to)) {
                    assertThat(index.permits(t, c.kind)).as(c + " at " + t).isEqualTo(allowed.stream().anyMatch(a -> a.contains(t)));
                }
            }
        });
    }

    @Test
    @DisplayName("next is never before the query instant and is the first listed interval that leaves enough time")
    void nextAgreesWithTheList() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Case c = Case.of(seed);
            AllowedIntervals index = ScheduleIndex.build(List.of(c.schedule), c.from, Duration.ofDays(7)).get(c.schedule.name()).orElseThrow();
            Instant at = c.from.plusSeconds(c.random.nextInt(20 * 86_400));
            Duration within = Duration.ofHours(1 + c.random.nextInt(24 * 30));
            Duration atLeast = Duration.ofMinutes(c.random.nextInt(12 * 60));
            Instant reach = at.plus(within).plus(atLeast);
            Optional<Interval> expected = c.schedule.allowed(at, reach, c.kind).stream()
                    .filter(i -> i.start().isBefore(at.plus(within)))
                    .filter(i -> i.lastsAtLeast(atLeast) || i.end().orElseThrow().equals(reach))
                    .findFirst();
            Optional<Interval> actual = index.next(at, c.kind, atLeast, within);
            assertThat(actual.isPresent()).as(c + " at " + at).isEqualTo(expected.isPresent());
            actual.ifPresent(a -> {
                assertThat(a.start()).as(c + " at " + at).isAfterOrEqualTo(at).isEqualTo(expected.get().start());
                if (expected.get().end().orElseThrow().equals(reach)) {
                    assertThat(a.isOpen() || a.end().orElseThrow().equals(reach)).as(c + " at " + at + ": " + a).isTrue();
                } else {
                    assertThat(a.end()).as(c + " at " + at).isEqualTo(expected.get().end());
                }
            });
        });
    }

    @Test
    @DisplayName("the result is the same whichever order the windows and exclusions are listed in")
    void orderDoesNotMatter() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Case c = Case.of(seed);
            MaintenanceSchedule shuffled = RandomSchedules.shuffled(c.schedule, seed);
            assertThat(shuffled.allowed(c.from, c.to, c.kind)).as(c.toString()).isEqualTo(c.allowed());
        });
    }

    @Test
    @DisplayName("the index answers as the plain computation does, before its origin, inside its horizon and beyond it")
    void indexAgreesWithThePlainComputation() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Case c = Case.of(seed);
            Instant origin = RandomSchedules.instant(c.random);
            AllowedIntervals index = ScheduleIndex.build(List.of(c.schedule), origin, Duration.ofDays(1 + c.random.nextInt(90)))
                    .get(c.schedule.name()).orElseThrow();
            assertThat(index.between(c.from, c.to, c.kind)).as(c + " from origin " + origin).isEqualTo(c.allowed());
        });
    }

    @Test
    @DisplayName("allowed intervals are sorted, non-empty, and never touch or overlap")
    void intervalsAreDisjointAndSorted() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Case c = Case.of(seed);
            List<Interval> allowed = c.allowed();
            for (int i = 1; i < allowed.size(); i++) {
                assertThat(allowed.get(i).start()).as(c.toString()).isAfter(allowed.get(i - 1).end().orElseThrow());
            }
        });
    }

    /** How far from {@code t} the sorted intervals cover time without a gap (t itself if not covered). */
    private static Instant coveredUntil(List<Interval> sorted, Instant t) {
        Instant reached = t;
        for (Interval w : sorted) {
            if (w.start().isAfter(reached)) {
                break;
            }
            if (w.end().orElseThrow().isAfter(reached)) {
                reached = w.end().orElseThrow();
            }
        }
        return reached;
    }
}
