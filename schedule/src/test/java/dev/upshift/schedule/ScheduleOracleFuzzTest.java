package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.upshift.schedule.OracleComparison.Outcome;
import dev.upshift.schedule.OracleComparison.Verdict;

/**
 * Coverage-guided differential fuzzing of schedules (Jazzer): the cases of
 * {@link ScheduleOraclePropertyTest} (random RFC 5545 rules in zones with unusual daylight-saving
 * rules, read from documents, indexed and queried), with every random choice taken from the
 * fuzzer's input, so that the fuzzer steers towards rules and ranges that reach new code. Upshift's
 * allowed intervals and {@code next()} must agree with the independent brute-force evaluator in
 * {@code dev.upshift.schedule.oracle}; cases that Upshift rejects by its documented bounds are
 * discarded as the property test discards them. Plain {@code mvn test} replays the seeds in
 * {@code src/test/resources/dev/upshift/schedule/ScheduleOracleFuzzTestInputs/}; docs/fuzzing.md says
 * how to fuzz.
 */
class ScheduleOracleFuzzTest {

    @FuzzTest(maxDuration = "1m")
    void allowedIntervalsAgreeWithTheOracle(FuzzedDataProvider data) {
        long seed = data.consumeLong();
        OracleCase c = OracleCases.generate(seed, new FuzzedRandom(data, seed));
        Outcome outcome = OracleComparison.compare(c);
        assertThat(outcome.verdict()).as("a fuzzed case (its seed alone does not replay it; the fuzzer's input does):%n%s%n%s",
                c, outcome.detail()).isNotEqualTo(Verdict.DISAGREE);
    }
}
