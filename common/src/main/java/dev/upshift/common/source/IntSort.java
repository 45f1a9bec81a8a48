package dev.upshift.common.source;

/** Sorts a range of an {@code int[]} by a comparator, stably, without boxing. */
final class IntSort {
    /** Compares two ints the way a {@link java.util.Comparator} compares objects. */
    @FunctionalInterface
    interface IntComparator {
        int compare(int a, int b);
    }

    private IntSort() {}

    /** Sorts {@code a[from, to)}: a merge sort, so O(n log n) comparisons whatever the input. */
    static void sort(int[] a, int from, int to, IntComparator order) {
        int[] buffer = new int[to - from];
        for (int width = 1; width < to - from; width <<= 1) {
            for (int lo = from; lo < to - width; lo += width << 1) {
                int mid = lo + width;
                int hi = Math.min(mid + width, to);
                if (order.compare(a[mid - 1], a[mid]) <= 0) {
                    continue;
                }
                int i = lo;
                int j = mid;
                int k = 0;
                while (i < mid && j < hi) {
                    buffer[k++] = order.compare(a[i], a[j]) <= 0 ? a[i++] : a[j++];
                }
                while (i < mid) {
                    buffer[k++] = a[i++];
                }
                while (j < hi) {
                    buffer[k++] = a[j++];
                }
                System.arraycopy(buffer, 0, a, lo, k);
            }
        }
    }
}
