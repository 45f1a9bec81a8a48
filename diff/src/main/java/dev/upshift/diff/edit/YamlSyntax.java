package dev.upshift.diff.edit;

import dev.upshift.diff.edit.Syntax.Alias;
import dev.upshift.diff.edit.Syntax.Mapping;
import dev.upshift.diff.edit.Syntax.Node;
import dev.upshift.diff.edit.Syntax.Scalar;
import dev.upshift.diff.edit.Syntax.ScalarStyle;
import dev.upshift.diff.edit.Syntax.Sequence;
import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.DocumentStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.MappingStartEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.parser.Parser;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;

/**
 * Reads the text structure of YAML from SnakeYAML's events, which carry each value's start and end
 * and how it is written. Only the events are read: no value is constructed and no alias expanded,
 * so the text the loader already accepted costs one linear pass more.
 */
final class YamlSyntax {
    private final String text;
    private final int[] charAt; // char offset of each code point, when the text has surrogate pairs
    private final List<Syntax.Document> documents = new ArrayList<>();
    private final Deque<Node> open = new ArrayDeque<>();
    private Set<String> aliased = new HashSet<>();
    private Node root;
    private int documentStart;
    private boolean explicit;

    private YamlSyntax(String text) {
        this.text = text;
        this.charAt = codePointOffsets(text);
    }

    /** The documents of a YAML text that the loader accepted, empty ones left out as the loader leaves them out. */
    static List<Syntax.Document> parse(String source, String text) {
        YamlSyntax syntax = new YamlSyntax(text);
        LoaderOptions options = new LoaderOptions();
        options.setCodePointLimit(Math.max(options.getCodePointLimit(), text.length() + 1));
        options.setNestingDepthLimit(Integer.MAX_VALUE);
        options.setMaxAliasesForCollections(Integer.MAX_VALUE);
        try {
            Parser parser = new ParserImpl(new StreamReader(new StringReader(text)), options);
            for (Event e = parser.getEvent(); !e.is(Event.ID.StreamEnd); e = parser.getEvent()) {
                syntax.accept(e);
            }
        } catch (YAMLException e) {
            throw new TextEditException(source + ": cannot read the layout of the text: "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
        }
        return syntax.documents;
    }

    private void accept(Event e) {
        switch (e.getEventId()) {
            case DocumentStart -> {
                explicit = ((DocumentStartEvent) e).getExplicit();
                documentStart = at(e.getStartMark());
                root = null;
                aliased = new HashSet<>();
            }
            case DocumentEnd -> {
                if (root instanceof Mapping || root instanceof Sequence) {
                    documents.add(new Syntax.Document(root, explicit ? documentStart : root.start, explicit, Set.copyOf(aliased)));
                }
            }
            case MappingStart, SequenceStart -> {
                CollectionStartEvent c = (CollectionStartEvent) e;
                int start = at(e.getStartMark());
                Node node = e instanceof MappingStartEvent ? new Mapping(start, c.getAnchor(), c.getTag(), c.isFlow())
                        : new Sequence(start, c.getAnchor(), c.getTag(), c.isFlow());
                attach(node);
                open.push(node);
            }
            case MappingEnd, SequenceEnd -> close(open.pop(), at(e.getEndMark()));
            case Scalar -> attach(scalar((ScalarEvent) e));
            case Alias -> {
                String name = ((AliasEvent) e).getAnchor();
                aliased.add(name);
                attach(new Alias(at(e.getStartMark()), at(e.getEndMark()), name));
            }
            default -> {
                // stream start: nothing to record
            }
        }
    }

    private void close(Node node, int endMark) {
        if (node instanceof Mapping m) {
            m.end = m.flow || m.values.isEmpty() ? endMark : m.values.get(m.values.size() - 1).end;
        } else {
            Sequence s = (Sequence) node;
            s.end = s.flow || s.items.isEmpty() ? endMark : s.items.get(s.items.size() - 1).end;
        }
    }

    private Scalar scalar(ScalarEvent e) {
        int start = at(e.getStartMark());
        int end = at(e.getEndMark());
        ScalarStyle style = style(e.getScalarStyle());
        if (style == ScalarStyle.LITERAL || style == ScalarStyle.FOLDED) {
            end = blockScalarEnd(start, end);
        }
        return new Scalar(start, end, e.getAnchor(), e.getTag(), e.getValue(), style);
    }

    /** The end of a block scalar's last non-blank line (its event ends after the blank lines that follow). */
    private int blockScalarEnd(int start, int eventEnd) {
        int headerEnd = text.indexOf('\n', start);
        if (headerEnd < 0 || headerEnd >= eventEnd) {
            headerEnd = eventEnd;
        }
        int last = eventEnd;
        while (last > headerEnd && Character.isWhitespace(text.charAt(last - 1))) {
            last--;
        }
        if (last > headerEnd) {
            return last;
        }
        int comment = Lines.commentStart(text, start, headerEnd);
        int end = comment < 0 ? headerEnd : comment;
        while (end > start && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        return end;
    }

    private void attach(Node node) {
        Node parent = open.peek();
        node.parent = parent;
        if (parent == null) {
            root = node;
        } else if (parent instanceof Mapping m) {
            if (m.keys.size() == m.values.size()) {
                if (!(node instanceof Scalar key)) {
                    throw new TextEditException("a mapping key that is not text, at line " + Lines.lineNumber(text, node.start));
                }
                m.keys.add(key);
            } else {
                m.values.add(node);
            }
        } else {
            ((Sequence) parent).items.add(node);
        }
    }

    private static ScalarStyle style(DumperOptions.ScalarStyle s) {
        return switch (s) {
            case SINGLE_QUOTED -> ScalarStyle.SINGLE;
            case DOUBLE_QUOTED -> ScalarStyle.DOUBLE;
            case LITERAL -> ScalarStyle.LITERAL;
            case FOLDED -> ScalarStyle.FOLDED;
            default -> ScalarStyle.PLAIN;
        };
    }

    private int at(Mark mark) {
        int index = mark.getIndex();
        return charAt == null ? index : charAt[Math.min(index, charAt.length - 1)];
    }

    /** The char offset of every code point (and of the end), or null when they are the same. */
    private static int[] codePointOffsets(String text) {
        int points = text.codePointCount(0, text.length());
        if (points == text.length()) {
            return null;
        }
        int[] offsets = new int[points + 1];
        int i = 0;
        for (int p = 0; p < points; p++) {
            offsets[p] = i;
            i += Character.charCount(text.codePointAt(i));
        }
        offsets[points] = i;
        return offsets;
    }
}
