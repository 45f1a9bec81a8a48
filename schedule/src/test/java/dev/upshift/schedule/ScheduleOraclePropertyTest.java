package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.schedule.OracleComparison.Outcome;
import dev.upshift.schedule.OracleComparison.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The schedule index against an independent oracle ({@code dev.upshift.schedule.oracle}): random
 * schedules of random RFC 5545 rules in zones with unusual daylight-saving rules, read from
 * documents, indexed, and asked for their allowed intervals, under random default locales and
 * time zones (which must change nothing).
 *
 * <p>The build runs {@value #DEFAULT_EXAMPLES} cases. For a long run (docs/schedules.md):
 * <pre>
 * ./mvnw -B -o test -pl schedule -am -Dtest=ScheduleOraclePropertyTest -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dupshift.oracle.examples=50000
 * </pre>
 * {@code -Dupshift.oracle.replay=SEED} runs one case again; {@code -Dupshift.oracle.shrink=N}
 * shrinks up to N failing cases (default {@value #DEFAULT_SHRINK}) to a minimal one each.
 */
class ScheduleOraclePropertyTest {
    static final int DEFAULT_EXAMPLES = 300;
    static final int DEFAULT_SHRINK = 3;
    private static final int SHRINK_STEPS = 300;

    private record Failure(OracleCase original, OracleCase minimal, Outcome outcome) {}

    @Test
    @DisplayName("allowed intervals and next() agree with a brute-force RFC 5545 evaluator on thousands of random rules")
    void indexAgreesWithTheOracle() {
        int examples = Integer.getInteger("upshift.oracle.examples", DEFAULT_EXAMPLES);
        int shrink = Integer.getInteger("upshift.oracle.shrink", DEFAULT_SHRINK);
        Long replay = Long.getLong("upshift.oracle.replay");
        List<Failure> failures = new ArrayList<>();
        int[] tally = new int[Verdict.values().length];
        List<Long> failingSeeds = new ArrayList<>();
        Map<String, Integer> kinds = new TreeMap<>();
        qt().withExamples(replay != null ? 1 : examples).withShrinkCycles(0).forAll(longs().all()).checkAssert(drawn -> {
            long seed = replay != null ? replay : drawn;
            OracleCase c = OracleCases.generate(seed);
            Outcome outcome = OracleComparison.compare(c);
            tally[outcome.verdict().ordinal()]++;
            if (outcome.verdict() == Verdict.DISAGREE) {
                failingSeeds.add(seed);
                kinds.merge(outcome.kind(), 1, Integer::sum);
                if (failures.size() < shrink) {
                    OracleCase minimal = shrink(c);
                    failures.add(new Failure(c, minimal, OracleComparison.compare(minimal)));
                }
            }
        });
        StringBuilder report = new StringBuilder();
        report.append(tally[Verdict.DISAGREE.ordinal()]).append(" of ").append(replay != null ? 1 : examples)
                .append(" cases disagree ").append(kinds).append(" (").append(tally[Verdict.DISCARD.ordinal()])
                .append(" discarded); seeds ")
                .append(failingSeeds.subList(0, Math.min(20, failingSeeds.size()))).append('\n');
        for (Failure f : failures) {
            report.append("\n=== minimal case, shrunk from seed ").append(f.original().seed()).append(":\n")
                    .append(f.minimal()).append(f.outcome().detail()).append('\n');
        }
        assertThat(tally[Verdict.DISAGREE.ordinal()]).as(report.toString()).isZero();
        assertThat(tally[Verdict.DISCARD.ordinal()]).as("discarded cases").isLessThan(Math.max(2, examples / 4));
    }

    /** Simplifies a failing case step by step while it still fails. */
    private static OracleCase shrink(OracleCase c) {
        OracleCase current = c;
        String kind = OracleComparison.compare(c).kind();
        int steps = 0;
        boolean simpler = true;
        while (simpler && steps < SHRINK_STEPS) {
            simpler = false;
            for (OracleCase candidate : current.simplifications()) {
                if (++steps > SHRINK_STEPS) {
                    break;
                }
                Outcome outcome = OracleComparison.compare(candidate);
                if (outcome.verdict() == Verdict.DISAGREE && outcome.kind().equals(kind)) {
                    current = candidate;
                    simpler = true;
                    break;
                }
            }
        }
        return current;
    }
}
