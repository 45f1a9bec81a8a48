package dev.upshift.bench;

import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 11: planning a generated fleet ({@link FleetGenerator}: 1,000 releases, 50 schedules, 20
 * intents) of 10,000 and 100,000 clusters, under at most 1 GiB of heap.
 *
 * <ul>
 *   <li>{@code plan}: {@code Planner.plan(input, now)} from the input in memory, preparation
 *       included (selection, stages, targets, the graph, the schedules' index, every path and merge).
 *   <li>{@code readFleet}, the baseline: reading the same fleet's YAML files into that input
 *       ({@code FleetFolder.read()} and {@code PlanInput.from}), all a plan needs before it starts.
 *   <li>{@code planPrepared}: what a simulation does at each step, a {@link PreparedFleet} asked
 *       for the plan at a later instant (its memos already filled by one plan).
 * </ul>
 *
 * <p>Each state generates its own copy of the fleet into a temporary folder at the start of a trial
 * and deletes it at the end, so that a benchmark's fork holds only what it measures.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgs = {"-Xmx1g"})
public class FleetPlanBenchmark {

    /** The fleet's files, for reading. */
    @State(Scope.Benchmark)
    public static class Files {
        @Param({"10000", "100000"})
        int clusters;

        GeneratedFleet fleet;

        @Setup(Level.Trial)
        public void setUp() {
            fleet = GeneratedFleet.create(FleetGenerator.Shape.of(clusters));
            fleet.readChecked();
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            fleet.close();
        }
    }

    /** The fleet read into memory, for planning. */
    @State(Scope.Benchmark)
    public static class Input {
        @Param({"10000", "100000"})
        int clusters;

        PlanInput input;

        @Setup(Level.Trial)
        public void setUp() {
            try (GeneratedFleet fleet = GeneratedFleet.create(FleetGenerator.Shape.of(clusters))) {
                input = fleet.readChecked();
            }
        }
    }

    /** The fleet prepared and planned once, for planning again at later instants. */
    @State(Scope.Benchmark)
    public static class Prepared {
        @Param({"10000", "100000"})
        int clusters;

        PreparedFleet prepared;
        Instant[] instants;
        int next;

        @Setup(Level.Trial)
        public void setUp() {
            try (GeneratedFleet fleet = GeneratedFleet.create(FleetGenerator.Shape.of(clusters))) {
                prepared = Planner.standard().prepare(fleet.readChecked());
            }
            prepared.plan(FleetGenerator.NOW);
            instants = new Instant[48];
            for (int i = 0; i < instants.length; i++) {
                instants[i] = FleetGenerator.NOW.plus(Duration.ofHours(6L * (i + 1)));
            }
        }
    }

    @Benchmark
    public Plan plan(Input in) {
        return Planner.standard().plan(in.input, FleetGenerator.NOW);
    }

    @Benchmark
    public PlanInput readFleet(Files files) {
        return files.fleet.read();
    }

    @Benchmark
    public Plan planPrepared(Prepared p) {
        Instant at = p.instants[p.next];
        p.next = (p.next + 1) % p.instants.length;
        return p.prepared.plan(at);
    }
}
