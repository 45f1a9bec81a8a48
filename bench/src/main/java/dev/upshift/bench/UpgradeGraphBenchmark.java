package dev.upshift.bench;

import dev.upshift.release.PathResult;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.UpgradeGraph;
import dev.upshift.release.Version;
import dev.upshift.release.VersionConstraint;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Building the upgrade graph of a generated 1,000-release catalog, and path queries on it, against
 * the plain approach (breadth-first search that checks every candidate hop on the fly).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class UpgradeGraphBenchmark {
    @Param({"1000"})
    int releases;

    ReleaseCatalog catalog;
    UpgradeGraph graph;
    Version[] froms;
    Version to;
    int next;

    @Setup
    public void setUp() {
        catalog = CatalogGenerator.catalog(releases, 42);
        graph = UpgradeGraph.build(catalog);
        List<Release> all = catalog.releases();
        to = all.get(all.size() - 1).version();
        froms = new Version[64];
        for (int i = 0; i < froms.length; i++) {
            froms[i] = all.get(i * (all.size() / 64)).version();
        }
        for (Version f : froms) {
            graph.path(f, to);
        }
    }

    @Benchmark
    public UpgradeGraph buildGraph() {
        return UpgradeGraph.build(catalog);
    }

    @Benchmark
    public PathResult repeatedPathQuery() {
        return graph.path(froms[next++ & 63], to);
    }

    @Benchmark
    public PathResult firstPathQueryOnAFreshGraph() {
        return UpgradeGraph.build(catalog).path(froms[next++ & 63], to);
    }

    @Benchmark
    public int baselinePlainBfsPathQuery() {
        return plainBfs(catalog.releases(), catalog.get(froms[next++ & 63]).orElseThrow(), catalog.get(to).orElseThrow());
    }

    /** The plain approach: breadth-first search checking each candidate hop's rules when reached. */
    static int plainBfs(List<Release> releases, Release from, Release to) {
        Map<Release, Integer> dist = new HashMap<>();
        ArrayDeque<Release> queue = new ArrayDeque<>();
        dist.put(from, 0);
        queue.add(from);
        while (!queue.isEmpty()) {
            Release a = queue.poll();
            if (a.equals(to)) {
                return dist.get(a);
            }
            for (Release b : releases) {
                if (!dist.containsKey(b) && hop(a, b)) {
                    dist.put(b, dist.get(a) + 1);
                    queue.add(b);
                }
            }
        }
        return -1;
    }

    private static boolean hop(Release a, Release b) {
        if (b.isWithdrawn() || b.version().compareTo(a.version()) <= 0) {
            return false;
        }
        Version ka = a.kubernetes().orElseThrow();
        Version kb = b.kubernetes().orElseThrow();
        if (kb.compareTo(ka) < 0 || kb.minor() - ka.minor() > 1 || kb.major() != ka.major()) {
            return false;
        }
        if (b.upgradesFrom().isPresent() && !b.upgradesFrom().get().matches(a.version())) {
            return false;
        }
        for (Map.Entry<String, Version> e : b.components().entrySet()) {
            Version mine = a.components().get(e.getKey());
            VersionConstraint rule = b.componentUpgradesFrom().get(e.getKey());
            if (mine != null && (rule != null ? !rule.matches(mine) : mine.compareTo(e.getValue()) > 0)) {
                return false;
            }
        }
        return true;
    }
}
