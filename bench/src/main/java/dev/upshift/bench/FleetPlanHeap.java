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
 * upper bound). Then it reads and plans the fleet again a few times and prints the CPU time of
 * each, of the planning thread and of the whole process (which a busy machine inflates far less
 * than elapsed time), and where a plan's time goes: preparing the fleet (selection, stages,
 * targets), the first round (paths and merges found and kept) and a later round (what
 * {@code planPrepared} measures). Run it under the heap the planner must fit in:
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
            cpu(fleet, input);
            Reference.reachabilityFence(input);
            Reference.reachabilityFence(plan);
        }
    }

    /** CPU time of this thread and of the whole process (garbage collection and compilation included), in ns. */
    private record Cost(long thread, long process) {
        static Cost of(Runnable work) {
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            com.sun.management.OperatingSystemMXBean os =
                    (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            long t0 = threads.getCurrentThreadCpuTime();
            long p0 = os.getProcessCpuTime();
            work.run();
            return new Cost(threads.getCurrentThreadCpuTime() - t0, os.getProcessCpuTime() - p0);
        }

        Cost min(Cost other) {
            return thread <= other.thread ? this : other;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%6.0f ms thread, %6.0f ms process", thread / 1e6, process / 1e6);
        }
    }

    /**
     * Warm runs of reading, planning and each phase of a plan; prints the fastest of each (by the
     * planning thread's CPU time), which a busy machine inflates far less than elapsed time.
     */
    private static void cpu(GeneratedFleet fleet, PlanInput input) {
        Cost read = null;
        for (int i = 0; i < 3; i++) {
            Cost c = Cost.of(fleet::read);
            read = read == null ? c : read.min(c);
        }
        Cost plan = null;
        Cost prepare = null;
        Cost first = null;
        Cost later = null;
        for (int i = 0; i < 6; i++) {
            Cost c = Cost.of(() -> Planner.standard().plan(input, FleetGenerator.NOW));
            PreparedFleet[] prepared = new PreparedFleet[1];
            Cost p = Cost.of(() -> prepared[0] = Planner.standard().prepare(input));
            Cost f = Cost.of(() -> prepared[0].plan(FleetGenerator.NOW));
            Cost l = Cost.of(() -> prepared[0].plan(FleetGenerator.NOW.plus(Duration.ofHours(6))));
            if (i > 0) {
                plan = plan == null ? c : plan.min(c);
                prepare = prepare == null ? p : prepare.min(p);
                first = first == null ? f : first.min(f);
                later = later == null ? l : later.min(l);
            }
        }
        System.out.println("cpu, fastest warm run:");
        System.out.println("  read           " + read);
        System.out.println("  plan           " + plan);
        System.out.println("    prepare      " + prepare);
        System.out.println("    first round  " + first);
        System.out.println("  later round    " + later);
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
