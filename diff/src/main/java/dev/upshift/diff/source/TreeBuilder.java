package dev.upshift.diff.source;

import dev.upshift.diff.internal.SourceMap;
import dev.upshift.diff.problem.Problems;
import dev.upshift.diff.problem.SourceLocation;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/** Walks a Jackson token stream into {@link SourceDocument}s, recording positions as it goes. */
final class TreeBuilder {
    private static final JsonNodeFactory NODES = new JsonNodeFactory(true);

    private final String source;
    private final JsonParser parser;
    private final AnchorAwareYamlFactory.Parser yaml;
    private final LoadLimits limits;
    private final Problems problems;
    private final Map<String, Anchored> anchors = new HashMap<>();
    private Map<String, Long> values;
    private Map<String, Long> keys;
    private long nodes;

    private record Anchored(JsonNode node, long size) {}

    /** Raised to abandon a source after a problem that makes the rest unreadable. */
    private static final class Abort extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Abort() {
            super(null, null, false, false);
        }
    }

    TreeBuilder(String source, JsonParser parser, LoadLimits limits, Problems problems) {
        this.source = source;
        this.parser = parser;
        this.yaml = parser instanceof AnchorAwareYamlFactory.Parser y ? y : null;
        this.limits = limits;
        this.problems = problems;
    }

    List<SourceDocument> documents() throws IOException {
        List<SourceDocument> documents = new ArrayList<>();
        try {
            int index = 0;
            for (JsonToken token = next(); token != null; token = next()) {
                values = new HashMap<>();
                keys = new HashMap<>();
                anchors.clear();
                SourceLocation at = location(parser.currentTokenLocation());
                JsonNode root = value(token, "", 0);
                if (root.isNull() || root.isMissingNode() || isEmptyYamlDocument(root)) {
                    continue;
                }
                if (!root.isObject()) {
                    problems.error(at, "", "a document must be a mapping (an object with apiVersion and kind), not "
                            + describe(root));
                    continue;
                }
                if (++index > limits.maxDocuments()) {
                    problems.error(at, "", "more than " + limits.maxDocuments() + " documents in one input");
                    throw new Abort();
                }
                documents.add(new SourceDocument(source, index - 1, (ObjectNode) root,
                        new SourceMap(source, values, keys)));
            }
        } catch (Abort ignored) {
            // the problem that stopped reading is already recorded
        }
        return documents;
    }

    private boolean isEmptyYamlDocument(JsonNode root) {
        return yaml != null && root.isTextual() && root.asText().isEmpty();
    }

    private JsonToken next() throws IOException {
        try {
            return parser.nextToken();
        } catch (StreamConstraintsException e) {
            throw fail(parser.currentLocation(), limitMessage(e));
        } catch (JsonProcessingException e) {
            if (e.getCause() instanceof MarkedYAMLException yaml && yaml.getProblemMark() != null) {
                throw yamlSyntax(yaml);
            }
            throw fail(e.getLocation(), syntaxMessage(e));
        } catch (RuntimeException e) {
            // SnakeYAML signals some limits (code points, nesting) with its own unchecked exceptions
            throw fail(parser.currentLocation(), firstLine(e.getMessage()));
        }
    }

    private JsonNode value(JsonToken token, String pointer, int depth) throws IOException {
        JsonLocation at = parser.currentTokenLocation();
        values.put(pointer, pack(at));
        if (depth > limits.maxDepth()) {
            throw fail(at, "nesting is deeper than the limit of " + limits.maxDepth() + " levels");
        }
        if (++nodes > limits.maxNodes()) {
            throw fail(at, "more than " + limits.maxNodes() + " values in one input");
        }
        if (yaml != null && yaml.isCurrentAlias()) {
            return alias(yaml.getText(), at);
        }
        String anchor = yaml != null ? yaml.anchor() : null;
        long before = nodes;
        JsonNode node = switch (token) {
            case START_OBJECT -> object(pointer, depth);
            case START_ARRAY -> array(pointer, depth);
            default -> scalar(token, at);
        };
        if (anchor != null) {
            anchors.put(anchor, new Anchored(node, nodes - before + 1));
        }
        return node;
    }

    private ObjectNode object(String pointer, int depth) throws IOException {
        ObjectNode object = NODES.objectNode();
        for (JsonToken t = next(); t != JsonToken.END_OBJECT; t = next()) {
            if (t != JsonToken.FIELD_NAME) {
                throw fail(parser.currentTokenLocation(), "expected a key in a mapping");
            }
            String key = parser.currentName();
            JsonLocation keyAt = parser.currentTokenLocation();
            String child = pointer + "/" + SourceMap.escape(key);
            if ("<<".equals(key) && yaml != null && yaml.isPlainScalar()) {
                throw fail(keyAt, "YAML merge keys (<<) are not supported: write the fields out");
            }
            boolean duplicate = object.has(key);
            if (duplicate) {
                problems.error(location(keyAt), dotted(child), "duplicate key '" + key
                        + "' (first at line " + (int) (keys.get(child) >>> 32) + ")");
            } else {
                keys.put(child, pack(keyAt));
            }
            JsonNode v = value(next(), child, depth + 1);
            if (!duplicate) {
                object.set(key, v);
            }
        }
        return object;
    }

    private ArrayNode array(String pointer, int depth) throws IOException {
        ArrayNode array = NODES.arrayNode();
        int i = 0;
        for (JsonToken t = next(); t != JsonToken.END_ARRAY; t = next()) {
            array.add(value(t, pointer + "/" + i++, depth + 1));
        }
        return array;
    }

    private JsonNode scalar(JsonToken token, JsonLocation at) throws IOException {
        return switch (token) {
            case VALUE_STRING -> NODES.textNode(parser.getText());
            case VALUE_TRUE -> NODES.booleanNode(true);
            case VALUE_FALSE -> NODES.booleanNode(false);
            case VALUE_NULL -> NODES.nullNode();
            case VALUE_NUMBER_INT -> integer();
            case VALUE_NUMBER_FLOAT -> decimal();
            default -> throw fail(at, "unsupported value (" + token + "); only mappings, lists, strings,"
                    + " numbers, booleans and null are allowed");
        };
    }

    private JsonNode integer() throws IOException {
        return switch (parser.getNumberType()) {
            case INT -> NODES.numberNode(parser.getIntValue());
            case LONG -> NODES.numberNode(parser.getLongValue());
            default -> NODES.numberNode(parser.getBigIntegerValue());
        };
    }

    private JsonNode decimal() throws IOException {
        String text = parser.getText();
        try {
            return NODES.numberNode(new BigDecimal(text.replace("_", "")));
        } catch (NumberFormatException e) {
            return NODES.numberNode(parser.getDoubleValue());
        }
    }

    private JsonNode alias(String name, JsonLocation at) {
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
        return target.node().deepCopy();
    }

    private Abort yamlSyntax(MarkedYAMLException e) {
        Mark at = e.getProblemMark();
        StringBuilder message = new StringBuilder("invalid syntax: ").append(firstLine(e.getProblem()));
        if (e.getContext() != null) {
            message.append(" (").append(e.getContext().strip());
            Mark started = e.getContextMark();
            if (started != null) {
                message.append(" that starts at line ").append(started.getLine() + 1)
                        .append(", column ").append(started.getColumn() + 1);
            }
            message.append(')');
        }
        problems.error(new SourceLocation(source, at.getLine() + 1, at.getColumn() + 1), "", message.toString());
        return new Abort();
    }

    private Abort fail(JsonLocation at, String message) {
        problems.error(location(at), "", message);
        return new Abort();
    }

    private SourceLocation location(JsonLocation at) {
        if (at == null || at.getLineNr() <= 0) {
            return SourceLocation.of(source);
        }
        return new SourceLocation(source, at.getLineNr(), Math.max(at.getColumnNr(), 0));
    }

    private static long pack(JsonLocation at) {
        return at == null ? 0 : SourceMap.pack(Math.max(at.getLineNr(), 0), Math.max(at.getColumnNr(), 0));
    }

    private static String syntaxMessage(JsonProcessingException e) {
        String m = e.getOriginalMessage();
        return "invalid syntax: " + firstLine(m == null ? e.getClass().getSimpleName() : m);
    }

    private String limitMessage(StreamConstraintsException e) {
        String m = e.getOriginalMessage();
        if (m != null && m.contains("nesting depth")) {
            return "nesting is deeper than the limit of " + limits.maxDepth() + " levels";
        }
        return "input exceeds a limit: " + firstLine(m);
    }

    static String firstLine(String message) {
        if (message == null) {
            return "unreadable input";
        }
        String[] lines = message.strip().split("\\R");
        StringBuilder out = new StringBuilder();
        for (String line : lines) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("in ") || l.startsWith("^") || l.startsWith("at [Source")) {
                continue;
            }
            if (out.length() > 0) {
                out.append("; ");
            }
            out.append(l);
            if (out.length() > 200) {
                break;
            }
        }
        return out.length() == 0 ? lines[0] : out.toString();
    }

    static String dotted(String pointer) {
        return Paths.dotted(pointer);
    }

    private static String describe(JsonNode n) {
        if (n.isArray()) return "a list";
        if (n.isTextual()) return "a string";
        if (n.isNumber()) return "a number";
        if (n.isBoolean()) return "a boolean";
        return n.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
    }
}
