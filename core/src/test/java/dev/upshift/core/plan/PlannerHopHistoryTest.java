package dev.upshift.core.plan;

import static dev.upshift.core.plan.Fixtures.NOW;
import static dev.upshift.core.plan.Fixtures.all;
import static dev.upshift.core.plan.Fixtures.cluster;
import static dev.upshift.core.plan.Fixtures.input;
import static dev.upshift.core.plan.Fixtures.t;
import static dev.upshift.core.plan.Fixtures.upgrade;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.release.Version;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.MaxConcurrent;
import dev.upshift.spi.Reason;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * History read per hop, as the engine journals a path (one hop published at a time, each entry with
 * the hop's {@code from} and {@code to}): 19.1.0 → 20.0.0 → 20.1.0 under upgrade {@code u}, stages
 * dev then prod.
 */
class PlannerHopHistoryTest {
    private static final Stage DEV = Stage.of("dev", ClusterMatcher.label("stage", "dev")).withSoak(Duration.ofHours(24));
    private static final Stage PROD = Stage.of("prod", ClusterMatcher.label("stage", "prod"));
    private static final ClusterUpgrade U = upgrade("u", "20.1.0", all()).stage(DEV).stage(PROD).build();

    private static ManagedCluster dev(String release) {
        return cluster("dev-1", release).label("stage", "dev").build();
    }

    private static final ManagedCluster PROD_1 = cluster("prod-1", "20.0.0").label("stage", "prod").build();

    /** A hop's entry as the engine writes it: the hop's releases, the intent's name. */
    private static HistoryEntry hop(String at, String cluster, String from, String to, UpgradeState state) {
        return new HistoryEntry(t(at), cluster, "engine/" + cluster + "/" + from + ".." + to, Version.parse(from),
                Version.parse(to), Optional.of("u"), state, state == UpgradeState.FAILED ? "publisher refused" : "",
                List.of());
    }

    private static Plan plan(ManagedCluster dev, List<HistoryEntry> history) {
        return Planner.standard().plan(input(List.of(dev, PROD_1), List.of(), List.of(U), history), NOW);
    }

    private static List<String> codes(PlanEntry e) {
        return e.reasons().stream().map(Reason::code).toList();
    }

    @Test
    @DisplayName("a first hop in progress makes the cluster inProgress: its hop is never published twice")
    void hopInProgress() {
        Plan p = plan(dev("19.1.0"), List.of(hop("2026-03-10T09:00:00Z", "dev-1", "19.1.0", "20.0.0",
                UpgradeState.IN_PROGRESS)));
        PlanEntry e = p.entry("dev-1").orElseThrow();
        assertThat(e.state()).isEqualTo(UpgradeState.IN_PROGRESS);
        assertThat(e.hops()).hasSize(2);
        assertThat(p.explain("dev-1").orElseThrow().lines()).contains(
                "  1. the upgrade is under way: hop 1 of 2 (19.1.0 → 20.0.0)",
                "  2. then hop 2 of 2 (20.0.0 → 20.1.0), in a window of its own once hop 1 has succeeded");
        assertThat(p.entry("prod-1").orElseThrow().state()).isEqualTo(UpgradeState.WAITING);
    }

    @Test
    @DisplayName("a failed hop fails the upgrade: failed, UPGRADE_FAILED naming the hop, and it counts for the stage")
    void hopFailed() {
        Plan p = plan(dev("19.1.0"), List.of(hop("2026-03-10T09:00:00Z", "dev-1", "19.1.0", "20.0.0",
                UpgradeState.FAILED)));
        PlanEntry e = p.entry("dev-1").orElseThrow();
        assertThat(e.state()).isEqualTo(UpgradeState.FAILED);
        assertThat(codes(e)).containsExactly(ReasonCodes.UPGRADE_FAILED);
        assertThat(e.reasons().get(0).message()).startsWith("hop 19.1.0 → 20.0.0 of the upgrade to 20.1.0 failed at"
                + " 2026-03-10T09:00:00Z: publisher refused");
        PlanEntry prod = p.entry("prod-1").orElseThrow();
        assertThat(prod.state()).as("dev tolerates no failure").isEqualTo(UpgradeState.BLOCKED);
        assertThat(codes(prod)).containsExactly(ReasonCodes.STAGE_HALTED);
    }

    @Test
    @DisplayName("a succeeded hop that landed the cluster where it is goes on with the next: not succeeded, stage not done")
    void hopSucceededGoesOn() {
        Plan p = plan(dev("20.0.0"), List.of(hop("2026-03-09T09:00:00Z", "dev-1", "19.1.0", "20.0.0",
                UpgradeState.SUCCEEDED)));
        PlanEntry e = p.entry("dev-1").orElseThrow();
        assertThat(e.state()).isEqualTo(UpgradeState.READY);
        assertThat(e.from()).isEqualTo(Version.parse("20.0.0"));
        assertThat(e.path()).containsExactly(Version.parse("20.1.0"));
        assertThat(e.hops()).singleElement().satisfies(h -> assertThat(h.from()).isEqualTo(Version.parse("20.0.0")));
        PlanEntry prod = p.entry("prod-1").orElseThrow();
        assertThat(prod.state()).isEqualTo(UpgradeState.WAITING);
        assertThat(codes(prod)).containsExactly(ReasonCodes.WAITING_STAGE);
    }

    @Test
    @DisplayName("a succeeded first hop the inventory does not show yet keeps the upgrade in progress, never ready again")
    void hopSucceededInventoryBehind() {
        PlanEntry e = plan(dev("19.1.0"), List.of(hop("2026-03-10T09:00:00Z", "dev-1", "19.1.0", "20.0.0",
                UpgradeState.SUCCEEDED))).entry("dev-1").orElseThrow();
        assertThat(e.state()).isEqualTo(UpgradeState.IN_PROGRESS);
    }

    @Test
    @DisplayName("the last hop's success is the upgrade's: succeeded, and the next stage soaks from it")
    void lastHopSucceeded() {
        Instant done = t("2026-03-09T20:00:00Z");
        Plan p = plan(dev("20.1.0"), List.of(
                hop("2026-03-09T08:00:00Z", "dev-1", "19.1.0", "20.0.0", UpgradeState.SUCCEEDED),
                hop("2026-03-09T20:00:00Z", "dev-1", "20.0.0", "20.1.0", UpgradeState.SUCCEEDED)));
        assertThat(p.entry("dev-1").orElseThrow().state()).isEqualTo(UpgradeState.SUCCEEDED);
        PlanEntry prod = p.entry("prod-1").orElseThrow();
        assertThat(codes(prod)).containsExactly(ReasonCodes.SOAKING);
        assertThat(prod.reasons().get(0).until()).contains(done.plus(Duration.ofHours(24)));
    }

    @Test
    @DisplayName("a retry after a failed hop: the later entry decides")
    void laterEntryWins() {
        PlanEntry e = plan(dev("19.1.0"), List.of(
                hop("2026-03-10T08:00:00Z", "dev-1", "19.1.0", "20.0.0", UpgradeState.FAILED),
                hop("2026-03-10T09:00:00Z", "dev-1", "19.1.0", "20.0.0", UpgradeState.IN_PROGRESS)))
                .entry("dev-1").orElseThrow();
        assertThat(e.state()).isEqualTo(UpgradeState.IN_PROGRESS);
        PlanEntry moved = plan(dev("20.0.0"), List.of(
                hop("2026-03-10T08:00:00Z", "dev-1", "19.1.0", "20.0.0", UpgradeState.FAILED)))
                .entry("dev-1").orElseThrow();
        assertThat(moved.state()).as("the publisher wrote 20.0.0 when the hop started; the hop failed: the document runs"
                + " ahead of the cluster, which failed").isEqualTo(UpgradeState.FAILED);
        assertThat(moved.reasons().get(0).message()).contains("hop 19.1.0 → 20.0.0 failed");
    }

    @Test
    @DisplayName("maxConcurrent counts a cluster between two hops as in flight: it keeps its slot, the others wait")
    void betweenHopsKeepsItsSlot() {
        ClusterUpgrade one = upgrade("u", "20.1.0", all())
                .stage(Stage.of("all", ClusterMatcher.label("stage", "dev")).withMaxConcurrent(MaxConcurrent.clusters(1)))
                .build();
        ManagedCluster a = cluster("a-1", "19.1.0").label("stage", "dev").build();
        ManagedCluster z = cluster("z-1", "20.0.0").label("stage", "dev").build();
        List<HistoryEntry> history = List.of(hop("2026-03-10T09:00:00Z", "z-1", "19.1.0", "20.0.0",
                UpgradeState.SUCCEEDED));
        Plan p = Planner.standard().plan(input(List.of(a, z), List.of(), List.of(one), history), NOW);
        assertThat(p.entry("z-1").orElseThrow().state()).isEqualTo(UpgradeState.READY);
        PlanEntry waiting = p.entry("a-1").orElseThrow();
        assertThat(waiting.state()).isEqualTo(UpgradeState.WAITING);
        assertThat(codes(waiting)).containsExactly(ReasonCodes.MAX_CONCURRENT);

        Plan other = Planner.standard().plan(input(List.of(a, z), List.of(), List.of(one), List.of()), NOW);
        assertThat(other.entry("a-1").orElseThrow().state()).as("without that history: cluster-id order")
                .isEqualTo(UpgradeState.READY);
    }

    @Test
    @DisplayName("a document that already names the hop's release (written when the hop started) is in progress"
            + " until the hop finished, owed after-hooks included; the next stage waits")
    void documentRunsAhead() {
        HistoryEntry published = hop("2026-03-10T08:00:00Z", "dev-1", "20.0.0", "20.1.0", UpgradeState.IN_PROGRESS);
        Plan running = plan(dev("20.1.0"), List.of(published));
        assertThat(running.entry("dev-1").orElseThrow().state()).isEqualTo(UpgradeState.IN_PROGRESS);
        assertThat(codes(running.entry("prod-1").orElseThrow())).contains(ReasonCodes.WAITING_STAGE);

        HistoryEntry succeededOwing = new HistoryEntry(t("2026-03-10T09:00:00Z"), "dev-1", published.upgradeId(),
                Version.parse("20.0.0"), Version.parse("20.1.0"), Optional.of("u"), UpgradeState.SUCCEEDED, "", List.of(),
                HistoryEntry.Step.SUCCEEDED, HistoryEntry.Hop.only(Version.parse("20.1.0")), 1, List.of("restore-alerts"),
                0);
        Plan owing = plan(dev("20.1.0"), List.of(published, succeededOwing));
        assertThat(owing.entry("dev-1").orElseThrow().state()).as("after-hooks owed: not finished for its stage")
                .isEqualTo(UpgradeState.IN_PROGRESS);
        assertThat(codes(owing.entry("prod-1").orElseThrow())).contains(ReasonCodes.WAITING_STAGE);

        HistoryEntry finished = new HistoryEntry(t("2026-03-10T09:30:00Z"), "dev-1", published.upgradeId(),
                Version.parse("20.0.0"), Version.parse("20.1.0"), Optional.of("u"), UpgradeState.SUCCEEDED, "", List.of(),
                HistoryEntry.Step.FINISHED, HistoryEntry.Hop.only(Version.parse("20.1.0")), 1, List.of(), 0);
        Plan done = plan(dev("20.1.0"), List.of(published, succeededOwing, finished));
        assertThat(done.entry("dev-1").orElseThrow().state()).isEqualTo(UpgradeState.SUCCEEDED);
        PlanEntry prod = done.entry("prod-1").orElseThrow();
        assertThat(codes(prod)).containsExactly(ReasonCodes.SOAKING);
        assertThat(prod.reasons().get(0).until()).as("the soak runs from the finish")
                .contains(t("2026-03-10T09:30:00Z").plus(Duration.ofHours(24)));
    }
}
