package com.example.policies;

import static com.example.policies.DemoFleet.FLEET;
import static com.example.policies.DemoFleet.NOW;
import static com.example.policies.DemoFleet.UNTIL;
import static dev.upshift.testkit.assertions.UpshiftAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.Stage;
import dev.upshift.testkit.fleet.TestFleet;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What the policy tests say when someone breaks a policy: a copy of the fleet where a stage that
 * holds staging clusters soaks one hour instead of a day. The soak test fails, and its message is
 * kept in src/test/resources (docs/testing.md quotes that file).
 */
class BrokenPolicyTest {

    @Test
    @DisplayName("a one-hour soak in the data team's canary stage breaks the staging policy, and the failure says"
            + " which cluster upgraded too early, when, and after which staging cluster")
    void aHastySoakIsCaught() throws IOException {
        TestFleet hasty = FLEET.toBuilder()
                .upgrade("data-follows-stable", u -> u.stage("canary", s -> s.soak(Duration.ofHours(1))))
                .build();

        assertThatThrownBy(() -> assertThat(hasty.simulate(NOW, UNTIL))
                .upgradedBefore("staging-*", "prod-*", Duration.ofHours(48)))
                .isInstanceOf(AssertionError.class)
                .hasMessage(expected("broken-soak-message.txt"));
    }

    @Test
    @DisplayName("a one-hour soak in fleet-to-20.1's staging stage is caught by the simulation as well, and by a"
            + " check of the configuration")
    void aSimulationTestsBehaviourNotConfiguration() {
        TestFleet hasty = FLEET.toBuilder()
                .upgrade("fleet-to-20.1", u -> u.stage("staging", s -> s.soak(Duration.ofHours(1))))
                .build();

        assertThatThrownBy(() -> assertThat(hasty.simulate(NOW, UNTIL))
                .upgradedBefore("staging-*", "prod-*", Duration.ofHours(48)))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("prod-eu-checkout-1 started 19.2.4 → 20.0.2 (fleet-to-20.1) at 2027-01-11T21:00:00Z");
        ClusterUpgrade rollout = hasty.contents().upgrades().items().stream()
                .filter(u -> u.name().equals("fleet-to-20.1")).findFirst().orElseThrow();
        assertThat(rollout.stages()).filteredOn(s -> s.name().equals("staging")).extracting(Stage::soak)
                .allSatisfy(soak -> assertThat(soak).isLessThan(Duration.ofHours(48)));
    }

    private static String expected(String resource) throws IOException {
        try (InputStream in = BrokenPolicyTest.class.getResourceAsStream("/" + resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).stripTrailing();
        }
    }
}
