package dev.upshift.core.plan;

import static dev.upshift.core.plan.Fixtures.JSON;
import static dev.upshift.core.plan.Fixtures.NOW;
import static dev.upshift.core.plan.Fixtures.all;
import static dev.upshift.core.plan.Fixtures.cluster;
import static dev.upshift.core.plan.Fixtures.controlPlane;
import static dev.upshift.core.plan.Fixtures.controlPlaneDefaults;
import static dev.upshift.core.plan.Fixtures.daily;
import static dev.upshift.core.plan.Fixtures.documents;
import static dev.upshift.core.plan.Fixtures.exclusion;
import static dev.upshift.core.plan.Fixtures.upgrade;
import static dev.upshift.core.plan.Fixtures.withExclusion;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.value.VersionChange;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.Impact;
import dev.upshift.diff.rule.OnConflict;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.schedule.ExclusionScope;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import dev.upshift.spi.Renderer;
import dev.upshift.spi.Rendering;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The reviewable change per cluster: conflicts, immutable fields, impact, and configuration-only upgrades. */
class PlannerChangesTest {
    private static final FieldRules RULES = FieldRules.of(
            FieldRule.forPath("spec.version").kind("KubeadmControlPlane").onConflict(OnConflict.OVERWRITE)
                    .impact(Impact.ROLLING).build(),
            FieldRule.forPath("spec.replicas").kind("KubeadmControlPlane").impact(Impact.IN_PLACE).build(),
            FieldRule.forPath("spec.machineTemplate").kind("KubeadmControlPlane").mutable(false).build());

    private static Release release(String version, String kubernetes, String kcpVersion, int replicas, String template) {
        var spec = JSON.objectNode().put("version", kcpVersion).put("replicas", replicas).put("machineTemplate", template);
        return Release.builder(version).component("kubernetes", kubernetes).defaults(controlPlaneDefaults(spec))
                .fieldRules(RULES).build();
    }

    private static final ReleaseCatalog CATALOG = ReleaseCatalog.of(List.of(
            release("19.1.0", "1.28.3", "v1.28.3", 3, "t1"),
            release("19.2.0", "1.28.9", "v1.28.9", 5, "t1"),
            release("19.3.0", "1.28.10", "v1.28.10", 3, "t2")));

    private static ManagedCluster withPlane(String id, String release, String version, int replicas) {
        var doc = controlPlane(id, version, replicas);
        ((com.fasterxml.jackson.databind.node.ObjectNode) doc.get("spec")).put("machineTemplate", "t1");
        return cluster(id, release).resources(documents(doc)).build();
    }

    private static Plan plan(List<ManagedCluster> clusters, List<ClusterUpgrade> upgrades, MaintenanceSchedule... s) {
        return Planner.standard().plan(new PlanInput(CATALOG, clusters, List.of(s), upgrades, List.<HistoryEntry>of()), NOW);
    }

    private static List<String> codes(PlanEntry e) {
        return e.reasons().stream().map(Reason::code).toList();
    }

    @Test
    @DisplayName("a field the cluster customised that the target changes too, under fail, blocks with FIELD_CONFLICT naming document and field")
    void fieldConflict() {
        Plan plan = plan(List.of(withPlane("custom", "19.1.0", "v1.28.3", 4), withPlane("plain", "19.1.0", "v1.28.3", 3)),
                List.of(upgrade("u", "19.2.0", all()).build()));
        PlanEntry custom = plan.entry("custom").orElseThrow();
        assertThat(custom.state()).isEqualTo(UpgradeState.BLOCKED);
        assertThat(codes(custom)).containsExactly(ReasonCodes.FIELD_CONFLICT);
        assertThat(custom.reasons().get(0).message()).contains("KubeadmControlPlane").contains("fleet/custom")
                .contains("spec.replicas");
        PlanEntry plain = plan.entry("plain").orElseThrow();
        assertThat(plain.state()).isEqualTo(UpgradeState.READY);
        assertThat(plain.impact()).contains(Impact.ROLLING);
    }

    @Test
    @DisplayName("a change to a field marked mutable: false blocks with IMMUTABLE_FIELD")
    void immutableField() {
        Plan plan = plan(List.of(withPlane("a", "19.1.0", "v1.28.3", 3)), List.of(upgrade("u", "19.3.0", all()).build()));
        PlanEntry e = plan.entry("a").orElseThrow();
        assertThat(e.state()).isEqualTo(UpgradeState.BLOCKED);
        assertThat(codes(e)).containsExactly(ReasonCodes.IMMUTABLE_FIELD);
        assertThat(e.reasons().get(0).message()).contains("spec.machineTemplate");
    }

    @Test
    @DisplayName("noMinorOrNodeUpgrades excludes a patch upgrade that rolls nodes, not one that leaves them alone")
    void nodeChangingPatchIsExcluded() {
        MaintenanceSchedule s = withExclusion(daily("nights", 22, 4), exclusion("no-nodes",
                LocalDateTime.of(2026, 3, 1, 0, 0), Duration.ofDays(20), null, ExclusionScope.NO_MINOR_OR_NODE_UPGRADES));
        ManagedCluster rolls = withPlane("rolls", "19.1.0", "v1.28.3", 3).toBuilder().schedule("nights").build();
        ManagedCluster bare = cluster("bare", "19.1.0").schedule("nights").build();
        Plan plan = plan(List.of(rolls, bare), List.of(upgrade("u", "19.2.0", all()).build()), s);
        PlanEntry r = plan.entry("rolls").orElseThrow();
        assertThat(r.kind()).contains(PlanKind.PATCH);
        assertThat(r.impact()).contains(Impact.ROLLING);
        assertThat(codes(r)).containsExactly(ReasonCodes.EXCLUDED);
        assertThat(r.window().orElseThrow().start()).isEqualTo(Fixtures.t("2026-03-21T00:00:00Z"));
        assertThat(plan.entry("bare").orElseThrow().window().orElseThrow().start())
                .isEqualTo(Fixtures.t("2026-03-10T22:00:00Z"));
    }

    @Test
    @DisplayName("a change of values alone is a config upgrade: to = from, no path, windowed like any other")
    void configOnly() {
        var values = controlPlaneDefaults(JSON.objectNode().put("replicas", 5));
        ManagedCluster changed = withPlane("changed", "19.1.0", "v1.28.3", 3).toBuilder().values(values)
                .schedule("nights").build();
        ManagedCluster applied = withPlane("applied", "19.1.0", "v1.28.3", 5).toBuilder().values(values).build();
        ManagedCluster none = withPlane("none", "19.1.0", "v1.28.3", 3);
        Plan plan = plan(List.of(changed, applied, none), List.of(), daily("nights", 22, 4));
        PlanEntry e = plan.entry("changed").orElseThrow();
        assertThat(e.kind()).contains(PlanKind.CONFIG);
        assertThat(e.to()).contains(e.from());
        assertThat(e.path()).isEmpty();
        assertThat(e.releaseChange()).contains(VersionChange.NONE);
        assertThat(e.state()).isEqualTo(UpgradeState.SCHEDULED);
        assertThat(e.expectedEnd()).contains(Fixtures.t("2026-03-10T23:00:00Z"));
        assertThat(e.impact()).contains(Impact.IN_PLACE);
        assertThat(e.upgrade()).isEmpty();
        assertThat(plan.entry("applied").orElseThrow().state()).as("values already in place").isEqualTo(UpgradeState.UP_TO_DATE);
        assertThat(plan.entry("none").orElseThrow().state()).isEqualTo(UpgradeState.UP_TO_DATE);
    }

    @Test
    @DisplayName("with a release upgrade the cluster's values apply over the target's defaults")
    void valuesOverTargetDefaults() {
        var values = controlPlaneDefaults(JSON.objectNode().put("replicas", 4));
        ManagedCluster c = withPlane("a", "19.1.0", "v1.28.3", 4).toBuilder().values(values).build();
        Plan plan = plan(List.of(c), List.of(upgrade("u", "19.2.0", all()).build()));
        PlanEntry e = plan.entry("a").orElseThrow();
        assertThat(e.state()).as("the cluster's own 4 wins over the release's new 5: no conflict").isEqualTo(UpgradeState.READY);
        assertThat(e.kind()).contains(PlanKind.PATCH);
    }

    @Test
    @DisplayName("a config upgrade that succeeded in history is succeeded; one in progress is in progress")
    void configHistory() {
        var values = controlPlaneDefaults(JSON.objectNode().put("replicas", 5));
        ManagedCluster c = withPlane("a", "19.1.0", "v1.28.3", 3).toBuilder().values(values).build();
        Plan plan = Planner.standard().plan(new PlanInput(CATALOG, List.of(c), List.of(), List.of(), List.of(
                Fixtures.history(NOW.minusSeconds(60), "a", "19.1.0", "19.1.0", UpgradeState.IN_PROGRESS))), NOW);
        assertThat(plan.entry("a").orElseThrow().state()).isEqualTo(UpgradeState.IN_PROGRESS);
    }

    /** Renders the control plane at the release's Kubernetes, with a machine template the release's defaults do not name. */
    private static final class TemplateRenderer implements Renderer {
        final Map<String, Integer> calls = new TreeMap<>();
        final Map<String, String> releases = new TreeMap<>();

        @Override
        public Rendering render(ManagedCluster cluster, Release release) {
            calls.merge(cluster.id(), 1, Integer::sum);
            releases.put(cluster.id(), release.version().toString());
            if (cluster.id().startsWith("refused")) {
                return Rendering.rejected("the admission webhook refuses replicas below 5");
            }
            if (cluster.id().startsWith("down") && calls.get(cluster.id()) == 1) {
                throw new IllegalStateException("management cluster unreachable");
            }
            var doc = controlPlane(cluster.id(), "v" + release.component("kubernetes").orElseThrow(), 3);
            ((com.fasterxml.jackson.databind.node.ObjectNode) doc.get("spec")).put("machineTemplate",
                    cluster.id().startsWith("moved") ? "t9" : "t1");
            return Rendering.rendered(documents(doc));
        }
    }

    private static Plan planRendered(Renderer renderer, List<ManagedCluster> clusters, List<ClusterUpgrade> upgrades) {
        return Planner.builder().renderer(renderer).build()
                .plan(new PlanInput(CATALOG, clusters, List.of(), upgrades, List.<HistoryEntry>of()), NOW);
    }

    @Test
    @DisplayName("with a renderer, its dry-run is the merge's target: a field it changes that the release's defaults keep decides the plan")
    void rendererGivesTheTarget() {
        List<ManagedCluster> clusters = List.of(withPlane("moved", "19.1.0", "v1.28.3", 3),
                withPlane("kept", "19.1.0", "v1.28.3", 3));
        List<ClusterUpgrade> upgrades = List.of(upgrade("u", "19.2.0", all()).build());
        assertThat(plan(clusters, upgrades).entry("moved").orElseThrow().state())
                .as("the release's defaults keep machineTemplate t1").isEqualTo(UpgradeState.READY);

        TemplateRenderer renderer = new TemplateRenderer();
        Plan plan = planRendered(renderer, clusters, upgrades);
        PlanEntry moved = plan.entry("moved").orElseThrow();
        assertThat(codes(moved)).containsExactly(ReasonCodes.IMMUTABLE_FIELD);
        assertThat(moved.reasons().get(0).message()).contains("spec.machineTemplate");
        PlanEntry kept = plan.entry("kept").orElseThrow();
        assertThat(kept.state()).isEqualTo(UpgradeState.READY);
        assertThat(kept.impact()).as("the rendered version v1.28.9 rolls the control plane").contains(Impact.ROLLING);
        assertThat(renderer.releases).as("asked at the target release").containsEntry("kept", "19.2.0");
    }

    @Test
    @DisplayName("the renderer is asked once per cluster with resources in a plan, and a prepared fleet keeps its answers")
    void rendererCalls() {
        TemplateRenderer renderer = new TemplateRenderer();
        List<ManagedCluster> clusters = List.of(withPlane("a", "19.1.0", "v1.28.3", 3), withPlane("b", "19.1.0", "v1.28.3", 3),
                cluster("bare", "19.1.0").build());
        PreparedFleet fleet = Planner.builder().renderer(renderer).build().prepare(new PlanInput(CATALOG, clusters,
                List.of(), List.of(upgrade("u", "19.2.0", all()).build()), List.<HistoryEntry>of()));
        fleet.plan(NOW);
        fleet.plan(NOW.plus(Duration.ofHours(1)));
        assertThat(renderer.calls).as("no resources: nothing to merge, not asked").containsOnly(Map.entry("a", 1),
                Map.entry("b", 1));
    }

    @Test
    @DisplayName("a rejected rendering blocks that cluster with RENDERING_REJECTED and its reason; the others are planned")
    void renderingRejected() {
        Plan plan = planRendered(new TemplateRenderer(), List.of(withPlane("refused", "19.1.0", "v1.28.3", 3),
                withPlane("fine", "19.1.0", "v1.28.3", 3)), List.of(upgrade("u", "19.2.0", all()).build()));
        PlanEntry refused = plan.entry("refused").orElseThrow();
        assertThat(refused.state()).isEqualTo(UpgradeState.BLOCKED);
        assertThat(codes(refused)).containsExactly(ReasonCodes.RENDERING_REJECTED);
        assertThat(refused.reasons().get(0).message()).contains("19.2.0").contains("admission webhook refuses");
        assertThat(plan.entry("fine").orElseThrow().state()).isEqualTo(UpgradeState.READY);
    }

    @Test
    @DisplayName("a renderer that throws blocks the cluster with RENDERER_FAILED for this plan only: the next plan asks again")
    void rendererFails() {
        TemplateRenderer renderer = new TemplateRenderer();
        PreparedFleet fleet = Planner.builder().renderer(renderer).build().prepare(new PlanInput(CATALOG,
                List.of(withPlane("down", "19.1.0", "v1.28.3", 3), withPlane("up", "19.1.0", "v1.28.3", 3)), List.of(),
                List.of(upgrade("u", "19.2.0", all()).build()), List.<HistoryEntry>of()));
        Plan first = fleet.plan(NOW);
        PlanEntry down = first.entry("down").orElseThrow();
        assertThat(down.state()).isEqualTo(UpgradeState.BLOCKED);
        assertThat(codes(down)).containsExactly(ReasonCodes.RENDERER_FAILED);
        assertThat(down.reasons().get(0).message()).contains("management cluster unreachable").doesNotContain("Exception");
        assertThat(first.entry("up").orElseThrow().state()).isEqualTo(UpgradeState.READY);

        Plan second = fleet.plan(NOW.plus(Duration.ofMinutes(5)));
        assertThat(second.entry("down").orElseThrow().state()).isEqualTo(UpgradeState.READY);
        assertThat(renderer.calls).containsEntry("down", 2).containsEntry("up", 1);
    }

    @Test
    @DisplayName("for a configuration upgrade the renderer is asked at the cluster's own release, with its values")
    void rendererForConfig() {
        var values = controlPlaneDefaults(JSON.objectNode().put("replicas", 5));
        ManagedCluster c = withPlane("a", "19.1.0", "v1.28.3", 3).toBuilder().values(values).build();
        List<ManagedCluster> seen = new java.util.ArrayList<>();
        Renderer echo = (cluster, release) -> {
            seen.add(cluster);
            return Rendering.rendered(release.defaults().then(cluster.values()).applyTo(cluster.resources(), "test"));
        };
        Plan plan = planRendered(echo, List.of(c), List.of());
        PlanEntry e = plan.entry("a").orElseThrow();
        assertThat(e.kind()).contains(PlanKind.CONFIG);
        assertThat(e.impact()).contains(Impact.IN_PLACE);
        assertThat(seen).extracting(ManagedCluster::values).containsExactly(values);
    }
}
