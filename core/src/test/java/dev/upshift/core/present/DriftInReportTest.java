package dev.upshift.core.present;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.PlanKind;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.core.simulate.SimulatedUpgrade;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.core.simulate.SimulationSettings;
import dev.upshift.core.simulate.Simulator;
import dev.upshift.diff.document.DefaultsRule;
import dev.upshift.diff.document.DocumentDefaults;
import dev.upshift.diff.document.DocumentMatch;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.DriftPolicy;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Drift in the simulation and its HTML report: a repair is a bar of its own, a reported drift a blocked row. */
class DriftInReportTest {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final Instant FROM = Instant.parse("2026-03-02T00:00:00Z");

    private static ManagedCluster drifted(String id) {
        ObjectNode doc = JSON.objectNode().put("apiVersion", "controlplane.cluster.x-k8s.io/v1beta1")
                .put("kind", "KubeadmControlPlane");
        doc.putObject("metadata").put("name", id + "-cp").put("namespace", "fleet");
        doc.putObject("spec").put("version", "v1.30.9");
        return ManagedCluster.builder(id).infrastructure("aws").release("20.1.0").resources(DocumentSet.of(doc)).build();
    }

    private static Simulation simulate() {
        ObjectNode values = JSON.objectNode();
        values.putObject("spec").put("version", "v1.30.1");
        Release release = Release.builder("20.1.0").component("kubernetes", "1.30.1").defaults(DocumentDefaults.of(
                List.of(DefaultsRule.of(DocumentMatch.any().withKind("KubeadmControlPlane"), values)))).build();
        ClusterUpgrade repair = ClusterUpgrade.builder("keep-20.1").release("20.1.0")
                .matcher(ClusterMatcher.clusterId("fixed")).drift(DriftPolicy.REPAIR).build();
        PlanInput input = new PlanInput(ReleaseCatalog.of(List.of(release)), List.of(drifted("fixed"), drifted("told")),
                List.of(), List.of(repair), List.of());
        return Simulator.run(Planner.standard().prepare(input), SimulationSettings.between(FROM, FROM.plusSeconds(86_400)));
    }

    @Test
    @DisplayName("under drift: repair the simulation runs a configuration upgrade marked as a repair, and the timeline"
            + " labels it; under report the cluster stays blocked with DRIFTED")
    void repairsShowInTheTimeline() {
        Simulation sim = simulate();

        assertThat(sim.upgrades()).singleElement().satisfies(u -> {
            assertThat(u.cluster()).isEqualTo("fixed");
            assertThat(u.kind()).isEqualTo(PlanKind.CONFIG);
            assertThat(u.repair()).isTrue();
            assertThat(u.outcome()).isEqualTo(UpgradeState.SUCCEEDED);
        });
        assertThat(sim.firstPlan().entry("told").orElseThrow().state()).isEqualTo(UpgradeState.BLOCKED);
        String html = HtmlReport.titled("drift").render(sim, sim.firstPlan());
        assertThat(html).contains("drift repair 20.1.0").contains(ReasonCodes.DRIFTED).doesNotContain("config 20.1.0");
        assertThat(sim.upgrades()).extracting(SimulatedUpgrade::to).extracting(Object::toString).containsExactly("20.1.0");
        assertThat(SimulationJson.render(sim)).contains("\"repair\": true");
    }
}
