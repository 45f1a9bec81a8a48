package dev.upshift.schedule;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the work handed to ical4j: the rules it was given and the instances it produced. Tests read
 * these counts to bound the work a schedule causes (DESIGN.md's rule: assert work done, never time
 * taken). Counting changes no result; the counts only ever grow.
 */
final class ExpansionWork {
    private static final LongAdder RULES = new LongAdder();
    private static final LongAdder INSTANCES = new LongAdder();

    private ExpansionWork() {}

    static void ruleBuilt() {
        RULES.increment();
    }

    static void instancesProduced(long n) {
        INSTANCES.add(n);
    }

    /** The counts so far. */
    static Snapshot snapshot() {
        return new Snapshot(RULES.sum(), INSTANCES.sum());
    }

    /**
     * Counts at one moment.
     *
     * @param rules how many ical4j rules were built (one to check each parsed rule, one per expansion)
     * @param instances how many instances ical4j produced
     */
    record Snapshot(long rules, long instances) {
        /** The work done since {@code earlier}. */
        Snapshot since(Snapshot earlier) {
            return new Snapshot(rules - earlier.rules, instances - earlier.instances);
        }
    }
}
