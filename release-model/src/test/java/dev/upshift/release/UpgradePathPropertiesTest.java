package dev.upshift.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Invariants of every path in random catalogs (seeded, so a failure names its catalog). */
class UpgradePathPropertiesTest {
    private static final String[] CONSTRAINTS = {null, null, ">=%s", ">=%s <%s", "~%s", "^%s", "%s - %s", ">%s || =%s"};

    static ReleaseCatalog randomCatalog(Random r, int size) {
        Map<Version, Release> releases = new HashMap<>();
        List<Version> made = new ArrayList<>();
        int kubeMinor = 24;
        for (int i = 0; i < size; i++) {
            Version v = Version.of(1 + r.nextInt(3), r.nextInt(5), r.nextInt(4));
            if (releases.containsKey(v)) {
                continue;
            }
            kubeMinor = Math.max(24, kubeMinor + r.nextInt(3) - 1);
            Release.Builder b = Release.builder(v)
                    .component("kubernetes", "1." + (20 + (int) v.major() * 5 + (int) v.minor() + r.nextInt(2)) + "." + r.nextInt(10))
                    .component("etcd", "3.5." + r.nextInt(15));
            if (r.nextInt(10) == 0) {
                b.state(ReleaseState.WITHDRAWN);
            }
            if (!made.isEmpty()) {
                String template = CONSTRAINTS[r.nextInt(CONSTRAINTS.length)];
                if (template != null) {
                    Version x = made.get(r.nextInt(made.size()));
                    Version y = made.get(r.nextInt(made.size()));
                    Version lo = x.compareTo(y) <= 0 ? x : y;
                    Version hi = x.compareTo(y) <= 0 ? y : x;
                    VersionConstraint c = VersionConstraint.parse(String.format(template, lo, hi));
                    if (!c.acceptsNothing()) {
                        b.upgradesFrom(c);
                    }
                }
            }
            if (r.nextInt(4) == 0) {
                b.componentUpgradesFrom("etcd", ">=3.5." + r.nextInt(10));
            }
            releases.put(v, b.build());
            made.add(v);
        }
        return ReleaseCatalog.of(releases.values());
    }

    private static boolean kubernetesSkewHolds(Release a, Release b) {
        Version x = a.kubernetes().orElseThrow();
        Version y = b.kubernetes().orElseThrow();
        return x.major() == y.major() && y.compareTo(x) >= 0 && y.minor() - x.minor() <= 1;
    }

    private static boolean edgeByTheRules(Release a, Release b) {
        if (b.isWithdrawn() || b.version().compareTo(a.version()) <= 0) return false;
        if (b.upgradesFrom().isPresent() && !b.upgradesFrom().get().matches(a.version())) return false;
        for (var e : b.components().entrySet()) {
            Version mine = a.components().get(e.getKey());
            if (mine == null) continue;
            VersionConstraint rule = b.componentUpgradesFrom().get(e.getKey());
            if (rule != null ? !rule.matches(mine) : mine.compareTo(e.getValue()) > 0) return false;
        }
        return kubernetesSkewHolds(a, b);
    }

    /** Shortest hop count by plain BFS over every pair, independent of the graph's own code. */
    private static int bfs(List<Release> releases, Release from, Release to) {
        Map<Release, Integer> dist = new HashMap<>();
        ArrayDeque<Release> queue = new ArrayDeque<>();
        dist.put(from, 0);
        queue.add(from);
        while (!queue.isEmpty()) {
            Release a = queue.poll();
            if (a.equals(to)) return dist.get(a);
            for (Release b : releases) {
                if (!dist.containsKey(b) && edgeByTheRules(a, b)) {
                    dist.put(b, dist.get(a) + 1);
                    queue.add(b);
                }
            }
        }
        return -1;
    }

    @Test
    void everyPathIsShortestAndKeepsEveryRule() {
        qt().withExamples(200).forAll(longs().all(), integers().between(2, 40)).checkAssert((seed, size) -> {
            ReleaseCatalog catalog = randomCatalog(new Random(seed), size);
            UpgradeGraph graph = UpgradeGraph.build(catalog);
            List<Release> all = catalog.releases();
            Random pick = new Random(seed ^ 0x5DEECE66DL);
            for (int k = 0; k < 10; k++) {
                Release from = all.get(pick.nextInt(all.size()));
                Release to = all.get(pick.nextInt(all.size()));
                PathResult result = graph.path(from.version(), to.version());
                int expected = from.equals(to) ? 0 : bfs(all, from, to);
                String where = "seed " + seed + ", size " + size + ", " + from + " → " + to;
                if (result instanceof UpgradePath p) {
                    assertThat(p.hops()).as(where).hasSize(expected);
                    Release workers = from;
                    for (Hop h : p.hops()) {
                        assertThat(h.to().version()).as(where + ": every hop goes up").isGreaterThan(h.from().version());
                        assertThat(edgeByTheRules(h.from(), h.to())).as(where + ": hop " + h + " keeps every rule").isTrue();
                        workers = h.workersRelease();
                        long lag = h.to().kubernetes().orElseThrow().minor() - workers.kubernetes().orElseThrow().minor();
                        assertThat(lag).as(where + ": workers lag within the skew").isBetween(0L, 3L);
                    }
                    if (!p.hops().isEmpty()) {
                        assertThat(p.hops().get(p.hops().size() - 1).workersMove()).as(where).isTrue();
                    }
                } else {
                    assertThat(expected).as(where + ": " + result).isEqualTo(-1);
                    assertThat(((NoPath) result).reason()).as(where).isNotBlank();
                }
            }
        });
    }

    @Test
    void tiesAreBrokenTowardTheNewestReleaseAtEachStep() {
        qt().withExamples(100).forAll(longs().all()).checkAssert(seed -> {
            ReleaseCatalog catalog = randomCatalog(new Random(seed), 30);
            UpgradeGraph graph = UpgradeGraph.build(catalog);
            List<Release> all = catalog.releases();
            Release from = all.get(0);
            Release to = all.get(all.size() - 1);
            if (graph.path(from.version(), to.version()) instanceof UpgradePath p) {
                for (Hop h : p.hops()) {
                    int remaining = bfs(all, h.to(), to);
                    for (Release other : all) {
                        if (other.version().compareTo(h.to().version()) > 0 && edgeByTheRules(h.from(), other)) {
                            assertThat(bfs(all, other, to)).as("seed " + seed + ": newer " + other + " after " + h.from())
                                    .isNotEqualTo(remaining);
                        }
                    }
                }
            }
        });
    }
}
