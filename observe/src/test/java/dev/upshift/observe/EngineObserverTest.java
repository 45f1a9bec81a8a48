package dev.upshift.observe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.engine.EngineObserver;
import dev.upshift.core.engine.Reconciliation;
import dev.upshift.testkit.TestWorld;
import dev.upshift.testkit.fake.FakeProbe;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Core's EngineObserver as the front builder wires it: told of every reconcile and every append. */
class EngineObserverTest {
    @Test
    @DisplayName("an observer is told each reconcile's start and end, and each append to the history, in order")
    void toldInOrder() {
        List<String> told = new ArrayList<>();
        EngineObserver o = new EngineObserver() {
            @Override
            public void reconciling(Instant now) {
                told.add("reconciling " + now);
            }

            @Override
            public void reconciled(Reconciliation done) {
                told.add("reconciled " + done.recorded().size());
            }

            @Override
            public void historyAppended(int entries, Duration took, boolean failed) {
                told.add("appended " + entries + (failed ? " failed" : ""));
            }
        };
        TestWorld world = TestWorld.of(UpshiftMetricsTest.fleet(), UpshiftMetricsTest.START)
                .configure(b -> b.addObserver(o));
        world.probe().answer(FakeProbe.Script.succeedAfter(Duration.ofHours(2)));

        Reconciliation first = world.reconcile();

        assertThat(told.get(0)).isEqualTo("reconciling " + UpshiftMetricsTest.START);
        assertThat(told.get(told.size() - 1)).isEqualTo("reconciled " + first.recorded().size());
        assertThat(told.stream().filter(t -> t.startsWith("appended ")).mapToInt(t -> Integer.parseInt(t.split(" ")[1]))
                .sum()).as("every entry recorded was appended, timed").isEqualTo(first.recorded().size());
        assertThat(world.history().groups()).isEqualTo((int) told.stream().filter(t -> t.startsWith("appended")).count());
    }

    @Test
    @DisplayName("an observer that throws holds nothing up: the engine records as it would without it")
    void throwingObserverIsDropped() {
        EngineObserver broken = new EngineObserver() {
            @Override
            public void reconciled(Reconciliation done) {
                throw new IllegalStateException("broken dashboard");
            }

            @Override
            public void historyAppended(int entries, Duration took, boolean failed) {
                throw new IllegalStateException("broken dashboard");
            }
        };
        TestWorld calm = TestWorld.of(UpshiftMetricsTest.fleet(), UpshiftMetricsTest.START);
        TestWorld watched = TestWorld.of(UpshiftMetricsTest.fleet(), UpshiftMetricsTest.START)
                .configure(b -> b.addObserver(broken));
        for (TestWorld w : List.of(calm, watched)) {
            w.probe().answer(FakeProbe.Script.succeedAfter(Duration.ofHours(2)));
            w.runUntil(UpshiftMetricsTest.START.plus(Duration.ofDays(2)));
        }
        assertThat(watched.history().all()).isEqualTo(calm.history().all()).isNotEmpty();
    }
}
