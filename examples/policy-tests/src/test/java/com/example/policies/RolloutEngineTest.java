package com.example.policies;

import static dev.upshift.testkit.assertions.UpshiftAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.engine.CallSite;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.HookResult;
import dev.upshift.testkit.TestWorld;
import dev.upshift.testkit.fake.FakeHook;
import dev.upshift.testkit.fake.FakeProbe;
import dev.upshift.testkit.fake.FakePublisher;
import dev.upshift.testkit.junit.UpshiftExtension;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The engine carrying the fleet's plan out, with fakes for the GitOps repository (the publisher),
 * the clusters (the probe) and the change board (a hook), on a clock the test moves.
 */
class RolloutEngineTest {
    @RegisterExtension
    static final UpshiftExtension UPSHIFT = UpshiftExtension.withFleet(() -> DemoFleet.FLEET).startingAt(DemoFleet.NOW);

    @Test
    @DisplayName("the first reconcile starts two dev clusters (the stage's limit) and one configuration change,"
            + " and nothing else")
    void devFirstTwoAtATime(TestWorld world, FakeProbe probe) {
        probe.answer(FakeProbe.Script.succeedAfter(Duration.ofHours(2)));

        world.reconcile();

        assertThat(world.history()).isValid();
        assertThat(world.publisher().published()).extracting(u -> u.cluster().id() + " " + u.from() + " → " + u.to())
                .containsExactlyInAnyOrder("dev-eu-platform-1 20.1.0 → 20.1.0", "dev-eu-platform-2 20.0.2 → 20.1.0",
                        "dev-fra-logistics-1 20.0.2 → 20.1.0");
    }

    @Test
    @DisplayName("a GitOps repository that is down delays an upgrade by a reconcile; it never fails one")
    void anOutageIsNotAFailure(TestWorld world, FakePublisher publisher) {
        publisher.faults().saying("git push: connection refused").throwTimes(2);

        assertThat(world.reconcile()).hasFault(CallSite.PUBLISH, null);
        world.clock().advance(Duration.ofMinutes(5));
        world.reconcile();

        assertThat(world.history()).isValid();
        assertThat(world.history().all()).noneMatch(e -> e.step() == Step.FAILED);
        assertThat(publisher.published()).hasSize(3);
    }

    @Test
    @DisplayName("the change board holds every upgrade until it approves; the engine asks again when it was told to")
    void theChangeBoardHolds(TestWorld world, FakeHook board) {
        board.holdBefore(Duration.ofHours(1));

        var first = world.reconcile();

        assertThat(first.recorded()).extracting(e -> e.step()).containsOnly(Step.HELD);
        assertThat(first.nextWake()).contains(Instant.parse("2026-12-14T10:00:00Z"));
        board.beforeAlways(HookResult.proceed());
        world.clock().set(Instant.parse("2026-12-14T10:00:00Z"));
        assertThat(world.reconcile().recorded()).extracting(e -> e.step()).contains(Step.STARTING, Step.PUBLISHED);
    }
}
