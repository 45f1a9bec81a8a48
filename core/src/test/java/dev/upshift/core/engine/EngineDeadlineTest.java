package dev.upshift.core.engine;

import static dev.upshift.core.engine.World.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.run.Deadlines;
import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.UpgradeStatus;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A call that hangs past its deadline is a fault like a call that throws: retried, never doubled. */
class EngineDeadlineTest {

    @Test
    @DisplayName("a publisher that hangs once is given up at its deadline and asked again with the same key")
    void hangingPublisher() throws InterruptedException {
        World w = new World().cluster("dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"));
        CountDownLatch release = new CountDownLatch(1);
        boolean[] hung = {false};
        ChangePublisher slowOnce = (u, c) -> {
            if (!hung[0]) {
                hung[0] = true;
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new IllegalStateException("interrupted while hanging");
            }
            return w.publisher.publish(u, c);
        };
        try (Deadlines deadlines = new Deadlines(Duration.ofMillis(200))) {
            Engine engine = w.engine().publisher(deadlines.publisher(slowOnce))
                    .probe(deadlines.probe((u, now) -> UpgradeStatus.inProgress("Rolling", "", now))).build();

            Reconciliation first = engine.reconcile(T0);
            assertThat(first.faults()).singleElement().satisfies(f -> {
                assertThat(f.site()).isEqualTo(CallSite.PUBLISH);
                assertThat(f.message()).contains("did not answer within");
            });
            release.countDown();

            engine.reconcile(T0.plusSeconds(60));
        }
        assertThat(w.steps("dev-1")).containsExactly("starting 20.0.0>20.1.0", "published 20.0.0>20.1.0");
        assertThat(w.publisher.hopsApplied.values()).containsExactly(1);
    }

    @Test
    @DisplayName("cut off at deadlines, a part hook stays a part hook and the probe is still asked per part")
    void partsThroughDeadlines() {
        World w = PartsWorld.cluster(PartsWorld.world(), "dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"));
        PartsWorld.Recorder hook = new PartsWorld.Recorder();
        try (Deadlines deadlines = new Deadlines(Duration.ofSeconds(5))) {
            Engine engine = w.engine().probe(deadlines.probe(PartsWorld.probe(w, Duration.ofMinutes(30),
                    Duration.ofMinutes(30)))).addHook("gate", deadlines.hook(hook)).build();
            for (int m = 0; m <= 60; m += 30) {
                engine.reconcile(T0.plus(Duration.ofMinutes(m)));
            }
        }
        assertThat(w.steps("dev-1")).containsExactly("starting 20.0.0>20.1.0", "published 20.0.0>20.1.0",
                "workersStarting 20.0.0>20.1.0", "workersPublished 20.0.0>20.1.0", "succeeded 20.0.0>20.1.0",
                "finished 20.0.0>20.1.0");
        assertThat(hook.calls).extracting(c -> c.substring(0, c.indexOf(' '))).containsExactly("beforeUpgrade",
                "beforeControlPlane", "afterControlPlane", "beforeWorkers", "afterWorkers", "afterUpgrade");
    }
}
