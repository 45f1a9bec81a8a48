package dev.upshift.diff.edit;

import dev.upshift.diff.edit.Syntax.Mapping;
import dev.upshift.diff.edit.Syntax.Node;
import dev.upshift.diff.edit.Syntax.Scalar;
import dev.upshift.diff.edit.Syntax.ScalarStyle;
import dev.upshift.diff.edit.Syntax.Sequence;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.TreeMap;

/**
 * How a file is written, read from the file itself so that new lines look like their neighbours:
 * line breaks, the indentation of a nested mapping, where the dashes of a list under a key stand,
 * how far an item's content stands from its dash, and which quotes the file prefers.
 *
 * @param json whether the file is JSON (every value written as JSON)
 * @param newline the file's line break
 * @param step how much deeper a nested mapping's keys stand than its key (2 when the file does not say)
 * @param sequenceIndent how much deeper a list's dashes stand than its key (0, as kubectl writes, when the file does not say)
 * @param itemIndent how far an item's content stands from its dash (2 when the file does not say)
 * @param singleQuotes whether the file quotes with {@code '} more often than with {@code "}
 */
record Layout(boolean json, String newline, int step, int sequenceIndent, int itemIndent, boolean singleQuotes) {

    /** Reads the layout of a text and its documents. */
    static Layout of(boolean json, String text, List<Syntax.Document> documents) {
        TreeMap<Integer, Integer> steps = new TreeMap<>();
        TreeMap<Integer, Integer> sequences = new TreeMap<>();
        TreeMap<Integer, Integer> items = new TreeMap<>();
        int single = 0;
        int dbl = 0;
        Deque<Node> work = new ArrayDeque<>();
        documents.forEach(d -> work.push(d.root()));
        while (!work.isEmpty()) {
            Node n = work.pop();
            if (n instanceof Scalar s) {
                single += s.style == ScalarStyle.SINGLE ? 1 : 0;
                dbl += s.style == ScalarStyle.DOUBLE ? 1 : 0;
            } else if (n instanceof Mapping m) {
                for (int i = 0; i < m.keys.size(); i++) {
                    work.push(m.keys.get(i));
                    Node v = m.values.get(i);
                    work.push(v);
                    int keyColumn = Lines.column(text, m.keys.get(i).start);
                    if (v instanceof Mapping inner && !inner.keys.isEmpty() && Lines.startsLine(text, inner.keys.get(0).start)) {
                        count(steps, Lines.column(text, inner.keys.get(0).start) - keyColumn);
                    } else if (v instanceof Sequence inner && !inner.flow && v.anchor == null && v.tag == null) {
                        count(sequences, Lines.column(text, inner.start) - keyColumn);
                    }
                }
            } else if (n instanceof Sequence s) {
                for (Node item : s.items) {
                    work.push(item);
                    if (!s.flow && item instanceof Mapping m && !m.flow && !m.keys.isEmpty() && item.anchor == null
                            && item.tag == null && !Lines.startsLine(text, m.keys.get(0).start)) {
                        int dash = Lines.lineStart(text, m.keys.get(0).start) + firstDash(text, m.keys.get(0).start);
                        count(items, m.keys.get(0).start - dash);
                    }
                }
            }
        }
        String newline = text.contains("\r\n") ? "\r\n" : "\n";
        return new Layout(json, newline, mode(steps, 2, 1), mode(sequences, 0, 0), mode(items, 2, 2), single > dbl);
    }

    private static int firstDash(String text, int at) {
        int start = Lines.lineStart(text, at);
        int dash = text.lastIndexOf('-', at - 1);
        return dash >= start ? dash - start : 0;
    }

    private static void count(TreeMap<Integer, Integer> counts, int value) {
        counts.merge(value, 1, Integer::sum);
    }

    /** The most frequent value at least {@code min} (the smaller on a tie), or {@code otherwise}. */
    private static int mode(TreeMap<Integer, Integer> counts, int otherwise, int min) {
        int best = otherwise;
        int bestCount = 0;
        for (var e : counts.tailMap(min, true).entrySet()) {
            if (e.getValue() > bestCount) {
                best = e.getKey();
                bestCount = e.getValue();
            }
        }
        return best;
    }
}
