package dev.upshift.core.plan;

import static dev.upshift.core.plan.Fixtures.all;
import static dev.upshift.core.plan.Fixtures.cluster;
import static dev.upshift.core.plan.Fixtures.exclusion;
import static dev.upshift.core.plan.Fixtures.input;
import static dev.upshift.core.plan.Fixtures.release;
import static dev.upshift.core.plan.Fixtures.t;
import static dev.upshift.core.plan.Fixtures.upgrade;
import static dev.upshift.core.plan.Fixtures.window;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.simulate.SimulatedUpgrade;
import dev.upshift.core.simulate.SimulationSettings;
import dev.upshift.core.simulate.Simulator;
import dev.upshift.release.Release;
import dev.upshift.release.Version;
import dev.upshift.schedule.ExclusionScope;
import dev.upshift.schedule.Interval;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A path of several hops is planned hop by hop (issue 27, item 2): each hop in a window of its own,
 * its kind judged by the exclusions on its own, and history read per hop as the engine journals it.
 */
class PlannerHopsTest {
    /**
     * Monday to Thursday nights, 21:00–01:00 UTC (22:00–02:00 in Berlin), and a year-end exclusion of
     * minor upgrades from Friday 2026-12-18 00:00 Berlin (2026-12-17T23:00Z) to 2027-01-04 00:00 Berlin.
     */
    private static final MaintenanceSchedule BERLIN_NIGHTS = Fixtures.schedule("weekday-nights",
            List.of(window("nights", LocalDateTime.of(2026, 1, 5, 21, 0), Duration.ofHours(4),
                    "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH;WKST=MO")),
            List.of(exclusion("year-end", LocalDateTime.of(2026, 12, 17, 23, 0), Duration.ofDays(17), null,
                    ExclusionScope.NO_MINOR_UPGRADES)));
    /** Thursday 2026-12-17, noon UTC. */
    private static final Instant THURSDAY = t("2026-12-17T12:00:00Z");

    private static ClusterUpgrade toTwentyOne(Duration expected) {
        return upgrade("u", "20.1.0", all()).expectedDuration(expected).build();
    }

    private static Plan plan(List<ManagedCluster> clusters, ClusterUpgrade u, Instant now,
            List<dev.upshift.spi.HistoryEntry> history) {
        return Planner.standard().plan(input(clusters, List.of(BERLIN_NIGHTS), List.of(u), history), now);
    }

    @Test
    @DisplayName("two hops of 90m on the night before the year-end exclusion: the first fits, the second moves to"
            + " January, EXCLUDED, and the simulation runs them so")
    void eachHopNeedsItsOwnRoom() {
        ManagedCluster c = cluster("prod-1", "19.1.0").schedule("weekday-nights").build();
        ClusterUpgrade u = toTwentyOne(Duration.ofMinutes(90));
        PlanEntry e = plan(List.of(c), u, THURSDAY, List.of()).entry("prod-1").orElseThrow();

        assertThat(e.path()).containsExactly(Version.parse("20.0.0"), Version.parse("20.1.0"));
        assertThat(e.window().orElseThrow().start()).isEqualTo(t("2026-12-17T21:00:00Z"));
        assertThat(e.expectedEnd()).contains(t("2026-12-17T22:30:00Z"));
        assertThat(e.hops()).hasSize(2);
        PlannedHop first = e.hops().get(0);
        assertThat(first.window()).isEqualTo(e.window());
        assertThat(first.expectedEnd()).isEqualTo(e.expectedEnd());
        PlannedHop second = e.hops().get(1);
        assertThat(second.from()).isEqualTo(Version.parse("20.0.0"));
        assertThat(second.kind()).isEqualTo(PlanKind.MINOR);
        assertThat(second.window().orElseThrow().start()).as("22:30 + 90m would run into the exclusion at 23:00")
                .isEqualTo(t("2027-01-04T21:00:00Z"));
        assertThat(second.expectedEnd()).contains(t("2027-01-04T22:30:00Z"));
        assertThat(second.reasons()).singleElement().satisfies(r -> {
            assertThat(r.code()).isEqualTo(ReasonCodes.EXCLUDED);
            assertThat(r.message()).contains("'year-end'").contains("would run into it");
            assertThat(r.until()).contains(t("2027-01-03T23:00:00Z"));
        });

        // before hops were planned, the whole path ran as one 90-minute upgrade that Thursday night
        List<SimulatedUpgrade> ran = Simulator.run(Planner.standard().prepare(input(List.of(c), List.of(BERLIN_NIGHTS),
                List.of(u), List.of())), SimulationSettings.between(THURSDAY, t("2027-01-10T00:00:00Z"))).upgrades();
        assertThat(ran).extracting(x -> x.from() + " → " + x.to() + " at " + x.start() + "–" + x.end()).containsExactly(
                "19.1.0 → 20.0.0 at 2026-12-17T21:00:00Z–2026-12-17T22:30:00Z",
                "20.0.0 → 20.1.0 at 2027-01-04T21:00:00Z–2027-01-04T22:30:00Z");
    }

    @Test
    @DisplayName("a path of one hop has one hop, the entry's own window, expected end and overrun")
    void oneHop() {
        PlanEntry e = plan(List.of(cluster("a", "20.0.0").schedule("weekday-nights").build()),
                toTwentyOne(Duration.ofHours(5)), t("2026-12-14T09:00:00Z"), List.of()).entry("a").orElseThrow();
        assertThat(e.hops()).singleElement().satisfies(h -> {
            assertThat(h.from()).isEqualTo(e.from());
            assertThat(h.to()).isEqualTo(e.to().orElseThrow());
            assertThat(h.window()).isEqualTo(e.window());
            assertThat(h.expectedEnd()).isEqualTo(e.expectedEnd());
            assertThat(h.overrun()).isEqualTo(e.overrun()).contains(Duration.ofHours(1));
            assertThat(h.reasons()).isEmpty();
        });
    }

    @Test
    @DisplayName("exclusions judge each hop's own kind: a patch hop goes now, the minor hop after it waits")
    void hopKindsJudgedOnTheirOwn() {
        List<Release> releases = List.of(release("1.0.0", "1.28.1"),
                Release.builder("1.0.1").component("kubernetes", "1.28.2").upgradesFrom(">=1.0.0 <1.0.1").build(),
                Release.builder("1.1.0").component("kubernetes", "1.29.0").upgradesFrom(">=1.0.1 <1.1.0").build());
        MaintenanceSchedule nights = Fixtures.schedule("nights", List.of(window("n", LocalDateTime.of(2026, 1, 1, 22, 0),
                Duration.ofHours(4), "FREQ=DAILY")), List.of(exclusion("quiet", LocalDateTime.of(2026, 3, 9, 0, 0),
                        Duration.ofDays(7), null, ExclusionScope.NO_MINOR_UPGRADES)));
        PlanInput in = new PlanInput(Fixtures.catalog(releases), List.of(cluster("a", "1.0.0").schedule("nights").build()),
                List.of(nights), List.of(upgrade("u", "1.1.0", all()).build()), List.of());
        PlanEntry e = Planner.standard().plan(in, Fixtures.NOW).entry("a").orElseThrow();

        assertThat(e.kind()).as("the largest change along the path").contains(PlanKind.MINOR);
        assertThat(e.hops()).extracting(PlannedHop::kind).containsExactly(PlanKind.PATCH, PlanKind.MINOR);
        assertThat(e.window().orElseThrow().start()).as("the patch hop, tonight").isEqualTo(t("2026-03-10T22:00:00Z"));
        assertThat(e.hasReason(ReasonCodes.EXCLUDED)).isFalse();
        assertThat(e.hops().get(1).window().orElseThrow().start()).as("the minor hop, when the exclusion ends")
                .isEqualTo(t("2026-03-16T00:00:00Z"));
        assertThat(e.hops().get(1).reasons()).extracting(Reason::code).containsExactly(ReasonCodes.EXCLUDED);
    }

    @Test
    @DisplayName("a waiting cluster whose stage's opening is unknown has no window for any hop")
    void waitingHasNoHopWindows() {
        ManagedCluster c = cluster("a", "19.1.0").build();
        PlanEntry e = Planner.standard().plan(input(List.of(c), List.of(), List.of(toTwentyOne(Duration.ofHours(1))),
                List.of(Fixtures.history(t("2026-12-14T08:00:00Z"), "a", "19.1.0", "20.0.0", UpgradeState.IN_PROGRESS))),
                t("2026-12-14T09:00:00Z")).entry("a").orElseThrow();
        assertThat(e.state()).isEqualTo(UpgradeState.IN_PROGRESS);
        assertThat(e.hops()).hasSize(2).allSatisfy(h -> assertThat(h.window()).isEmpty());
    }

    @Test
    @DisplayName("the hop JSON and explanation: each later hop with its window, and the overrun of any that runs past it")
    void explainsEveryHop() {
        ManagedCluster c = cluster("prod-1", "19.1.0").schedule("weekday-nights").build();
        Plan p = plan(List.of(c), toTwentyOne(Duration.ofMinutes(150)), t("2026-12-14T09:00:00Z"), List.of());
        Explanation x = p.explain("prod-1").orElseThrow();
        assertThat(x.summary()).isEqualTo("prod-1: 19.1.0 → 20.0.0 → 20.1.0 (minor), hop 1 of 2, upgrade u, stage all,"
                + " scheduled");
        assertThat(x.lines()).containsExactly(x.summary(),
                "  1. the next window is 2026-12-14T21:00:00Z–2026-12-15T01:00:00Z, expected to finish hop 1 of 2"
                        + " (19.1.0 → 20.0.0) by 2026-12-14T23:30:00Z",
                "  2. then hop 2 of 2 (20.0.0 → 20.1.0) in the window 2026-12-14T23:30:00Z–2026-12-15T01:00:00Z, expected"
                        + " to finish by 2026-12-15T02:00:00Z; it runs 1h past the window (startWithin)");
        assertThat(x.steps()).extracting(Explanation.Step::code).containsExactly(ReasonCodes.OUTSIDE_WINDOW, "HOP");
    }

    @Test
    @DisplayName("explain says how long a startWithin upgrade runs past its window")
    void explainsAnOverrun() {
        ManagedCluster c = cluster("a", "20.0.0").schedule("weekday-nights").build();
        Plan p = plan(List.of(c), toTwentyOne(Duration.ofHours(6)), t("2026-12-14T09:00:00Z"), List.of());
        assertThat(p.entry("a").orElseThrow().overrun()).contains(Duration.ofHours(2));
        assertThat(p.explain("a").orElseThrow().sentence()).endsWith("expected to finish by 2026-12-15T03:00:00Z;"
                + " it runs 2h past the window (startWithin)");
    }

    @Test
    @DisplayName("the window of every hop is a window of the schedule for that hop's kind, after the hop before it")
    void hopWindowsFollowEachOther() {
        ManagedCluster c = cluster("a", "19.0.0").schedule("weekday-nights").build();
        PlanEntry e = plan(List.of(c), upgrade("u", "21.0.0", all()).expectedDuration(Duration.ofHours(3)).build(),
                t("2027-01-10T09:00:00Z"), List.of()).entry("a").orElseThrow();
        assertThat(e.hops()).hasSize(4);
        Instant after = t("2027-01-10T09:00:00Z");
        for (PlannedHop h : e.hops()) {
            Interval w = h.window().orElseThrow();
            assertThat(w.start()).isAfterOrEqualTo(after);
            assertThat(BERLIN_NIGHTS.index(t("2027-01-01T00:00:00Z")).permits(w.start(), dev.upshift.schedule.UpgradeKind.MINOR))
                    .as("%s", h).isTrue();
            after = h.expectedEnd().orElseThrow();
            assertThat(after).isEqualTo(w.start().plus(Duration.ofHours(3)));
        }
        // 3h from 21:00 leaves an hour of the night: the next hop starts then, the one after it the next night
        assertThat(e.hops()).extracting(h -> h.window().orElseThrow().start().toString()).containsExactly(
                "2027-01-11T21:00:00Z", "2027-01-12T00:00:00Z", "2027-01-12T21:00:00Z", "2027-01-13T00:00:00Z");
    }
}
