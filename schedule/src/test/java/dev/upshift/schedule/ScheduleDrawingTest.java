package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@link MaintenanceSchedule#windowsBetween} and {@link MaintenanceSchedule#exclusionsBetween}: what
 * a timeline draws. The oracle is a sweep over every boundary, independent of the interval sets the
 * schedule uses: windows minus the exclusions a kind's scope blocks must be exactly {@code allowed}.
 */
class ScheduleDrawingTest {
    private static final int EXAMPLES = 150;
    private static final List<UpgradeKind> KINDS = List.of(UpgradeKind.PATCH, UpgradeKind.PATCH.changingNodes(),
            UpgradeKind.MINOR, UpgradeKind.MAJOR.changingNodes(), UpgradeKind.CONFIG);
    private final MaintenanceSchedule seed = Documents.read(SeedExampleTest.SEED);

    @Test
    @DisplayName("the seed schedule: weekday windows and the month-start exclusion, clipped to the range")
    void seedSchedule() {
        Instant from = Instant.parse("2021-03-29T00:00:00Z");
        Instant to = Instant.parse("2021-04-03T12:00:00Z");
        assertThat(seed.windowsBetween(from, to)).extracting(Interval::toString).containsExactly(
                "2021-03-29T07:00:00Z/2021-03-29T17:00:00Z", "2021-03-30T07:00:00Z/2021-03-30T17:00:00Z",
                "2021-03-31T07:00:00Z/2021-03-31T17:00:00Z", "2021-04-01T07:00:00Z/2021-04-01T17:00:00Z",
                "2021-04-02T07:00:00Z/2021-04-02T17:00:00Z");
        assertThat(seed.exclusionsBetween(from, to)).extracting(Object::toString)
                .containsExactly("month-start (noUpgrades) 2021-04-01T00:00:00Z/2021-04-03T12:00:00Z");
    }

    @Test
    @DisplayName("a schedule without windows covers the whole range; an empty range has nothing")
    void noWindows() {
        MaintenanceSchedule none = new MaintenanceSchedule(seed.metadata(), seed.timeZone(), List.of(),
                seed.exclusions(), seed.origin());
        Instant from = Instant.parse("2021-03-20T00:00:00Z");
        Instant to = Instant.parse("2021-03-21T00:00:00Z");
        assertThat(none.windowsBetween(from, to)).containsExactly(new Interval(from, to));
        assertThat(none.windowsBetween(from, from)).isEmpty();
        assertThat(seed.exclusionsBetween(from, from)).isEmpty();
        assertThatThrownBy(() -> seed.windowsBetween(to, from)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> seed.exclusionsBetween(to, from)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("windows minus the exclusions that block a kind are exactly the allowed intervals (sweep oracle)")
    void windowsMinusExclusionsIsAllowed() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(s -> {
            Random r = new Random(s * 17 + 3);
            MaintenanceSchedule schedule = RandomSchedules.schedule(s);
            Instant from = RandomSchedules.instant(r);
            Instant to = from.plus(Duration.ofDays(1 + r.nextInt(60)));
            UpgradeKind kind = KINDS.get(r.nextInt(KINDS.size()));
            List<Interval> windows = schedule.windowsBetween(from, to);
            List<ExclusionOccurrence> exclusions = schedule.exclusionsBetween(from, to);
            String what = "seed " + s + ", " + kind + " in [" + from + ", " + to + ") of " + schedule;
            assertThat(sweep(windows, exclusions, kind, from, to)).as(what).isEqualTo(schedule.allowed(from, to, kind));
        });
    }

    @Test
    @DisplayName("windows are sorted, disjoint, not touching and inside the range; exclusions inside it and sorted")
    void shapes() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(s -> {
            Random r = new Random(s * 13 + 5);
            MaintenanceSchedule schedule = RandomSchedules.schedule(s);
            Instant from = RandomSchedules.instant(r);
            Instant to = from.plus(Duration.ofDays(30));
            List<Interval> windows = schedule.windowsBetween(from, to);
            for (int i = 0; i < windows.size(); i++) {
                assertThat(windows.get(i).start()).isAfterOrEqualTo(from);
                assertThat(windows.get(i).end().orElseThrow()).isBeforeOrEqualTo(to);
                if (i > 0) {
                    assertThat(windows.get(i).start()).isAfter(windows.get(i - 1).end().orElseThrow());
                }
            }
            List<ExclusionOccurrence> exclusions = schedule.exclusionsBetween(from, to);
            for (int i = 0; i < exclusions.size(); i++) {
                Interval x = exclusions.get(i).interval();
                assertThat(x.start()).isAfterOrEqualTo(from);
                assertThat(x.end().orElseThrow()).isBeforeOrEqualTo(to);
                if (i > 0) {
                    assertThat(x).isGreaterThanOrEqualTo(exclusions.get(i - 1).interval());
                }
            }
        });
    }

    /** Allowed time by brute force over the elementary segments between all boundaries. */
    private static List<Interval> sweep(List<Interval> windows, List<ExclusionOccurrence> exclusions, UpgradeKind kind,
            Instant from, Instant to) {
        TreeSet<Instant> cuts = new TreeSet<>(List.of(from, to));
        windows.forEach(w -> {
            cuts.add(w.start());
            cuts.add(w.end().orElseThrow());
        });
        exclusions.forEach(x -> {
            cuts.add(x.interval().start());
            cuts.add(x.interval().end().orElseThrow());
        });
        List<Interval> out = new ArrayList<>();
        Instant prev = null;
        for (Instant cut : cuts) {
            if (prev != null) {
                Instant a = prev;
                boolean inWindow = windows.stream().anyMatch(w -> w.contains(a));
                boolean blocked = exclusions.stream().anyMatch(x -> x.scope().blocks(kind) && x.interval().contains(a));
                if (inWindow && !blocked) {
                    Interval last = out.isEmpty() ? null : out.get(out.size() - 1);
                    if (last != null && last.end().orElseThrow().equals(a)) {
                        out.set(out.size() - 1, new Interval(last.start(), cut));
                    } else {
                        out.add(new Interval(a, cut));
                    }
                }
            }
            prev = cut;
        }
        return out;
    }
}
