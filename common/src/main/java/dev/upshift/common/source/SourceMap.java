package dev.upshift.common.source;

import dev.upshift.common.problem.SourceLocation;
import dev.upshift.common.tree.JsonPointers;
import java.util.Arrays;
import java.util.List;

/**
 * Where each value of a loaded document stood in its source, looked up by RFC 6901 JSON Pointer
 * ({@code ""} for the root, {@code /spec/windows/0/name} below it).
 *
 * <p>Lookups never fail: a pointer that has no entry of its own (a value added by a migration, a
 * field that is missing) resolves to its nearest ancestor that has one, so a problem always points
 * somewhere useful.
 *
 * <p>Package-private: the loader's own. The map holds no pointer strings: each value has a number
 * in document order, its positions, its parent and its member name (the same string instance as
 * the tree's key), and each container the numbers of its children, members sorted by name. Memory
 * is a few dozen bytes per value, whatever the length of the paths, and a lookup costs a binary
 * search per pointer token, whatever the key texts' hash codes.
 */
final class SourceMap {
    /**
     * The number of a value that is not recorded because no pointer reaches it (the value of a
     * duplicate key, and everything in it); as a parent, the value recorded under it is detached too.
     */
    public static final int DETACHED = -2;

    private static final int ROOT_PARENT = -1;

    private final String source;
    private final int size;
    private final long[] values;
    private final long[] keys;
    private final String[] names;
    private final int[] childStart;
    private final int[] children;

    private SourceMap(String source, int size, long[] values, long[] keys, String[] names, int[] childStart,
            int[] children) {
        this.source = source;
        this.size = size;
        this.values = values;
        this.keys = keys;
        this.names = names;
        this.childStart = childStart;
        this.children = children;
    }

    /** A map that knows only the source's name (for documents built in memory). */
    public static SourceMap empty(String source) {
        return new SourceMap(source, 0, new long[0], new long[0], new String[0], new int[] {0}, new int[0]);
    }

    /** Starts recording the positions of one document read from {@code source}. */
    public static Builder builder(String source) {
        return new Builder(source);
    }

    /** The source the document came from. */
    public String source() {
        return source;
    }

    /** Where the value at {@code pointer} starts, or its nearest ancestor's. */
    public SourceLocation valueLocation(String pointer) {
        long found = find(pointer);
        return found < 0 ? SourceLocation.of(source) : unpack(values[(int) (found >> 1)]);
    }

    /**
     * Where the key of the member at {@code pointer} stands (for a list item or the root: where the
     * value starts), or the nearest ancestor's value. Use it to point at an unknown or misspelled field.
     */
    public SourceLocation keyLocation(String pointer) {
        long found = find(pointer);
        if (found < 0) {
            return SourceLocation.of(source);
        }
        int id = (int) (found >> 1);
        boolean exact = (found & 1) != 0;
        return unpack(exact && keys[id] != 0 ? keys[id] : values[id]);
    }

    /**
     * The number of the deepest value on the pointer's way that has an entry, shifted left by one,
     * with the low bit set when that value is the one the pointer names; -1 when no value has one.
     */
    private long find(String pointer) {
        if (size == 0) {
            return -1;
        }
        if (!JsonPointers.isValid(pointer)) {
            return 0;
        }
        List<String> tokens = JsonPointers.parse(pointer);
        int id = 0;
        for (String token : tokens) {
            int child = child(id, token);
            if (child < 0) {
                return (long) id << 1;
            }
            id = child;
        }
        return ((long) id << 1) | 1;
    }

    private int child(int parent, String token) {
        int from = childStart[parent];
        int to = childStart[parent + 1];
        if (from == to) {
            return -1;
        }
        if (names[children[from]] == null) {
            int index = itemIndex(token);
            return index >= 0 && index < to - from ? children[from + index] : -1;
        }
        int lo = from;
        int hi = to - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = names[children[mid]].compareTo(token);
            if (c == 0) {
                return children[mid];
            }
            if (c < 0) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return -1;
    }

    private static int itemIndex(String token) {
        if (token.isEmpty() || token.length() > 9 || (token.length() > 1 && token.charAt(0) == '0')) {
            return -1;
        }
        int n = 0;
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }

    private SourceLocation unpack(long packed) {
        return new SourceLocation(source, (int) (packed >>> 32), (int) packed);
    }

    /** Packs a 1-based line and column (0 for unknown) into the form the builder takes. */
    public static long pack(int line, int column) {
        return ((long) Math.max(line, 0) << 32) | (Math.max(column, 0) & 0xffffffffL);
    }

    /**
     * Escapes one reference token of a JSON Pointer; the same as {@link JsonPointers#escape}, kept
     * for the callers that build pointers beside field paths.
     */
    public static String escape(String token) {
        return JsonPointers.escape(token);
    }

    /**
     * Records values in document order: the root first, then each value right after its parent's
     * earlier children and their descendants. Not thread-safe.
     */
    public static final class Builder {
        private final String source;
        private long[] values = new long[16];
        private long[] keys = new long[16];
        private int[] parents = new int[16];
        private String[] names = new String[16];
        private int size;

        private Builder(String source) {
            this.source = source;
        }

        /** Records the root value; returns its number (0). */
        public int root(long valueAt) {
            if (size != 0) {
                throw new IllegalStateException("the root is recorded first, once");
            }
            return add(ROOT_PARENT, null, 0, valueAt);
        }

        /**
         * Records a member of the mapping numbered {@code parent} ({@link #DETACHED} for a value no
         * pointer should reach); returns the member's number.
         */
        public int member(int parent, String name, long keyAt, long valueAt) {
            return add(parent, name, keyAt, valueAt);
        }

        /** Records the next item of the list numbered {@code parent}; returns the item's number. */
        public int item(int parent, long valueAt) {
            return add(parent, null, 0, valueAt);
        }

        private int add(int parent, String name, long keyAt, long valueAt) {
            if (size == values.length) {
                int capacity = size + (size >> 1);
                values = Arrays.copyOf(values, capacity);
                keys = Arrays.copyOf(keys, capacity);
                parents = Arrays.copyOf(parents, capacity);
                names = Arrays.copyOf(names, capacity);
            }
            values[size] = valueAt;
            keys[size] = keyAt;
            parents[size] = parent;
            names[size] = name;
            return size++;
        }

        /** The map of everything recorded. */
        public SourceMap build() {
            int[] start = new int[size + 1];
            for (int id = 0; id < size; id++) {
                if (parents[id] >= 0) {
                    start[parents[id] + 1]++;
                }
            }
            for (int id = 0; id < size; id++) {
                start[id + 1] += start[id];
            }
            int[] children = new int[start[size]];
            int[] filled = Arrays.copyOf(start, size);
            for (int id = 0; id < size; id++) {
                if (parents[id] >= 0) {
                    children[filled[parents[id]]++] = id;
                }
            }
            // the arrays are kept as they are, with up to half their length unused: copying them to
            // size would need both copies at once, a higher peak than the slack
            String[] names = this.names;
            for (int id = 0; id < size; id++) {
                int from = start[id];
                int to = start[id + 1];
                if (to - from > 1 && names[children[from]] != null) {
                    IntSort.sort(children, from, to, (a, b) -> names[a].compareTo(names[b]));
                }
            }
            return new SourceMap(source, size, values, keys, names, start, children);
        }
    }
}
