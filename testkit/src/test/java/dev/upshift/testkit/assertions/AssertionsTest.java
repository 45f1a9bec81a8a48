package dev.upshift.testkit.assertions;

import static dev.upshift.testkit.assertions.UpshiftAssertions.assertThat;
import static dev.upshift.testkit.assertions.UpshiftAssertions.assertThatHistory;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.release.Version;
import dev.upshift.schedule.Interval;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.UpgradeState;
import dev.upshift.testkit.TestWorld;
import dev.upshift.testkit.Worlds;
import dev.upshift.testkit.fake.FakeProbe;
import dev.upshift.testkit.fleet.Rollout;
import dev.upshift.testkit.fleet.TestFleet;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class AssertionsTest {
    private static final Instant NOW = Instant.parse("2026-12-14T09:00:00Z");
    private static final Instant UNTIL = Instant.parse("2027-02-15T00:00:00Z");
    private static final TestFleet DEMO = TestFleet.of(Worlds.DEMO);

    @Test
    @DisplayName("a plan assertion that fails quotes the plan's explanation of the cluster")
    void planAssertionsExplainThemselves() {
        var plan = DEMO.plan(NOW);
        assertThat(plan).cluster("prod-eu-billing-1").isBlockedBy("NO_PATH").goesTo("20.1.0").isInStage("prod");
        assertThat(plan).cluster("dev-eu-payments-1").isScheduledAt(Instant.parse("2026-12-14T21:00:00Z"))
                .isScheduledWithin(new Interval(NOW, Instant.parse("2026-12-15T00:00:00Z")));
        assertThat(plan).hasCount(UpgradeState.BLOCKED, 4);

        assertThatThrownBy(() -> assertThat(plan).cluster("prod-eu-billing-1").isReady())
                .hasMessage("""
                        Expected prod-eu-billing-1 to be ready at 2026-12-14T09:00:00Z, but it is blocked. The plan says:
                          prod-eu-billing-1: 18.4.0 → 20.1.0, upgrade fleet-to-20.1, stage prod, blocked; its release reached\
                         end of life on 2025-10-31
                            1. kubernetes 1.25 → 1.27 skips a minor (18.4.0 → 19.0.0); 19.0.0 is the oldest release that\
                         leads on to 20.1.0
                            2. nothing happens until someone lifts the reasons above""");
        assertThatThrownBy(() -> assertThat(plan).cluster("nope")).hasMessageStartingWith(
                "Expected the plan at 2026-12-14T09:00:00Z to have a cluster nope, but it has none of that name; it has: dev-eu-ml-1,");
        assertThatThrownBy(() -> assertThat(plan).hasNoClusterIn(UpgradeState.BLOCKED))
                .hasMessageContaining("but 4 are:").hasMessageContaining("prod-fra-logistics-1: 20.0.2 → 20.1.0");
    }

    @Test
    @DisplayName("an explanation assertion checks the steps in the order they lift")
    void explanations() {
        var why = DEMO.explain("dev-eu-ml-1", NOW);
        assertThat(why).hasSteps("FROZEN", "EXCLUDED", "OUTSIDE_WINDOW")
                .stepLiftsAt("FROZEN", Instant.parse("2026-12-17T21:30:00Z"))
                .mentions("training");
        assertThatThrownBy(() -> assertThat(why).hasSteps("WINDOW")).hasMessageStartingWith(
                "Expected the explanation of dev-eu-ml-1 to have the steps [WINDOW], but its steps are [FROZEN, EXCLUDED,"
                        + " OUTSIDE_WINDOW]:\n"
                        + "  dev-eu-ml-1: 20.0.2 → 20.1.0 (minor)");
    }

    @Test
    @DisplayName("the demo's policies hold: staging soaks before prod, no minor upgrade in the year-end exclusion,"
            + " at most two at once per region")
    void demoPoliciesHold() {
        Rollout rollout = DEMO.simulate(NOW, UNTIL);
        assertThat(rollout).upgradedBefore("staging-*", "prod-*", Duration.ofHours(48))
                .upgradedBefore("dev-*", "staging-*", Duration.ofHours(24))
                .neverUpgradesDuring("year-end")
                .hasNoFailures()
                .upgradesEveryCluster("staging-*");
        assertThat(rollout).atMostConcurrently(3).per("region");
        assertThat(rollout).cluster("staging-eu-platform-1").startsBetween(Instant.parse("2027-01-11T00:00:00Z"),
                Instant.parse("2027-01-12T00:00:00Z"));
    }

    @Test
    @DisplayName("a rollout that breaks a soak policy names each cluster that started too early, when, and after whom")
    void aBrokenSoakIsNamed() {
        TestFleet hasty = DEMO.toBuilder()
                .upgrade("data-follows-stable", u -> u.stage("canary", s -> s.soak(Duration.ofHours(1)))).build();

        assertThatThrownBy(() -> assertThat(hasty.simulate(NOW, UNTIL))
                .upgradedBefore("staging-*", "prod-*", Duration.ofHours(48)))
                .hasMessageStartingWith("Expected every prod-* cluster to start upgrading at least 48h after every"
                        + " staging-* cluster of the same upgrade finished, but")
                .hasMessageContaining("prod-us-data-1 started 20.0.2 → 20.1.1 (data-follows-stable) at")
                .hasMessageContaining("after staging-us-data-1 finished at");
    }

    @Test
    @DisplayName("a concurrency limit that is broken names the clusters that ran together")
    void concurrency() {
        Rollout rollout = DEMO.simulate(NOW, UNTIL);
        assertThatThrownBy(() -> assertThat(rollout).atMostConcurrently(1).among("dev-eu-*"))
                .hasMessageStartingWith("Expected at most 1 dev-eu-* upgrades at once, but more ran together:\n  2 at");
        assertThatThrownBy(() -> assertThat(rollout.simulation()).atMostConcurrently(1).per("region"))
                .hasMessageContaining("knows no labels");
    }

    @Test
    @DisplayName("history assertions: valid histories pass, each broken rule is named with its entry")
    void histories() {
        TestWorld world = TestWorld.of(Worlds.small(), Worlds.T0);
        world.probe().answer(FakeProbe.Script.succeedAfter(Duration.ofHours(1)));
        world.runUntil(Worlds.T0.plus(Duration.ofDays(1)));
        assertThat(world.history()).isValid().cluster("b").reached("20.1.0").startedAttempts(2);

        HistoryEntry published = new HistoryEntry(Worlds.T0, "x", "x:1..2#1", Version.parse("1.0.0"),
                Version.parse("2.0.0"), Optional.empty(), UpgradeState.IN_PROGRESS, "", List.of(), Step.PUBLISHED,
                HistoryEntry.Hop.only(Version.parse("2.0.0")), 1, List.of(), 0);
        assertThatThrownBy(() -> assertThatHistory(List.of(published)).isValid()).hasMessage("""
                Expected a valid history, but 1 rules are broken:
                  x:1..2#1 published at 2026-03-10T10:00:00Z: published without a journaled start""");
        assertThatThrownBy(() -> assertThat(world.history()).cluster("a").wentThrough(Step.STARTING))
                .hasMessageStartingWith("Expected a to go through [starting], but it went through [enrolled, starting,"
                        + " published, succeeded, finished]:\n  2026-03-10T10:00:00Z enrolled 20.0.0 → 20.1.0"
                        + " a:to-20.1@20.1.0/all\n  2026-03-10T10:00:00Z starting 20.0.0 → 20.1.0 a:20.0.0..20.1.0#1");
        assertThatThrownBy(() -> assertThat(world.history()).cluster("a").enrolledIn("prod"))
                .hasMessageStartingWith("Expected a to be enrolled in a run of stage prod, but it was enrolled in"
                        + " [to-20.1@20.1.0/all]");
    }
}
