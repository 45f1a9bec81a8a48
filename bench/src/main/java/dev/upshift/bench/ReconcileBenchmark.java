package dev.upshift.bench;

import dev.upshift.core.engine.Engine;
import dev.upshift.core.engine.FleetReading;
import dev.upshift.core.engine.Reconciliation;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.testkit.fake.FakeHistory;
import dev.upshift.testkit.fake.FakeHook;
import dev.upshift.testkit.fake.FakeProbe;
import dev.upshift.testkit.fake.FakePublisher;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 19: one engine reconcile over a generated fleet with nothing due, against the prepared
 * re-plan of the same fleet with the same history at the same instant, in the same run (target: at
 * most 2x, under 1 s at 100,000 clusters).
 *
 * <p>"Nothing due": a before-hook held every ready cluster for a year in a first reconcile (its
 * {@code held} entries are the history), so that the measured reconcile reads the history, plans,
 * and finds no step to take, which is what a controller's periodic reconcile does most of the time.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgs = {"-Xmx2g"})
public class ReconcileBenchmark {

    /** The fleet prepared, an engine over it, and its history after the first reconcile. */
    @State(Scope.Benchmark)
    public static class Steady {
        @Param({"10000", "100000"})
        int clusters;

        PreparedFleet prepared;
        Engine engine;
        List<HistoryEntry> history;
        Instant now = FleetGenerator.NOW;

        @Setup(Level.Trial)
        public void setUp() {
            try (GeneratedFleet fleet = GeneratedFleet.create(FleetGenerator.Shape.of(clusters))) {
                prepared = Planner.standard().prepare(fleet.readChecked());
            }
            FakeHistory store = new FakeHistory();
            FakeHook hold = new FakeHook().holdBefore(Duration.ofDays(365));
            engine = Engine.builder()
                    .fleet(() -> FleetReading.of(prepared))
                    .history(store)
                    .publisher(new FakePublisher())
                    .probe(new FakeProbe().answer(FakeProbe.Script.stayInProgress()))
                    .addHook("hold", hold)
                    .build();
            Reconciliation first = engine.reconcile(now);
            if (engine.reconcile(now).changed()) {
                throw new IllegalStateException("a second reconcile at one instant recorded something");
            }
            history = store.all();
            System.out.println("held " + first.recorded().size() + " ready clusters");
        }
    }

    @Benchmark
    public Reconciliation reconcile(Steady s) {
        return s.engine.reconcile(s.now);
    }

    @Benchmark
    public Plan planPrepared(Steady s) {
        return s.prepared.plan(s.now, s.history);
    }
}
