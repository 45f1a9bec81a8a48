package dev.upshift.core.journal;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * A list that only grows, whose snapshots cost nothing and never change: an append writes only past
 * every snapshot's end, and growing copies into a new array, leaving the arrays snapshots hold as they
 * were. Not thread-safe: the journal guards it.
 */
final class AppendOnlyList<T> {
    private Object[] items = new Object[2];
    private int size;

    void add(T item) {
        if (size == items.length) {
            items = Arrays.copyOf(items, size + (size >> 1) + 2);
        }
        items[size++] = item;
    }

    int size() {
        return size;
    }

    /** The items appended so far, as an unmodifiable list that later appends leave alone. */
    List<T> snapshot() {
        return size == 0 ? List.of() : new Snapshot<>(items, size);
    }

    private static final class Snapshot<T> extends AbstractList<T> implements RandomAccess {
        private final Object[] items;
        private final int size;

        Snapshot(Object[] items, int size) {
            this.items = items;
            this.size = size;
        }

        @Override
        @SuppressWarnings("unchecked") // only Ts are added
        public T get(int index) {
            Objects.checkIndex(index, size);
            return (T) items[index];
        }

        @Override
        public int size() {
            return size;
        }
    }
}
