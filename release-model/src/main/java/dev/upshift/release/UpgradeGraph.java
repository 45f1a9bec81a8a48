package dev.upshift.release;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The upgrade graph of a catalog: an edge a → b when b is newer, not withdrawn, b's
 * {@code upgradesFrom} accepts a, every component of b accepts a's version of it, and the skew
 * policy allows the hop (docs/releases.md, "The upgrade graph").
 *
 * <p>{@link #path} answers with the fewest hops, ties broken toward the newest release at each
 * step, or with the rule that cut the graph. Results depend only on the pair of versions, so they
 * are computed once per pair and per target and remembered; the graph is immutable apart from that
 * memo and safe to share between threads.
 */
public final class UpgradeGraph {
    private final ReleaseCatalog catalog;
    private final Release[] releases;
    private final Map<Version, Integer> index;
    private final HopRules rules;
    private final int workerSkew;
    private final int[][] out;
    private final int[][] in;
    private final Map<Integer, int[]> distanceTo = new ConcurrentHashMap<>();
    private final Map<Long, PathResult> paths = new ConcurrentHashMap<>();

    private UpgradeGraph(ReleaseCatalog catalog, SkewPolicy skew, int workerSkew) {
        this.catalog = catalog;
        this.releases = catalog.releases().toArray(Release[]::new);
        this.index = new java.util.HashMap<>();
        for (int i = 0; i < releases.length; i++) {
            index.put(releases[i].version(), i);
        }
        this.rules = new HopRules(skew);
        this.workerSkew = workerSkew;
        this.out = new int[releases.length][];
        this.in = new int[releases.length][];
        link();
    }

    /** The graph of a catalog under Kubernetes' skew policy, workers lagging at most 3 minors. */
    public static UpgradeGraph build(ReleaseCatalog catalog) {
        return builder(catalog).build();
    }

    /** Starts configuring the graph of a catalog. */
    public static Builder builder(ReleaseCatalog catalog) {
        return new Builder(catalog);
    }

    private void link() {
        int n = releases.length;
        int[] buffer = new int[n];
        int[] inCount = new int[n];
        for (int a = 0; a < n; a++) {
            int count = 0;
            for (int b = n - 1; b > a; b--) {
                if (rules.allows(releases[a], releases[b])) {
                    buffer[count++] = b;
                    inCount[b]++;
                }
            }
            out[a] = Arrays.copyOf(buffer, count);
        }
        int[] filled = new int[n];
        for (int b = 0; b < n; b++) {
            in[b] = new int[inCount[b]];
        }
        for (int a = n - 1; a >= 0; a--) {
            for (int b : out[a]) {
                in[b][filled[b]++] = a;
            }
        }
    }

    /** The catalog the graph was built from. */
    public ReleaseCatalog catalog() {
        return catalog;
    }

    /** The number of edges. */
    public long edgeCount() {
        long e = 0;
        for (int[] o : out) {
            e += o.length;
        }
        return e;
    }

    /** The releases reachable from {@code release} in one hop, newest first. */
    public List<Release> successors(Release release) {
        Integer i = index.get(release.version());
        if (i == null) {
            return List.of();
        }
        return Arrays.stream(out[i]).mapToObj(j -> releases[j]).toList();
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
        int[] dist = distanceTo.computeIfAbsent(t, this::distancesTo);
        if (dist[f] < 0) {
            return explain(f, t);
        }
        List<Integer> route = new ArrayList<>();
        route.add(f);
        for (int cur = f; cur != t; ) {
            int next = -1;
            for (int s : out[cur]) {
                if (dist[s] == dist[cur] - 1) {
                    next = s;
                    break;
                }
            }
            route.add(next);
            cur = next;
        }
        return new UpgradePath(from, to, hops(route));
    }

    private int[] distancesTo(int t) {
        int[] dist = new int[releases.length];
        Arrays.fill(dist, -1);
        dist[t] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(t);
        while (!queue.isEmpty()) {
            int b = queue.poll();
            for (int a : in[b]) {
                if (dist[a] < 0) {
                    dist[a] = dist[b] + 1;
                    queue.add(a);
                }
            }
        }
        return dist;
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
    private NoPath explain(int f, int t) {
        boolean[] reachable = reachableFrom(f);
        int[] dist = distanceTo.computeIfAbsent(t, this::distancesTo);
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

    private boolean[] reachableFrom(int f) {
        boolean[] seen = new boolean[releases.length];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        seen[f] = true;
        queue.add(f);
        while (!queue.isEmpty()) {
            for (int b : out[queue.poll()]) {
                if (!seen[b]) {
                    seen[b] = true;
                    queue.add(b);
                }
            }
        }
        return seen;
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

        /** Builds the graph: every candidate pair is checked once. */
        public UpgradeGraph build() {
            return new UpgradeGraph(catalog, skew, workerSkew);
        }
    }
}
