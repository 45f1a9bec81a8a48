package dev.upshift.diff.edit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Replacements of ranges of a text, applied at once; an insertion is the replacement of an empty range. */
final class Splices {
    private record Splice(int start, int end, String text, int order) {}

    private final List<Splice> all = new ArrayList<>();

    void replace(int start, int end, String text) {
        if (start > end) {
            throw new IllegalArgumentException("a range must not end before it starts");
        }
        all.add(new Splice(start, end, text, all.size()));
    }

    void insert(int at, String text) {
        replace(at, at, text);
    }

    boolean isEmpty() {
        return all.isEmpty();
    }

    /**
     * The text with every replacement made. Insertions at one offset keep the order they were made
     * in and come before a replacement starting there.
     *
     * @throws IllegalStateException when two replacements overlap (an editor bug, never a user's)
     */
    String applyTo(String text) {
        List<Splice> sorted = new ArrayList<>(all);
        sorted.sort(Comparator.comparingInt(Splice::start).thenComparingInt(Splice::end).thenComparingInt(Splice::order));
        StringBuilder out = new StringBuilder(text.length() + 256);
        int at = 0;
        for (Splice s : sorted) {
            if (s.start() < at) {
                throw new IllegalStateException("overlapping edits at offset " + s.start());
            }
            out.append(text, at, s.start()).append(s.text());
            at = s.end();
        }
        return out.append(text, at, text.length()).toString();
    }
}
