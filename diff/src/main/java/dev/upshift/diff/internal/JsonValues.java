package dev.upshift.diff.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Copying, comparing and describing Jackson trees without recursion, so that documents nested
 * thousands of levels deep never overflow the stack.
 */
public final class JsonValues {
    public static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonValues() {}

    /** A deep copy sharing no container with the original (value nodes are immutable and shared). */
    public static JsonNode copy(JsonNode node) {
        if (!node.isContainerNode()) {
            return node;
        }
        JsonNode root = emptyLike(node);
        Deque<JsonNode[]> work = new ArrayDeque<>();
        work.push(new JsonNode[] {node, root});
        while (!work.isEmpty()) {
            JsonNode[] pair = work.pop();
            if (pair[0] instanceof ObjectNode from) {
                ObjectNode to = (ObjectNode) pair[1];
                for (Map.Entry<String, JsonNode> member : from.properties()) {
                    to.set(member.getKey(), copyShallow(member.getValue(), work));
                }
            } else {
                ArrayNode to = (ArrayNode) pair[1];
                for (JsonNode item : pair[0]) {
                    to.add(copyShallow(item, work));
                }
            }
        }
        return root;
    }

    private static JsonNode copyShallow(JsonNode node, Deque<JsonNode[]> work) {
        if (!node.isContainerNode()) {
            return node;
        }
        JsonNode empty = emptyLike(node);
        work.push(new JsonNode[] {node, empty});
        return empty;
    }

    private static JsonNode emptyLike(JsonNode container) {
        return container.isObject() ? NODES.objectNode() : NODES.arrayNode();
    }

    /**
     * Equality as {@link JsonNode#equals} defines it (member order ignored, item order kept, a number
     * equal only to a number of the same Jackson type and value), computed without recursion.
     */
    public static boolean equal(JsonNode a, JsonNode b) {
        return compare(a, b, false);
    }

    /**
     * Equality as RFC 6902 section 4.6 defines it for {@code test}: like {@link #equal} except that
     * numbers are equal when their values are, so {@code 1}, {@code 1.0} and {@code 1e0} are equal.
     */
    public static boolean equivalent(JsonNode a, JsonNode b) {
        return compare(a, b, true);
    }

    private static boolean compare(JsonNode first, JsonNode second, boolean numbersByValue) {
        Deque<JsonNode> work = new ArrayDeque<>();
        work.push(first);
        work.push(second);
        while (!work.isEmpty()) {
            JsonNode b = work.pop();
            JsonNode a = work.pop();
            if (a == b) {
                continue;
            }
            if (a.isObject() && b.isObject()) {
                if (a.size() != b.size()) {
                    return false;
                }
                for (Map.Entry<String, JsonNode> member : a.properties()) {
                    JsonNode other = b.get(member.getKey());
                    if (other == null) {
                        return false;
                    }
                    work.push(member.getValue());
                    work.push(other);
                }
            } else if (a.isArray() && b.isArray()) {
                if (a.size() != b.size()) {
                    return false;
                }
                for (int i = 0; i < a.size(); i++) {
                    work.push(a.get(i));
                    work.push(b.get(i));
                }
            } else if (!scalarsEqual(a, b, numbersByValue)) {
                return false;
            }
        }
        return true;
    }

    private static boolean scalarsEqual(JsonNode a, JsonNode b, boolean numbersByValue) {
        if (a.isContainerNode() || b.isContainerNode()) {
            return false;
        }
        if (numbersByValue && a.isNumber() && b.isNumber()) {
            if (nonFinite(a) || nonFinite(b)) {
                return Double.compare(a.doubleValue(), b.doubleValue()) == 0;
            }
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        return a.equals(b);
    }

    private static boolean nonFinite(JsonNode number) {
        return (number.isDouble() || number.isFloat()) && !Double.isFinite(number.doubleValue());
    }

    /** "an object", "an array", "a string", … : what kind of value a node holds, for messages. */
    public static String kind(JsonNode node) {
        if (node.isObject()) return "an object";
        if (node.isArray()) return "an array";
        if (node.isTextual()) return "a string";
        if (node.isNumber()) return "a number";
        if (node.isBoolean()) return "a boolean";
        if (node.isNull()) return "null";
        return "a " + node.getNodeType().name().toLowerCase(Locale.ROOT);
    }

    /** The value as compact JSON, cut after about {@code limit} characters with "…". */
    public static String describe(JsonNode node, int limit) {
        StringBuilder out = new StringBuilder();
        Deque<Object> work = new ArrayDeque<>();
        work.push(node);
        while (!work.isEmpty() && out.length() <= limit) {
            Object next = work.pop();
            if (next instanceof String text) {
                out.append(text);
            } else if (((JsonNode) next).isContainerNode()) {
                List<Object> parts = parts((JsonNode) next, limit);
                for (int i = parts.size() - 1; i >= 0; i--) {
                    work.push(parts.get(i));
                }
            } else {
                out.append(next);
            }
        }
        return out.length() > limit || !work.isEmpty() ? out.substring(0, Math.min(out.length(), limit)) + "…" : out.toString();
    }

    private static List<Object> parts(JsonNode container, int limit) {
        List<Object> parts = new ArrayList<>();
        boolean object = container.isObject();
        parts.add(object ? "{" : "[");
        Iterator<Map.Entry<String, JsonNode>> members = object ? container.properties().iterator() : null;
        for (int i = 0; i < container.size() && i <= limit; i++) {
            if (i > 0) {
                parts.add(",");
            }
            if (object) {
                Map.Entry<String, JsonNode> member = members.next();
                parts.add(TextNode.valueOf(member.getKey()).toString() + ":");
                parts.add(member.getValue());
            } else {
                parts.add(container.get(i));
            }
        }
        parts.add(object ? "}" : "]");
        return parts;
    }
}
