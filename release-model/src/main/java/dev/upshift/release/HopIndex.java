package dev.upshift.release;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where the candidates for a hop are, so that the graph never tests every pair of releases.
 *
 * <p>Releases are numbered in version order. A hop a → b needs a older than b, a in a range that
 * b's {@code upgradesFrom} accepts (each AND group of a constraint is one range of precedence, so
 * binary search finds its releases; an absent constraint accepts every older release), and, when
 * the skew policy declares {@link SkewBuckets}, a in a bucket a hop into b's bucket may start
 * from. The releases of each bucket sit together in {@link #order} ({@link #bucketStart} gives
 * where each bucket begins), sorted by number, so the candidates of b are a few runs of
 * positions in it. Every candidate is still checked by {@link HopRules#allows}; the index only
 * leaves out pairs that cannot be hops.
 */
final class HopIndex {
    private final Release[] releases;
    /** Release numbers, grouped by bucket, ascending within each. */
    final int[] order;
    /** Where each bucket's run starts in {@link #order}; one more entry marks the end. */
    final int[] bucketStart;
    /** The position of each release in {@link #order}, or -1 when it is in no bucket. */
    final int[] position;
    private final int[] bucketOf;
    private final int[][] sourceBuckets;
    private final int[][] targetBuckets;

    HopIndex(Release[] releases, SkewPolicy skew) {
        this.releases = releases;
        int n = releases.length;
        SkewBuckets buckets = SkewBuckets.of(skew);
        Map<Object, Integer> ids = new HashMap<>();
        List<Object> keys = new ArrayList<>();
        bucketOf = new int[n];
        for (int i = 0; i < n; i++) {
            Object key = buckets == null ? Boolean.TRUE : buckets.bucket(releases[i]);
            if (key == null) {
                bucketOf[i] = -1;
                continue;
            }
            Integer id = ids.get(key);
            if (id == null) {
                id = keys.size();
                ids.put(key, id);
                keys.add(key);
            }
            bucketOf[i] = id;
        }
        int count = keys.size();
        bucketStart = new int[count + 1];
        for (int b : bucketOf) {
            if (b >= 0) {
                bucketStart[b + 1]++;
            }
        }
        for (int b = 0; b < count; b++) {
            bucketStart[b + 1] += bucketStart[b];
        }
        order = new int[bucketStart[count]];
        position = new int[n];
        int[] filled = Arrays.copyOf(bucketStart, count);
        for (int i = 0; i < n; i++) {
            position[i] = bucketOf[i] < 0 ? -1 : filled[bucketOf[i]]++;
            if (position[i] >= 0) {
                order[position[i]] = i;
            }
        }
        sourceBuckets = new int[count][];
        targetBuckets = new int[count][];
        for (int b = 0; b < count; b++) {
            sourceBuckets[b] = buckets == null ? new int[] {0} : known(buckets.sources(keys.get(b)), ids);
            targetBuckets[b] = buckets == null ? new int[] {0} : known(buckets.targets(keys.get(b)), ids);
        }
    }

    private static int[] known(List<Object> keys, Map<Object, Integer> ids) {
        return keys.stream().map(ids::get).filter(id -> id != null).distinct().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The candidate sources of a hop into release {@code b}, as runs {@code [from, to)} of positions
     * in {@link #order}, two ints per run; runs do not overlap.
     */
    int[] sourceRuns(int b) {
        if (bucketOf[b] < 0) {
            return new int[0];
        }
        int[] ranges = acceptedRanges(b);
        int[] runs = new int[sourceBuckets[bucketOf[b]].length * ranges.length];
        int k = 0;
        for (int bucket : sourceBuckets[bucketOf[b]]) {
            for (int r = 0; r < ranges.length; r += 2) {
                int from = firstAtOrAbove(bucket, ranges[r]);
                int to = firstAtOrAbove(bucket, ranges[r + 1]);
                if (from < to) {
                    runs[k++] = from;
                    runs[k++] = to;
                }
            }
        }
        return Arrays.copyOf(runs, k);
    }

    /**
     * The candidate targets of a hop from release {@code a}: runs of positions in {@link #order}
     * holding the releases newer than {@code a} in the buckets a hop from it may end in.
     */
    int[] targetRuns(int a) {
        if (bucketOf[a] < 0) {
            return new int[0];
        }
        int[] runs = new int[2 * targetBuckets[bucketOf[a]].length];
        int k = 0;
        for (int bucket : targetBuckets[bucketOf[a]]) {
            int from = firstAtOrAbove(bucket, a + 1);
            int to = bucketStart[bucket + 1];
            if (from < to) {
                runs[k++] = from;
                runs[k++] = to;
            }
        }
        return Arrays.copyOf(runs, k);
    }

    /** The first position in a bucket's run whose release number is at least {@code number}. */
    int firstAtOrAbove(int bucket, int number) {
        int lo = bucketStart[bucket];
        int hi = bucketStart[bucket + 1];
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (order[mid] < number) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * The release numbers below {@code b} that b's {@code upgradesFrom} can accept, as sorted,
     * disjoint ranges {@code [from, to)}, two ints per range. The constraint's holes and its rule
     * for prereleases are left to {@link HopRules#allows}.
     */
    private int[] acceptedRanges(int b) {
        Optional<VersionConstraint> constraint = releases[b].upgradesFrom();
        if (constraint.isEmpty()) {
            return new int[] {0, b};
        }
        AndGroup[] groups = constraint.get().andGroups();
        int[][] ranges = new int[groups.length][];
        int count = 0;
        for (AndGroup g : groups) {
            if (g.impossible()) {
                continue;
            }
            int from = g.lower() == null ? 0 : firstAbove(g.lower(), g.lowerInclusive());
            int to = g.upper() == null ? b : Math.min(b, firstAbove(g.upper(), !g.upperInclusive()));
            if (from < to) {
                ranges[count++] = new int[] {from, to};
            }
        }
        Arrays.sort(ranges, 0, count, (x, y) -> Integer.compare(x[0], y[0]));
        int[] merged = new int[2 * count];
        int k = 0;
        for (int i = 0; i < count; i++) {
            if (k > 0 && ranges[i][0] <= merged[k - 1]) {
                merged[k - 1] = Math.max(merged[k - 1], ranges[i][1]);
            } else {
                merged[k++] = ranges[i][0];
                merged[k++] = ranges[i][1];
            }
        }
        return Arrays.copyOf(merged, k);
    }

    /**
     * The first release number whose version is above {@code bound} in precedence, or at it when
     * {@code inclusive}.
     */
    private int firstAbove(Version bound, boolean inclusive) {
        int lo = 0;
        int hi = releases.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            int c = Version.comparePrecedence(releases[mid].version(), bound);
            if (c < 0 || (c == 0 && !inclusive)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
