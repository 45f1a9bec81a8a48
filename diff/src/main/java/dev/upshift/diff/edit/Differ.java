package dev.upshift.diff.edit;

import static dev.upshift.common.tree.JsonTrees.Equality.NUMERIC;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.edit.Syntax.Alias;
import dev.upshift.diff.edit.Syntax.Mapping;
import dev.upshift.diff.edit.Syntax.Node;
import dev.upshift.diff.edit.Syntax.Scalar;
import dev.upshift.diff.edit.Syntax.ScalarStyle;
import dev.upshift.diff.edit.Syntax.Sequence;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;

/**
 * Turns the difference between a document as its text holds it and as it should be into splices
 * of that text, touching only what differs: a changed scalar is rewritten where it stands, mappings
 * and lists are edited entry by entry and item by item ({@link Collections}), and a value whose
 * shape changes is written anew in the style of its place. Recursion follows the documents' depth,
 * which the loader bounds.
 */
final class Differ {
    private final String source;
    private final String text;
    private final Layout layout;
    private final ScalarWriter scalars;
    private final ValueWriter values;
    private final Splices splices;
    private final Collections collections;
    private Set<String> aliased = Set.of();

    Differ(String source, String text, Layout layout, Splices splices) {
        this.source = source;
        this.text = text;
        this.layout = layout;
        this.scalars = new ScalarWriter(layout);
        this.values = new ValueWriter(layout, scalars);
        this.splices = splices;
        this.collections = new Collections(this, text, layout, scalars, values, splices);
    }

    /** Edits one document from {@code old} (what its text holds) to {@code neu}. */
    void document(Syntax.Document document, ObjectNode old, ObjectNode neu) {
        aliased = document.aliased();
        edit(document.root(), old, neu, "");
    }

    void edit(Node node, JsonNode old, JsonNode neu, String path) {
        if (JsonTrees.equal(old, neu, NUMERIC)) {
            return;
        }
        guard(node, path);
        if (node instanceof Mapping m && old.isObject() && neu.isObject() && !(emptyFlowInBlock(m) && !neu.isEmpty())) {
            collections.mapping(m, (ObjectNode) old, (ObjectNode) neu, path);
        } else if (node instanceof Sequence s && old.isArray() && neu.isArray() && !(emptyFlowInBlock(s) && !neu.isEmpty())) {
            collections.sequence(s, old, neu, path);
        } else if (node instanceof Scalar s && !neu.isContainerNode()) {
            scalar(s, neu);
        } else {
            replace(node, neu, path);
        }
    }

    private boolean emptyFlowInBlock(Node n) {
        boolean empty = n instanceof Mapping m ? m.flow && m.keys.isEmpty() : ((Sequence) n).flow && ((Sequence) n).items.isEmpty();
        return empty && !layout.json() && !n.inFlow() && n.parent != null;
    }

    private void scalar(Scalar s, JsonNode neu) {
        String written = scalars.rewrite(s, neu, layout.json() || s.inFlow(), contentIndent(s));
        if (s.isEmpty() && s.start > 0 && text.charAt(s.start - 1) != ' ') {
            written = " " + written;
        }
        boolean block = s.style == ScalarStyle.LITERAL || s.style == ScalarStyle.FOLDED;
        int headerEnd = Lines.lineEnd(text, s.start);
        int comment = block ? Lines.commentStart(text, s.start, headerEnd) : -1;
        if (comment < 0 || headerEnd >= s.end) {
            splices.replace(s.start, s.end, written);
            return;
        }
        // the comment after a block scalar's header stays: the header is rewritten before it, the lines after it
        int header = comment;
        while (header > s.start && Character.isWhitespace(text.charAt(header - 1))) {
            header--;
        }
        int nl = written.indexOf('\n');
        if (nl < 0) {
            splices.replace(s.start, s.end, written);
            return;
        }
        int firstEnd = nl > 0 && written.charAt(nl - 1) == '\r' ? nl - 1 : nl;
        splices.replace(s.start, header, written.substring(0, firstEnd));
        splices.replace(headerEnd, s.end, written.substring(firstEnd));
    }

    /** Where the lines of a block scalar written in place of {@code s} stand. */
    private int contentIndent(Scalar s) {
        if (s.style == ScalarStyle.LITERAL || s.style == ScalarStyle.FOLDED) {
            for (int line = Lines.nextLine(text, s.start); line < s.end; line = Lines.nextLine(text, line)) {
                int first = line;
                while (first < s.end && text.charAt(first) == ' ') {
                    first++;
                }
                if (first < s.end && text.charAt(first) != '\n' && text.charAt(first) != '\r') {
                    return first - line;
                }
            }
        }
        return indentOfPlace(s) + layout.step();
    }

    /** The column of the key or dash a value belongs to (the value's own line's indentation at the root). */
    int indentOfPlace(Node n) {
        if (n.parent instanceof Mapping m && !m.flow) {
            return Lines.column(text, m.keys.get(m.values.indexOf(n)).start);
        }
        if (n.parent instanceof Sequence s && !s.flow) {
            return Lines.column(text, collections.dash(s, s.items.indexOf(n)));
        }
        return lineIndent(n.start);
    }

    int lineIndent(int at) {
        int start = Lines.lineStart(text, at);
        int i = start;
        while (i < text.length() && text.charAt(i) == ' ') {
            i++;
        }
        return i - start;
    }

    /** Writes {@code neu} in place of a value whose shape changes, in the style of the value's place. */
    void replace(Node node, JsonNode neu, String path) {
        guardRemoval(node, path);
        if (node.parent == null) {
            throw unsupported(node, path, "the document itself must stay a mapping");
        }
        if (layout.json() || node.inFlow()) {
            String written = layout.json() && collections.multiLine(node.parent)
                    ? values.pretty(neu, lineIndent(node.start)) : values.flow(neu);
            splices.replace(node.start, node.end, written);
        } else if ((node instanceof Mapping m && m.flow && !m.keys.isEmpty() || node instanceof Sequence s && s.flow && !s.items.isEmpty())
                && neu.isContainerNode() && !neu.isEmpty()) {
            // a flow collection stays one (an empty {} or [] says nothing of style: it becomes a block)
            splices.replace(node.start, node.end, values.flow(neu));
        } else if (node.parent instanceof Mapping m) {
            Scalar key = m.keys.get(m.values.indexOf(node));
            rewriteAfter(colon(key, path) + 1, node, values.afterKey(neu, Lines.column(text, key.start)));
        } else {
            Sequence s = (Sequence) node.parent;
            int dash = collections.dash(s, s.items.indexOf(node));
            rewriteAfter(dash + 1, node, values.afterDash(neu, Lines.column(text, dash)));
        }
    }

    /**
     * Writes a value in place of the one after a key's {@code :} or an item's dash (at {@code from}).
     * A comment on that line stays: what is written takes the old value's place on the line, before
     * the comment, and what it writes below goes below the line. A comment after the old value's
     * last line, below, goes with it (it would end up inside a literal block).
     */
    private void rewriteAfter(int from, Node node, String written) {
        int lineEnd = Lines.lineEnd(text, from);
        if (node.end <= lineEnd) {
            keepLineComment(from, node.end, written);
            return;
        }
        boolean contentBelow = node.start > lineEnd
                || node instanceof Scalar sc && (sc.style == ScalarStyle.LITERAL || sc.style == ScalarStyle.FOLDED)
                || node instanceof Mapping m && !m.keys.isEmpty() && m.keys.get(0).start > lineEnd
                || node instanceof Sequence s && !s.items.isEmpty() && collections.dash(s, 0) > lineEnd;
        if (!contentBelow) {
            // the value's content starts on this line (an item's first entry) and goes on below: replaced whole
            splices.replace(from, Lines.lineEnd(text, node.end), written);
            return;
        }
        int comment = Lines.commentStart(text, from, lineEnd);
        int headEnd = comment < 0 ? lineEnd : comment;
        while (comment >= 0 && headEnd > from && Character.isWhitespace(text.charAt(headEnd - 1))) {
            headEnd--;
        }
        int nl = written.indexOf('\n');
        int firstEnd = nl < 0 ? written.length() : nl > 0 && written.charAt(nl - 1) == '\r' ? nl - 1 : nl;
        splices.replace(from, headEnd, written.substring(0, firstEnd));
        splices.replace(lineEnd, Lines.lineEnd(text, node.end), written.substring(firstEnd));
    }

    /**
     * Writes a value in place of one that ends on the line it starts: the first line of what is
     * written takes the old value's place, before the comment that may follow it, and the rest goes
     * below that line, so that the comment stays where it was (after a key, or after {@code |}).
     */
    private void keepLineComment(int start, int end, String written) {
        int nl = written.indexOf('\n');
        if (nl < 0) {
            splices.replace(start, end, written);
            return;
        }
        int firstEnd = nl > 0 && written.charAt(nl - 1) == '\r' ? nl - 1 : nl;
        splices.replace(start, end, written.substring(0, firstEnd));
        splices.insert(Lines.lineEnd(text, end), written.substring(firstEnd));
    }

    /** The offset of the {@code :} after a key. */
    int colon(Scalar key, String path) {
        int i = key.end;
        while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i++;
        }
        if (i >= text.length() || text.charAt(i) != ':') {
            throw unsupported(key, path, "a key without ':' after it");
        }
        return i;
    }

    private void guard(Node node, String path) {
        if (node instanceof Alias a) {
            throw unsupported(node, path, "it is an alias (*" + a.name + ") of a value written elsewhere in the file;"
                    + " change it by hand, or write the value out in place of the alias");
        }
        if (node.anchor != null && aliased.contains(node.anchor)) {
            throw unsupported(node, path, "it is anchored (&" + node.anchor + ") and aliases elsewhere copy it; change it"
                    + " by hand");
        }
        if (node.tag != null && !node.tag.startsWith("tag:yaml.org,2002:") && !node.tag.startsWith("!!")) {
            throw unsupported(node, path, "it carries the tag " + node.tag + ", which Upshift does not write; change it"
                    + " by hand");
        }
    }

    /** Refuses to remove or rewrite a value holding an anchor that an alias elsewhere refers to. */
    void guardRemoval(Node node, String path) {
        Deque<Node> work = new ArrayDeque<>();
        work.push(node);
        while (!work.isEmpty()) {
            Node n = work.pop();
            if (n.anchor != null && aliased.contains(n.anchor)) {
                throw unsupported(node, path, "it holds the anchor &" + n.anchor + ", which aliases elsewhere refer"
                        + " to; change it by hand");
            }
            if (n instanceof Mapping m) {
                m.values.forEach(work::push);
            } else if (n instanceof Sequence s) {
                s.items.forEach(work::push);
            }
        }
    }

    TextEditException unsupported(Node node, String path, String why) {
        return new TextEditException(source + ":" + Lines.lineNumber(text, node.start) + ": "
                + (path.isEmpty() ? "the document" : path) + ": cannot edit in place: " + why);
    }
}
