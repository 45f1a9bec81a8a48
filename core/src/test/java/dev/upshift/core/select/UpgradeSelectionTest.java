package dev.upshift.core.select;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.VersionConstraint;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeTarget;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** What one upgrade selects, how its stages partition it, and where two upgrades disagree. */
class UpgradeSelectionTest {
    private static final ReleaseCatalog CATALOG = ReleaseCatalog.of(List.of(
            Release.builder("19.3.1").component("kubernetes", "1.29.0").channel("stable").build(),
            Release.builder("20.1.0").component("kubernetes", "1.30.0").channel("stable").build(),
            Release.builder("20.0.2").component("kubernetes", "1.30.0").build()));

    private static ManagedCluster cluster(String id, String stage) {
        return ManagedCluster.builder(id).label("stage", stage).infrastructure("aws").release("19.3.1").build();
    }

    private static final List<ManagedCluster> FLEET = List.of(cluster("dev-1", "dev"), cluster("prod-1", "prod"),
            cluster("dev-2", "dev"), cluster("test-1", "test"), cluster("prod-2", "prod"), cluster("lab-1", "lab"));

    private static List<String> ids(List<ManagedCluster> clusters) {
        return clusters.stream().map(ManagedCluster::id).toList();
    }

    @Test
    @DisplayName("without stages, one implicit stage holds every selected cluster, in fleet order")
    void implicitStage() {
        ClusterUpgrade u = ClusterUpgrade.builder("u").matcher(ClusterMatcher.labelRegex("stage", "dev|prod"))
                .release("20.1.0").build();
        UpgradeSelection s = UpgradeSelection.select(u, FLEET, CATALOG);
        assertThat(ids(s.clusters())).containsExactly("dev-1", "prod-1", "dev-2", "prod-2");
        assertThat(s.stages()).singleElement().satisfies(stage -> {
            assertThat(stage.name()).isEqualTo(UpgradeSelection.IMPLICIT_STAGE);
            assertThat(stage.implicit()).isTrue();
            assertThat(ids(stage.clusters())).containsExactly("dev-1", "prod-1", "dev-2", "prod-2");
        });
        assertThat(s.stageOf("prod-2").map(StageSelection::name)).contains("all");
        assertThat(s.stageOf("lab-1")).isEmpty();
        assertThat(s.target()).hasToString("20.1.0");
    }

    @Test
    @DisplayName("stages partition the selection in stage order; a cluster in two stages or in none belongs to none")
    void stagesPartition() {
        ClusterUpgrade u = ClusterUpgrade.builder("u").matcher(ClusterMatcher.labelRegex("stage", "dev|test|prod"))
                .release("20.1.0")
                .stage(Stage.of("dev", ClusterMatcher.label("stage", "dev"), ClusterMatcher.clusterId("test-1")))
                .stage(Stage.of("test", ClusterMatcher.label("stage", "test")))
                .stage(Stage.of("prod", ClusterMatcher.clusterIdRegex("prod-1|lab-1")))
                .build();
        UpgradeSelection s = UpgradeSelection.select(u, FLEET, CATALOG);
        assertThat(s.stages()).extracting(StageSelection::name).containsExactly("dev", "test", "prod");
        assertThat(ids(s.stages().get(0).clusters())).containsExactly("dev-1", "dev-2");
        assertThat(ids(s.stages().get(1).clusters())).isEmpty();
        assertThat(ids(s.stages().get(2).clusters())).as("a stage never adds a cluster the upgrade leaves out")
                .containsExactly("prod-1");
        assertThat(s.overlaps()).singleElement().satisfies(o -> {
            assertThat(o.cluster().id()).isEqualTo("test-1");
            assertThat(o.stages()).containsExactly("dev", "test");
            assertThat(o.message()).isEqualTo("cluster test-1 is in stages 'dev' and 'test' of upgrade u; a cluster"
                    + " belongs to at most one stage");
        });
        assertThat(ids(s.unstaged())).containsExactly("prod-2");
        assertThat(s.stageOf("test-1")).isEmpty();
        assertThat(s.stageOf("prod-2")).isEmpty();
        assertThat(s.stageOf("dev-2").map(StageSelection::name)).contains("dev");
    }

    @Test
    @DisplayName("an upgrade built in code with a bad regular expression selects nothing and says why")
    void invalidMatchers() {
        ClusterUpgrade u = ClusterUpgrade.builder("u").matcher(ClusterMatcher.clusterIdRegex("(")).release("20.1.0").build();
        UpgradeSelection s = UpgradeSelection.select(u, FLEET, CATALOG);
        assertThat(s.clusters()).isEmpty();
        assertThat(s.invalid()).hasValueSatisfying(m -> assertThat(m).startsWith("invalid regular expression"));
    }

    @Test
    @DisplayName("two upgrades with different targets on one cluster conflict, naming both; the same target does not")
    void conflicts() {
        ClusterUpgrade all = ClusterUpgrade.builder("fleet-to-20.1").matcher(ClusterMatcher.clusterIdRegex(".*"))
                .release("20.1.0").build();
        ClusterUpgrade stable = ClusterUpgrade.builder("follow-stable").matcher(ClusterMatcher.label("stage", "dev"))
                .target(UpgradeTarget.channel("stable")).build();
        ClusterUpgrade hotfix = ClusterUpgrade.builder("hotfix").matcher(ClusterMatcher.clusterIdRegex("prod-1|dev-2"))
                .release("20.0.2").build();
        FleetSelection s = FleetSelection.of(FLEET, List.of(hotfix, all, stable), CATALOG);
        assertThat(s.upgrades()).extracting(UpgradeSelection::name)
                .containsExactly("fleet-to-20.1", "follow-stable", "hotfix");
        assertThat(s.claims("dev-1")).extracting(UpgradeSelection::name).containsExactly("fleet-to-20.1", "follow-stable");
        assertThat(s.conflict("dev-1")).as("20.1.0 both ways").isEmpty();
        assertThat(s.conflicts()).extracting(ConflictingUpgrades::cluster).containsExactly("prod-1", "dev-2");
        ConflictingUpgrades devTwo = s.conflict("dev-2").orElseThrow();
        assertThat(devTwo.upgrades()).containsExactly("fleet-to-20.1", "follow-stable", "hotfix");
        assertThat(devTwo.message()).isEqualTo("upgrades fleet-to-20.1 (to 20.1.0), follow-stable (to 20.1.0) and hotfix"
                + " (to 20.0.2) select dev-2 with different targets");
        assertThat(devTwo.reason().code()).isEqualTo("CONFLICTING_UPGRADES");
        assertThat(s.conflict("prod-1").orElseThrow().message())
                .isEqualTo("upgrades fleet-to-20.1 (to 20.1.0) and hotfix (to 20.0.2) select prod-1 with different targets");
        assertThat(s.claims("nobody")).isEmpty();
    }

    @Test
    @DisplayName("an upgrade whose target resolves to no release conflicts with nothing")
    void unresolvedTargets() {
        ClusterUpgrade a = ClusterUpgrade.builder("a").matcher(ClusterMatcher.clusterId("dev-1")).release("99.0.0").build();
        ClusterUpgrade b = ClusterUpgrade.builder("b").matcher(ClusterMatcher.clusterId("dev-1")).release("20.0.2").build();
        ClusterUpgrade c = ClusterUpgrade.builder("c").matcher(ClusterMatcher.clusterId("dev-1"))
                .target(UpgradeTarget.channel("stable", VersionConstraint.parse("~21"))).build();
        FleetSelection s = FleetSelection.of(FLEET, List.of(a, b, c), CATALOG);
        assertThat(s.claims("dev-1")).extracting(UpgradeSelection::name).containsExactly("a", "b", "c");
        assertThat(s.conflicts()).isEmpty();
        assertThat(s.upgrade("c").orElseThrow().target()).isInstanceOf(ResolvedTarget.Unresolved.class);
        assertThat(s.upgrade("zzz")).isEqualTo(Optional.empty());
    }
}
