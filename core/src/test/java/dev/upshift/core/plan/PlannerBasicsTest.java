package dev.upshift.core.plan;

import static dev.upshift.core.plan.Fixtures.NOW;
import static dev.upshift.core.plan.Fixtures.all;
import static dev.upshift.core.plan.Fixtures.cluster;
import static dev.upshift.core.plan.Fixtures.plan;
import static dev.upshift.core.plan.Fixtures.release;
import static dev.upshift.core.plan.Fixtures.upgrade;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.value.VersionChange;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.ReleaseState;
import dev.upshift.release.Version;
import dev.upshift.release.VersionConstraint;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.UpgradeState;
import dev.upshift.spi.UpgradeTarget;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Targets, paths, kinds and the simplest states. */
class PlannerBasicsTest {

    private static List<Version> versions(String... texts) {
        return List.of(texts).stream().map(Version::parse).toList();
    }

    @Test
    @DisplayName("a cluster no upgrade selects, with no values, is upToDate with no target")
    void noIntentIsUpToDate() {
        Plan plan = plan(List.of(cluster("a", "19.1.0").build()), List.of());
        PlanEntry e = plan.entry("a").orElseThrow();
        assertThat(e.state()).isEqualTo(UpgradeState.UP_TO_DATE);
        assertThat(e.to()).isEmpty();
        assertThat(e.path()).isEmpty();
        assertThat(e.kind()).isEmpty();
        assertThat(e.reasons()).isEmpty();
    }

    @Test
    @DisplayName("kind is the largest change of the kubernetes component: 19.1.0 → 20.1.0 is minor though the release moves a major")
    void kindFollowsKubernetes() {
        Plan plan = plan(List.of(cluster("a", "19.1.0").build()), List.of(upgrade("to-20.1", "20.1.0", all()).build()));
        PlanEntry e = plan.entry("a").orElseThrow();
        assertThat(e.to()).contains(Version.parse("20.1.0"));
        assertThat(e.path()).isEqualTo(versions("20.0.0", "20.1.0"));
        assertThat(e.kind()).contains(PlanKind.MINOR);
        assertThat(e.releaseChange()).contains(VersionChange.MAJOR);
        assertThat(e.upgrade()).contains("to-20.1");
        assertThat(e.stage()).contains("all");
        assertThat(e.state()).isEqualTo(UpgradeState.READY);
        assertThat(e.window()).hasValueSatisfying(w -> assertThat(w.start()).isEqualTo(NOW));
    }

    @Test
    @DisplayName("a release change that moves kubernetes only by a patch is a patch")
    void patchKind() {
        Plan plan = plan(List.of(cluster("a", "19.1.0").build()), List.of(upgrade("u", "19.2.0", all()).build()));
        assertThat(plan.entry("a").orElseThrow().kind()).contains(PlanKind.PATCH);
        assertThat(plan.entry("a").orElseThrow().releaseChange()).contains(VersionChange.MINOR);
    }

    @Test
    @DisplayName("a cluster at or past its target is upToDate: the planner never plans a downgrade")
    void neverDowngrades() {
        Plan plan = plan(List.of(cluster("at", "20.0.0").build(), cluster("past", "20.1.0").build()),
                List.of(upgrade("u", "20.0.0", all()).build()));
        for (String id : List.of("at", "past")) {
            PlanEntry e = plan.entry(id).orElseThrow();
            assertThat(e.state()).isEqualTo(UpgradeState.UP_TO_DATE);
            assertThat(e.to()).contains(e.from());
            assertThat(e.path()).isEmpty();
        }
    }

    @Test
    @DisplayName("a channel target is the newest non-withdrawn release of the channel that satisfies the constraint")
    void channelTarget() {
        ReleaseCatalog catalog = ReleaseCatalog.of(List.of(
                Release.builder("19.1.0").component("kubernetes", "1.28.3").channel("stable").build(),
                Release.builder("19.2.0").component("kubernetes", "1.28.9").channel("stable").build(),
                Release.builder("19.3.0").component("kubernetes", "1.28.10").channel("stable").state(ReleaseState.WITHDRAWN).build(),
                Release.builder("20.0.0").component("kubernetes", "1.29.2").channel("stable").build(),
                Release.builder("19.4.0").component("kubernetes", "1.28.11").channel("rapid").build()));
        ClusterUpgrade u = ClusterUpgrade.builder("auto").matcher(all())
                .target(UpgradeTarget.channel("stable", VersionConstraint.parse("~19"))).build();
        Plan plan = Planner.standard().plan(new PlanInput(catalog, List.of(cluster("a", "19.1.0").build()), List.of(),
                List.of(u), List.of()), NOW);
        assertThat(plan.entry("a").orElseThrow().to()).contains(Version.parse("19.2.0"));
    }

    @Test
    @DisplayName("no path is blocked with NO_PATH naming the rule that cut the graph")
    void noPath() {
        ReleaseCatalog catalog = ReleaseCatalog.of(List.of(release("19.1.0", "1.28.3"),
                Release.builder("20.1.0").component("kubernetes", "1.30.1").upgradesFrom(">=19.5.0").build()));
        Plan plan = Planner.standard().plan(new PlanInput(catalog, List.of(cluster("a", "19.1.0").build()), List.of(),
                List.of(upgrade("u", "20.1.0", all()).build()), List.of()), NOW);
        PlanEntry e = plan.entry("a").orElseThrow();
        assertThat(e.state()).isEqualTo(UpgradeState.BLOCKED);
        assertThat(e.reasons()).singleElement().satisfies(r -> {
            assertThat(r.code()).isEqualTo(ReasonCodes.NO_PATH);
            assertThat(r.message()).contains(">=19.5.0");
        });
        assertThat(e.window()).isEmpty();
    }

    @Test
    @DisplayName("a cluster whose release is past its end of life is flagged, and still planned")
    void endOfLife() {
        ReleaseCatalog catalog = ReleaseCatalog.of(List.of(
                Release.builder("19.1.0").component("kubernetes", "1.28.3").endOfLife(LocalDate.parse("2026-03-09")).build(),
                Release.builder("19.2.0").component("kubernetes", "1.28.9").endOfLife(LocalDate.parse("2026-03-10")).build(),
                release("20.0.0", "1.29.1")));
        List<ManagedCluster> clusters = List.of(cluster("old", "19.1.0").build(), cluster("last-day", "19.2.0").build());
        Plan plan = Planner.standard().plan(new PlanInput(catalog, clusters, List.of(), List.of(), List.of()), NOW);
        assertThat(plan.entry("old").orElseThrow().endOfLife()).contains(LocalDate.parse("2026-03-09"));
        assertThat(plan.entry("old").orElseThrow().state()).isEqualTo(UpgradeState.UP_TO_DATE);
        assertThat(plan.entry("last-day").orElseThrow().endOfLife()).as("the end-of-life day is still supported").isEmpty();
    }

    @Test
    @DisplayName("entries are sorted by cluster id and counted by state")
    void sortedAndCounted() {
        Plan plan = plan(List.of(cluster("b", "19.1.0").build(), cluster("a", "20.1.0").build()),
                List.of(upgrade("u", "20.1.0", ClusterMatcher.clusterId("b")).build()));
        assertThat(plan.entries()).extracting(PlanEntry::cluster).containsExactly("a", "b");
        assertThat(plan.counts()).containsEntry(UpgradeState.READY, 1).containsEntry(UpgradeState.UP_TO_DATE, 1)
                .containsEntry(UpgradeState.BLOCKED, 0);
        assertThat(plan.entry("zz")).isEmpty();
    }
}
