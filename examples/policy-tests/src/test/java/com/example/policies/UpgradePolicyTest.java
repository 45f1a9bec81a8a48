package com.example.policies;

import static com.example.policies.DemoFleet.FLEET;
import static com.example.policies.DemoFleet.NOW;
import static com.example.policies.DemoFleet.WINTER;
import static dev.upshift.testkit.assertions.UpshiftAssertions.assertThat;

import dev.upshift.core.plan.PlanKind;
import dev.upshift.schedule.Interval;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The platform team's upgrade policies, checked against what Upshift would do with the fleet over
 * this winter: the rollout is simulated over the calendar, with the schedules, freezes and stages
 * the fleet's files set.
 */
class UpgradePolicyTest {

    @Test
    @DisplayName("production never upgrades before staging has soaked 48 hours")
    void stagingSoaksBeforeProduction() {
        assertThat(WINTER).upgradedBefore("staging-*", "prod-*", Duration.ofHours(48));
    }

    @Test
    @DisplayName("staging never upgrades before dev has soaked a day")
    void devSoaksBeforeStaging() {
        assertThat(WINTER).upgradedBefore("dev-*", "staging-*", Duration.ofHours(24));
    }

    @Test
    @DisplayName("no minor upgrade during the year-end exclusion of a schedule that has one")
    void noMinorUpgradesAtYearEnd() {
        assertThat(WINTER).neverUpgradesDuring("year-end");
    }

    @Test
    @DisplayName("no minor upgrade of any cluster on Christmas Eve and Christmas Day")
    void quietChristmas() {
        assertThat(WINTER).neverUpgradesDuring(new Interval(Instant.parse("2026-12-24T00:00:00Z"),
                Instant.parse("2026-12-26T00:00:00Z")), PlanKind.MINOR);
    }

    @Test
    @DisplayName("never more than two clusters of one region moving to a new release at once (configuration"
            + " changes, which no stage holds, aside)")
    void twoPerRegion() {
        assertThat(WINTER).atMostConcurrently(2).of(PlanKind.PATCH, PlanKind.MINOR, PlanKind.MAJOR).per("region");
    }

    @Test
    @DisplayName("every European staging cluster is upgraded in the second week of January, once dev is done")
    void stagingBeforeChristmas() {
        assertThat(WINTER).finishesBy("staging-eu-*", Instant.parse("2027-01-12T00:00:00Z"))
                .upgradesEveryCluster("staging-eu-*");
    }

    @Test
    @DisplayName("today: dev goes first, staging waits for it, and the cluster nobody can upgrade is named")
    void today() {
        var plan = FLEET.plan(NOW);
        assertThat(plan).cluster("dev-eu-payments-1").isScheduledAt(Instant.parse("2026-12-14T21:00:00Z"));
        assertThat(plan).cluster("staging-eu-platform-1").isWaiting().hasReason("WAITING_STAGE");
        assertThat(plan).cluster("prod-eu-billing-1").isBlockedBy("NO_PATH");
    }

    @Test
    @DisplayName("the frozen ML cluster explains when it will move")
    void theFreezeLifts() {
        assertThat(FLEET.explain("dev-eu-ml-1", NOW)).hasSteps("FROZEN", "EXCLUDED", "OUTSIDE_WINDOW")
                .stepLiftsAt("FROZEN", Instant.parse("2026-12-17T21:30:00Z"));
    }
}
