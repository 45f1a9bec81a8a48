package dev.upshift.bench;

import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.spi.Reason;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.lang.ref.Reference;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Plans a generated fleet once and prints the heap it takes: the input retained after reading,
 * the plan retained beside it, and the peak while planning (the sum of the heap pools' peaks, an
 * upper bound). Then it plans the fleet again a few times and prints where a plan's time goes, in
 * CPU time of the planning thread (which a busy machine inflates less than elapsed time):
 * preparing the fleet (selection, stages, targets), the first round (paths and merges found and
 * kept) and a later round (what {@code planPrepared} measures). Run it under the heap the planner
 * must fit in:
 *
 * <pre>{@code
 * java -Xmx1g -cp bench/target/benchmarks.jar dev.upshift.bench.FleetPlanHeap 100000
 * }</pre>
 *
 * <p>It also prints the plan's states and reason codes, to show what the generated fleet exercises.
 */
public final class FleetPlanHeap {
    private static final double MIB = 1024.0 * 1024.0;

    private FleetPlanHeap() {}

    public static void main(String[] args) {
        int clusters = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        try (GeneratedFleet fleet = GeneratedFleet.create(FleetGenerator.Shape.of(clusters))) {
            System.out.println("generated " + fleet);
            long empty = usedAfterGc();
            resetPeaks();
            long t0 = System.nanoTime();
            PlanInput input = fleet.readChecked();
            long t1 = System.nanoTime();
            long readPeak = peak();
            long withInput = usedAfterGc();
            resetPeaks();
            long t2 = System.nanoTime();
            Plan plan = Planner.standard().plan(input, FleetGenerator.NOW);
            long t3 = System.nanoTime();
            long planPeak = peak();
            long withPlan = usedAfterGc();
            System.out.printf(Locale.ROOT, "read %s in %.2f s; plan in %.2f s (one cold run each)%n", input,
                    (t1 - t0) / 1e9, (t3 - t2) / 1e9);
            System.out.printf(Locale.ROOT, "heap: %.1f MiB before reading; input retained %.1f MiB; plan retained %.1f MiB;"
                    + " peak while reading %.1f MiB; peak while planning %.1f MiB; max heap %.1f MiB%n", empty / MIB,
                    (withInput - empty) / MIB, (withPlan - withInput) / MIB, readPeak / MIB, planPeak / MIB,
                    Runtime.getRuntime().maxMemory() / MIB);
            System.out.println("states: " + plan.counts());
            System.out.println("reasons: " + reasons(plan));
            System.out.println("problems: " + plan.problems().size());
            phases(input);
            Reference.reachabilityFence(input);
            Reference.reachabilityFence(plan);
        }
    }

    /** Five warm runs of each phase; prints the fastest of each, in CPU milliseconds of this thread. */
    private static void phases(PlanInput input) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] best = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
        for (int i = 0; i < 6; i++) {
            long t0 = threads.getCurrentThreadCpuTime();
            PreparedFleet prepared = Planner.standard().prepare(input);
            long t1 = threads.getCurrentThreadCpuTime();
            prepared.plan(FleetGenerator.NOW);
            long t2 = threads.getCurrentThreadCpuTime();
            prepared.plan(FleetGenerator.NOW.plus(Duration.ofHours(6)));
            long t3 = threads.getCurrentThreadCpuTime();
            if (i > 0) {
                best[0] = Math.min(best[0], t1 - t0);
                best[1] = Math.min(best[1], t2 - t1);
                best[2] = Math.min(best[2], t3 - t2);
            }
        }
        System.out.printf(Locale.ROOT, "cpu: prepare %.0f ms; first round %.0f ms; later round %.0f ms (fastest of 5)%n",
                best[0] / 1e6, best[1] / 1e6, best[2] / 1e6);
    }

    private static Map<String, Integer> reasons(Plan plan) {
        Map<String, Integer> out = new TreeMap<>();
        for (PlanEntry e : plan.entries()) {
            for (Reason r : e.reasons()) {
                out.merge(r.code(), 1, Integer::sum);
            }
            if (e.endOfLife().isPresent()) {
                out.merge("(past end of life)", 1, Integer::sum);
            }
        }
        return out;
    }

    private static long usedAfterGc() {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            Runtime rt = Runtime.getRuntime();
            used = Math.min(used, rt.totalMemory() - rt.freeMemory());
        }
        return used;
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                pool.resetPeakUsage();
            }
        }
    }

    private static long peak() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }
}
