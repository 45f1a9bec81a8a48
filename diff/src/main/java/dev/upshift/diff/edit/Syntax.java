package dev.upshift.diff.edit;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The text structure of a YAML or JSON source, for editing it in place: where each value starts and
 * ends (as char offsets into the text), how it is written (quoting, block or flow), its anchor and
 * tag, and its parent. The loader keeps only where values start; edits need where they end too.
 */
final class Syntax {
    private Syntax() {}

    /** How a scalar is written. */
    enum ScalarStyle {
        PLAIN,
        SINGLE,
        DOUBLE,
        LITERAL,
        FOLDED
    }

    /**
     * A value of the text. {@code start} is its first char, anchor and tag included; {@code end} is
     * right after its last char of content (for a block collection, its last child's end; for a
     * block scalar, its last non-blank line), so that the rest of that line holds at most a comment.
     */
    abstract static sealed class Node permits Scalar, Mapping, Sequence, Alias {
        final int start;
        int end;
        final String anchor;
        final String tag;
        Node parent;

        Node(int start, int end, String anchor, String tag) {
            this.start = start;
            this.end = end;
            this.anchor = anchor;
            this.tag = tag;
        }

        boolean inFlow() {
            return parent instanceof Mapping m && m.flow || parent instanceof Sequence s && s.flow;
        }
    }

    static final class Scalar extends Node {
        final String value;
        final ScalarStyle style;

        Scalar(int start, int end, String anchor, String tag, String value, ScalarStyle style) {
            super(start, end, anchor, tag);
            this.value = value;
            this.style = style;
        }

        boolean isEmpty() {
            return start == end;
        }
    }

    static final class Mapping extends Node {
        final boolean flow;
        final List<Scalar> keys = new ArrayList<>();
        final List<Node> values = new ArrayList<>();

        Mapping(int start, String anchor, String tag, boolean flow) {
            super(start, start, anchor, tag);
            this.flow = flow;
        }
    }

    static final class Sequence extends Node {
        final boolean flow;
        final List<Node> items = new ArrayList<>();

        Sequence(int start, String anchor, String tag, boolean flow) {
            super(start, start, anchor, tag);
            this.flow = flow;
        }
    }

    static final class Alias extends Node {
        final String name;

        Alias(int start, int end, String name) {
            super(start, end, null, null);
            this.name = name;
        }
    }

    /**
     * One document of the source.
     *
     * @param root its root value
     * @param start where the document's text starts: its {@code ---} when it has one, else its root
     * @param explicit whether it opens with {@code ---}
     * @param aliased the anchors that aliases of this document name
     */
    record Document(Node root, int start, boolean explicit, Set<String> aliased) {}
}
