package dev.upshift.bench;

import dev.upshift.release.Version;
import dev.upshift.release.VersionConstraint;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.semver4j.Semver;
import org.semver4j.range.RangeList;
import org.semver4j.range.RangeListFactory;

/**
 * Constraint matching and parsing, Upshift's {@link VersionConstraint} side by side with semver4j
 * 6.0.0 (the baseline) on equivalent ranges and the same versions, in the same run.
 *
 * <p>The ranges are written so that Masterminds' semantics (Upshift) and npm's (semver4j) agree on
 * them, and the versions are releases, where both libraries' prerelease rules agree too; setup checks
 * that both give the same answer for every pair. Each matching invocation checks every range against
 * every version, and scores are per check ({@link OperationsPerInvocation}); each parsing invocation
 * parses every range, scored per range.
 *
 * <pre>java -jar bench/target/benchmarks.jar 'Constraint' -f 1 -wi 3 -i 5 -w 1s -r 2s -t 1</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ConstraintBenchmark {
    /** Helm-style constraints as catalogs write them, each with its npm equivalent for semver4j. */
    private static final String[][] RANGES = {
        {">=19.2.0 <20.1.0", ">=19.2.0 <20.1.0"},
        {"~1.4.2", "~1.4.2"},
        {"^0.3.1", "^0.3.1"},
        {"^2.1", "^2.1"},
        {"1.2 - 1.4.5", "1.2 - 1.4.5"},
        {">=1.0.0 <1.5.0 || >=2.0.0 <2.2.0", ">=1.0.0 <1.5.0 || >=2.0.0 <2.2.0"},
        {"1.x", "1.x"},
        {"<=3.1", "<=3.1"},
    };
    private static final int RANGE_COUNT = 8;
    private static final int VERSIONS = 64;
    private static final int CHECKS = RANGE_COUNT * VERSIONS;

    private String[] upshiftTexts;
    private String[] semver4jTexts;
    private VersionConstraint[] constraints;
    private RangeList[] rangeLists;
    private Version[] versions;
    private Semver[] semvers;

    @Setup
    public void setUp() {
        if (RANGES.length != RANGE_COUNT) {
            throw new IllegalStateException("RANGE_COUNT must be " + RANGES.length);
        }
        upshiftTexts = new String[RANGES.length];
        semver4jTexts = new String[RANGES.length];
        constraints = new VersionConstraint[RANGES.length];
        rangeLists = new RangeList[RANGES.length];
        for (int i = 0; i < RANGES.length; i++) {
            upshiftTexts[i] = RANGES[i][0];
            semver4jTexts[i] = RANGES[i][1];
            constraints[i] = VersionConstraint.parse(upshiftTexts[i]);
            rangeLists[i] = RangeListFactory.create(semver4jTexts[i]);
        }
        List<String> texts = versionTexts();
        versions = texts.stream().map(Version::parse).toArray(Version[]::new);
        semvers = texts.stream().map(Semver::parse).toArray(Semver[]::new);
        checkEquivalence();
    }

    /** 64 releases spread over the ranges' edges: 0.3.x, 1.x, 2.x, 3.x and 19.x to 20.x. */
    private static List<String> versionTexts() {
        List<String> texts = new ArrayList<>(VERSIONS);
        long[][] minors = {{0, 3}, {1, 2}, {1, 4}, {1, 5}, {2, 1}, {3, 1}, {19, 2}, {20, 1}};
        for (int i = 0; texts.size() < VERSIONS; i++) {
            long[] mm = minors[i % minors.length];
            texts.add(mm[0] + "." + (mm[1] + (i / minors.length) % 2) + "." + (i * 7 % 11));
        }
        return texts;
    }

    private void checkEquivalence() {
        for (int c = 0; c < RANGES.length; c++) {
            for (int v = 0; v < VERSIONS; v++) {
                boolean upshift = constraints[c].matches(versions[v]);
                if (upshift != semvers[v].satisfies(rangeLists[c]) || upshift != semvers[v].satisfies(semver4jTexts[c])) {
                    throw new IllegalStateException("the libraries disagree on " + upshiftTexts[c] + " / " + versions[v]);
                }
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(CHECKS)
    public int matchUpshift() {
        int matched = 0;
        for (VersionConstraint constraint : constraints) {
            for (Version version : versions) {
                if (constraint.matches(version)) {
                    matched++;
                }
            }
        }
        return matched;
    }

    @Benchmark
    @OperationsPerInvocation(CHECKS)
    public int matchSemver4jRangeList() {
        int matched = 0;
        for (RangeList ranges : rangeLists) {
            for (Semver version : semvers) {
                if (version.satisfies(ranges)) {
                    matched++;
                }
            }
        }
        return matched;
    }

    @Benchmark
    @OperationsPerInvocation(CHECKS)
    public int matchSemver4jString() {
        int matched = 0;
        for (String range : semver4jTexts) {
            for (Semver version : semvers) {
                if (version.satisfies(range)) {
                    matched++;
                }
            }
        }
        return matched;
    }

    @Benchmark
    @OperationsPerInvocation(RANGE_COUNT)
    public void parseUpshift(Blackhole sink) {
        for (String text : upshiftTexts) {
            sink.consume(VersionConstraint.parse(text));
        }
    }

    @Benchmark
    @OperationsPerInvocation(RANGE_COUNT)
    public void parseSemver4j(Blackhole sink) {
        for (String text : semver4jTexts) {
            sink.consume(RangeListFactory.create(text));
        }
    }
}
