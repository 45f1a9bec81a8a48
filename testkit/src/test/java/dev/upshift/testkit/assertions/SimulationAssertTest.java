package dev.upshift.testkit.assertions;

import static dev.upshift.testkit.assertions.UpshiftAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.core.plan.PlanKind;
import dev.upshift.schedule.Interval;
import dev.upshift.testkit.fleet.Rollout;
import dev.upshift.testkit.fleet.TestFleet;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The rollout assertions on a fleet whose timeline is known: no schedules, upgrades of one hour,
 * staging (s1, s2) at T0, a 48-hour soak, then production (p1, p2, p3, three at once) at T0 + 49h;
 * a second intent moves x-staging and x-prod together, with no stages.
 */
class SimulationAssertTest {
    private static final Instant T0 = Instant.parse("2026-03-02T08:00:00Z");
    private static final Rollout ROLLOUT = fleet(Duration.ofHours(48)).simulate(T0, T0.plus(Duration.ofDays(7)));

    static TestFleet fleet(Duration soak) {
        return TestFleet.builder()
                .release("1.0.0", r -> r.kubernetes("1.29.0"))
                .release("1.1.0", r -> r.kubernetes("1.30.0").upgradesFrom(">=1.0.0"))
                .cluster("s1", c -> c.release("1.0.0").label("stage", "staging").label("region", "eu"))
                .cluster("s2", c -> c.release("1.0.0").label("stage", "staging").label("region", "us"))
                .cluster("p1", c -> c.release("1.0.0").label("stage", "prod").label("region", "eu"))
                .cluster("p2", c -> c.release("1.0.0").label("stage", "prod").label("region", "eu"))
                .cluster("p3", c -> c.release("1.0.0").label("stage", "prod").label("region", "us"))
                .cluster("x-staging", c -> c.release("1.0.0").label("team", "x"))
                .cluster("x-prod", c -> c.release("1.0.0").label("team", "x"))
                .upgrade("main", u -> u.release("1.1.0").matchLabelRegex("stage", "staging|prod")
                        .expectedDuration(Duration.ofHours(1))
                        .stage("staging", s -> s.matchLabel("stage", "staging").soak(soak))
                        .stage("prod", s -> s.matchLabel("stage", "prod").maxConcurrent(3)))
                .upgrade("team-x", u -> u.release("1.1.0").matchLabel("team", "x").expectedDuration(Duration.ofHours(1)))
                .build();
    }

    @Test
    @DisplayName("upgradedBefore holds at the soak, compares clusters of one intent only, and names each early start")
    void upgradedBefore() {
        assertThat(ROLLOUT).upgradedBefore("s*", "p*", Duration.ofHours(48));

        assertThatThrownBy(() -> assertThat(ROLLOUT).upgradedBefore("s*", "p*", Duration.ofHours(49)))
                .hasMessage("""
                        Expected every p* cluster to start upgrading at least 49h after every s* cluster of the same\
                         upgrade finished, but 6 upgrades started too early:
                          p1 started 1.0.0 → 1.1.0 (main) at 2026-03-04T09:00:00Z, 48h after s1 finished at 2026-03-02T09:00:00Z
                          p1 started 1.0.0 → 1.1.0 (main) at 2026-03-04T09:00:00Z, 48h after s2 finished at 2026-03-02T09:00:00Z
                          p2 started 1.0.0 → 1.1.0 (main) at 2026-03-04T09:00:00Z, 48h after s1 finished at 2026-03-02T09:00:00Z
                          p2 started 1.0.0 → 1.1.0 (main) at 2026-03-04T09:00:00Z, 48h after s2 finished at 2026-03-02T09:00:00Z
                          p3 started 1.0.0 → 1.1.0 (main) at 2026-03-04T09:00:00Z, 48h after s1 finished at 2026-03-02T09:00:00Z
                          p3 started 1.0.0 → 1.1.0 (main) at 2026-03-04T09:00:00Z, 48h after s2 finished at 2026-03-02T09:00:00Z
                        (simulated from 2026-03-02T08:00:00Z to 2026-03-04T10:00:00Z)""");
        assertThatThrownBy(() -> assertThat(ROLLOUT).upgradedBefore("*staging", "*prod", Duration.ofHours(48)))
                .hasMessageContaining("1 upgrade started too early:\n  x-prod started 1.0.0 → 1.1.0 (team-x) at"
                        + " 2026-03-02T08:00:00Z, before x-staging finished (at 2026-03-02T09:00:00Z)\n");
        assertThatThrownBy(() -> assertThat(ROLLOUT).upgradedBefore("s1", "x-prod", Duration.ofHours(1)))
                .hasMessageContaining("but no upgrade of the simulation selects clusters of both");
    }

    @Test
    @DisplayName("concurrency is counted at every start, in total, per label value and among a pattern")
    void concurrency() {
        assertThat(ROLLOUT).atMostConcurrently(3).among("p*").atMostConcurrently(2).per("region")
                .atMostConcurrently(4).inTotal();

        assertThatThrownBy(() -> assertThat(ROLLOUT).atMostConcurrently(2).among("p*")).hasMessage("""
                Expected at most 2 p* upgrades at once, but more ran together:
                  3 at 2026-03-04T09:00:00Z: p1 (2026-03-04T09:00:00Z–2026-03-04T10:00:00Z),\
                 p2 (2026-03-04T09:00:00Z–2026-03-04T10:00:00Z), p3 (2026-03-04T09:00:00Z–2026-03-04T10:00:00Z)
                (simulated from 2026-03-02T08:00:00Z to 2026-03-04T10:00:00Z)""");
        assertThatThrownBy(() -> assertThat(ROLLOUT).atMostConcurrently(1).per("region"))
                .hasMessageContaining("region=eu: 2 at 2026-03-04T09:00:00Z: p1");
        assertThatThrownBy(() -> assertThat(ROLLOUT).atMostConcurrently(3).inTotal()).hasMessageContaining("4 at");
        assertThat(ROLLOUT).atMostConcurrently(1).of(PlanKind.PATCH).inTotal();
    }

    @Test
    @DisplayName("an interval nothing may run in names every upgrade that overlaps it, of the kinds asked")
    void intervals() {
        Interval prodDay = new Interval(Instant.parse("2026-03-04T00:00:00Z"), Instant.parse("2026-03-05T00:00:00Z"));
        assertThat(ROLLOUT).neverUpgradesDuring(prodDay, PlanKind.PATCH)
                .neverUpgradesDuring(new Interval(T0.plus(Duration.ofHours(2)), prodDay.start()));

        assertThatThrownBy(() -> assertThat(ROLLOUT).neverUpgradesDuring(prodDay, PlanKind.MINOR))
                .hasMessageStartingWith("Expected no minor upgrade during 2026-03-04T00:00:00Z/2026-03-05T00:00:00Z,"
                        + " but 3 ran then:\n  p1 1.0.0 → 1.1.0 (minor) 2026-03-04T09:00:00Z–2026-03-04T10:00:00Z succeeded");
        assertThatThrownBy(() -> assertThat(ROLLOUT).neverUpgradesDuring("year-end"))
                .hasMessageContaining("no simulated schedule has an exclusion of that name");
    }

    @Test
    @DisplayName("a cluster's part of the rollout: when it started, how it ended")
    void oneCluster() {
        assertThat(ROLLOUT).cluster("p1").startsAt(Instant.parse("2026-03-04T09:00:00Z"))
                .endsAs(dev.upshift.spi.UpgradeState.SUCCEEDED).wasHeldBackBy("WAITING_STAGE");
        assertThat(ROLLOUT).upgradesEveryCluster("*").hasNoFailures()
                .finishesBy("*", Instant.parse("2026-03-04T10:00:00Z"));
        assertThatThrownBy(() -> assertThat(ROLLOUT).cluster("p1").startsAt(T0)).hasMessageStartingWith(
                "Expected p1 to start upgrading at 2026-03-02T08:00:00Z, but it started at 2026-03-04T09:00:00Z"
                        + " (simulated from 2026-03-02T08:00:00Z to 2026-03-04T10:00:00Z):\n  p1 1.0.0 → 1.1.0");
        assertThatThrownBy(() -> assertThat(ROLLOUT).finishesBy("p*", Instant.parse("2026-03-03T00:00:00Z")))
                .hasMessageContaining("but 3 did not");
    }
}
