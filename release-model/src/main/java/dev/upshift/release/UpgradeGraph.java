package dev.upshift.release;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apiguardian.api.API;

/**
 * The upgrade graph of a catalog: an edge a → b when b is newer, not withdrawn, b's
 * {@code upgradesFrom} accepts a, every component of b accepts a's version of it, and the skew
 * policy allows the hop (docs/releases.md, "The upgrade graph").
 *
 * <p>{@link #path} answers with the fewest hops, ties broken toward the newest release at each
 * step, or with the rule that cut the graph. Results depend only on the pair of versions, so they
 * are computed once per pair and remembered; the graph is immutable apart from those memos and
 * safe to share between threads.
 *
 * <h2>Cost</h2>
 *
 * <p>The graph is not built up front: building sorts nothing and tests no pair. A path query
 * searches backwards from its target only as far as the source, looking at candidate hops found
 * by binary search (releases older than the target in the ranges its {@code upgradesFrom} accepts;
 * for Kubernetes' skew policy, only releases whose kubernetes minor is the target's or the one
 * before), and each release is reached once. The search is kept per target and resumed by later
 * queries to the same target. So a query costs about the number of releases between source and
 * target times the candidates of each, not the number of pairs: 20,000 releases without
 * {@code upgradesFrom} take well under a second (docs/performance.md).
 */
@API(status = MAINTAINED, since = "0.1")
public final class UpgradeGraph {
    private final ReleaseCatalog catalog;
    private final Release[] releases;
    private final Map<Version, Integer> index;
    private final HopRules rules;
    private final HopIndex hops;
    private final int workerSkew;
    private final Map<Integer, TargetSearch> searches = new ConcurrentHashMap<>();
    private final Map<Long, PathResult> paths = new ConcurrentHashMap<>();

    private UpgradeGraph(ReleaseCatalog catalog, SkewPolicy skew, int workerSkew) {
        this.catalog = catalog;
        this.releases = catalog.releases().toArray(Release[]::new);
        this.index = new HashMap<>();
        for (int i = 0; i < releases.length; i++) {
            index.put(releases[i].version(), i);
        }
        this.rules = new HopRules(skew);
        this.hops = new HopIndex(releases, skew);
        this.workerSkew = workerSkew;
    }

    /** The graph of a catalog under Kubernetes' skew policy, workers lagging at most 3 minors. */
    public static UpgradeGraph build(ReleaseCatalog catalog) {
        return builder(catalog).build();
    }

    /** Starts configuring the graph of a catalog. */
    public static Builder builder(ReleaseCatalog catalog) {
        return new Builder(catalog);
    }

    /** The catalog the graph was built from. */
    public ReleaseCatalog catalog() {
        return catalog;
    }

    /**
     * The number of edges. Counted on each call by checking every candidate hop, so it costs up to
     * the number of pairs of releases: for tests and diagnostics, not for every query.
     */
    public long edgeCount() {
        long e = 0;
        for (int b = 0; b < releases.length; b++) {
            int[] runs = hops.sourceRuns(b);
            for (int r = 0; r < runs.length; r += 2) {
                for (int p = runs[r]; p < runs[r + 1]; p++) {
                    if (rules.allows(releases[hops.order[p]], releases[b])) {
                        e++;
                    }
                }
            }
        }
        return e;
    }

    /**
     * The releases reachable from {@code release} in one hop, newest first. Computed on each call
     * by checking the candidate hops from it.
     */
    public List<Release> successors(Release release) {
        Integer a = index.get(release.version());
        if (a == null) {
            return List.of();
        }
        List<Integer> found = new ArrayList<>();
        int[] runs = hops.targetRuns(a);
        for (int r = 0; r < runs.length; r += 2) {
            for (int p = runs[r]; p < runs[r + 1]; p++) {
                if (rules.allows(releases[a], releases[hops.order[p]])) {
                    found.add(hops.order[p]);
                }
            }
        }
        found.sort(Comparator.reverseOrder());
        return found.stream().map(i -> releases[i]).toList();
    }

    /** Why there is no direct hop from {@code from} to {@code to}, or empty when there is one. */
    public Optional<Cut> cut(Release from, Release to) {
        return rules.cut(from, to, "the hop starts from");
    }

    /** The path between two versions (given as text, parsed leniently). */
    public PathResult path(String from, String to) {
        return path(Version.parse(from), Version.parse(to));
    }

    /**
     * The path from the release a cluster runs to a target release.
     *
     * @return an {@link UpgradePath} (no hops when {@code from} equals {@code to}) or a
     *     {@link NoPath} naming the rule that cut the graph, an unknown release, or a downgrade
     */
    public PathResult path(Version from, Version to) {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Integer f = find(from);
        Integer t = find(to);
        if (f == null || t == null) {
            String what = f == null ? "the cluster runs " + from + ", which is not in the catalog"
                    : to + " is not in the catalog";
            return new NoPath(from, to, what, List.of());
        }
        return paths.computeIfAbsent(((long) f << 32) | t, k -> compute(f, t));
    }

    /** How many times a hop's rules were checked so far: the work the graph has done. */
    long hopChecks() {
        return rules.checks();
    }

    private Integer find(Version v) {
        Integer i = index.get(v);
        return i != null ? i : catalog.get(v).map(r -> index.get(r.version())).orElse(null);
    }

    private PathResult compute(int f, int t) {
        Version from = releases[f].version();
        Version to = releases[t].version();
        if (f == t) {
            return new UpgradePath(from, to, List.of());
        }
        if (releases[t].isWithdrawn() || t < f) {
            Cut c = rules.cut(releases[f], releases[t], "the cluster runs").orElseThrow();
            return new NoPath(from, to, c.message(), List.of(c));
        }
        TargetSearch search = searches.computeIfAbsent(t, k -> new TargetSearch(releases, hops, rules, k));
        int d = search.distance(f);
        if (d < 0) {
            return explain(f, t, search.allDistances());
        }
        List<Integer> route = new ArrayList<>();
        route.add(f);
        for (int cur = f; d > 0; d--) {
            cur = newestNext(cur, search.level(d - 1));
            route.add(cur);
        }
        return new UpgradePath(from, to, hops(route));
    }

    /** The newest release one hop from {@code cur} among those of the next level (one of them is). */
    private int newestNext(int cur, int[] newestFirst) {
        for (int s : newestFirst) {
            if (s <= cur) {
                break;
            }
            if (rules.allows(releases[cur], releases[s])) {
                return s;
            }
        }
        throw new IllegalStateException("no hop from " + releases[cur].version() + " to the next level");
    }

    private List<Hop> hops(List<Integer> route) {
        List<Hop> hops = new ArrayList<>();
        Release workers = releases[route.get(0)];
        for (int i = 1; i < route.size(); i++) {
            Release a = releases[route.get(i - 1)];
            Release b = releases[route.get(i)];
            boolean last = i == route.size() - 1;
            Release next = last ? null : releases[route.get(i + 1)];
            boolean move = last || lagExceeds(workers, b) || lagExceeds(workers, next);
            if (move) {
                workers = b;
            }
            hops.add(new Hop(a, b, a.version().changeTo(b.version()), move, workers, rules.unchecked(a, b)));
        }
        return hops;
    }

    private boolean lagExceeds(Release workers, Release controlPlane) {
        Optional<Version> w = workers.kubernetes();
        Optional<Version> c = controlPlane.kubernetes();
        if (w.isEmpty() || c.isEmpty()) {
            return true;
        }
        if (w.get().major() != c.get().major()) {
            return true;
        }
        return c.get().minor() - w.get().minor() > workerSkew;
    }

    /**
     * Explains a missing path at the frontier: from the newest release the cluster can reach to the
     * oldest release that still leads on to the target, the first rule that refuses the hop.
     */
    private NoPath explain(int f, int t, int[] dist) {
        boolean[] reachable = reachableFrom(f, t);
        int frontier = f;
        for (int i = t - 1; i > f; i--) {
            if (reachable[i]) {
                frontier = i;
                break;
            }
        }
        int bridge = t;
        for (int n = frontier + 1; n < t; n++) {
            if (dist[n] >= 0 && !releases[n].isWithdrawn()) {
                bridge = n;
                break;
            }
        }
        Release r = releases[frontier];
        String subject = frontier == f ? "the cluster runs"
                : "the newest release reachable from " + releases[f].version() + " is";
        List<Cut> cuts = new ArrayList<>();
        rules.cut(r, releases[bridge], subject).ifPresent(cuts::add);
        if (bridge != t) {
            rules.cut(r, releases[t], subject).ifPresent(cuts::add);
        }
        for (int n = frontier + 1; n < t && cuts.size() < 6; n++) {
            if (n != bridge && !reachable[n] && dist[n] >= 0 && !releases[n].isWithdrawn()) {
                rules.cut(r, releases[n], subject).ifPresent(cuts::add);
            }
        }
        String reason = cuts.isEmpty() ? "no route through the catalog" : cuts.get(0).message();
        if (bridge != t) {
            reason += "; " + releases[bridge].version() + " is the oldest release that leads on to " + releases[t].version();
        }
        return new NoPath(releases[f].version(), releases[t].version(), reason, cuts);
    }

    /**
     * Which releases below {@code t} a path from {@code f} reaches. Releases are visited in version
     * order, so when b is visited every reachable release older than b is known, and b is reachable
     * when a hop into it starts from one of them; only reachable candidates are checked.
     */
    private boolean[] reachableFrom(int f, int t) {
        boolean[] reachable = new boolean[releases.length];
        reachable[f] = true;
        int[][] reachedInBucket = new int[hops.bucketStart.length - 1][];
        int[] reachedCount = new int[reachedInBucket.length];
        record(f, reachedInBucket, reachedCount);
        for (int b = f + 1; b < t; b++) {
            if (releases[b].isWithdrawn()) {
                continue;
            }
            int[] runs = hops.sourceRuns(b);
            search:
            for (int r = 0; r < runs.length; r += 2) {
                int bucket = bucketOfPosition(runs[r]);
                int[] reached = reachedInBucket[bucket];
                int n = reachedCount[bucket];
                for (int i = firstAtLeast(reached, n, runs[r]); i < n && reached[i] < runs[r + 1]; i++) {
                    if (rules.allows(releases[hops.order[reached[i]]], releases[b])) {
                        reachable[b] = true;
                        record(b, reachedInBucket, reachedCount);
                        break search;
                    }
                }
            }
        }
        return reachable;
    }

    /** Appends a reached release's position to its bucket's list, which stays sorted. */
    private void record(int release, int[][] reachedInBucket, int[] reachedCount) {
        int p = hops.position[release];
        if (p < 0) {
            return;
        }
        int bucket = bucketOfPosition(p);
        int[] list = reachedInBucket[bucket];
        if (list == null || reachedCount[bucket] == list.length) {
            list = Arrays.copyOf(list == null ? new int[0] : list, Math.max(4, reachedCount[bucket] * 2));
            reachedInBucket[bucket] = list;
        }
        list[reachedCount[bucket]++] = p;
    }

    private int bucketOfPosition(int p) {
        int i = Arrays.binarySearch(hops.bucketStart, p); // no bucket is empty, so starts are distinct
        return i >= 0 ? i : -i - 2;
    }

    private static int firstAtLeast(int[] sorted, int n, int value) {
        if (sorted == null) {
            return 0;
        }
        int lo = 0;
        int hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < value) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Configures an {@link UpgradeGraph}. */
    public static final class Builder {
        private final ReleaseCatalog catalog;
        private SkewPolicy skew = SkewPolicy.kubernetes();
        private int workerSkew = 3;

        private Builder(ReleaseCatalog catalog) {
            this.catalog = Objects.requireNonNull(catalog, "catalog");
        }

        /** The control-plane skew policy (default {@link SkewPolicy#kubernetes()}). */
        public Builder skewPolicy(SkewPolicy policy) {
            this.skew = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * How many minor versions the workers' kubernetes may lag the control plane's (default 3, the
         * upstream kubelet skew; EKS Anywhere uses 2). Workers move only when the next hop would
         * exceed it, and at the last hop.
         */
        public Builder workerSkew(int minors) {
            if (minors < 0) {
                throw new IllegalArgumentException("worker skew must not be negative, got " + minors);
            }
            this.workerSkew = minors;
            return this;
        }

        /** Builds the graph: indexes the catalog for candidate hops; tests no pair yet. */
        public UpgradeGraph build() {
            return new UpgradeGraph(catalog, skew, workerSkew);
        }
    }
}
