package dev.upshift.core.plan;

import static dev.upshift.core.plan.Fixtures.NOW;
import static dev.upshift.core.plan.Fixtures.all;
import static dev.upshift.core.plan.Fixtures.cluster;
import static dev.upshift.core.plan.Fixtures.daily;
import static dev.upshift.core.plan.Fixtures.exclusion;
import static dev.upshift.core.plan.Fixtures.input;
import static dev.upshift.core.plan.Fixtures.t;
import static dev.upshift.core.plan.Fixtures.upgrade;
import static dev.upshift.core.plan.Fixtures.withExclusion;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.schedule.ExclusionScope;
import dev.upshift.schedule.Freeze;
import dev.upshift.schedule.Interval;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import dev.upshift.spi.WindowPolicy;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Windows: schedules, window policies, freezes, start times and exclusions judged on the plan's kind. */
class PlannerWindowsTest {
    /** 22:00–02:00 UTC every night. */
    private static final MaintenanceSchedule NIGHTS = daily("nights", 22, 4);

    private static PlanEntry planOne(ManagedCluster c, ClusterUpgrade u, MaintenanceSchedule... schedules) {
        return Planner.standard().plan(input(List.of(c), List.of(schedules), List.of(u), List.of()), NOW)
                .entry(c.id()).orElseThrow();
    }

    private static List<String> codes(PlanEntry e) {
        return e.reasons().stream().map(Reason::code).toList();
    }

    @Test
    @DisplayName("outside its windows a cluster is scheduled for the next one, with OUTSIDE_WINDOW until it opens")
    void scheduledForNextWindow() {
        PlanEntry e = planOne(cluster("a", "19.1.0").schedule("nights").build(), upgrade("u", "19.2.0", all()).build(),
                NIGHTS);
        assertThat(e.state()).isEqualTo(UpgradeState.SCHEDULED);
        assertThat(e.window()).contains(new Interval(t("2026-03-10T22:00:00Z"), t("2026-03-11T02:00:00Z")));
        assertThat(e.reasons()).singleElement().satisfies(r -> {
            assertThat(r.code()).isEqualTo(ReasonCodes.OUTSIDE_WINDOW);
            assertThat(r.until()).contains(t("2026-03-10T22:00:00Z"));
        });
        assertThat(e.expectedEnd()).contains(t("2026-03-10T23:00:00Z"));
    }

    @Test
    @DisplayName("startWithin may start a minute before the window ends; completeWithin needs expectedDuration left")
    void startWithinAndCompleteWithin() {
        ManagedCluster c = cluster("a", "19.1.0").schedule("nights").build();
        java.time.Instant late = t("2026-03-11T01:30:00Z");
        ClusterUpgrade start = upgrade("u", "19.2.0", all()).expectedDuration(Duration.ofHours(2)).build();
        ClusterUpgrade complete = start.toBuilder().windowPolicy(WindowPolicy.COMPLETE_WITHIN).build();
        Planner planner = Planner.standard();
        PlanEntry s = planner.plan(input(List.of(c), List.of(NIGHTS), List.of(start), List.of()), late).entry("a").orElseThrow();
        PlanEntry w = planner.plan(input(List.of(c), List.of(NIGHTS), List.of(complete), List.of()), late).entry("a").orElseThrow();
        assertThat(s.state()).isEqualTo(UpgradeState.READY);
        assertThat(s.window()).contains(new Interval(late, t("2026-03-11T02:00:00Z")));
        assertThat(s.expectedEnd()).as("it runs past the window").contains(t("2026-03-11T03:30:00Z"));
        assertThat(s.overrun()).as("and says so").contains(Duration.ofMinutes(90));
        assertThat(w.state()).isEqualTo(UpgradeState.SCHEDULED);
        assertThat(w.window()).contains(new Interval(t("2026-03-11T22:00:00Z"), t("2026-03-12T02:00:00Z")));
        assertThat(w.reasons()).singleElement().satisfies(r -> assertThat(r.message()).contains("leaves less than 2h"));
        assertThat(w.overrun()).isEmpty();
    }

    @Test
    @DisplayName("pauseAndResume starts in a window and finishes in a later one, counting only allowed time")
    void pauseAndResume() {
        ClusterUpgrade u = upgrade("u", "19.2.0", all()).expectedDuration(Duration.ofHours(6))
                .windowPolicy(WindowPolicy.PAUSE_AND_RESUME).build();
        PlanEntry e = planOne(cluster("a", "19.1.0").schedule("nights").build(), u, NIGHTS);
        assertThat(e.window().orElseThrow().start()).isEqualTo(t("2026-03-10T22:00:00Z"));
        assertThat(e.expectedEnd()).as("4h tonight, 2h the next night").contains(t("2026-03-12T00:00:00Z"));
        assertThat(e.overrun()).as("it pauses, it does not overrun").isEmpty();
    }

    @Test
    @DisplayName("a frozen cluster is scheduled for the first window after the freeze, with FROZEN until it ends")
    void frozen() {
        Freeze freeze = new Freeze(t("2026-03-20T00:00:00Z"), "quarter close");
        PlanEntry e = planOne(cluster("a", "19.1.0").schedule("nights").freeze(freeze).build(),
                upgrade("u", "19.2.0", all()).build(), NIGHTS);
        assertThat(e.state()).isEqualTo(UpgradeState.SCHEDULED);
        assertThat(e.window().orElseThrow().start()).isEqualTo(t("2026-03-20T00:00:00Z"));
        assertThat(e.reasons()).singleElement().satisfies(r -> {
            assertThat(r.code()).isEqualTo(ReasonCodes.FROZEN);
            assertThat(r.message()).isEqualTo("frozen until 2026-03-20T00:00:00Z (quarter close)");
            assertThat(r.until()).contains(freeze.until());
        });
    }

    @Test
    @DisplayName("nothing starts before the upgrade's startTime: WAITING_START_TIME, then the window after it")
    void startTime() {
        ClusterUpgrade u = upgrade("u", "19.2.0", all()).startTime(t("2026-03-12T23:00:00Z")).build();
        PlanEntry e = planOne(cluster("a", "19.1.0").schedule("nights").build(), u, NIGHTS);
        assertThat(e.window().orElseThrow().start()).isEqualTo(t("2026-03-12T23:00:00Z"));
        assertThat(codes(e)).containsExactly(ReasonCodes.WAITING_START_TIME);
        PlanEntry always = planOne(cluster("b", "19.1.0").build(), u);
        assertThat(always.window().orElseThrow()).isEqualTo(Interval.openFrom(t("2026-03-12T23:00:00Z")));
    }

    @Test
    @DisplayName("noMinorUpgrades excludes a minor upgrade (by its kubernetes change), not a patch one")
    void exclusionJudgesKubernetesKind() {
        MaintenanceSchedule s = withExclusion(NIGHTS, exclusion("quiet-week", LocalDateTime.of(2026, 3, 9, 0, 0),
                Duration.ofDays(7), null, ExclusionScope.NO_MINOR_UPGRADES));
        ManagedCluster c = cluster("a", "19.1.0").schedule("nights").build();
        PlanEntry minor = planOne(c, upgrade("u", "20.1.0", all()).build(), s);
        PlanEntry patch = planOne(c, upgrade("u", "19.2.0", all()).build(), s);
        assertThat(minor.kind()).contains(PlanKind.MINOR);
        assertThat(minor.window().orElseThrow().start()).isEqualTo(t("2026-03-16T00:00:00Z"));
        assertThat(codes(minor)).containsExactly(ReasonCodes.EXCLUDED);
        assertThat(minor.reasons().get(0).message()).contains("quiet-week").contains("noMinorUpgrades");
        assertThat(minor.reasons().get(0).until()).contains(t("2026-03-16T00:00:00Z"));
        assertThat(patch.window().orElseThrow().start()).isEqualTo(t("2026-03-10T22:00:00Z"));
        assertThat(codes(patch)).containsExactly(ReasonCodes.OUTSIDE_WINDOW);
    }

    @Test
    @DisplayName("no policy lets an upgrade run into a freeze: it moves to the next window that leaves room, EXCLUDED")
    void neverRunsIntoAnExclusion() {
        // nights 22:00–02:00; a noUpgrades freeze from the 10th 23:00 for two days
        MaintenanceSchedule s = withExclusion(NIGHTS, exclusion("year-end", LocalDateTime.of(2026, 3, 10, 23, 0),
                Duration.ofDays(2), null, ExclusionScope.NO_UPGRADES));
        ManagedCluster c = cluster("a", "19.1.0").schedule("nights").build();
        for (WindowPolicy policy : WindowPolicy.values()) {
            ClusterUpgrade u = upgrade("u", "19.2.0", all()).expectedDuration(Duration.ofHours(2)).windowPolicy(policy)
                    .build();
            PlanEntry e = planOne(c, u, s);
            assertThat(e.window().orElseThrow().start()).as(policy.toString()).isEqualTo(t("2026-03-12T23:00:00Z"));
            assertThat(codes(e)).as(policy.toString()).contains(ReasonCodes.EXCLUDED);
            Reason excluded = e.reasons().stream().filter(r -> r.code().equals(ReasonCodes.EXCLUDED)).findFirst()
                    .orElseThrow();
            assertThat(excluded.message()).contains("year-end").contains("noUpgrades");
            assertThat(excluded.until()).contains(t("2026-03-12T23:00:00Z"));
        }
        PlanEntry late = Planner.standard().plan(input(List.of(c), List.of(s), List.of(upgrade("u", "19.2.0", all())
                .expectedDuration(Duration.ofHours(1)).build()), List.of()), t("2026-03-10T22:30:00Z")).entry("a")
                .orElseThrow();
        assertThat(late.state()).as("half an hour before the freeze, an hour's upgrade does not start")
                .isEqualTo(UpgradeState.SCHEDULED);
        assertThat(late.window().orElseThrow().start()).isEqualTo(t("2026-03-12T23:00:00Z"));
    }

    @Test
    @DisplayName("an exclusion that hides every window within the horizon is NO_WINDOW with the EXCLUDED reason behind it")
    void noWindow() {
        MaintenanceSchedule s = withExclusion(NIGHTS, exclusion("forever", LocalDateTime.of(2026, 1, 1, 0, 0),
                Duration.ofDays(3000), null, ExclusionScope.NO_UPGRADES));
        PlanEntry e = planOne(cluster("a", "19.1.0").schedule("nights").build(), upgrade("u", "19.2.0", all()).build(), s);
        assertThat(e.state()).isEqualTo(UpgradeState.BLOCKED);
        assertThat(e.window()).isEmpty();
        assertThat(codes(e)).containsExactly(ReasonCodes.NO_WINDOW, ReasonCodes.EXCLUDED);
    }

    @Test
    @DisplayName("reasons come in the order they lift: frozen, then the start time, then the window")
    void reasonsInLiftOrder() {
        ClusterUpgrade u = upgrade("u", "19.2.0", all()).startTime(t("2026-03-25T03:00:00Z")).build();
        PlanEntry e = planOne(cluster("a", "19.1.0").schedule("nights")
                .freeze(new Freeze(t("2026-03-20T00:00:00Z"), "close")).build(), u, NIGHTS);
        assertThat(codes(e)).containsExactly(ReasonCodes.FROZEN, ReasonCodes.WAITING_START_TIME, ReasonCodes.OUTSIDE_WINDOW);
        assertThat(e.window().orElseThrow().start()).isEqualTo(t("2026-03-25T22:00:00Z"));
    }

    @Test
    @DisplayName("a cluster naming an unknown schedule is blocked, never treated as always allowed")
    void unknownSchedule() {
        Plan plan = Planner.standard().plan(input(List.of(cluster("a", "19.1.0").schedule("nigths").build()),
                List.of(NIGHTS), List.of(upgrade("u", "19.2.0", all()).build()), List.of()), NOW);
        PlanEntry e = plan.entry("a").orElseThrow();
        assertThat(e.state()).isEqualTo(UpgradeState.BLOCKED);
        assertThat(codes(e)).containsExactly(ReasonCodes.UNKNOWN_SCHEDULE);
        assertThat(plan.problems()).anySatisfy(p -> assertThat(p.toString()).contains("spec.schedule")
                .contains("did you mean 'nights'"));
    }
}
