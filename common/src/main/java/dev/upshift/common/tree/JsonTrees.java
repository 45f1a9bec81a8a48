package dev.upshift.common.tree;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.SyntaxException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The one toolkit for Jackson trees in Upshift: the node factory, equality in three explicit modes,
 * deep copies, normal forms, depth checks and the words messages use for values. Its sibling
 * {@link JsonText} writes trees as JSON text.
 *
 * <p>Nothing here recurses: every walk keeps its work on an explicit stack, so a tree nested
 * 10,000 levels deep costs memory, not call stack.
 *
 * <p>For readers of kinds and adapters that compare, copy or describe trees as Upshift does.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class JsonTrees {
    /** The node factory every Upshift tree is built with (exact decimals, as the loader reads them). */
    public static final JsonNodeFactory NODES = new JsonNodeFactory(true);

    /** What equal means when two trees are compared. */
    public enum Equality {
        /**
         * {@link JsonNode#equals}: member order ignored, item order kept, a number equal only to a
         * number of the same Jackson type and value ({@code 1} differs from {@code 1.0}), a member
         * holding {@code null} different from a missing one. For codecs that must preserve the
         * exact form (a merge patch that turns {@code 1} into {@code 1.0} must say so).
         */
        EXACT,
        /**
         * RFC 6902 section 4.6, for JSON Patch's {@code test}: as {@link #EXACT} except that numbers
         * are equal when their values are ({@code 1}, {@code 1.0} and {@code 1e0}).
         */
        NUMERIC,
        /**
         * Kubernetes' notion of equal content, for the merge and everything that follows it: numbers
         * by value, a member holding {@code null} equal to a missing member, and absent (Java
         * {@code null}, JSON {@code null} or Jackson's missing node) equal to absent.
         */
        CONTENT
    }

    private JsonTrees() {}

    /** Whether a value counts as absent: Java {@code null}, JSON {@code null} or Jackson's missing node. */
    public static boolean isAbsent(JsonNode node) {
        return node == null || node instanceof NullNode || node instanceof MissingNode;
    }

    /** The value, or Java {@code null} when it counts as absent. */
    public static JsonNode present(JsonNode node) {
        return isAbsent(node) ? null : node;
    }

    /**
     * Whether two values are equal in the given mode. Java {@code null} is accepted in every mode
     * and equals only itself (and, for {@link Equality#CONTENT}, every absent value).
     */
    public static boolean equal(JsonNode a, JsonNode b, Equality mode) {
        Objects.requireNonNull(mode, "mode");
        if (mode == Equality.CONTENT) {
            a = present(a);
            b = present(b);
        }
        if (a == b) {
            return true;
        }
        if (a == null || b == null) {
            return false;
        }
        if (!a.isContainerNode() || !b.isContainerNode()) {
            return scalarsEqual(a, b, mode);
        }
        Deque<JsonNode> work = new ArrayDeque<>();
        work.push(a);
        work.push(b);
        while (!work.isEmpty()) {
            JsonNode y = work.pop();
            JsonNode x = work.pop();
            if (x == y) {
                continue;
            }
            if (x.isObject()) {
                if (!y.isObject() || !membersEqual(x, y, mode == Equality.CONTENT, work)) {
                    return false;
                }
            } else if (x.isArray()) {
                if (!y.isArray() || x.size() != y.size()) {
                    return false;
                }
                for (int i = 0; i < x.size(); i++) {
                    work.push(x.get(i));
                    work.push(y.get(i));
                }
            } else if (!scalarsEqual(x, y, mode)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Compares the members of two objects one level deep, pushing the pairs still to compare. Walks
     * both in step while their keys come in the same order (the usual case for documents from one
     * source) and looks keys up only after the orders part.
     */
    private static boolean membersEqual(JsonNode x, JsonNode y, boolean nullIsMissing, Deque<JsonNode> work) {
        if (!nullIsMissing && x.size() != y.size()) {
            return false;
        }
        Iterator<Map.Entry<String, JsonNode>> ix = x.properties().iterator();
        Iterator<Map.Entry<String, JsonNode>> iy = y.properties().iterator();
        int presentInX = 0;
        boolean inStep = true;
        while (ix.hasNext()) {
            Map.Entry<String, JsonNode> e = ix.next();
            JsonNode other;
            if (inStep && iy.hasNext()) {
                Map.Entry<String, JsonNode> f = iy.next();
                inStep = f.getKey().equals(e.getKey());
                other = inStep ? f.getValue() : y.get(e.getKey());
            } else {
                inStep = false;
                other = y.get(e.getKey());
            }
            if (nullIsMissing && isAbsent(e.getValue())) {
                if (!isAbsent(other)) {
                    return false;
                }
                continue;
            }
            if (other == null || nullIsMissing && isAbsent(other)) {
                return false;
            }
            presentInX++;
            work.push(e.getValue());
            work.push(other);
        }
        if (!nullIsMissing || y.size() == presentInX) {
            return true;
        }
        int presentInY = 0;
        for (JsonNode value : y) {
            if (!isAbsent(value)) {
                presentInY++;
            }
        }
        return presentInX == presentInY;
    }

    private static boolean scalarsEqual(JsonNode x, JsonNode y, Equality mode) {
        if (x.isContainerNode() || y.isContainerNode()) {
            return false;
        }
        if (mode != Equality.EXACT && x.isNumber() && y.isNumber()) {
            return sameNumber(x, y);
        }
        return x.equals(y);
    }

    private static boolean sameNumber(JsonNode x, JsonNode y) {
        if (x.isIntegralNumber() && y.isIntegralNumber() && x.canConvertToLong() && y.canConvertToLong()) {
            return x.longValue() == y.longValue();
        }
        if (isNonFinite(x) || isNonFinite(y)) {
            return Double.compare(x.doubleValue(), y.doubleValue()) == 0;
        }
        if (isBinaryFloat(x) && isBinaryFloat(y)) {
            return x.doubleValue() == y.doubleValue();
        }
        return decimal(x).compareTo(decimal(y)) == 0;
    }

    private static boolean isBinaryFloat(JsonNode number) {
        return number.isDouble() || number.isFloat();
    }

    /** Digits a number may have before, and after, its point written out: what Upshift reads at most. */
    public static final int MAX_DIGITS = 1_000;

    /**
     * Whether a number written out in full (no exponent) has at most {@link #MAX_DIGITS} digits
     * before and after its point. Readers of documents and paths refuse a number that does not, so
     * that no comparison or rendering ever writes out the hundred million digits of {@code 1e100000053}.
     */
    public static boolean fitsWrittenOut(BigDecimal value) {
        BigDecimal d = value.stripTrailingZeros();
        return (long) d.precision() - d.scale() <= MAX_DIGITS && d.scale() <= MAX_DIGITS;
    }

    /** Whether a number is NaN or infinite (only binary floating-point numbers can be). */
    public static boolean isNonFinite(JsonNode number) {
        return isBinaryFloat(number) && !Double.isFinite(number.doubleValue());
    }

    /** A finite number's exact value. */
    public static BigDecimal decimal(JsonNode number) {
        if (number.isIntegralNumber()) {
            return number.canConvertToLong() ? BigDecimal.valueOf(number.longValue()) : new BigDecimal(number.bigIntegerValue());
        }
        return number.decimalValue();
    }

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
                    to.set(member.getKey(), later(member.getValue(), member.getValue(), work));
                }
            } else {
                ArrayNode to = (ArrayNode) pair[1];
                for (JsonNode item : pair[0]) {
                    to.add(later(item, item, work));
                }
            }
        }
        return root;
    }

    /**
     * A copy in normal form, for use as a key: numbers as the smallest exact integral type or a
     * stripped decimal, members holding {@code null} dropped. Values equal as
     * {@link Equality#CONTENT} have {@linkplain JsonNode#equals equal} normal forms.
     */
    public static JsonNode normalize(JsonNode node) {
        if (!node.isContainerNode()) {
            return normalScalar(node);
        }
        JsonNode root = emptyLike(node);
        Deque<JsonNode[]> work = new ArrayDeque<>();
        work.push(new JsonNode[] {node, root});
        while (!work.isEmpty()) {
            JsonNode[] pair = work.pop();
            if (pair[0] instanceof ObjectNode from) {
                ObjectNode to = (ObjectNode) pair[1];
                for (Map.Entry<String, JsonNode> member : from.properties()) {
                    JsonNode value = member.getValue();
                    if (!isAbsent(value)) {
                        to.set(member.getKey(), later(value, normalScalar(value), work));
                    }
                }
            } else {
                ArrayNode to = (ArrayNode) pair[1];
                for (JsonNode item : pair[0]) {
                    to.add(later(item, normalScalar(item), work));
                }
            }
        }
        return root;
    }

    private static JsonNode normalScalar(JsonNode node) {
        if (!node.isNumber() || isNonFinite(node)) {
            return node;
        }
        BigDecimal d = decimal(node).stripTrailingZeros();
        if (d.scale() <= 0) {
            BigInteger i = d.toBigIntegerExact();
            return i.bitLength() < 64 ? NODES.numberNode(i.longValue()) : NODES.numberNode(i);
        }
        return NODES.numberNode(d);
    }

    /** An empty container to fill later for a container (queued with its source), or the scalar itself. */
    private static JsonNode later(JsonNode source, JsonNode scalar, Deque<JsonNode[]> work) {
        if (!source.isContainerNode()) {
            return scalar;
        }
        JsonNode empty = emptyLike(source);
        work.push(new JsonNode[] {source, empty});
        return empty;
    }

    private static JsonNode emptyLike(JsonNode container) {
        return container.isObject() ? NODES.objectNode() : NODES.arrayNode(container.size());
    }

    /** Whether a tree nests deeper than {@code limit} levels (the root is level 0). */
    public static boolean depthExceeds(JsonNode root, int limit) {
        record Level(JsonNode node, int depth) {}
        Deque<Level> todo = new ArrayDeque<>();
        todo.push(new Level(root, 0));
        while (!todo.isEmpty()) {
            Level l = todo.pop();
            if (l.depth > limit) {
                return true;
            }
            for (JsonNode child : l.node) {
                if (child.isContainerNode()) {
                    todo.push(new Level(child, l.depth + 1));
                }
            }
        }
        return false;
    }

    /**
     * A value in the words of a YAML document's messages: "a mapping", "a list", "the text 'x'",
     * "the boolean true", "the number 3", "null"; "nothing" for Java {@code null} or a missing node.
     */
    public static String describe(JsonNode v) {
        if (v == null || v.isMissingNode()) return "nothing";
        if (v.isObject()) return "a mapping";
        if (v.isArray()) return "a list";
        if (v.isTextual()) return "the text '" + SyntaxException.abbreviate(v.textValue(), 60) + "'";
        if (v.isBoolean()) return "the boolean " + v.asText();
        if (v.isNumber()) return "the number " + v.asText();
        return v.getNodeType().toString().toLowerCase(Locale.ROOT);
    }

    /**
     * A value's JSON type in the words of RFC 8259, for messages about JSON texts such as patches:
     * "an object", "an array", "a string", "a number", "a boolean", "null".
     */
    public static String jsonType(JsonNode node) {
        if (node.isObject()) return "an object";
        if (node.isArray()) return "an array";
        if (node.isTextual()) return "a string";
        if (node.isNumber()) return "a number";
        if (node.isBoolean()) return "a boolean";
        if (node.isNull()) return "null";
        return "a " + node.getNodeType().name().toLowerCase(Locale.ROOT);
    }

}
