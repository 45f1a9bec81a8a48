package dev.upshift.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * Issue 10, item 9: a path query on 20,000 releases without {@code upgradesFrom} took 71 s and
 * 3.2 GB, because building the graph checked every pair (200 million). These tests bound the work
 * (hop checks) and the memory (bytes allocated) of a query instead of timing it; the time is in
 * bench/ (LargeCatalogBenchmark, docs/performance.md).
 */
class UpgradeGraphScaleTest {
    private static final int SIZE = 20_000;

    /** A product line: a new kubernetes minor every {@code perMinor} releases, no upgradesFrom. */
    private static ReleaseCatalog catalog(int perMinor) {
        List<Release> releases = new ArrayList<>(SIZE);
        for (int i = 0; i < SIZE; i++) {
            int minor = i / perMinor;
            releases.add(Release.builder(Version.of(1 + i / 1000, i % 1000 / 10, i % 10))
                    .component("kubernetes", Version.of(1, 20 + minor, i % perMinor))
                    .component("etcd", Version.of(3, 5, i))
                    .build());
        }
        return ReleaseCatalog.of(releases);
    }

    private static long allocatedBy(Runnable r) {
        OptionalLong before = AllocatedBytes.ofCurrentThread();
        r.run();
        OptionalLong after = AllocatedBytes.ofCurrentThread();
        return before.isPresent() && after.isPresent() ? after.getAsLong() - before.getAsLong() : 0;
    }

    @Test
    void aLongPathThroughTwentyThousandReleasesChecksEachCandidateHopOnce() {
        ReleaseCatalog catalog = catalog(5);
        List<Release> all = catalog.releases();
        UpgradeGraph[] graph = new UpgradeGraph[1];
        PathResult[] result = new PathResult[1];
        long bytes = allocatedBy(() -> {
            graph[0] = UpgradeGraph.build(catalog);
            result[0] = graph[0].path(all.get(0).version(), all.get(SIZE - 1).version());
        });
        assertThat(result[0]).isInstanceOf(UpgradePath.class);
        assertThat(((UpgradePath) result[0]).hops()).hasSize(SIZE / 5 - 1);
        // each release has at most 10 candidate sources (its kubernetes minor and the one before)
        assertThat(graph[0].hopChecks()).isLessThan(12L * SIZE);
        assertThat(bytes).as("bytes allocated").isLessThan(64L << 20);
    }

    @Test
    void aCatalogWhereEveryOlderReleaseIsASourceIsAnsweredInOneSweep() {
        ReleaseCatalog catalog = catalog(SIZE); // one kubernetes minor: every pair is an edge
        List<Release> all = catalog.releases();
        UpgradeGraph graph = UpgradeGraph.build(catalog);
        long bytes = allocatedBy(() -> {
            for (int i = 0; i < SIZE; i += 100) {
                assertThat(((UpgradePath) graph.path(all.get(i).version(), all.get(SIZE - 1).version())).hops())
                        .hasSize(1);
            }
        });
        assertThat(graph.hopChecks()).as("the first query reaches every release; the others reuse it").isLessThan(2L * SIZE);
        assertThat(bytes).as("bytes allocated").isLessThan(16L << 20);
    }

    @Test
    void aMissingPathInALargeCatalogIsExplainedWithoutCheckingEveryPair() {
        List<Release> releases = new ArrayList<>(catalog(SIZE).releases());
        Release last = releases.remove(SIZE - 1);
        // the newest release drops etcd below every other: no release may hop to it
        releases.add(Release.builder(last.version()).component("kubernetes", last.kubernetes().orElseThrow())
                .component("etcd", "3.4.0").build());
        UpgradeGraph graph = UpgradeGraph.build(ReleaseCatalog.of(releases));
        NoPath none = (NoPath) graph.path(releases.get(0).version(), last.version());
        assertThat(none.rule()).contains(Cut.Rule.COMPONENT_DOWNGRADE);
        assertThat(graph.hopChecks()).isLessThan(3L * SIZE);
    }
}
