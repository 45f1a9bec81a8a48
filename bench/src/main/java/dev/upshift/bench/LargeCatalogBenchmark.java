package dev.upshift.bench;

import dev.upshift.release.PathResult;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.UpgradeGraph;
import dev.upshift.release.UpgradePath;
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
 * Issue 10, item 9: {@code upshift path} on a large catalog. Each operation builds the graph of a
 * generated catalog and asks one path, from the oldest release to the newest (the longest path
 * there is: one hop per kubernetes minor). The catalogs are {@link CatalogGenerator}'s, with and
 * without {@code upgradesFrom}; without it every older release is a candidate source, which is the
 * case that used to check every pair (71 s and 3.2 GB for 20,000 releases). The baseline, measured
 * in the same run on 2,000 releases only (it is quadratic), is the plain approach: a breadth-first
 * search that checks every release as a successor of each release it reaches.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class LargeCatalogBenchmark {

    /** The catalogs Upshift is measured on. */
    @State(Scope.Benchmark)
    public static class Catalogs {
        @Param({"2000", "20000"})
        int releases;

        @Param({"false", "true"})
        boolean upgradesFrom;

        ReleaseCatalog catalog;

        @Setup(Level.Trial)
        public void setUp() {
            catalog = CatalogGenerator.catalog(releases, 42, upgradesFrom);
            List<Release> all = catalog.releases();
            if (!(UpgradeGraph.build(catalog).path(all.get(0).version(), all.get(all.size() - 1).version())
                    instanceof UpgradePath)) {
                throw new IllegalStateException("the generated catalog has no path from its oldest to its newest release");
            }
        }
    }

    /** The catalog the quadratic baseline is measured on. */
    @State(Scope.Benchmark)
    public static class SmallCatalog {
        @Param({"2000"})
        int baselineReleases;

        ReleaseCatalog catalog;

        @Setup(Level.Trial)
        public void setUp() {
            catalog = CatalogGenerator.catalog(baselineReleases, 42, false);
        }
    }

    @Benchmark
    public PathResult freshGraphOldestToNewest(Catalogs c) {
        List<Release> all = c.catalog.releases();
        return UpgradeGraph.build(c.catalog).path(all.get(0).version(), all.get(all.size() - 1).version());
    }

    @Benchmark
    public int baselinePlainBfs(SmallCatalog c) {
        List<Release> all = c.catalog.releases();
        return UpgradeGraphBenchmark.plainBfs(all, all.get(0), all.get(all.size() - 1));
    }
}
