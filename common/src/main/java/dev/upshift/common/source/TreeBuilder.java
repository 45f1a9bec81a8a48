package dev.upshift.common.source;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SecretMask;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.common.problem.SyntaxException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Walks a Jackson token stream into {@link SourceDocument}s, recording positions as it goes.
 *
 * <p>The walk is a loop over an explicit stack of open mappings and lists, never a recursion, so no
 * input overflows the thread's stack whatever depth limit an embedder sets. Positions go to a
 * {@link SourceMap} that costs a few dozen bytes per value; field paths for messages are built from
 * the stack only when a problem is reported.
 */
final class TreeBuilder {
    static final JsonNodeFactory NODES = new JsonNodeFactory(true);

    private final String source;
    private final JsonParser parser;
    private final AnchorAwareYamlFactory.Parser yaml;
    private final LoadLimits limits;
    private final Problems problems;
    private final Scalars scalars;
    private final Map<String, Anchored> anchors = new HashMap<>();
    private SourceMap.Builder positions;
    private Frame top;
    private long nodes;
    private long expandedBytes;

    /** An anchored value: its tree, and what each alias to it adds to the input. */
    private record Anchored(JsonNode node, long size, long bytes, int height) {}

    /** A finished value and the depth of nesting inside it (0 for a scalar). */
    private record Value(JsonNode node, int height) {}

    /** Raised to abandon a source after a problem that makes the rest unreadable. */
    private static final class Abort extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Abort() {
            super(null, null, false, false);
        }
    }

    /** An open mapping or list, and the slot its next value goes to. */
    private static final class Frame {
        final Frame parent;
        final JsonNode container;
        final int id;
        final int depth;
        final String name; // this container's key in its parent mapping, or null
        final int index; // this container's index in its parent list, or -1
        final String anchor;
        final long nodesBefore;
        final long bytesBefore;
        int height;
        int items;
        String key; // the key whose value is being read, or null
        long keyAt;
        boolean duplicate;
        int[] keyLines = new int[0]; // lines of the keys set so far, in order
        Map<String, Integer> firstKeyLines; // made on the first duplicate key only

        Frame(Frame parent, JsonNode container, int id, String anchor, long nodesBefore, long bytesBefore) {
            this.parent = parent;
            this.container = container;
            this.id = id;
            this.depth = parent == null ? 0 : parent.depth + 1;
            this.name = parent != null && parent.container.isObject() ? parent.key : null;
            this.index = parent != null && parent.container.isArray() ? parent.items : -1;
            this.anchor = anchor;
            this.nodesBefore = nodesBefore;
            this.bytesBefore = bytesBefore;
        }
    }

    TreeBuilder(String source, JsonParser parser, LoadLimits limits, Problems problems) {
        this.source = source;
        this.parser = parser;
        this.yaml = parser instanceof AnchorAwareYamlFactory.Parser y ? y : null;
        this.limits = limits;
        this.problems = problems;
        this.scalars = new Scalars(parser, yaml);
    }

    List<SourceDocument> documents() {
        List<SourceDocument> documents = new ArrayList<>();
        try {
            int count = 0;
            for (JsonToken token = next(); token != null; token = next()) {
                SourceLocation at = location(parser.currentTokenLocation());
                if (++count > limits.maxDocuments()) {
                    problems.error(at, "", "more than " + limits.maxDocuments() + " documents in one input");
                    break;
                }
                positions = SourceMap.builder(source);
                anchors.clear();
                JsonNode root = document(token);
                if (root.isNull() || root.isMissingNode() || isEmptyYamlDocument(root)) {
                    continue;
                }
                if (!root.isObject()) {
                    problems.error(at, "", "a document must be a mapping (an object with apiVersion and kind), not "
                            + describe(root));
                    continue;
                }
                documents.add(new SourceDocument(source, documents.size(), (ObjectNode) root, positions.build()));
            }
        } catch (Abort ignored) {
            // the problem that stopped reading is already recorded
        } catch (StreamConstraintsException e) {
            report(e.getLocation(), LoadMessages.limit(e, limits));
        } catch (JsonProcessingException e) {
            // a string's text is decoded when it is read, after its token: its errors come here
            problems.error(location(e.getLocation()), "", shownIn(LoadMessages.syntax(e)));
        } catch (IOException e) {
            problems.error(location(parser.currentLocation()), "", shownIn("unreadable input: "
                    + LoadMessages.firstLine(e.getMessage())));
        }
        return documents;
    }

    private boolean isEmptyYamlDocument(JsonNode root) {
        return yaml != null && root.isTextual() && root.asText().isEmpty();
    }

    /** Reads the value that starts at {@code first}, with everything inside it. */
    private JsonNode document(JsonToken first) throws IOException {
        top = null;
        Value done = start(first);
        while (true) {
            if (done != null) {
                if (top == null) {
                    return done.node();
                }
                attach(done);
            }
            JsonToken token = next();
            if (token == JsonToken.END_OBJECT || token == JsonToken.END_ARRAY) {
                done = close();
            } else {
                if (top.container.isObject()) {
                    key(token);
                    token = next();
                }
                done = start(token);
            }
        }
    }

    /**
     * Starts the value at {@code token} in the slot the open container offers: returns a scalar or
     * an alias's copy whole; opens a mapping or a list and returns null.
     */
    private Value start(JsonToken token) throws IOException {
        JsonLocation at = parser.currentTokenLocation();
        long valueAt = pack(at);
        int id;
        if (top == null) {
            id = positions.root(valueAt);
        } else if (top.duplicate || top.id == SourceMap.DETACHED) {
            id = SourceMap.DETACHED; // a duplicate's value is dropped: its positions would cost memory for nothing
        } else if (top.container.isObject()) {
            id = positions.member(top.id, top.key, top.keyAt, valueAt);
        } else {
            id = positions.item(top.id, valueAt);
        }
        int depth = top == null ? 0 : top.depth + 1;
        if (depth > limits.maxDepth()) {
            throw fail(at, "nesting is deeper than the limit of " + limits.maxDepth() + " levels");
        }
        long nodesBefore = nodes;
        long bytesBefore = expandedBytes;
        if (++nodes > limits.maxNodes()) {
            throw fail(at, "more than " + limits.maxNodes() + " values in one input");
        }
        if (yaml != null && yaml.isCurrentAlias()) {
            return alias(yaml.getText(), at, depth);
        }
        String anchor = yaml != null ? yaml.anchor() : null;
        if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
            addBytes(1, at);
            ObjectNode object = token == JsonToken.START_OBJECT ? NODES.objectNode() : null;
            top = new Frame(top, object != null ? object : NODES.arrayNode(), id, anchor, nodesBefore, bytesBefore);
            return null;
        }
        JsonNode node;
        try {
            node = scalars.read(token);
        } catch (Scalars.Rejected e) {
            throw failValue(at, e.message(this::shown));
        } catch (StreamConstraintsException e) {
            throw failValue(at, LoadMessages.limit(e, limits));
        }
        addBytes(node.isTextual() ? Math.max(1, utf8Length(node.textValue())) : 1, at);
        if (anchor != null) {
            anchors.put(anchor, new Anchored(node, 1, expandedBytes - bytesBefore, 0));
        }
        return new Value(node, 0);
    }

    /** Reads a mapping's key; the value comes next. */
    private void key(JsonToken token) throws IOException {
        if (token != JsonToken.FIELD_NAME) {
            throw fail(parser.currentTokenLocation(), "expected a key in a mapping");
        }
        String key = parser.currentName();
        JsonLocation keyAt = parser.currentTokenLocation();
        top.key = key;
        top.keyAt = pack(keyAt);
        if ("<<".equals(key) && yaml != null && yaml.isPlainScalar()) {
            throw fail(keyAt, "YAML merge keys (<<) are not supported: write the fields out");
        }
        addBytes(utf8Length(key), keyAt);
        ObjectNode object = (ObjectNode) top.container;
        top.duplicate = object.has(key);
        if (top.duplicate) {
            problems.error(location(keyAt), this::field, () -> "duplicate key '" + SyntaxException.abbreviate(key, 60)
                    + "' (first at line " + firstLine(key) + ")");
        } else if (top.firstKeyLines != null) {
            top.firstKeyLines.put(key, keyAt.getLineNr());
        }
    }

    /** The line of the first key {@code key} in the open mapping, which holds it. */
    private int firstLine(String key) {
        if (top.firstKeyLines == null) {
            top.firstKeyLines = new HashMap<>();
            Iterator<String> names = top.container.fieldNames();
            for (int i = 0; names.hasNext(); i++) {
                top.firstKeyLines.put(names.next(), top.keyLines[i]);
            }
        }
        return top.firstKeyLines.get(key);
    }

    private void attach(Value value) {
        Frame f = top;
        f.height = Math.max(f.height, value.height());
        if (f.container instanceof ObjectNode object) {
            if (!f.duplicate) {
                object.set(f.key, value.node());
                if (f.firstKeyLines == null) {
                    int n = object.size();
                    if (n > f.keyLines.length) {
                        f.keyLines = Arrays.copyOf(f.keyLines, Math.max(4, n * 2));
                    }
                    f.keyLines[n - 1] = (int) (f.keyAt >>> 32);
                }
            }
            f.key = null;
            f.duplicate = false;
        } else {
            ((ArrayNode) f.container).add(value.node());
            f.items++;
        }
    }

    /** Closes the open container and returns it as a finished value. */
    private Value close() {
        Frame f = top;
        top = f.parent;
        if (f.anchor != null) {
            anchors.put(f.anchor, new Anchored(f.container, nodes - f.nodesBefore, expandedBytes - f.bytesBefore,
                    height(f)));
        }
        return new Value(f.container, height(f));
    }

    private static int height(Frame f) {
        return f.container.isEmpty() ? 0 : f.height + 1;
    }

    private Value alias(String name, JsonLocation at, int depth) {
        Anchored target = anchors.get(name);
        if (target == null) {
            throw fail(at, "alias *" + name + " refers to no complete anchor &" + name
                    + " (anchors must be defined, and closed, before use)");
        }
        nodes += target.size() - 1;
        if (nodes > limits.maxNodes()) {
            throw fail(at, "alias *" + name + " expands the input beyond the limit of " + limits.maxNodes()
                    + " values (an alias bomb?)");
        }
        if (depth + target.height() > limits.maxDepth()) {
            throw fail(at, "alias *" + name + " nests the input deeper than the limit of " + limits.maxDepth()
                    + " levels");
        }
        expandedBytes += target.bytes();
        if (expandedBytes > limits.maxExpandedBytes()) {
            throw fail(at, "alias *" + name + " expands the input beyond the limit of "
                    + DocumentLoader.humanBytes(limits.maxExpandedBytes()) + " of text (an alias bomb?)");
        }
        return new Value(target.node().deepCopy(), target.height());
    }

    private void addBytes(long bytes, JsonLocation at) {
        expandedBytes += bytes;
        if (expandedBytes > limits.maxExpandedBytes()) {
            throw fail(at, "the input holds more than " + DocumentLoader.humanBytes(limits.maxExpandedBytes())
                    + " of text, aliases expanded");
        }
    }

    static long utf8Length(String s) {
        long n = s.length();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                n += c < 0x800 || Character.isSurrogate(c) ? 1 : 2; // a surrogate pair: 4 bytes for 2 chars
            }
        }
        return n;
    }

    private JsonToken next() throws IOException {
        try {
            return parser.nextToken();
        } catch (StreamConstraintsException e) {
            String message = LoadMessages.limit(e, limits);
            throw LoadMessages.concernsValue(e) ? failValue(parser.currentLocation(), message)
                    : fail(parser.currentLocation(), message);
        } catch (JsonProcessingException e) {
            if (e.getCause() instanceof MarkedYAMLException yamlError && yamlError.getProblemMark() != null) {
                problems.error(LoadMessages.markLocation(source, yamlError), "", shownIn(LoadMessages.yamlSyntax(yamlError)));
            } else {
                problems.error(location(e.getLocation()), LoadMessages.isComplexKey(e) ? field() : "",
                        shownIn(LoadMessages.syntax(e)));
            }
            throw new Abort();
        } catch (RuntimeException e) {
            // SnakeYAML signals some limits (code points, nesting) with its own unchecked exceptions
            problems.error(location(parser.currentLocation()), "", shownIn(LoadMessages.firstLine(e.getMessage())));
            throw new Abort();
        }
    }

    /** A refused value's text as a message shows it: quoted and cut, or masked in a Secret's data. */
    private String shown(String text) {
        return inSecretData() ? SecretMask.of(text) : "'" + SyntaxException.abbreviate(text, 60) + "'";
    }

    /** A parser's message as it may be shown: in a Secret's data, what it quotes of the input masked. */
    private String shownIn(String message) {
        return inSecretData() ? LoadMessages.masked(message) : message;
    }

    /**
     * Whether the value being read lies in a Secret's {@code data} or {@code stringData}: below one
     * of those keys of a mapping whose {@code kind} is {@code Secret}, or has not been read (it may
     * come later, and a defaults entry's {@code values} has none). The loader reads before any field
     * rule, so only this built-in rule of {@code SensitiveValues} can apply here.
     */
    private boolean inSecretData() {
        String key = top != null && top.container.isObject() ? top.key : null;
        for (Frame f = top; f != null; f = f.parent) {
            if (key != null && f.container.isObject() && (key.equals("data") || key.equals("stringData"))) {
                JsonNode kind = f.container.get("kind");
                if (kind == null || kind.isTextual() && kind.textValue().equals("Secret")) {
                    return true;
                }
            }
            key = f.name;
        }
        return false;
    }

    private void report(JsonLocation at, String message) {
        problems.error(location(at), "", message);
    }

    /** Records a problem with the input as a whole (a limit, the structure) and stops reading. */
    private Abort fail(JsonLocation at, String message) {
        report(at, message);
        return new Abort();
    }

    /** Records a problem with the value being read, naming its field, and stops reading. */
    private Abort failValue(JsonLocation at, String message) {
        problems.error(location(at), field(), message);
        return new Abort();
    }

    /** The dotted path of the value being read, built from the open containers. */
    private String field() {
        ArrayDeque<String> parts = new ArrayDeque<>();
        if (top != null) {
            if (top.container.isObject() && top.key != null) {
                parts.push("." + SyntaxException.abbreviate(top.key, 60));
            } else if (top.container.isArray()) {
                parts.push("[" + top.items + "]");
            }
        }
        for (Frame f = top; f != null && f.parent != null; f = f.parent) {
            parts.push(f.name != null ? "." + SyntaxException.abbreviate(f.name, 60) : "[" + f.index + "]");
        }
        String path = String.join("", parts);
        return path.startsWith(".") ? path.substring(1) : path;
    }

    private SourceLocation location(JsonLocation at) {
        if (at == null || at.getLineNr() <= 0) {
            return SourceLocation.of(source);
        }
        return new SourceLocation(source, at.getLineNr(), Math.max(at.getColumnNr(), 0));
    }

    private static long pack(JsonLocation at) {
        return at == null ? 0 : SourceMap.pack(at.getLineNr(), at.getColumnNr());
    }

    private static String describe(JsonNode n) {
        if (n.isArray()) return "a list";
        if (n.isTextual()) return "a string";
        if (n.isNumber()) return "a number";
        if (n.isBoolean()) return "a boolean";
        return n.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
    }
}
