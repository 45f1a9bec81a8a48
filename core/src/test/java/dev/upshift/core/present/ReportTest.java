package dev.upshift.core.present;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.core.simulate.SimulatedCluster;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.core.simulate.SimulationSettings;
import dev.upshift.release.Version;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.Reason;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** How the timeline groups rows: by upgrade (by name), then by stage in the upgrade's order, then by cluster. */
class ReportTest {
    private static final Instant FROM = Instant.parse("2026-03-02T00:00:00Z");

    private static SimulatedCluster cluster(String id, String upgrade, String stage) {
        Version v = Version.parse("1.0.0");
        return new SimulatedCluster(id, Optional.ofNullable(upgrade), Optional.ofNullable(stage), v, Optional.empty(),
                Optional.empty(), v, UpgradeState.UP_TO_DATE, List.of(), List.of(), List.of(), Optional.empty(), List.of(),
                Optional.empty());
    }

    private static SimulatedCluster contested(String id) {
        Version v = Version.parse("1.0.0");
        return new SimulatedCluster(id, Optional.empty(), Optional.empty(), v, Optional.empty(), Optional.empty(), v,
                UpgradeState.BLOCKED, List.of(Reason.of(ReasonCodes.CONFLICTING_UPGRADES, "u and w select " + id)),
                List.of(), List.of(), Optional.empty(), List.of(), Optional.empty());
    }

    private static Simulation simulation(List<SimulatedCluster> clusters, List<ClusterUpgrade> intents) {
        return new Simulation(SimulationSettings.between(FROM, FROM.plusSeconds(86_400)), FROM,
                new Plan(FROM, List.of(), List.of()), clusters, List.of(), List.of(), intents);
    }

    private static ClusterUpgrade staged(String name, String... stages) {
        ClusterUpgrade.Builder b = ClusterUpgrade.builder(name).matcher(ClusterMatcher.clusterIdRegex(".*")).release("2.0.0");
        for (String s : stages) {
            b.stage(Stage.of(s, ClusterMatcher.label("stage", s)));
        }
        return b.build();
    }

    @Test
    @DisplayName("stages follow the upgrade's order, clusters their ids; an empty declared stage keeps its header")
    void stagesInTheUpgradesOrder() {
        Simulation sim = simulation(List.of(cluster("b", "u", "zeta"), cluster("a", "u", "zeta"), cluster("c", "u", "alpha"),
                cluster("lonely", null, null)), List.of(staged("u", "zeta", "middle", "alpha")));

        List<Report.Group> groups = Report.groups(sim);

        assertThat(groups).extracting(Report.Group::title).containsExactly("u", "Not selected by any upgrade");
        assertThat(groups.get(0).stages()).extracting(s -> s.header().orElse("-"))
                .containsExactly("Stage zeta", "Stage middle", "Stage alpha");
        assertThat(groups.get(0).stages().get(0).clusters()).extracting(SimulatedCluster::cluster).containsExactly("a", "b");
        assertThat(groups.get(0).stages().get(1).meta()).startsWith("0 clusters");
        assertThat(groups.get(1).stages()).singleElement().satisfies(s -> assertThat(s.header()).isEmpty());
    }

    @Test
    @DisplayName("when the plan names no stage, the upgrade's rows have no stage headers, even if it declares stages")
    void noStageNamed() {
        Simulation sim = simulation(List.of(cluster("a", "u", null), cluster("b", "u", null)),
                List.of(staged("u", "dev", "prod")));

        assertThat(Report.groups(sim)).singleElement().satisfies(g -> assertThat(g.stages()).singleElement()
                .satisfies(s -> {
                    assertThat(s.header()).isEmpty();
                    assertThat(s.clusters()).hasSize(2);
                }));
    }

    @Test
    @DisplayName("clusters two upgrades claim with different targets are grouped apart from those no upgrade selects")
    void contestedApartFromUnselected() {
        Simulation sim = simulation(List.of(cluster("lonely", null, null), contested("both"), cluster("a", "u", null)),
                List.of(staged("u")));

        List<Report.Group> groups = Report.groups(sim);

        assertThat(groups).extracting(Report.Group::title)
                .containsExactly("u", "Claimed by conflicting upgrades", "Not selected by any upgrade");
        assertThat(groups.get(1).stages()).singleElement()
                .satisfies(s -> assertThat(s.clusters()).extracting(SimulatedCluster::cluster).containsExactly("both"));
        assertThat(groups.get(2).stages()).singleElement()
                .satisfies(s -> assertThat(s.clusters()).extracting(SimulatedCluster::cluster).containsExactly("lonely"));
    }
}
