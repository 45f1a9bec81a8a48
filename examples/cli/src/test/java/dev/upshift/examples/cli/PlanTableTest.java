package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Stage;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The plan table's rows and its HOP column. */
class PlanTableTest {
    private static final Instant NOW = Instant.parse("2026-12-14T09:00:00Z");
    private static final ReleaseCatalog CATALOG = ReleaseCatalog.of(List.of(
            Release.builder("1.0.0").component("kubernetes", "1.28.0").build(),
            Release.builder("1.1.0").component("kubernetes", "1.29.0").build(),
            Release.builder("2.0.0").component("kubernetes", "1.30.0").build()));

    private static ManagedCluster cluster(String id, String release, String stage) {
        return ManagedCluster.builder(id).infrastructure("aws").release(release).label("stage", stage).build();
    }

    @Test
    @DisplayName("rows go by upgrade name, then stage in the upgrade's order (not by name), then id; no upgrade last")
    void rowsByUpgradeAndStageOrder() {
        ClusterUpgrade rollout = ClusterUpgrade.builder("rollout").matcher(ClusterMatcher.labelRegex("stage", "canary|bulk"))
                .release("1.1.0")
                .stage(Stage.of("canary", ClusterMatcher.label("stage", "canary")))
                .stage(Stage.of("bulk", ClusterMatcher.label("stage", "bulk"))).build();
        ClusterUpgrade another = ClusterUpgrade.builder("another").matcher(ClusterMatcher.label("stage", "lab"))
                .release("1.1.0").build();
        List<ManagedCluster> clusters = List.of(cluster("a-bulk", "1.0.0", "bulk"), cluster("b-canary", "1.0.0", "canary"),
                cluster("c-bulk", "1.0.0", "bulk"), cluster("d-lab", "1.0.0", "lab"), cluster("e-none", "1.0.0", "none"),
                cluster("a-none", "1.0.0", "none"));
        List<ClusterUpgrade> upgrades = List.of(rollout, another);
        Plan plan = Planner.standard().plan(new PlanInput(CATALOG, clusters, List.of(), upgrades, List.of()), NOW);

        assertThat(PlanTable.sorted(plan, upgrades)).extracting(PlanEntry::cluster)
                .containsExactly("d-lab", "b-canary", "a-bulk", "c-bulk", "a-none", "e-none");
        List<String> rows = PlanTable.render(plan, upgrades).lines().skip(1).limit(6)
                .map(l -> l.substring(0, l.indexOf(' '))).toList();
        assertThat(rows).containsExactly("d-lab", "b-canary", "a-bulk", "c-bulk", "a-none", "e-none");
    }

    @Test
    @DisplayName("a HOP column (1/2: the next hop, of how many) appears only when some path has several hops, and the"
            + " summary names those paths")
    void hopColumn() {
        ClusterUpgrade far = ClusterUpgrade.builder("far").matcher(ClusterMatcher.label("stage", "prod")).release("2.0.0")
                .build();
        Plan two = Planner.standard().plan(new PlanInput(CATALOG, List.of(cluster("p-1", "1.0.0", "prod"),
                cluster("p-2", "1.1.0", "prod"), cluster("p-3", "2.0.0", "prod")), List.of(), List.of(far), List.of()), NOW);
        String table = PlanTable.render(two, List.of(far));
        List<String> lines = table.lines().toList();
        assertThat(lines.get(0).split(" +")).containsExactly("CLUSTER", "FROM", "TO", "HOP", "KIND", "STAGE", "STATE",
                "WINDOW", "REASON");
        assertThat(lines.get(1).split(" +")).startsWith("p-1", "1.0.0", "2.0.0", "1/2", "minor");
        assertThat(lines.get(2).split(" +")).startsWith("p-2", "1.1.0", "2.0.0", "1/1", "minor");
        assertThat(lines.get(3).split(" +")).startsWith("p-3", "2.0.0", "2.0.0", "-", "-");
        assertThat(table).contains("1 cluster goes by several hops, each in a window of its own (WINDOW is the next"
                + " hop's):\n  p-1 1.0.0 → 1.1.0 → 2.0.0, hop 1 of 2\n");

        ClusterUpgrade near = ClusterUpgrade.builder("near").matcher(ClusterMatcher.label("stage", "prod")).release("1.1.0")
                .build();
        Plan one = Planner.standard().plan(new PlanInput(CATALOG, List.of(cluster("p-1", "1.0.0", "prod")), List.of(),
                List.of(near), List.of()), NOW);
        assertThat(PlanTable.render(one, List.of(near))).doesNotContain("HOP").doesNotContain("several hops");
    }
}
