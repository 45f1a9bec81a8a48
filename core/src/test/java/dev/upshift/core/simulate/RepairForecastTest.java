package dev.upshift.core.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.core.plan.Explanation;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.core.plan.ReasonCodes;
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

/**
 * What {@code explain} says of a drift repair: it starts in its window, and {@code DRIFTED} is what
 * it lifts, not a reason that lifts at the window.
 */
class RepairForecastTest {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final Instant NOW = Instant.parse("2026-03-02T10:00:00Z");

    private static PreparedFleet fleet(DriftPolicy policy) {
        ObjectNode values = JSON.objectNode();
        values.putObject("spec").put("version", "v1.30.1");
        Release release = Release.builder("20.1.0").component("kubernetes", "1.30.1").defaults(DocumentDefaults.of(
                List.of(DefaultsRule.of(DocumentMatch.any().withKind("KubeadmControlPlane"), values)))).build();
        ObjectNode doc = JSON.objectNode().put("apiVersion", "controlplane.cluster.x-k8s.io/v1beta1")
                .put("kind", "KubeadmControlPlane");
        doc.putObject("metadata").put("name", "c-cp").put("namespace", "fleet");
        doc.putObject("spec").put("version", "v1.30.9");
        ManagedCluster cluster = ManagedCluster.builder("c").infrastructure("aws").release("20.1.0").schedule("nights")
                .resources(DocumentSet.of(doc)).build();
        ClusterUpgrade stay = ClusterUpgrade.builder("stay").release("20.1.0")
                .matcher(ClusterMatcher.clusterIdRegex(".*")).drift(policy).build();
        return Planner.standard().prepare(new PlanInput(ReleaseCatalog.of(List.of(release)), List.of(cluster),
                List.of(Fleets.schedule("nights", """
                          timeZone: UTC
                          maintenanceWindows:
                            - name: nightly
                              startTime: 2026-01-01T22:00:00Z
                              duration: 4h
                              recurrence: FREQ=DAILY
                        """)), List.of(stay), List.of()));
    }

    @Test
    @DisplayName("a scheduled repair's explanation says DRIFTED is what the repair lifts and that the repair starts"
            + " in the window; its forecast says the repair starts then, not that DRIFTED lifts then")
    void aRepairStartsInItsWindow() {
        PreparedFleet fleet = fleet(DriftPolicy.REPAIR);
        Plan plan = fleet.plan(NOW);
        assertThat(plan.entry("c").orElseThrow().state()).isEqualTo(UpgradeState.SCHEDULED);

        List<Explanation.Step> steps = plan.explain("c").orElseThrow().steps();
        assertThat(steps).extracting(Explanation.Step::code).containsExactly(ReasonCodes.DRIFTED, "OUTSIDE_WINDOW");
        assertThat(steps.get(0).text()).startsWith("drifted, which the repair lifts: differs from release 20.1.0");
        assertThat(steps.get(1).text()).startsWith("the repair starts in the window 2026-03-02T22:00:00Z–");

        Forecast f = Forecast.of(Forecast.simulate(fleet, NOW), "c").orElseThrow();
        assertThat(f.repair()).isTrue();
        assertThat(f.after()).isEmpty();
        assertThat(f.text()).isEqualTo("the repair of its drift is expected to start 2026-03-02 22:00 UTC in stage all;"
                + " finished by 23:00");
    }

    @Test
    @DisplayName("under drift: report the drift still reads as what blocks the cluster until someone acts")
    void reportedDriftStillBlocks() {
        PreparedFleet reported = fleet(DriftPolicy.REPORT);
        Plan plan = reported.plan(NOW);
        List<Explanation.Step> steps = plan.explain("c").orElseThrow().steps();
        assertThat(steps.get(0).text()).startsWith("differs from release 20.1.0");
        assertThat(steps.get(1).text()).isEqualTo("nothing happens until someone lifts the reasons above");
        assertThat(Forecast.of(Forecast.simulate(reported, NOW), "c").orElseThrow().text())
                .isEqualTo("not within 26 weeks: blocked (DRIFTED) until someone acts");
    }
}
