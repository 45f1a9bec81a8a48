package dev.upshift.core.plan;

import static dev.upshift.core.plan.Fixtures.JSON;
import static dev.upshift.core.plan.Fixtures.NOW;
import static dev.upshift.core.plan.Fixtures.controlPlane;
import static dev.upshift.core.plan.Fixtures.controlPlaneDefaults;
import static dev.upshift.core.plan.Fixtures.exclusion;
import static dev.upshift.core.plan.Fixtures.t;
import static dev.upshift.core.plan.Fixtures.withExclusion;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.value.VersionChange;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.Impact;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.schedule.ExclusionScope;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.DriftPolicy;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.MaxConcurrent;
import dev.upshift.spi.Reason;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * A drift repair is judged by exclusions as the change it makes (a Kubernetes version moved a minor
 * or a patch, nodes rolled or not) and goes in its cluster's stage of its upgrade
 * (docs/planning.md, "Drift").
 */
class PlannerDriftRepairTest {
    /** 20.0.0 runs Kubernetes 1.29.2; 20.1.0 runs 1.30.1, and its defaults put v1.30.1 on every control plane. */
    private static final ReleaseCatalog CATALOG = ReleaseCatalog.of(List.of(
            Release.builder("20.0.0").component("kubernetes", "1.29.2").build(),
            Release.builder("20.1.0").component("kubernetes", "1.30.1").component("etcd", "3.5.12")
                    .defaults(controlPlaneDefaults(JSON.objectNode().put("version", "v1.30.1").put("replicas", 3)
                            .put("etcdVersion", "3.5.12")))
                    .fieldRules(FieldRules.of(
                            FieldRule.forPath("spec.version").kind("KubeadmControlPlane").impact(Impact.ROLLING).build(),
                            FieldRule.forPath("spec.replicas").kind("KubeadmControlPlane").impact(Impact.IN_PLACE).build(),
                            FieldRule.forPath("spec.etcdVersion").kind("KubeadmControlPlane").impact(Impact.IN_PLACE)
                                    .build()))
                    .build()));

    /** A cluster at 20.1.0 whose control plane has {@code version} and {@code replicas}, and etcd as the release says. */
    private static ManagedCluster.Builder at(String id, String version, int replicas) {
        return at(id, version, replicas, "3.5.12");
    }

    private static ManagedCluster.Builder at(String id, String version, int replicas, String etcd) {
        ObjectNode cp = controlPlane(id, version, replicas);
        ((ObjectNode) cp.get("spec")).put("etcdVersion", etcd);
        return Fixtures.cluster(id, "20.1.0").resources(Fixtures.documents(cp));
    }

    private static ClusterUpgrade.Builder repairing() {
        return Fixtures.upgrade("stay", "20.1.0", Fixtures.all()).drift(DriftPolicy.REPAIR);
    }

    private static Plan plan(List<ManagedCluster> clusters, List<MaintenanceSchedule> schedules,
            List<ClusterUpgrade> upgrades, List<HistoryEntry> history, Instant now) {
        return Planner.standard().plan(new PlanInput(CATALOG, clusters, schedules, upgrades, history), now);
    }

    private static List<String> codes(PlanEntry e) {
        return e.reasons().stream().map(Reason::code).toList();
    }

    @Nested
    @DisplayName("exclusions judge a repair by the change it makes")
    class Scope {
        /** Always open, but for an exclusion of {@code scope} from 2026-03-09 to 2026-03-16. */
        private MaintenanceSchedule excluding(ExclusionScope scope) {
            return withExclusion(Fixtures.daily("s", 0, 24), exclusion("hold", LocalDateTime.of(2026, 3, 9, 0, 0),
                    Duration.ofDays(7), null, scope));
        }

        private Plan plan(ExclusionScope scope, ClusterUpgrade upgrade, ManagedCluster... clusters) {
            List<ManagedCluster> scheduled = java.util.Arrays.stream(clusters).map(c -> c.toBuilder().schedule("s").build())
                    .toList();
            return PlannerDriftRepairTest.plan(scheduled, List.of(excluding(scope)),
                    upgrade == null ? List.of() : List.of(upgrade), List.of(), NOW);
        }

        private void heldUntilTheExclusionEnds(PlanEntry e) {
            assertThat(e.state()).as("%s", e).isEqualTo(UpgradeState.SCHEDULED);
            assertThat(e.window().orElseThrow().start()).isEqualTo(t("2026-03-16T00:00:00Z"));
            assertThat(e.reason(ReasonCodes.EXCLUDED).flatMap(Reason::until)).contains(t("2026-03-16T00:00:00Z"));
        }

        @Test
        @DisplayName("a repair that moves the control plane's spec.version a minor, back or forth, is held by"
                + " noMinorUpgrades; one that moves it a patch is not")
        void minorRepairsAreHeldByNoMinorUpgrades() {
            Plan plan = plan(ExclusionScope.NO_MINOR_UPGRADES, repairing().build(), at("back", "v1.31.0", 3).build(),
                    at("forth", "v1.29.9", 3).build(), at("patch", "v1.30.5", 3).build());

            heldUntilTheExclusionEnds(plan.entry("back").orElseThrow());
            heldUntilTheExclusionEnds(plan.entry("forth").orElseThrow());
            assertThat(plan.entry("back").orElseThrow().reasons().get(0).message())
                    .contains("moves a Kubernetes version by a minor");
            PlanEntry patch = plan.entry("patch").orElseThrow();
            assertThat(patch.state()).isEqualTo(UpgradeState.READY);
            assertThat(patch.kind()).contains(PlanKind.CONFIG);
            assertThat(codes(patch)).containsExactly(ReasonCodes.DRIFTED);
        }

        @Test
        @DisplayName("a version the release sets that is not Kubernetes' (etcd's) moves no Kubernetes version")
        void otherVersionsAreNotKubernetes() {
            ManagedCluster etcd = at("etcd", "v1.30.1", 3, "3.6.0").build();
            Plan plan = plan(ExclusionScope.NO_MINOR_UPGRADES, repairing().build(), etcd);

            assertThat(plan.entry("etcd").orElseThrow().state()).isEqualTo(UpgradeState.READY);
            PreparedFleet fleet = Planner.standard().prepare(new PlanInput(CATALOG, List.of(etcd), List.of(),
                    List.of(repairing().build()), List.of()));
            assertThat(fleet.repair("etcd").orElseThrow().kubernetesMove()).isEqualTo(VersionChange.NONE);
            assertThat(fleet.repair("etcd").orElseThrow().drift()).hasSize(1);
        }

        @Test
        @DisplayName("a cluster's values that move its control plane's version a minor are held by noMinorUpgrades")
        void valuesThatMoveKubernetesAreJudgedSo() {
            ManagedCluster moved = at("values", "v1.30.1", 3)
                    .values(controlPlaneDefaults(JSON.objectNode().put("version", "v1.31.0"))).build();
            Plan plan = plan(ExclusionScope.NO_MINOR_UPGRADES, null, moved);

            heldUntilTheExclusionEnds(plan.entry("values").orElseThrow());
        }

        @Test
        @DisplayName("a repair that rolls nodes is held by noMinorOrNodeUpgrades; one done in place is not")
        void nodeRollingRepairsAreHeldByNoMinorOrNodeUpgrades() {
            Plan plan = plan(ExclusionScope.NO_MINOR_OR_NODE_UPGRADES, repairing().build(),
                    at("rolls", "v1.30.5", 3).build(), at("in-place", "v1.30.1", 5).build());

            heldUntilTheExclusionEnds(plan.entry("rolls").orElseThrow());
            assertThat(plan.entry("rolls").orElseThrow().impact()).contains(Impact.ROLLING);
            PlanEntry inPlace = plan.entry("in-place").orElseThrow();
            assertThat(inPlace.state()).isEqualTo(UpgradeState.READY);
            assertThat(inPlace.impact()).contains(Impact.IN_PLACE);
        }

        @Test
        @DisplayName("noUpgrades holds every repair; noMinorUpgrades holds no repair that moves no Kubernetes version")
        void otherScopes() {
            Plan none = plan(ExclusionScope.NO_UPGRADES, repairing().build(), at("in-place", "v1.30.1", 5).build());
            heldUntilTheExclusionEnds(none.entry("in-place").orElseThrow());
            Plan minor = plan(ExclusionScope.NO_MINOR_UPGRADES, repairing().build(), at("in-place", "v1.30.1", 5).build());
            assertThat(minor.entry("in-place").orElseThrow().state()).isEqualTo(UpgradeState.READY);
        }
    }

    @Nested
    @DisplayName("a repair goes in its cluster's stage of its upgrade")
    class Stages {
        private final Stage dev = Stage.of("dev", ClusterMatcher.label("stage", "dev")).withSoak(Duration.ofHours(24))
                .withMaxConcurrent(MaxConcurrent.clusters(1));
        private final Stage prod = Stage.of("prod", ClusterMatcher.label("stage", "prod"));

        private ClusterUpgrade staged() {
            return repairing().stage(dev).stage(prod).build();
        }

        private ManagedCluster drifted(String id, String stage) {
            return at(id, "v1.30.5", 3).label("stage", stage).build();
        }

        private ManagedCluster fine(String id, String stage) {
            return at(id, "v1.30.1", 3).label("stage", stage).build();
        }

        private Plan plan(List<HistoryEntry> history, Instant now, ManagedCluster... clusters) {
            return PlannerDriftRepairTest.plan(List.of(clusters), List.of(), List.of(staged()), history, now);
        }

        @Test
        @DisplayName("prod's repair waits for dev's stage, whose repair goes first")
        void prodWaitsForDev() {
            Plan plan = plan(List.of(), NOW, drifted("dev-1", "dev"), drifted("prod-1", "prod"));

            PlanEntry dev1 = plan.entry("dev-1").orElseThrow();
            assertThat(dev1.state()).isEqualTo(UpgradeState.READY);
            assertThat(dev1.stage()).contains("dev");
            assertThat(dev1.upgrade()).contains("stay");
            PlanEntry prod1 = plan.entry("prod-1").orElseThrow();
            assertThat(prod1.state()).isEqualTo(UpgradeState.WAITING);
            assertThat(prod1.stage()).contains("prod");
            assertThat(codes(prod1)).containsExactly(ReasonCodes.DRIFTED, ReasonCodes.WAITING_STAGE);
            assertThat(prod1.reason(ReasonCodes.WAITING_STAGE).orElseThrow().message())
                    .contains("stage dev of upgrade stay", "1 of 1 cluster not done");
        }

        @Test
        @DisplayName("a stage with a repair still to make is not done: a later stage's release upgrade waits for it too")
        void aRepairKeepsItsStageOpen() {
            ManagedCluster behind = Fixtures.cluster("prod-2", "20.0.0").label("stage", "prod").build();
            Plan plan = plan(List.of(), NOW, drifted("dev-1", "dev"), behind);

            assertThat(plan.entry("prod-2").orElseThrow().state()).isEqualTo(UpgradeState.WAITING);
            assertThat(codes(plan.entry("prod-2").orElseThrow())).containsExactly(ReasonCodes.WAITING_STAGE);

            Plan clean = plan(List.of(), NOW, fine("dev-1", "dev"), behind);
            assertThat(clean.entry("prod-2").orElseThrow().state()).isEqualTo(UpgradeState.READY);
        }

        @Test
        @DisplayName("repairs count in their stage's maxConcurrent")
        void repairsTakeSlots() {
            Plan plan = plan(List.of(), NOW, drifted("dev-1", "dev"), drifted("dev-2", "dev"));

            assertThat(plan.entry("dev-1").orElseThrow().state()).isEqualTo(UpgradeState.READY);
            assertThat(plan.entry("dev-2").orElseThrow().state()).isEqualTo(UpgradeState.WAITING);
            assertThat(codes(plan.entry("dev-2").orElseThrow())).contains(ReasonCodes.MAX_CONCURRENT);

            HistoryEntry running = Fixtures.history(NOW.minusSeconds(60), "dev-1", "20.1.0", "20.1.0",
                    UpgradeState.IN_PROGRESS);
            Plan later = plan(List.of(running), NOW, drifted("dev-1", "dev"), drifted("dev-2", "dev"));
            assertThat(later.entry("dev-1").orElseThrow().state()).isEqualTo(UpgradeState.IN_PROGRESS);
            assertThat(codes(later.entry("dev-2").orElseThrow())).contains(ReasonCodes.MAX_CONCURRENT);
        }

        @Test
        @DisplayName("a succeeded repair finishes its stage, whose soak counts from it")
        void aSucceededRepairIsDoneAndSoaks() {
            Instant repaired = NOW.minus(Duration.ofHours(2));
            HistoryEntry done = Fixtures.history(repaired, "dev-1", "20.1.0", "20.1.0", UpgradeState.SUCCEEDED);
            Plan plan = plan(List.of(done), NOW, drifted("dev-1", "dev"), drifted("prod-1", "prod"));

            assertThat(plan.entry("dev-1").orElseThrow().state()).isEqualTo(UpgradeState.SUCCEEDED);
            PlanEntry prod1 = plan.entry("prod-1").orElseThrow();
            assertThat(prod1.state()).isEqualTo(UpgradeState.WAITING);
            assertThat(prod1.reason(ReasonCodes.SOAKING).flatMap(Reason::until)).contains(repaired.plus(Duration.ofHours(24)));

            Plan soaked = plan(List.of(done), repaired.plus(Duration.ofHours(25)), drifted("dev-1", "dev"),
                    drifted("prod-1", "prod"));
            assertThat(soaked.entry("prod-1").orElseThrow().state()).isEqualTo(UpgradeState.READY);
        }

        @Test
        @DisplayName("a failed repair counts against its stage's maxFailures: past it, later stages halt")
        void aFailedRepairHaltsTheStage() {
            HistoryEntry failed = Fixtures.history(NOW.minusSeconds(600), "dev-1", "20.1.0", "20.1.0",
                    UpgradeState.FAILED);
            Plan plan = plan(List.of(failed), NOW, drifted("dev-1", "dev"), drifted("prod-1", "prod"));

            assertThat(plan.entry("dev-1").orElseThrow().state()).isEqualTo(UpgradeState.FAILED);
            assertThat(plan.entry("prod-1").orElseThrow().state()).isEqualTo(UpgradeState.BLOCKED);
            assertThat(codes(plan.entry("prod-1").orElseThrow())).contains(ReasonCodes.STAGE_HALTED);
        }

        @Test
        @DisplayName("under drift: report a drifted cluster is blocked in no stage and holds no stage")
        void reportedDriftHoldsNoStage() {
            ClusterUpgrade reporting = staged().toBuilder().drift(DriftPolicy.REPORT).build();
            ManagedCluster behind = Fixtures.cluster("prod-2", "20.0.0").label("stage", "prod").build();
            Plan plan = PlannerDriftRepairTest.plan(List.of(drifted("dev-1", "dev"), behind), List.of(),
                    List.of(reporting), List.of(), NOW);

            assertThat(plan.entry("dev-1").orElseThrow().state()).isEqualTo(UpgradeState.BLOCKED);
            assertThat(plan.entry("dev-1").orElseThrow().stage()).isEmpty();
            assertThat(plan.entry("prod-2").orElseThrow().state()).isEqualTo(UpgradeState.READY);
        }
    }
}
