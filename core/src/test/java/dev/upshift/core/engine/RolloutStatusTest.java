package dev.upshift.core.engine;

import static dev.upshift.core.engine.World.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.engine.RolloutStatus.StageOutcome;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeCondition.Type;
import dev.upshift.spi.UpgradeStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class RolloutStatusTest {
    private static final Duration HOUR = Duration.ofHours(1);

    /** dev-1 succeeds after an hour, dev-2 fails after an hour; one stage tolerating {@code maxFailures}. */
    private static World world(int maxFailures) {
        World w = new World().cluster("dev-1", "20.0.0").cluster("dev-2", "20.0.0")
                .intent(ClusterUpgrade.builder("to-20.1.0").release("20.1.0").matcher(ClusterMatcher.clusterIdRegex(".*"))
                        .expectedDuration(HOUR)
                        .stage(Stage.of("all", ClusterMatcher.clusterIdRegex(".*")).withMaxFailures(maxFailures)));
        w.answers = (u, now) -> now.isBefore(w.startOf(u.id()).plus(HOUR)) ? UpgradeStatus.inProgress("Rolling",
                "2 of 3 machines upgraded", now)
                : u.cluster().id().equals("dev-2") ? UpgradeStatus.failed("DrainTimeout", "node w-1 did not drain", now)
                        : UpgradeStatus.succeeded("Upgraded", "", now);
        return w;
    }

    private static RolloutStatus status(World w, Engine engine, Instant at) {
        engine.reconcile(at);
        return RolloutStatus.of(w.fleet().plan(at, w.history.all(), w.publisher.releases), w.history.all(),
                List.of(w.intent));
    }

    @Test
    @DisplayName("before anything starts the stage is pending and no cluster has a condition")
    void pending() {
        World w = world(1);
        RolloutStatus s = RolloutStatus.of(w.fleet().plan(T0, List.of()), List.of(), List.of(w.intent));

        assertThat(s.clusters()).isEmpty();
        assertThat(s.stage("to-20.1.0", "all").orElseThrow()).satisfies(st -> {
            assertThat(st.outcome()).isEqualTo(StageOutcome.PENDING);
            assertThat(st.clusters()).isEqualTo(2);
            assertThat(st.waiting()).isEqualTo(2);
        });
    }

    @Test
    @DisplayName("an upgrade in flight is UpgradeInProgress from its start; its stage is in progress")
    void inProgress() {
        World w = world(1);
        Engine engine = w.engine().build();
        RolloutStatus s = status(w, engine, T0);

        assertThat(s.cluster("dev-1").orElseThrow()).satisfies(c -> {
            assertThat(c.condition().type()).isEqualTo(Type.UPGRADE_IN_PROGRESS);
            assertThat(c.condition().reason()).isEqualTo("Upgrading");
            assertThat(c.condition().lastTransitionTime()).isEqualTo(T0);
            assertThat(c.triggeredAt()).isEqualTo(T0);
            assertThat(c.finishedAt()).isEmpty();
            assertThat(c.upgradeId()).isEqualTo("dev-1:20.0.0..20.1.0#1");
            assertThat(c.stage()).contains("all");
        });
        assertThat(s.stage("to-20.1.0", "all").orElseThrow().outcome()).isEqualTo(StageOutcome.IN_PROGRESS);
    }

    @Test
    @DisplayName("a stage whose failures stay within its budget completes within budget, not succeeded")
    void completedWithinBudget() {
        World w = world(1);
        Engine engine = w.engine().build();
        engine.reconcile(T0);
        RolloutStatus s = status(w, engine, T0.plus(HOUR));

        assertThat(s.cluster("dev-1").orElseThrow().condition()).satisfies(c -> {
            assertThat(c.type()).isEqualTo(Type.UPGRADE_SUCCEEDED);
            assertThat(c.lastTransitionTime()).isEqualTo(T0.plus(HOUR));
        });
        assertThat(s.cluster("dev-2").orElseThrow()).satisfies(c -> {
            assertThat(c.condition().type()).isEqualTo(Type.UPGRADE_FAILED);
            assertThat(c.condition().reason()).isEqualTo(EngineReasons.UPGRADE_FAILED);
            assertThat(c.condition().message()).contains("20.0.0 → 20.1.0", "DrainTimeout", "node w-1 did not drain");
            assertThat(c.finishedAt()).contains(T0.plus(HOUR));
        });
        assertThat(s.stage("to-20.1.0", "all").orElseThrow()).satisfies(st -> {
            assertThat(st.outcome()).isEqualTo(StageOutcome.COMPLETED_WITHIN_BUDGET);
            assertThat(st.outcome().word()).isEqualTo("completedWithinBudget");
            assertThat(st.done()).isEqualTo(1);
            assertThat(st.failed()).isEqualTo(1);
        });
    }

    @Test
    @DisplayName("one failure more than the budget halts the stage")
    void halted() {
        World w = world(0);
        Engine engine = w.engine().build();
        engine.reconcile(T0);

        assertThat(status(w, engine, T0.plus(HOUR)).stage("to-20.1.0", "all").orElseThrow().outcome())
                .isEqualTo(StageOutcome.HALTED);
    }

    @Test
    @DisplayName("a stage whose every cluster reached the target succeeded")
    void succeeded() {
        World w = new World().cluster("dev-1", "20.0.0").intent(World.upgradeTo("20.1.0")
                .stage(Stage.of("all", ClusterMatcher.clusterIdRegex(".*")))).succeedAfter(HOUR);
        Engine engine = w.engine().build();
        engine.reconcile(T0);

        assertThat(status(w, engine, T0.plus(HOUR)).stage("to-20.1.0", "all").orElseThrow().outcome())
                .isEqualTo(StageOutcome.SUCCEEDED);
    }
}
