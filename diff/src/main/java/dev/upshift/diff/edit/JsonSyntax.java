package dev.upshift.diff.edit;

import dev.upshift.diff.edit.Syntax.Mapping;
import dev.upshift.diff.edit.Syntax.Node;
import dev.upshift.diff.edit.Syntax.Scalar;
import dev.upshift.diff.edit.Syntax.ScalarStyle;
import dev.upshift.diff.edit.Syntax.Sequence;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * Reads the text structure of JSON (RFC 8259, several values one after another as the loader reads
 * them). YAML readers refuse some valid JSON ({@code "\/"}), so JSON gets its own small reader.
 * A loop over an explicit stack: no input overflows the call stack.
 */
final class JsonSyntax {
    private final String source;
    private final String text;
    private final Deque<Node> open = new ArrayDeque<>();
    private int i;

    private JsonSyntax(String source, String text) {
        this.source = source;
        this.text = text;
    }

    /** The values of a JSON text that the loader accepted. */
    static List<Syntax.Document> parse(String source, String text) {
        JsonSyntax json = new JsonSyntax(source, text);
        json.i = text.startsWith("\uFEFF") ? 1 : 0;
        List<Syntax.Document> out = new ArrayList<>();
        for (json.space(); json.i < text.length(); json.space()) {
            Node root = json.value();
            if (root instanceof Mapping) {
                out.add(new Syntax.Document(root, root.start, false, Set.of()));
            }
        }
        return out;
    }

    /** Reads one whole value at {@link #i}. */
    private Node value() {
        Node root = null;
        while (true) {
            Node done = start();
            if (root == null) {
                root = done != null ? done : open.peekLast();
            }
            if (done == null) {
                continue;
            }
            while (!open.isEmpty()) {
                space();
                Node top = open.peek();
                char c = at();
                if (c == ',') {
                    i++;
                    if (top instanceof Mapping m) {
                        key(m);
                    }
                    break;
                }
                if (c == (top instanceof Mapping ? '}' : ']')) {
                    top.end = ++i;
                    open.pop();
                    continue;
                }
                throw unexpected();
            }
            if (open.isEmpty()) {
                return root;
            }
        }
    }

    /** Reads a scalar (returned) or opens a container (then null, with its first key read). */
    private Node start() {
        space();
        int start = i;
        char c = at();
        if (c == '{' || c == '[') {
            i++;
            Node node = c == '{' ? new Mapping(start, null, null, true) : new Sequence(start, null, null, true);
            attach(node);
            space();
            if (at() == (c == '{' ? '}' : ']')) {
                node.end = ++i;
                return node;
            }
            open.push(node);
            if (node instanceof Mapping m) {
                key(m);
            }
            return null;
        }
        Scalar s = scalar();
        attach(s);
        return s;
    }

    private void key(Mapping m) {
        space();
        if (at() != '"') {
            throw unexpected();
        }
        Scalar key = scalar();
        key.parent = m;
        m.keys.add(key);
        space();
        if (at() != ':') {
            throw unexpected();
        }
        i++;
    }

    private void attach(Node node) {
        Node parent = open.peek();
        node.parent = parent;
        if (parent instanceof Mapping m) {
            m.values.add(node);
        } else if (parent instanceof Sequence s) {
            s.items.add(node);
        }
    }

    private Scalar scalar() {
        int start = i;
        if (at() == '"') {
            StringBuilder value = new StringBuilder();
            for (i++; at() != '"'; i++) {
                char c = at();
                if (c == '\\') {
                    i++;
                    char e = at();
                    switch (e) {
                        case 'b' -> value.append('\b');
                        case 'f' -> value.append('\f');
                        case 'n' -> value.append('\n');
                        case 'r' -> value.append('\r');
                        case 't' -> value.append('\t');
                        case 'u' -> {
                            value.append((char) Integer.parseInt(text.substring(i + 1, i + 5), 16));
                            i += 4;
                        }
                        default -> value.append(e);
                    }
                } else {
                    value.append(c);
                }
            }
            i++;
            return new Scalar(start, i, null, null, value.toString(), ScalarStyle.DOUBLE);
        }
        while (i < text.length() && "{}[],: \t\r\n".indexOf(text.charAt(i)) < 0) {
            i++;
        }
        if (i == start) {
            throw unexpected();
        }
        return new Scalar(start, i, null, null, text.substring(start, i), ScalarStyle.PLAIN);
    }

    private void space() {
        while (i < text.length() && " \t\r\n".indexOf(text.charAt(i)) >= 0) {
            i++;
        }
    }

    private char at() {
        if (i >= text.length()) {
            throw new TextEditException(source + ": cannot read the layout of the text: it ends too early");
        }
        return text.charAt(i);
    }

    private TextEditException unexpected() {
        return new TextEditException(source + ": cannot read the layout of the text: unexpected '" + text.charAt(i)
                + "' at line " + Lines.lineNumber(text, i));
    }
}
