package dev.upshift.core.present;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.SourceLocation;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.core.simulate.SimulatedUpgrade;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.core.simulate.SimulationSettings;
import dev.upshift.core.simulate.Simulator;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Manifest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Readiness in what presents a plan: the HTML report, the JSON, and the forecast's simulation. */
class ReadinessInReportTest {
    private static final Instant FROM = Instant.parse("2026-03-10T10:00:00Z");

    private static Simulation simulate() {
        List<Release> releases = List.of(Release.builder("1.23.0").component("kubernetes", "1.23.1").build(),
                Release.builder("1.24.0").component("kubernetes", "1.24.1").build(),
                Release.builder("1.25.0").component("kubernetes", "1.25.1").build());
        ManagedCluster shop = ManagedCluster.builder("shop").infrastructure("aws").release("1.23.0").manifests(List.of(
                new Manifest("batch/v1beta1", "CronJob", "nightly", new SourceLocation("apps/cron.yaml", 1, 1)))).build();
        ClusterUpgrade u = ClusterUpgrade.builder("to-1.25").release("1.25.0").matcher(ClusterMatcher.clusterId("shop"))
                .build();
        PlanInput input = new PlanInput(ReleaseCatalog.of(releases), List.of(shop), List.of(), List.of(u), List.of());
        return Simulator.run(Planner.standard().prepare(input), SimulationSettings.between(FROM,
                FROM.plus(Duration.ofDays(14))));
    }

    @Test
    @DisplayName("the first hop runs, the one crossing Kubernetes 1.25 never starts; the report and the JSON say why")
    void blockedHopShows() {
        Simulation sim = simulate();

        assertThat(sim.upgrades()).extracting(SimulatedUpgrade::to).extracting(Object::toString).containsExactly("1.24.0");
        String html = HtmlReport.titled("readiness").render(sim, sim.firstPlan());
        assertThat(html).contains("hop 2: blocked (REMOVED_API)", ReasonCodes.REMOVED_API, "batch/v1beta1 CronJob",
                "apps/cron.yaml:1:1");
        assertThat(PlanJson.render(sim.firstPlan())).contains("\"code\": \"REMOVED_API\"");
    }
}
