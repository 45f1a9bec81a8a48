package dev.upshift.bench;

import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.core.simulate.SimulationSettings;
import dev.upshift.core.simulate.Simulator;
import java.time.Duration;
import java.time.Instant;
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
 * Issue 19: simulating a generated fleet over nine weeks (the engine on a virtual clock with the
 * simulated probe, {@code upshift simulate}) against one plan of the same prepared fleet at the
 * first instant, in the same run, in a 2 GiB heap (target: at most 10 times the plan): {@code plan}
 * single shots as the simulation, {@code planWarm} averaged once compiled.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgs = {"-Xmx2g"})
public class SimulationBenchmark {
    static final Duration RANGE = Duration.ofDays(63);

    /** The fleet, prepared once. */
    @State(Scope.Benchmark)
    public static class Fleet {
        @Param({"10000", "100000"})
        int clusters;

        PreparedFleet prepared;
        SimulationSettings settings;

        @Setup(Level.Trial)
        public void setUp() {
            try (GeneratedFleet fleet = GeneratedFleet.create(FleetGenerator.Shape.of(clusters))) {
                prepared = Planner.standard().prepare(fleet.readChecked());
            }
            Instant from = FleetGenerator.NOW;
            settings = SimulationSettings.between(from, from.plus(RANGE)).withSeed(7).withFailureRate(0.02)
                    .withMaxSteps(100_000);
            Simulation once = Simulator.run(prepared, settings);
            System.out.println("simulated " + clusters + " clusters: " + once.steps().size() + " steps, "
                    + once.upgrades().size() + " upgrades, " + once.summary());
        }
    }

    @Benchmark
    public Simulation simulate(Fleet f) {
        return Simulator.run(f.prepared, f.settings);
    }

    /** One plan, cold as the simulation's single shot is: the measure. */
    @Benchmark
    public Plan plan(Fleet f) {
        return f.prepared.plan(f.settings.from(), f.prepared.input().history());
    }

    /** The same plan once the JIT has compiled it: the stricter reference, a warm plan's cost. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @Warmup(iterations = 5, time = 2)
    @Measurement(iterations = 5, time = 2)
    public Plan planWarm(Fleet f) {
        return f.prepared.plan(f.settings.from(), f.prepared.input().history());
    }
}
