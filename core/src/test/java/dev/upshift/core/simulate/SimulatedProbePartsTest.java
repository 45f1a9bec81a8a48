package dev.upshift.core.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.InMemoryHistoryStore;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradePart;
import dev.upshift.spi.UpgradeState;
import dev.upshift.spi.UpgradeStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The simulated probe asked about the parts of a hop in two parts: the control plane is done halfway
 * through the hop's expected run, the workers' part ends as the whole hop does, under the hop's draw.
 */
class SimulatedProbePartsTest {
    private static final Instant T0 = Instant.parse("2026-03-10T10:00:00Z");
    private static final String KEY = "c1:20.0.0..20.1.0#1";

    private final InMemoryHistoryStore history = new InMemoryHistoryStore();
    private final ManagedCluster cluster = ManagedCluster.builder("c1").infrastructure("aws").release("20.0.0").build();
    private final PreparedFleet fleet = Planner.standard().prepare(new PlanInput(ReleaseCatalog.of(List.of(
            Release.builder("20.0.0").component("kubernetes", "1.29.2").build(),
            Release.builder("20.1.0").component("kubernetes", "1.30.1").build())), List.of(cluster), List.of(),
            List.of(ClusterUpgrade.builder("to-20.1").release("20.1.0").matcher(ClusterMatcher.clusterIdRegex(".*"))
                    .expectedDuration(Duration.ofHours(2)).build()), List.of()));

    private Upgrade part(UpgradePart which) {
        return new Upgrade(KEY + "/" + which.word(), cluster, Version.parse("20.0.0"), Version.parse("20.1.0"),
                Optional.of("to-20.1"));
    }

    private UpgradeStatus probe(double failureRate, UpgradePart which, Duration after) {
        return new SimulatedProbe(history, () -> fleet, 7, failureRate).probe(part(which), which, T0.plus(after));
    }

    @Test
    @DisplayName("the control plane is done halfway through the expected run and never fails; the workers end with the hop")
    void parts() {
        assertThat(probe(0, UpgradePart.CONTROL_PLANE, Duration.ZERO).condition().message()).isEqualTo("not started yet");
        history.append(new HistoryEntry(T0, "c1", KEY, Version.parse("20.0.0"), Version.parse("20.1.0"),
                Optional.of("to-20.1"), UpgradeState.IN_PROGRESS, "", List.of(), HistoryEntry.Step.STARTING,
                HistoryEntry.Hop.only(Version.parse("20.1.0")), 1, List.of(), 0));

        assertThat(probe(0, UpgradePart.CONTROL_PLANE, Duration.ofMinutes(59))).isInstanceOf(UpgradeStatus.InProgress.class);
        UpgradeStatus half = probe(1, UpgradePart.CONTROL_PLANE, Duration.ofMinutes(60));
        assertThat(half).isInstanceOf(UpgradeStatus.Succeeded.class);
        assertThat(half.condition().lastTransitionTime()).isEqualTo(T0.plus(Duration.ofHours(1)));
        assertThat(probe(0, UpgradePart.WORKERS, Duration.ofMinutes(119))).isInstanceOf(UpgradeStatus.InProgress.class);
        assertThat(probe(0, UpgradePart.WORKERS, Duration.ofHours(2))).isInstanceOf(UpgradeStatus.Succeeded.class);
        assertThat(probe(1, UpgradePart.WORKERS, Duration.ofHours(2))).as("the hop's draw decides at its end")
                .isInstanceOf(UpgradeStatus.Failed.class);
    }
}
