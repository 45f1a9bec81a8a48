package dev.upshift.diff.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.NumericNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Comparisons and normalisations of Jackson trees shared by the diff packages.
 *
 * <p>Not API: public only so that the sibling packages can use it; it may change without notice.
 *
 * <p>Equality here is Kubernetes' notion of equal content: numbers compare by value ({@code 1},
 * {@code 1.0} and a long 1 are equal), and a field holding {@code null} equals a missing field.
 * Callers bound the depth of the trees they hand in ({@link #depthExceeds}).
 */
public final class Trees {
    /** The node factory every diff tree is built with (exact decimals, as the loader reads them). */
    public static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);

    private Trees() {}

    /** Whether a value counts as absent: missing, JSON null or Jackson's missing node. */
    public static boolean isAbsent(JsonNode node) {
        return node == null || node instanceof NullNode || node instanceof MissingNode;
    }

    /** The value, or null when it counts as absent. */
    public static JsonNode present(JsonNode node) {
        return isAbsent(node) ? null : node;
    }

    /** Content equality: numbers by value, null fields equal to missing ones; absent equals absent. */
    public static boolean equal(JsonNode a, JsonNode b) {
        boolean absentA = isAbsent(a);
        boolean absentB = isAbsent(b);
        if (absentA || absentB) {
            return absentA && absentB;
        }
        if (a == b) {
            return true;
        }
        if (a instanceof TextNode) {
            return b instanceof TextNode && a.textValue().equals(b.textValue());
        }
        if (a instanceof ObjectNode oa) {
            return b instanceof ObjectNode ob && equalObjects(oa, ob);
        }
        if (a instanceof ArrayNode) {
            if (!(b instanceof ArrayNode) || a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!equal(a.get(i), b.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof NumericNode && b instanceof NumericNode) {
            return a.getClass() == b.getClass() && !(a instanceof DecimalNode) ? a.equals(b)
                    : decimal(a).compareTo(decimal(b)) == 0;
        }
        return a.equals(b);
    }

    /**
     * Walks both objects in step while their keys come in the same order (the usual case for
     * documents from one source) and looks keys up only after the orders part.
     */
    private static boolean equalObjects(ObjectNode a, ObjectNode b) {
        Iterator<Map.Entry<String, JsonNode>> ia = a.fields();
        Iterator<Map.Entry<String, JsonNode>> ib = b.fields();
        int presentInA = 0;
        boolean inStep = true;
        while (ia.hasNext()) {
            Map.Entry<String, JsonNode> e = ia.next();
            JsonNode other;
            if (inStep && ib.hasNext()) {
                Map.Entry<String, JsonNode> f = ib.next();
                inStep = f.getKey().equals(e.getKey());
                other = inStep ? f.getValue() : b.get(e.getKey());
            } else {
                inStep = false;
                other = b.get(e.getKey());
            }
            if (isAbsent(e.getValue())) {
                if (!isAbsent(other)) {
                    return false;
                }
                continue;
            }
            presentInA++;
            if (!equal(e.getValue(), other)) {
                return false;
            }
        }
        if (b.size() == presentInA) {
            return true;
        }
        int presentInB = 0;
        for (Iterator<JsonNode> it = b.elements(); it.hasNext(); ) {
            if (!isAbsent(it.next())) {
                presentInB++;
            }
        }
        return presentInA == presentInB;
    }

    /** A number's exact value. */
    public static BigDecimal decimal(JsonNode number) {
        if (number.isIntegralNumber()) {
            return number.canConvertToLong() ? BigDecimal.valueOf(number.longValue()) : new BigDecimal(number.bigIntegerValue());
        }
        return number.decimalValue();
    }

    /**
     * A copy in normal form, for use as a key: numbers as the smallest exact integral type or a
     * stripped decimal, null fields dropped. Equal content gives equal ({@link JsonNode#equals})
     * normal forms.
     */
    public static JsonNode normalize(JsonNode node) {
        if (node.isNumber()) {
            BigDecimal d = decimal(node).stripTrailingZeros();
            if (d.scale() <= 0) {
                BigInteger i = d.toBigIntegerExact();
                return i.bitLength() < 64 ? NODES.numberNode(i.longValue()) : NODES.numberNode(i);
            }
            return NODES.numberNode(d);
        }
        if (node.isObject()) {
            ObjectNode out = NODES.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!isAbsent(e.getValue())) {
                    out.set(e.getKey(), normalize(e.getValue()));
                }
            }
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = NODES.arrayNode(node.size());
            for (JsonNode item : node) {
                out.add(normalize(item));
            }
            return out;
        }
        return node;
    }

    /**
     * A canonical one-line JSON text of a value: keys sorted, numbers normalised, null fields
     * dropped. Equal content gives equal text; used to order and index values.
     */
    public static String canonical(JsonNode node) {
        StringBuilder out = new StringBuilder();
        canonical(node, out);
        return out.toString();
    }

    private static void canonical(JsonNode node, StringBuilder out) {
        if (isAbsent(node)) {
            out.append("null");
        } else if (node.isObject()) {
            Map<String, JsonNode> sorted = new TreeMap<>();
            node.fields().forEachRemaining(e -> {
                if (!isAbsent(e.getValue())) {
                    sorted.put(e.getKey(), e.getValue());
                }
            });
            out.append('{');
            boolean first = true;
            for (Map.Entry<String, JsonNode> e : sorted.entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                quote(e.getKey(), out);
                out.append(':');
                canonical(e.getValue(), out);
            }
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            for (int i = 0; i < node.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                canonical(node.get(i), out);
            }
            out.append(']');
        } else if (node.isNumber()) {
            out.append(decimal(node).stripTrailingZeros().toPlainString());
        } else if (node.isTextual()) {
            quote(node.textValue(), out);
        } else {
            out.append(node.asText());
        }
    }

    /** Appends a JSON string literal. */
    public static void quote(String text, StringBuilder out) {
        out.append('"');
        int clean = 0;
        while (clean < text.length() && isPlainJsonChar(text.charAt(clean))) {
            clean++;
        }
        out.append(text, 0, clean);
        for (int i = clean; i < text.length(); i++) {
            char ch = text.charAt(i);
            switch (ch) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (ch < 0x20 || ch == 0x7f || (ch >= 0x80 && ch <= 0x9f) || ch == 0x2028 || ch == 0x2029) {
                        out.append(String.format("\\u%04x", (int) ch));
                    } else {
                        out.append(ch);
                    }
                }
            }
        }
        out.append('"');
    }

    private static boolean isPlainJsonChar(char ch) {
        return ch >= 0x20 && ch != '"' && ch != '\\' && ch < 0x7f;
    }

    /** A JSON string literal. */
    public static String quote(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2);
        quote(text, out);
        return out.toString();
    }

    /**
     * Whether a tree nests deeper than {@code limit} levels (the root is level 0). Iterative, so it
     * is safe on trees of any depth.
     */
    public static boolean depthExceeds(JsonNode root, int limit) {
        record Level(JsonNode node, int depth) {}
        Deque<Level> todo = new ArrayDeque<>();
        todo.push(new Level(root, 0));
        while (!todo.isEmpty()) {
            Level l = todo.pop();
            if (l.depth > limit) {
                return true;
            }
            if (l.node.isContainerNode()) {
                for (JsonNode child : l.node) {
                    if (child.isContainerNode()) {
                        todo.push(new Level(child, l.depth + 1));
                    }
                }
            }
        }
        return false;
    }

    /** A short description of a value's type, for messages ("a mapping", "the text 'x'"). */
    public static String describe(JsonNode v) {
        if (isAbsent(v)) return "nothing";
        if (v.isObject()) return "a mapping";
        if (v.isArray()) return "a list";
        if (v.isTextual()) return "the text '" + abbreviate(v.asText(), 60) + "'";
        if (v.isBoolean()) return "the boolean " + v.asText();
        if (v.isNumber()) return "the number " + v.asText();
        return v.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
    }

    /** The text cut to {@code max} characters with an ellipsis. */
    public static String abbreviate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 3) + "...";
    }

    /** The values of a list, in order. */
    public static List<JsonNode> items(JsonNode list) {
        java.util.ArrayList<JsonNode> out = new java.util.ArrayList<>(list.size());
        list.forEach(out::add);
        return out;
    }
}
