package dev.upshift.core.plan;

import static dev.upshift.core.plan.Fixtures.NOW;
import static dev.upshift.core.plan.Fixtures.all;
import static dev.upshift.core.plan.Fixtures.cluster;
import static dev.upshift.core.plan.Fixtures.history;
import static dev.upshift.core.plan.Fixtures.input;
import static dev.upshift.core.plan.Fixtures.upgrade;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.present.PlanJson;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.MaxConcurrent;
import dev.upshift.spi.Reason;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Stages in order, soak from the last success, concurrency and failure budgets, and history states. */
class PlannerStagesTest {
    private static final Stage DEV = Stage.of("dev", ClusterMatcher.label("stage", "dev")).withSoak(Duration.ofHours(24));
    private static final Stage PROD = Stage.of("prod", ClusterMatcher.label("stage", "prod"));

    private static ManagedCluster c(String id, String stage) {
        return cluster(id, "19.1.0").label("stage", stage).build();
    }

    private static final List<ManagedCluster> FLEET = List.of(c("dev-1", "dev"), c("dev-2", "dev"), c("prod-1", "prod"),
            c("prod-2", "prod"));

    private static Plan plan(ClusterUpgrade u, List<HistoryEntry> history) {
        return Planner.standard().plan(input(FLEET, List.of(), List.of(u), history), NOW);
    }

    private static ClusterUpgrade staged(Stage... stages) {
        ClusterUpgrade.Builder b = upgrade("u", "19.2.0", all());
        for (Stage s : stages) {
            b.stage(s);
        }
        return b.build();
    }

    private static HistoryEntry h(String at, String cluster, UpgradeState state) {
        return history(Fixtures.t(at), cluster, "19.1.0", "19.2.0", state);
    }

    private static List<String> codes(PlanEntry e) {
        return e.reasons().stream().map(Reason::code).toList();
    }

    @Test
    @DisplayName("a later stage waits (WAITING_STAGE) until every cluster of the earlier one is done")
    void laterStageWaits() {
        Plan plan = plan(staged(DEV, PROD), List.of(h("2026-03-09T10:00:00Z", "dev-1", UpgradeState.SUCCEEDED)));
        assertThat(plan.entry("dev-1").orElseThrow().state()).isEqualTo(UpgradeState.SUCCEEDED);
        assertThat(plan.entry("dev-2").orElseThrow().state()).isEqualTo(UpgradeState.READY);
        PlanEntry prod = plan.entry("prod-1").orElseThrow();
        assertThat(prod.state()).isEqualTo(UpgradeState.WAITING);
        assertThat(prod.window()).isEmpty();
        assertThat(codes(prod)).containsExactly(ReasonCodes.WAITING_STAGE);
        assertThat(prod.reasons().get(0).message()).contains("stage dev of upgrade u").contains("1 of 2");
    }

    @Test
    @DisplayName("the next stage opens once the earlier one soaked, counted from its last success")
    void soakFromLastSuccess() {
        List<HistoryEntry> history = List.of(h("2026-03-09T08:00:00Z", "dev-1", UpgradeState.SUCCEEDED),
                h("2026-03-09T20:00:00Z", "dev-2", UpgradeState.SUCCEEDED));
        Plan plan = plan(staged(DEV, PROD), history);
        PlanEntry prod = plan.entry("prod-1").orElseThrow();
        assertThat(prod.state()).isEqualTo(UpgradeState.WAITING);
        assertThat(codes(prod)).containsExactly(ReasonCodes.SOAKING);
        assertThat(prod.reasons().get(0).until()).contains(Fixtures.t("2026-03-10T20:00:00Z"));
        assertThat(prod.window().orElseThrow().start()).isEqualTo(Fixtures.t("2026-03-10T20:00:00Z"));
        Plan later = Planner.standard().plan(input(FLEET, List.of(), List.of(staged(DEV, PROD)), history),
                Fixtures.t("2026-03-10T20:00:00Z"));
        assertThat(later.entry("prod-1").orElseThrow().state()).isEqualTo(UpgradeState.READY);
    }

    @Test
    @DisplayName("clusters already at the target count as done and need no soak")
    void upToDateStageIsDone() {
        List<ManagedCluster> fleet = List.of(cluster("dev-1", "19.2.0").label("stage", "dev").build(), c("prod-1", "prod"));
        Plan plan = Planner.standard().plan(input(fleet, List.of(), List.of(staged(DEV, PROD)), List.of()), NOW);
        assertThat(plan.entry("prod-1").orElseThrow().state()).isEqualTo(UpgradeState.READY);
    }

    @Test
    @DisplayName("maxConcurrent counts clusters in progress and lets the rest wait in cluster-id order")
    void maxConcurrentNumber() {
        List<ManagedCluster> fleet = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            fleet.add(c("d" + i, "dev"));
        }
        ClusterUpgrade u = staged(Stage.of("dev", ClusterMatcher.label("stage", "dev"))
                .withMaxConcurrent(MaxConcurrent.clusters(2)));
        Plan plan = Planner.standard().plan(input(fleet, List.of(), List.of(u),
                List.of(h("2026-03-10T09:00:00Z", "d3", UpgradeState.IN_PROGRESS))), NOW);
        assertThat(plan.entries()).extracting(e -> e.cluster() + "=" + e.state().word())
                .containsExactly("d0=ready", "d1=waiting", "d2=waiting", "d3=inProgress", "d4=waiting");
        assertThat(codes(plan.entry("d1").orElseThrow())).containsExactly(ReasonCodes.MAX_CONCURRENT);
    }

    @Test
    @DisplayName("a percentage of the stage is floored, and never below one cluster")
    void maxConcurrentPercent() {
        List<ManagedCluster> fleet = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            fleet.add(c("d" + i, "dev"));
        }
        for (int percent : new int[] {10, 30, 50}) {
            ClusterUpgrade u = staged(Stage.of("dev", ClusterMatcher.label("stage", "dev"))
                    .withMaxConcurrent(MaxConcurrent.percent(percent)));
            Plan plan = Planner.standard().plan(input(fleet, List.of(), List.of(u), List.of()), NOW);
            assertThat(plan.count(UpgradeState.READY)).as(percent + "% of 7").isEqualTo(Math.max(1, 7 * percent / 100));
        }
    }

    @Test
    @DisplayName("a failed cluster is not retried; more failures than maxFailures halt its stage and every later one")
    void maxFailures() {
        ClusterUpgrade u = staged(DEV.withMaxFailures(1), PROD);
        Plan one = plan(u, List.of(h("2026-03-09T10:00:00Z", "dev-1", UpgradeState.FAILED)));
        PlanEntry failed = one.entry("dev-1").orElseThrow();
        assertThat(failed.state()).isEqualTo(UpgradeState.FAILED);
        assertThat(codes(failed)).containsExactly(ReasonCodes.UPGRADE_FAILED);
        assertThat(one.entry("dev-2").orElseThrow().state()).as("one failure is within the budget").isEqualTo(UpgradeState.READY);
        assertThat(one.entry("prod-1").orElseThrow().state()).isEqualTo(UpgradeState.WAITING);

        Plan two = plan(staged(DEV, PROD), List.of(h("2026-03-09T10:00:00Z", "dev-1", UpgradeState.FAILED)));
        assertThat(two.entry("dev-2").orElseThrow().state()).isEqualTo(UpgradeState.BLOCKED);
        assertThat(codes(two.entry("dev-2").orElseThrow())).containsExactly(ReasonCodes.STAGE_HALTED);
        PlanEntry prod = two.entry("prod-1").orElseThrow();
        assertThat(prod.state()).isEqualTo(UpgradeState.BLOCKED);
        assertThat(prod.reasons().get(0).message()).startsWith("an earlier stage is halted: stage dev of upgrade u");
    }

    @Test
    @DisplayName("a failure tolerated by the budget lets the next stage open once the rest succeeded")
    void toleratedFailureFinishesStage() {
        List<HistoryEntry> history = List.of(h("2026-03-08T10:00:00Z", "dev-1", UpgradeState.FAILED),
                h("2026-03-08T12:00:00Z", "dev-2", UpgradeState.SUCCEEDED));
        Plan plan = plan(staged(DEV.withMaxFailures(1), PROD), history);
        assertThat(plan.entry("prod-1").orElseThrow().state()).isEqualTo(UpgradeState.READY);
    }

    @Test
    @DisplayName("the latest of in-progress, succeeded and failed for the cluster's target decides; other targets do not count")
    void historyStates() {
        List<HistoryEntry> history = List.of(h("2026-03-09T10:00:00Z", "dev-1", UpgradeState.FAILED),
                h("2026-03-09T11:00:00Z", "dev-1", UpgradeState.IN_PROGRESS),
                history(Fixtures.t("2026-03-09T10:00:00Z"), "dev-2", "19.1.0", "20.0.0", UpgradeState.IN_PROGRESS),
                h("2026-03-09T10:00:00Z", "prod-1", UpgradeState.READY));
        Plan plan = plan(staged(), history);
        assertThat(plan.entry("dev-1").orElseThrow().state()).isEqualTo(UpgradeState.IN_PROGRESS);
        assertThat(plan.entry("dev-2").orElseThrow().state()).isEqualTo(UpgradeState.READY);
        assertThat(plan.entry("prod-1").orElseThrow().state()).isEqualTo(UpgradeState.READY);
    }

    @Test
    @DisplayName("a prepared fleet plans many instants and histories like the planner does from scratch")
    void preparedEqualsFresh() {
        ClusterUpgrade u = staged(DEV, PROD);
        PreparedFleet prepared = Planner.standard().prepare(input(FLEET, List.of(), List.of(u), List.of()));
        List<HistoryEntry> history = new ArrayList<>();
        for (int day = 0; day < 4; day++) {
            java.time.Instant at = NOW.plus(Duration.ofDays(day));
            Plan fresh = Planner.standard().plan(input(FLEET, List.of(), List.of(u), history), at);
            assertThat(PlanJson.render(prepared.plan(at, history))).isEqualTo(PlanJson.render(fresh));
            for (PlanEntry e : fresh.inState(UpgradeState.READY)) {
                history.add(history(at, e.cluster(), "19.1.0", "19.2.0", UpgradeState.SUCCEEDED));
            }
        }
        assertThat(prepared.plan(NOW.plus(Duration.ofDays(5)), history).count(UpgradeState.SUCCEEDED)).isEqualTo(4);
    }
}
