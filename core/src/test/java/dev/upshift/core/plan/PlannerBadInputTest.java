package dev.upshift.core.plan;

import static dev.upshift.core.plan.Fixtures.NOW;
import static dev.upshift.core.plan.Fixtures.cluster;
import static dev.upshift.core.plan.Fixtures.input;
import static dev.upshift.core.plan.Fixtures.upgrade;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.release.Release;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterInventory;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.Listing;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import dev.upshift.spi.ReleaseSource;
import dev.upshift.spi.ScheduleSource;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeSource;
import dev.upshift.spi.UpgradeState;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Bad input becomes problems and reasons; every other cluster is still planned. */
class PlannerBadInputTest {
    private static final ManagedCluster FINE = cluster("fine", "19.1.0").build();

    private static Plan plan(List<ManagedCluster> clusters, List<ClusterUpgrade> upgrades) {
        return Planner.standard().plan(input(clusters, List.of(), upgrades, List.of()), NOW);
    }

    private static List<String> problems(Plan plan) {
        return plan.problems().stream().map(Problem::toString).toList();
    }

    private static List<String> codes(PlanEntry e) {
        return e.reasons().stream().map(Reason::code).toList();
    }

    private static void fineIsPlanned(Plan plan) {
        assertThat(plan.entry("fine").orElseThrow().state()).isEqualTo(UpgradeState.READY);
    }

    private static final ClusterUpgrade FINE_UPGRADE = upgrade("fine-up", "19.2.0", ClusterMatcher.clusterId("fine")).build();

    @Test
    @DisplayName("an upgrade that selects nothing is a warning at the upgrade")
    void selectsNothing() {
        Plan plan = plan(List.of(FINE), List.of(FINE_UPGRADE, upgrade("empty", "20.0.0",
                ClusterMatcher.clusterId("nowhere")).build()));
        assertThat(problems(plan)).containsExactly(
                "upgrade empty: warning: spec.matchers: the matchers select no cluster: the upgrade does nothing");
        fineIsPlanned(plan);
    }

    @Test
    @DisplayName("an unknown target release blocks its clusters with TARGET_UNRESOLVED and is a problem with a suggestion")
    void unknownTarget() {
        Plan plan = plan(List.of(FINE, cluster("x", "19.1.0").build()), List.of(FINE_UPGRADE,
                upgrade("typo", "20.1.1", ClusterMatcher.clusterId("x")).build()));
        PlanEntry x = plan.entry("x").orElseThrow();
        assertThat(x.state()).isEqualTo(UpgradeState.BLOCKED);
        assertThat(codes(x)).containsExactly(ReasonCodes.TARGET_UNRESOLVED);
        assertThat(problems(plan)).singleElement().asString().contains("spec.release").contains("did you mean '20.1.0'");
        fineIsPlanned(plan);
    }

    @Test
    @DisplayName("a cluster running a release the catalog lacks is blocked when it has somewhere to go, and reported")
    void unknownClusterRelease() {
        Plan plan = plan(List.of(FINE, cluster("x", "19.1.1").build()), List.of(FINE_UPGRADE,
                upgrade("u", "20.0.0", ClusterMatcher.clusterId("x")).build()));
        assertThat(codes(plan.entry("x").orElseThrow())).containsExactly(ReasonCodes.UNKNOWN_RELEASE);
        assertThat(problems(plan)).containsExactly(
                "cluster x: spec.release: unknown release '19.1.1'; did you mean '19.1.0'?");
        fineIsPlanned(plan);
    }

    @Test
    @DisplayName("a regex that would hang a backtracking engine is matched in linear time; an invalid one is a problem")
    void regexes() {
        StringBuilder id = new StringBuilder();
        for (int i = 0; i < 5_000; i++) {
            id.append('a');
        }
        ManagedCluster longId = cluster(id + "!", "19.1.0").build();
        Plan plan = plan(List.of(FINE, longId), List.of(FINE_UPGRADE,
                upgrade("evil", "20.0.0", ClusterMatcher.clusterIdRegex("(a+)+$")).build(),
                upgrade("broken", "20.0.0", ClusterMatcher.clusterIdRegex("(a")).build()));
        assertThat(plan.entry(id + "!").orElseThrow().state()).isEqualTo(UpgradeState.UP_TO_DATE);
        assertThat(problems(plan)).anySatisfy(p -> assertThat(p).startsWith("upgrade broken: spec.matchers: invalid"
                + " regular expression"));
        fineIsPlanned(plan);
    }

    @Test
    @DisplayName("a cluster in two stages of one upgrade is blocked with STAGE_OVERLAP, and reported")
    void twoStages() {
        ClusterUpgrade u = upgrade("u", "20.0.0", ClusterMatcher.clusterId("x"))
                .stage(Stage.of("one", ClusterMatcher.clusterIdRegex("x.*")))
                .stage(Stage.of("two", ClusterMatcher.clusterIdRegex(".*x"))).build();
        Plan plan = plan(List.of(FINE, cluster("x", "19.1.0").build()), List.of(FINE_UPGRADE, u));
        assertThat(codes(plan.entry("x").orElseThrow())).containsExactly(ReasonCodes.STAGE_OVERLAP);
        assertThat(problems(plan)).anySatisfy(p -> assertThat(p).contains("is in stages 'one' and 'two' of upgrade u"));
        fineIsPlanned(plan);
    }

    @Test
    @DisplayName("two upgrades with different targets for one cluster block it with CONFLICTING_UPGRADES naming both")
    void conflictingUpgrades() {
        Plan plan = plan(List.of(FINE, cluster("x", "19.1.0").build()), List.of(FINE_UPGRADE,
                upgrade("a-up", "20.0.0", ClusterMatcher.clusterId("x")).build(),
                upgrade("b-up", "20.1.0", ClusterMatcher.clusterId("x")).build(),
                upgrade("c-up", "20.0.0", ClusterMatcher.clusterId("fine")).build()));
        PlanEntry x = plan.entry("x").orElseThrow();
        assertThat(x.state()).isEqualTo(UpgradeState.BLOCKED);
        assertThat(x.reasons()).singleElement().satisfies(r -> {
            assertThat(r.code()).isEqualTo(ReasonCodes.CONFLICTING_UPGRADES);
            assertThat(r.message()).contains("a-up (to 20.0.0)").contains("b-up (to 20.1.0)");
        });
        assertThat(plan.entry("fine").orElseThrow().state()).as("fine-up and c-up disagree too").isEqualTo(UpgradeState.BLOCKED);
    }

    @Test
    @DisplayName("listing problems are carried into the plan, and duplicates are left out and reported")
    void listingProblems() {
        Problem bad = Problem.error(new SourceLocation("fleet/bad.yaml", 3, 7), "spec.release", "missing required field");
        ClusterInventory inventory = () -> Listing.of(List.of(FINE, cluster("fine", "20.0.0").build()), List.of(bad));
        ReleaseSource releases = () -> Listing.of(Fixtures.releases());
        ScheduleSource schedules = () -> Listing.<MaintenanceSchedule>of(List.of());
        UpgradeSource upgrades = () -> Listing.of(List.of(FINE_UPGRADE));
        Plan plan = Planner.standard().plan(PlanInput.from(inventory, releases, schedules, upgrades, List.of()), NOW);
        assertThat(problems(plan)).containsExactly(
                "cluster fine: metadata.name: a second cluster named fine (the first is at cluster fine); this one is not planned",
                "fleet/bad.yaml:3:7: spec.release: missing required field");
        fineIsPlanned(plan);
    }

    @Test
    @DisplayName("two releases of one version in a listing: the first is kept, the second reported")
    void duplicateReleases() {
        List<Release> twice = new java.util.ArrayList<>(Fixtures.releases());
        twice.add(Fixtures.release("19.2.0", "1.28.10"));
        PlanInput in = PlanInput.from(() -> Listing.of(List.of(FINE)), () -> Listing.of(twice),
                () -> Listing.<MaintenanceSchedule>of(List.of()), () -> Listing.of(List.of(FINE_UPGRADE)), List.of());
        assertThat(in.problems()).singleElement().asString().contains("a second release of version 19.2.0");
        fineIsPlanned(Planner.standard().plan(in, NOW));
    }

    @Test
    @DisplayName("a freeze past the supported range of time blocks its cluster with NO_WINDOW and nothing else")
    void freezeBeyondTime() {
        ManagedCluster frozen = cluster("x", "19.1.0").freeze(new dev.upshift.schedule.Freeze(
                java.time.Instant.parse("9999-01-01T00:00:00Z"), "forever")).build();
        Plan plan = plan(List.of(FINE, frozen), List.of(FINE_UPGRADE, upgrade("u", "20.0.0", ClusterMatcher.clusterId("x"))
                .build()));
        assertThat(codes(plan.entry("x").orElseThrow())).containsExactly(ReasonCodes.NO_WINDOW, ReasonCodes.FROZEN);
        fineIsPlanned(plan);
    }
}
