package dev.upshift.release;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The distances in hops to one target release, found by a breadth-first search backwards from it
 * that goes only as far as the questions asked so far need, and resumes when a farther one comes.
 *
 * <p>Expanding a release b looks at its candidate sources ({@link HopIndex#sourceRuns}) that the
 * search has not reached yet, and drops every one it reaches from a union-find "next unreached
 * position" structure over {@link HopIndex#order}. So a release is reached once, and a candidate
 * is checked again only while no hop reaches it: in a catalog where every older release is a
 * source, the target's expansion reaches them all with one check each.
 *
 * <p>Thread-safe: its methods are synchronized.
 */
final class TargetSearch {
    private final Release[] releases;
    private final HopIndex index;
    private final HopRules rules;
    private final int[] dist;
    private final int[] queue;
    private final int[] nextUnreached;
    private final Map<Integer, int[]> levels = new HashMap<>();
    private int head;
    private int tail;

    TargetSearch(Release[] releases, HopIndex index, HopRules rules, int target) {
        this.releases = releases;
        this.index = index;
        this.rules = rules;
        this.dist = new int[releases.length];
        Arrays.fill(dist, -1);
        this.queue = new int[releases.length];
        this.nextUnreached = new int[index.order.length + 1];
        for (int p = 0; p < nextUnreached.length; p++) {
            nextUnreached[p] = p;
        }
        dist[target] = 0;
        queue[tail++] = target;
        if (index.position[target] >= 0) {
            nextUnreached[index.position[target]] = index.position[target] + 1;
        }
    }

    /** The fewest hops from {@code from} to the target, or -1 when no path leads there. */
    synchronized int distance(int from) {
        while (dist[from] < 0 && head < tail) {
            expand(queue[head++]);
        }
        return dist[from];
    }

    /** The distances of every release (-1: no path); completes the search. */
    synchronized int[] allDistances() {
        while (head < tail) {
            expand(queue[head++]);
        }
        return dist.clone();
    }

    /**
     * The releases at {@code level} hops from the target, newest first. Only for a level below
     * that of a release whose distance is known, which makes the level complete.
     */
    synchronized int[] level(int level) {
        return levels.computeIfAbsent(level, k -> {
            // the queue holds releases in order of distance, so a level is one run of it
            int[] found = Arrays.copyOfRange(queue, firstAtDistance(k), firstAtDistance(k + 1));
            Arrays.sort(found);
            for (int i = 0, j = found.length - 1; i < j; i++, j--) {
                int t = found[i];
                found[i] = found[j];
                found[j] = t;
            }
            return found;
        });
    }

    private int firstAtDistance(int d) {
        int lo = 0;
        int hi = tail;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (dist[queue[mid]] < d) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private void expand(int b) {
        Release target = releases[b];
        if (target.isWithdrawn()) {
            return; // no hop ends in a withdrawn release
        }
        int[] runs = index.sourceRuns(b);
        for (int r = 0; r < runs.length; r += 2) {
            int end = runs[r + 1];
            for (int p = find(runs[r]); p < end; p = find(p + 1)) {
                int a = index.order[p];
                if (rules.allows(releases[a], target)) {
                    dist[a] = dist[b] + 1;
                    queue[tail++] = a;
                    nextUnreached[p] = p + 1;
                }
            }
        }
    }

    /** The first unreached position at or after {@code p}, halving the paths it walks. */
    private int find(int p) {
        while (nextUnreached[p] != p) {
            nextUnreached[p] = nextUnreached[nextUnreached[p]];
            p = nextUnreached[p];
        }
        return p;
    }
}
