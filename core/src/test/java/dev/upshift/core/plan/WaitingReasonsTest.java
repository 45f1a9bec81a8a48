package dev.upshift.core.plan;

import static dev.upshift.core.plan.Fixtures.all;
import static dev.upshift.core.plan.Fixtures.cluster;
import static dev.upshift.core.plan.Fixtures.history;
import static dev.upshift.core.plan.Fixtures.input;
import static dev.upshift.core.plan.Fixtures.t;
import static dev.upshift.core.plan.Fixtures.upgrade;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.schedule.ExclusionScope;
import dev.upshift.schedule.Freeze;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A cluster that other clusters hold (its stage waits or soaks) or that needs a person still carries
 * every time reason known now, in the order they lift (issue 18, item 1).
 */
class WaitingReasonsTest {
    /** A Monday morning, before the year-end freeze lifts. */
    private static final Instant NOW = t("2026-12-14T09:00:00Z");
    private static final Freeze YEAR_END = new Freeze(t("2026-12-31T00:00:00Z"), "year-end change freeze");
    /** One window a night, 22:00 to midnight UTC. */
    private static final MaintenanceSchedule NIGHTS = Fixtures.daily("nights", 22, 2);
    private static final Stage DEV = Stage.of("dev", ClusterMatcher.label("stage", "dev")).withSoak(Duration.ofHours(24));
    private static final Stage PROD = Stage.of("prod", ClusterMatcher.label("stage", "prod"));

    private static ManagedCluster.Builder c(String id, String stage) {
        return cluster(id, "19.1.0").label("stage", stage);
    }

    private static List<ManagedCluster> fleet(ManagedCluster prod) {
        return List.of(c("dev-1", "dev").build(), c("dev-2", "dev").build(), c("dev-3", "dev").build(), prod);
    }

    private static ClusterUpgrade.Builder staged() {
        return upgrade("fleet-to-19.2", "19.2.0", all()).stage(DEV).stage(PROD);
    }

    private static Plan plan(ManagedCluster prod, ClusterUpgrade u, List<MaintenanceSchedule> schedules,
            List<HistoryEntry> history) {
        return Planner.standard().plan(input(fleet(prod), schedules, List.of(u), history), NOW);
    }

    private static List<String> codes(PlanEntry e) {
        return e.reasons().stream().map(Reason::code).toList();
    }

    @Test
    @DisplayName("a frozen cluster whose stage waits for dev is waiting, frozen until the freeze lifts, then outside its window")
    void frozenAndWaitingForStage() {
        ManagedCluster prod = c("prod-1", "prod").freeze(YEAR_END).schedule("nights").build();
        Plan plan = plan(prod, staged().build(), List.of(NIGHTS), List.of());
        PlanEntry e = plan.entry("prod-1").orElseThrow();
        assertThat(e.state()).isEqualTo(UpgradeState.WAITING);
        assertThat(codes(e)).containsExactly(ReasonCodes.WAITING_STAGE, ReasonCodes.FROZEN, ReasonCodes.OUTSIDE_WINDOW);
        assertThat(e.reason(ReasonCodes.FROZEN).orElseThrow().until()).contains(YEAR_END.until());
        assertThat(e.reason(ReasonCodes.OUTSIDE_WINDOW).orElseThrow().until()).contains(t("2026-12-31T22:00:00Z"));
        assertThat(e.window()).isEmpty();
        assertThat(plan.explain("prod-1").orElseThrow().lines()).containsExactly(
                "prod-1: 19.1.0 → 19.2.0 (patch), upgrade fleet-to-19.2, stage prod, waiting",
                "  1. waiting for stage dev of upgrade fleet-to-19.2 to finish: 3 of 3 clusters not done",
                "  2. frozen until 2026-12-31T00:00:00Z (year-end change freeze)",
                "  3. then the earliest window it could start in is 2026-12-31T22:00:00Z–2027-01-01T00:00:00Z"
                        + " (schedule nights)");
    }

    @Test
    @DisplayName("a cluster whose stage waits keeps its upgrade's start time and the exclusion that follows")
    void startTimeAndExclusionWhileWaiting() {
        MaintenanceSchedule nights = Fixtures.withExclusion(NIGHTS, Fixtures.exclusion("holidays",
                LocalDateTime.of(2026, 12, 20, 0, 0), Duration.ofDays(14), null, ExclusionScope.NO_UPGRADES));
        ManagedCluster prod = c("prod-1", "prod").schedule("nights").build();
        ClusterUpgrade u = staged().startTime(t("2026-12-21T00:00:00Z")).build();
        PlanEntry e = plan(prod, u, List.of(nights), List.of()).entry("prod-1").orElseThrow();
        assertThat(e.state()).isEqualTo(UpgradeState.WAITING);
        assertThat(codes(e)).containsExactly(ReasonCodes.WAITING_STAGE, ReasonCodes.WAITING_START_TIME,
                ReasonCodes.EXCLUDED, ReasonCodes.OUTSIDE_WINDOW);
        assertThat(e.reason(ReasonCodes.EXCLUDED).orElseThrow().until()).contains(t("2027-01-03T00:00:00Z"));
    }

    @Test
    @DisplayName("a cluster whose stage soaks keeps a freeze that lasts longer, after the soak")
    void frozenAndSoaking() {
        ManagedCluster prod = c("prod-1", "prod").freeze(YEAR_END).build();
        List<HistoryEntry> done = List.of(h("dev-1"), h("dev-2"), h("dev-3"));
        PlanEntry e = plan(prod, staged().build(), List.of(), done).entry("prod-1").orElseThrow();
        assertThat(e.state()).isEqualTo(UpgradeState.WAITING);
        assertThat(codes(e)).containsExactly(ReasonCodes.SOAKING, ReasonCodes.FROZEN);
    }

    @Test
    @DisplayName("a blocked cluster still says that it is frozen, after what needs a person")
    void frozenAndHalted() {
        ManagedCluster prod = c("prod-1", "prod").freeze(YEAR_END).build();
        List<HistoryEntry> failed = List.of(history(t("2026-12-13T10:00:00Z"), "dev-1", "19.1.0", "19.2.0",
                UpgradeState.FAILED));
        PlanEntry e = plan(prod, staged().build(), List.of(), failed).entry("prod-1").orElseThrow();
        assertThat(e.state()).isEqualTo(UpgradeState.BLOCKED);
        assertThat(codes(e)).containsExactly(ReasonCodes.STAGE_HALTED, ReasonCodes.FROZEN);
    }

    @Test
    @DisplayName("a cluster on an unknown release still says that it is frozen and when its upgrade starts")
    void frozenOnAnUnknownRelease() {
        ManagedCluster frozen = cluster("old-1", "18.0.0").freeze(YEAR_END).build();
        ClusterUpgrade u = upgrade("to-21", "21.0.0", all()).startTime(t("2027-01-11T00:00:00Z")).build();
        PlanEntry e = Planner.standard().plan(input(List.of(frozen), List.of(), List.of(u), List.of()), NOW)
                .entry("old-1").orElseThrow();
        assertThat(e.state()).isEqualTo(UpgradeState.BLOCKED);
        assertThat(codes(e)).containsExactly(ReasonCodes.UNKNOWN_RELEASE, ReasonCodes.FROZEN,
                ReasonCodes.WAITING_START_TIME);
    }

    @Test
    @DisplayName("a scheduled cluster whose only reason is its window's start reads as one step, without a lone 'then'")
    void noLoneThen() {
        ManagedCluster c = cluster("c-1", "19.1.0").schedule("nights").build();
        Plan plan = Planner.standard().plan(input(List.of(c), List.of(NIGHTS),
                List.of(upgrade("u", "19.2.0", all()).build()), List.of()), NOW);
        assertThat(plan.explain("c-1").orElseThrow().lines()).containsExactly(
                "c-1: 19.1.0 → 19.2.0 (patch), upgrade u, stage all, scheduled",
                "  1. the next window is 2026-12-14T22:00:00Z–2026-12-15T00:00:00Z, expected to finish by"
                        + " 2026-12-14T23:00:00Z");
    }

    private static HistoryEntry h(String cluster) {
        return history(t("2026-12-14T08:00:00Z"), cluster, "19.1.0", "19.2.0", UpgradeState.SUCCEEDED);
    }
}
