package dev.upshift.schedule;

import java.util.Arrays;

/**
 * An immutable set of half-open intervals of epoch seconds, kept as two sorted arrays of disjoint
 * intervals with a gap between any two (touching intervals are merged). Queries are binary
 * searches; every operation is linear in the sizes of its inputs.
 */
final class IntervalSet {
    static final IntervalSet EMPTY = new IntervalSet(new long[0], new long[0]);

    private final long[] starts;
    private final long[] ends;

    private IntervalSet(long[] starts, long[] ends) {
        this.starts = starts;
        this.ends = ends;
    }

    /** One interval, or the empty set when {@code end <= start}. */
    static IntervalSet of(long start, long end) {
        return end > start ? new IntervalSet(new long[] {start}, new long[] {end}) : EMPTY;
    }

    /**
     * The union of {@code n} intervals given in any order: sorting the starts and the ends apart is
     * enough, because the union covers t exactly when more starts than ends lie at or before t.
     */
    static IntervalSet union(long[] starts, long[] ends, int n) {
        long[] s = Arrays.copyOf(starts, n);
        long[] e = Arrays.copyOf(ends, n);
        Arrays.sort(s);
        Arrays.sort(e);
        long[] outS = new long[n];
        long[] outE = new long[n];
        int size = 0;
        int i = 0;
        int j = 0;
        int depth = 0;
        while (i < n) {
            if (s[i] <= e[j]) {
                if (depth++ == 0) {
                    outS[size] = s[i];
                }
                i++;
            } else {
                if (--depth == 0) {
                    outE[size++] = e[j];
                }
                j++;
            }
        }
        if (n > 0) {
            outE[size++] = e[n - 1];
        }
        return size == 0 ? EMPTY : new IntervalSet(Arrays.copyOf(outS, size), Arrays.copyOf(outE, size));
    }

    int size() {
        return starts.length;
    }

    long start(int i) {
        return starts[i];
    }

    long end(int i) {
        return ends[i];
    }

    /** The smallest index whose interval ends after {@code t}, or {@link #size()}. */
    int firstEndingAfter(long t) {
        int lo = 0;
        int hi = ends.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ends[mid] > t) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** Whether {@code t} lies inside an interval. */
    boolean contains(long t) {
        int i = firstEndingAfter(t);
        return i < starts.length && starts[i] <= t;
    }

    /** This set without the time covered by {@code other}. */
    IntervalSet minus(IntervalSet other) {
        long[] outS = new long[starts.length + other.size()];
        long[] outE = new long[outS.length];
        int size = 0;
        int j = 0;
        for (int i = 0; i < starts.length; i++) {
            long s = starts[i];
            long e = ends[i];
            while (j < other.size() && other.ends[j] <= s) {
                j++;
            }
            int k = j;
            while (k < other.size() && other.starts[k] < e) {
                if (other.starts[k] > s) {
                    outS[size] = s;
                    outE[size++] = other.starts[k];
                }
                s = Math.max(s, other.ends[k]);
                k++;
            }
            if (s < e) {
                outS[size] = s;
                outE[size++] = e;
            }
        }
        return size == 0 ? EMPTY : new IntervalSet(Arrays.copyOf(outS, size), Arrays.copyOf(outE, size));
    }

    /** This set within {@code [from, to)}. */
    IntervalSet clip(long from, long to) {
        int first = firstEndingAfter(from);
        int last = first;
        while (last < starts.length && starts[last] < to) {
            last++;
        }
        if (first >= last) {
            return EMPTY;
        }
        long[] s = Arrays.copyOfRange(starts, first, last);
        long[] e = Arrays.copyOfRange(ends, first, last);
        s[0] = Math.max(s[0], from);
        e[e.length - 1] = Math.min(e[e.length - 1], to);
        return new IntervalSet(s, e);
    }

    /**
     * This set followed by one that lies entirely at or after this set's end, merging the two
     * intervals that touch at the seam.
     */
    IntervalSet concat(IntervalSet later) {
        if (later.size() == 0) {
            return this;
        }
        if (size() == 0) {
            return later;
        }
        boolean touch = ends[ends.length - 1] == later.starts[0];
        int n = size() + later.size() - (touch ? 1 : 0);
        long[] s = Arrays.copyOf(starts, n);
        long[] e = Arrays.copyOf(ends, n);
        int offset = size() - (touch ? 1 : 0);
        System.arraycopy(later.starts, touch ? 1 : 0, s, size(), later.size() - (touch ? 1 : 0));
        System.arraycopy(later.ends, 0, e, offset, later.size());
        return new IntervalSet(s, e);
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < starts.length; i++) {
            out.append(i == 0 ? "" : ", ").append(starts[i]).append('/').append(ends[i]);
        }
        return out.append(']').toString();
    }
}
