package dev.upshift.diff.edit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.tree.JsonText;
import dev.upshift.diff.edit.Syntax.Mapping;
import dev.upshift.diff.edit.Syntax.Node;
import dev.upshift.diff.edit.Syntax.Scalar;
import dev.upshift.diff.edit.Syntax.ScalarStyle;
import dev.upshift.diff.edit.Syntax.Sequence;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Edits mappings entry by entry and lists item by item. In block style a removed entry or item
 * takes its lines with it, and new ones are whole lines at the indentation of their siblings,
 * after the sibling they follow in the new value (new mapping keys with no such sibling go last);
 * in flow style (and JSON) entries are cut and added with their commas, on their own lines when
 * the collection has one entry per line.
 */
final class Collections {
    private final Differ differ;
    private final String text;
    private final Layout layout;
    private final ValueWriter values;
    private final ScalarWriter scalars;
    private final Splices splices;

    Collections(Differ differ, String text, Layout layout, ScalarWriter scalars, ValueWriter values, Splices splices) {
        this.differ = differ;
        this.text = text;
        this.layout = layout;
        this.scalars = scalars;
        this.values = values;
        this.splices = splices;
    }

    /** One entry or item of a collection: where it starts (its key or dash) and ends. */
    private record Span(int start, int end) {}

    void mapping(Mapping m, ObjectNode old, ObjectNode neu, String path) {
        int n = m.keys.size();
        if (n != old.size()) {
            throw differ.unsupported(m, path, "the mapping's text and its value differ (a merge key?)");
        }
        boolean[] kept = new boolean[n];
        int keptCount = 0;
        for (int i = 0; i < n; i++) {
            kept[i] = neu.has(m.keys.get(i).value);
            keptCount += kept[i] ? 1 : 0;
        }
        if (n > 0 && keptCount == 0 && (neu.isEmpty() || m.flow || !Lines.startsLine(text, m.keys.get(0).start))) {
            if (m.parent != null) {
                differ.replace(m, neu, path);
            } else {
                rewriteRoot(m, neu);
            }
            return;
        }
        List<Span> spans = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String key = m.keys.get(i).value;
            spans.add(new Span(m.keys.get(i).start, m.values.get(i).end));
            if (kept[i]) {
                differ.edit(m.values.get(i), old.get(key), neu.get(key), Paths.field(path, key));
            } else {
                differ.guardRemoval(m.values.get(i), Paths.field(path, key));
            }
        }
        remove(m, m.flow, spans, kept, path);
        addedEntries(m, neu).forEach((at, entries) -> addEntries(m, spans, at, entries));
    }

    /**
     * The new entries, by the entry they go after: the old entry that precedes them in the new
     * value, or the last entry when none does.
     */
    private static Map<Integer, List<Map.Entry<String, JsonNode>>> addedEntries(Mapping m, ObjectNode neu) {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < m.keys.size(); i++) {
            index.put(m.keys.get(i).value, i);
        }
        Map<Integer, List<Map.Entry<String, JsonNode>>> added = new LinkedHashMap<>();
        int after = -1;
        for (Map.Entry<String, JsonNode> e : neu.properties()) {
            Integer at = index.get(e.getKey());
            if (at != null) {
                after = at;
            } else {
                added.computeIfAbsent(after < 0 ? m.keys.size() - 1 : after, k -> new ArrayList<>()).add(e);
            }
        }
        return added;
    }

    /** A document whose every field goes: its fields written anew where the old ones stood. */
    private void rewriteRoot(Mapping m, ObjectNode neu) {
        if (neu.isEmpty()) {
            throw differ.unsupported(m, "", "a document cannot lose every field");
        }
        if (m.flow || layout.json()) {
            splices.replace(m.start, m.end, layout.json() ? values.pretty(neu, 0) : values.flow(neu));
            return;
        }
        int column = Lines.column(text, m.keys.get(0).start);
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, JsonNode> e : neu.properties()) {
            if (out.length() > 0) {
                out.append(layout.newline()).append(" ".repeat(column));
            }
            out.append(values.entry(e.getKey(), e.getValue(), column));
        }
        splices.replace(m.keys.get(0).start, m.end, out.toString());
    }

    private void addEntries(Mapping m, List<Span> spans, int after, List<Map.Entry<String, JsonNode>> entries) {
        List<String> written = new ArrayList<>();
        ScalarStyle quoted = siblingQuotes(m.values);
        if (m.flow || layout.json()) {
            boolean lines = multiLine(m);
            int column = m.keys.isEmpty() ? 0 : Lines.column(text, m.keys.get(0).start);
            for (Map.Entry<String, JsonNode> e : entries) {
                JsonNode v = e.getValue();
                written.add(quoted != null && v.isTextual() ? scalars.key(e.getKey(), true) + ": " + scalars.like(quoted, v, true, 0)
                        : lines && layout.json() ? values.prettyEntry(e.getKey(), v, column) : values.flowEntry(e.getKey(), v));
            }
            addFlow(m, spans, after, written, column);
            return;
        }
        int column = Lines.column(text, m.keys.get(0).start);
        for (Map.Entry<String, JsonNode> e : entries) {
            JsonNode v = e.getValue();
            written.add(quoted != null && v.isTextual() && !v.textValue().contains("\n")
                    ? scalars.key(e.getKey(), false) + ": " + scalars.like(quoted, v, false, column) : values.entry(e.getKey(), v, column));
        }
        addLines(spans.get(after).end(), column, written);
    }

    void sequence(Sequence s, JsonNode old, JsonNode neu, String path) {
        int n = s.items.size();
        if (n != old.size()) {
            throw differ.unsupported(s, path, "the list's text and its value differ");
        }
        int[] match = ItemAlignment.align(old, neu);
        boolean[] kept = new boolean[n];
        int keptCount = 0;
        List<Span> spans = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            kept[i] = match[i] >= 0;
            keptCount += kept[i] ? 1 : 0;
            spans.add(new Span(s.flow ? s.items.get(i).start : dash(s, i), s.items.get(i).end));
        }
        if (n > 0 && keptCount == 0 && (neu.isEmpty() || s.flow || !Lines.startsLine(text, spans.get(0).start()))) {
            differ.replace(s, neu, path);
            return;
        }
        for (int i = 0; i < n; i++) {
            if (kept[i]) {
                differ.edit(s.items.get(i), old.get(i), neu.get(match[i]), Paths.item(path, i));
            } else {
                differ.guardRemoval(s.items.get(i), Paths.item(path, i));
            }
        }
        remove(s, s.flow, spans, kept, path);
        int firstKept = 0;
        while (firstKept < n && !kept[firstKept]) {
            firstKept++;
        }
        for (Map.Entry<Integer, List<JsonNode>> e : addedItems(match, neu).entrySet()) {
            addItems(s, spans, e.getKey(), firstKept, e.getValue());
        }
    }

    /** The new items, by the old item they go after (-1: before the first old item kept). */
    private static Map<Integer, List<JsonNode>> addedItems(int[] match, JsonNode neu) {
        int[] oldOf = new int[neu.size()];
        Arrays.fill(oldOf, -1);
        for (int i = 0; i < match.length; i++) {
            if (match[i] >= 0) {
                oldOf[match[i]] = i;
            }
        }
        Map<Integer, List<JsonNode>> added = new LinkedHashMap<>();
        int after = -1;
        for (int j = 0; j < neu.size(); j++) {
            if (oldOf[j] >= 0) {
                after = oldOf[j];
            } else {
                added.computeIfAbsent(after, k -> new ArrayList<>()).add(neu.get(j));
            }
        }
        return added;
    }

    private void addItems(Sequence s, List<Span> spans, int after, int firstKept, List<JsonNode> items) {
        List<String> written = new ArrayList<>();
        ScalarStyle quoted = siblingQuotes(s.items);
        if (s.flow || layout.json()) {
            boolean lines = multiLine(s);
            int column = s.items.isEmpty() ? 0 : Lines.column(text, s.items.get(0).start);
            for (JsonNode item : items) {
                written.add(quoted != null && item.isTextual() ? scalars.like(quoted, item, true, 0)
                        : lines && layout.json() ? values.pretty(item, column) : values.flow(item));
            }
            if (after < 0 && !s.items.isEmpty()) {
                String separator = lines ? "," + layout.newline() + " ".repeat(column) : ", ";
                splices.insert(spans.get(firstKept).start(), String.join(separator, written) + separator);
            } else {
                addFlow(s, spans, after, written, column);
            }
            return;
        }
        int dash = spans.get(0).start();
        int column = Lines.column(text, dash);
        for (JsonNode item : items) {
            written.add(quoted != null && item.isTextual() && !item.textValue().contains("\n")
                    ? "- " + scalars.like(quoted, item, false, column) : values.item(item, column));
        }
        if (after >= 0) {
            addLines(spans.get(after).end(), column, written);
        } else if (firstKept == spans.size() || Lines.startsLine(text, spans.get(firstKept).start())) {
            // before the first item kept (or, when none is, where the first item stood)
            int at = spans.get(firstKept == spans.size() ? 0 : firstKept).start();
            StringBuilder out = new StringBuilder();
            for (String w : written) {
                out.append(" ".repeat(column)).append(w).append(layout.newline());
            }
            splices.insert(Lines.lineStart(text, at), out.toString());
        } else {
            StringBuilder out = new StringBuilder();
            for (String w : written) {
                out.append(w).append(layout.newline()).append(" ".repeat(column));
            }
            splices.insert(spans.get(firstKept).start(), out.toString());
        }
    }

    /** Whole lines at {@code column}, after the line where {@code end} stands. */
    private void addLines(int end, int column, List<String> written) {
        int at = Lines.nextLine(text, end);
        StringBuilder out = new StringBuilder();
        if (at == text.length() && !text.endsWith("\n")) {
            out.append(layout.newline());
        }
        for (String w : written) {
            JsonText.indent(column, out);
            out.append(w).append(layout.newline());
        }
        splices.insert(at, out.toString());
    }

    /** Entries or items after the one numbered {@code after} of a flow collection (into it when empty). */
    private void addFlow(Node c, List<Span> spans, int after, List<String> written, int column) {
        if (spans.isEmpty()) {
            int open = text.indexOf(c instanceof Mapping ? '{' : '[', c.start);
            splices.insert(open + 1, String.join(", ", written));
            return;
        }
        String separator = multiLine(c) ? "," + layout.newline() + " ".repeat(column) : ", ";
        StringBuilder out = new StringBuilder();
        for (String w : written) {
            out.append(separator).append(w);
        }
        splices.insert(spans.get(after).end(), out.toString());
    }

    /** Removes the runs of entries or items not kept, with their lines (block) or commas (flow). */
    private void remove(Node c, boolean flow, List<Span> spans, boolean[] kept, String path) {
        int n = spans.size();
        for (int a = 0; a < n; a++) {
            if (kept[a]) {
                continue;
            }
            int b = a;
            while (b + 1 < n && !kept[b + 1]) {
                b++;
            }
            Span first = spans.get(a);
            Span last = spans.get(b);
            if (flow || layout.json()) {
                if (b + 1 < n) {
                    splices.replace(first.start(), spans.get(b + 1).start(), "");
                } else {
                    splices.replace(spans.get(a - 1).end(), last.end(), "");
                }
            } else if (Lines.startsLine(text, first.start())) {
                // each with its own lines: comment lines between them stay, as above any removed entry
                for (int i = a; i <= b; i++) {
                    splices.replace(Lines.lineStart(text, spans.get(i).start()), Lines.nextLine(text, spans.get(i).end()), "");
                }
            } else if (b + 1 < n) {
                // the first entry shares its line with a dash: the next kept one moves up onto that line,
                // and the comment lines between go above the dash's line as they are
                StringBuilder comments = new StringBuilder();
                for (int i = a; i <= b; i++) {
                    int from = Lines.nextLine(text, spans.get(i).end());
                    int to = Lines.lineStart(text, spans.get(i + 1).start());
                    if (from < to) {
                        comments.append(text, from, to);
                    }
                }
                splices.replace(first.start(), spans.get(b + 1).start(), "");
                if (comments.length() > 0) {
                    splices.insert(Lines.lineStart(text, first.start()), comments.toString());
                }
            } else {
                throw differ.unsupported(c, path, "removing every entry of a collection that shares its first line");
            }
            a = b;
        }
    }

    /** The quotes every scalar among {@code siblings} has, when they all have the same (new text among them gets them too). */
    private static ScalarStyle siblingQuotes(List<Node> siblings) {
        ScalarStyle common = null;
        for (Node n : siblings) {
            if (!(n instanceof Scalar sc) || sc.style != ScalarStyle.SINGLE && sc.style != ScalarStyle.DOUBLE
                    || common != null && common != sc.style) {
                return null;
            }
            common = sc.style;
        }
        return common;
    }

    /** Whether a flow collection has one entry per line (its first entry starts a line). */
    boolean multiLine(Node c) {
        if (c instanceof Mapping m) {
            return !m.keys.isEmpty() && Lines.startsLine(text, m.keys.get(0).start) && m.flow;
        }
        Sequence s = (Sequence) c;
        return !s.items.isEmpty() && s.flow && Lines.startsLine(text, s.items.get(0).start);
    }

    /** The offset of the dash of a block list's item. */
    int dash(Sequence s, int index) {
        int i = index == 0 ? s.start : s.items.get(index - 1).end;
        boolean properties = index == 0 && (s.anchor != null || s.tag != null);
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '-') {
                return i;
            } else if (c == '#') {
                i = Lines.lineEnd(text, i);
            } else if (Character.isWhitespace(c)) {
                i++;
            } else if (properties && (c == '&' || c == '!')) {
                while (i < text.length() && !Character.isWhitespace(text.charAt(i))) {
                    i++;
                }
            } else {
                break;
            }
        }
        throw differ.unsupported(s, "", "cannot find the dash of item " + index + " of a list");
    }

}
