package dev.upshift.release;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

/**
 * The brute-force oracle {@link UpgradeGraphOracleTest} compares {@link UpgradeGraph} with, written
 * from docs/releases.md ("The upgrade graph", "Paths") and sharing none of the graph's code: it
 * decides each hop by the five documented rules itself (not {@code HopRules}), checks every pair
 * of releases, stores every edge, knows every release's reachable set, and finds paths by a plain
 * breadth-first search.
 *
 * <p>Where there is no path it says what the explanation must mean, not how it reads: the frontier
 * (the newest release below the target that the cluster reaches), the bridge (the oldest release
 * after the frontier, not withdrawn, that still leads on to the target), and which rule refuses
 * each hop that stands in the way, with the component where one decides. The test holds
 * {@link NoPath}'s cuts and sentences to that meaning.
 */
final class AllPairsUpgradeGraph {
    /** NoPath lists at most this many refused hops. */
    static final int MOST_CUTS = 6;

    /** The answer to a path query: the path itself, or what the explanation of its absence means. */
    sealed interface Expected permits Found, Missing {}

    /** There is a path; the graph must return exactly this one. */
    record Found(UpgradePath path) implements Expected {}

    /**
     * There is no path.
     *
     * @param frontier the release the refused hops start from: the newest the cluster reaches below
     *     the target (the cluster's own release when it reaches none, or for a downgrade or a
     *     withdrawn target)
     * @param bridge the oldest release after the frontier that leads on to the target, when it is
     *     not the target itself
     * @param refusals the hops in the way in the order the cuts list them, each with its rule
     */
    record Missing(Version from, Version to, Release frontier, Optional<Version> bridge, List<Refusal> refusals)
            implements Expected {}

    /** One refused hop: the first documented rule that refuses it, and the component where that decides. */
    record Refusal(Version from, Version to, Cut.Rule rule, Optional<String> component) {}

    private final Release[] releases;
    private final SkewPolicy skew;
    private final int workerSkew;
    private final boolean[][] edge;
    private final int[][] out;
    private final boolean[][] reaches;
    private final Map<Integer, int[]> hopsTo = new HashMap<>();

    AllPairsUpgradeGraph(ReleaseCatalog catalog, SkewPolicy skew, int workerSkew) {
        this.releases = catalog.releases().stream().sorted().toArray(Release[]::new);
        this.skew = skew;
        this.workerSkew = workerSkew;
        int n = releases.length;
        this.edge = new boolean[n][n];
        this.out = new int[n][];
        for (int a = 0; a < n; a++) {
            List<Integer> to = new ArrayList<>();
            for (int b = n - 1; b >= 0; b--) {
                edge[a][b] = refusal(releases[a], releases[b]).isEmpty();
                if (edge[a][b]) {
                    to.add(b);
                }
            }
            out[a] = to.stream().mapToInt(Integer::intValue).toArray();
        }
        this.reaches = new boolean[n][];
        for (int a = 0; a < n; a++) {
            reaches[a] = reachableFrom(a);
        }
    }

    /** The number of edges. */
    long edgeCount() {
        return Arrays.stream(out).mapToLong(o -> o.length).sum();
    }

    /** The releases one hop from {@code release}, newest first. */
    List<Release> successors(Release release) {
        int a = indexOf(release.version());
        return a < 0 ? List.of() : Arrays.stream(out[a]).mapToObj(j -> releases[j]).toList();
    }

    /**
     * The first rule of docs/releases.md's list that refuses the hop from {@code a} to {@code b}, or
     * empty when every rule allows it (then the hop is an edge).
     */
    Optional<Refusal> refusal(Release a, Release b) {
        if (b.isWithdrawn()) {
            return refused(a, b, Cut.Rule.WITHDRAWN, null);
        }
        if (b.version().compareTo(a.version()) <= 0) {
            return refused(a, b, Cut.Rule.NOT_NEWER, null);
        }
        if (b.upgradesFrom().isPresent() && !b.upgradesFrom().get().matches(a.version())) {
            return refused(a, b, Cut.Rule.UPGRADES_FROM, null);
        }
        for (Map.Entry<String, Version> c : b.components().entrySet()) {
            Version mine = a.components().get(c.getKey());
            VersionConstraint rule = b.componentUpgradesFrom().get(c.getKey());
            if (mine != null && rule != null && !rule.matches(mine)) {
                return refused(a, b, Cut.Rule.COMPONENT_UPGRADES_FROM, c.getKey());
            }
            if (mine != null && rule == null && mine.compareTo(c.getValue()) > 0) {
                return refused(a, b, Cut.Rule.COMPONENT_DOWNGRADE, c.getKey());
            }
        }
        if (!skew.allows(a, b)) {
            return refused(a, b, Cut.Rule.SKEW, null);
        }
        return Optional.empty();
    }

    private static Optional<Refusal> refused(Release a, Release b, Cut.Rule rule, String component) {
        return Optional.of(new Refusal(a.version(), b.version(), rule, Optional.ofNullable(component)));
    }

    /** The path between two releases of the catalog, or what the explanation of its absence means. */
    Expected path(Version from, Version to) {
        int f = indexOf(from);
        int t = indexOf(to);
        if (f == t) {
            return new Found(new UpgradePath(from, to, List.of()));
        }
        if (releases[t].isWithdrawn() || t < f) {
            return new Missing(from, to, releases[f], Optional.empty(), List.of(refusal(releases[f], releases[t]).orElseThrow()));
        }
        if (reaches[f][t]) {
            return new Found(new UpgradePath(from, to, hops(shortest(f, t))));
        }
        return missing(f, t);
    }

    /** Docs: the frontier, the oldest release that still leads on, and every refused hop from the frontier. */
    private Missing missing(int f, int t) {
        int frontier = f;
        for (int i = f + 1; i < t; i++) {
            if (reaches[f][i]) {
                frontier = i; // the newest so far: releases are in version order
            }
        }
        List<Integer> leadOn = new ArrayList<>();
        for (int i = frontier + 1; i < t; i++) {
            if (!releases[i].isWithdrawn() && reaches[i][t]) {
                leadOn.add(i);
            }
        }
        Release start = releases[frontier];
        List<Integer> order = new ArrayList<>();
        if (!leadOn.isEmpty()) {
            order.add(leadOn.get(0));
        }
        order.add(t);
        order.addAll(leadOn.subList(Math.min(1, leadOn.size()), leadOn.size()));
        List<Refusal> refusals = order.stream().map(i -> refusal(start, releases[i]).orElseThrow())
                .limit(MOST_CUTS).toList();
        Optional<Version> bridge = leadOn.isEmpty() ? Optional.empty() : Optional.of(releases[leadOn.get(0)].version());
        return new Missing(releases[f].version(), releases[t].version(), start, bridge, refusals);
    }

    /** Fewest hops by breadth-first search from {@code f}; among equals, the newest release at each step. */
    private List<Integer> shortest(int f, int t) {
        int[] dist = hopsTo.computeIfAbsent(t, this::hopsTo);
        List<Integer> route = new ArrayList<>(List.of(f));
        for (int cur = f; cur != t; ) {
            int here = cur;
            cur = Arrays.stream(out[here]).filter(s -> dist[s] == dist[here] - 1).findFirst().orElseThrow();
            route.add(cur);
        }
        return route;
    }

    /** For every release, the fewest hops from it to {@code t} (-1: none), searching backwards over every edge. */
    private int[] hopsTo(int t) {
        int[] dist = new int[releases.length];
        Arrays.fill(dist, -1);
        dist[t] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(t));
        while (!queue.isEmpty()) {
            int b = queue.poll();
            for (int a = 0; a < releases.length; a++) {
                if (dist[a] < 0 && edge[a][b]) {
                    dist[a] = dist[b] + 1;
                    queue.add(a);
                }
            }
        }
        return dist;
    }

    private boolean[] reachableFrom(int f) {
        boolean[] seen = new boolean[releases.length];
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(f));
        seen[f] = true;
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
            hops.add(new Hop(a, b, a.version().changeTo(b.version()), move, workers, unchecked(a, b)));
        }
        return hops;
    }

    /** Docs, rule 4: the components that change with no rule of {@code b}'s and no check of the skew policy. */
    private List<String> unchecked(Release a, Release b) {
        SortedMap<String, Version> mine = a.components();
        return b.components().entrySet().stream()
                .filter(c -> mine.containsKey(c.getKey()) && !mine.get(c.getKey()).equals(c.getValue()))
                .map(Map.Entry::getKey)
                .filter(c -> !b.componentUpgradesFrom().containsKey(c) && !skew.checks(c))
                .toList();
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

    private int indexOf(Version v) {
        for (int i = 0; i < releases.length; i++) {
            if (releases[i].version().equals(v)) {
                return i;
            }
        }
        return -1;
    }
}
