package dev.upshift.schedule;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the work of expanding recurrences: the expansions run and the instances they produced. Tests read
 * these counts to bound the work a schedule causes (DESIGN.md's rule: assert work done, never time
 * taken). Counting changes no result; the counts only ever grow.
 */
final class ExpansionWork {
    private static final LongAdder EXPANSIONS = new LongAdder();
    private static final LongAdder INSTANCES = new LongAdder();

    private ExpansionWork() {}

    static void expansionStarted() {
        EXPANSIONS.increment();
    }

    static void instancesProduced(long n) {
        INSTANCES.add(n);
    }

    /** The counts so far. */
    static Snapshot snapshot() {
        return new Snapshot(EXPANSIONS.sum(), INSTANCES.sum());
    }

    /**
     * Counts at one moment.
     *
     * @param expansions how many expansions ran (each asks a rule for its starts within a range)
     * @param instances how many instances they produced
     */
    record Snapshot(long expansions, long instances) {
        /** The work done since {@code earlier}. */
        Snapshot since(Snapshot earlier) {
            return new Snapshot(expansions - earlier.expansions, instances - earlier.instances);
        }
    }
}
