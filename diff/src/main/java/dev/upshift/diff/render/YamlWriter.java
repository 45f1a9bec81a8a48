package dev.upshift.diff.render;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.FloatNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NumericNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.upshift.common.tree.JsonText;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Writes Jackson trees as block YAML, deterministically: two-space indentation, list items at the
 * indentation of their key (as {@code kubectl} writes them), {@code {}} and {@code []} for empty
 * collections, multi-line text as literal blocks ({@code |}), and plain scalars wherever a YAML 1.1
 * or 1.2 reader (including Kubernetes') reads them back as the same text; everything else
 * double-quoted. With {@link KeyOrder#SORTED} keys are sorted by code point: the canonical form
 * Upshift diffs.
 *
 * <p>Stateless and thread-safe. Writing never recurses, so depth costs no call stack.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class YamlWriter {
    private static final Pattern NUMBER_LIKE = Pattern.compile("[-+]?(0b[01_]+|0o?[0-7_]+|0x[0-9a-fA-F_]+"
            + "|[0-9][0-9_]*(\\.[0-9_]*)?([eE][-+]?[0-9]+)?|\\.[0-9_]+([eE][-+]?[0-9]+)?"
            + "|[0-9][0-9_]*(:[0-5]?[0-9])+(\\.[0-9_]*)?|\\.(inf|Inf|INF)|\\.(nan|NaN|NAN))");
    private static final Pattern DATE_LIKE = Pattern.compile("[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}.*", Pattern.DOTALL);
    private static final String INDICATORS = "-?:,[]{}#&*!|>'\"%@`";
    private static final String NUMBER_CHARS = "0123456789+-._:eEoObBxXabcdfABCDFinINtT";

    /** The order in which mapping keys are written. */
    public enum KeyOrder {
        /** Sorted by code point (canonical). */
        SORTED,
        /** As they stand in the tree. */
        AS_IS
    }

    private final KeyOrder order;
    private final StringBuilder out;

    private YamlWriter(KeyOrder order, StringBuilder out) {
        this.order = order;
        this.out = out;
    }

    /** One value as a YAML document (without {@code ---}), ending with a newline. */
    public static String write(JsonNode value, KeyOrder order) {
        StringBuilder out = new StringBuilder(1024);
        write(value, order, out);
        return out.toString();
    }

    /** Appends one value as a YAML document, ending with a newline. */
    public static void write(JsonNode value, KeyOrder order, StringBuilder out) {
        Objects.requireNonNull(value, "value");
        YamlWriter w = new YamlWriter(Objects.requireNonNull(order, "order"), out);
        if (isBlock(value)) {
            w.block(value);
        } else {
            w.scalarLine(value, 0);
        }
    }

    /** Several documents, each introduced by {@code ---}. */
    public static String writeAll(List<? extends JsonNode> documents, KeyOrder order) {
        StringBuilder out = new StringBuilder(documents.size() * 2048);
        for (JsonNode d : documents) {
            out.append("---\n");
            write(d, order, out);
        }
        return out.toString();
    }

    /** A non-empty mapping or list, written as a block (anything else is written inline). */
    private static boolean isBlock(JsonNode v) {
        return (v instanceof ObjectNode || v instanceof ArrayNode) && !v.isEmpty();
    }

    /**
     * A mapping or list being written: its entries or items still to come, the indentation of its
     * lines, and whether its first line continues one already started (a list item's {@code "- "}).
     */
    private final class Open {
        final Iterator<Map.Entry<String, JsonNode>> entries;
        final Iterator<JsonNode> items;
        final int indent;
        boolean continuesLine;

        Open(JsonNode block, int indent, boolean continuesLine) {
            this.entries = block instanceof ObjectNode ? entries(block).iterator() : null;
            this.items = entries == null ? block.elements() : null;
            this.indent = indent;
            this.continuesLine = continuesLine;
        }
    }

    /**
     * Writes a block mapping or list without recursion: keys at their mapping's indentation, list
     * items at the indentation of their key, a nested block on the next line (or, in a list item,
     * on the item's own line), scalars and empty collections after {@code ": "} or {@code "- "}.
     */
    private void block(JsonNode root) {
        Deque<Open> open = new ArrayDeque<>();
        open.push(new Open(root, 0, false));
        while (!open.isEmpty()) {
            Open top = open.peek();
            if (top.entries != null ? !top.entries.hasNext() : !top.items.hasNext()) {
                open.pop();
                continue;
            }
            if (!top.continuesLine) {
                indent(top.indent);
            }
            top.continuesLine = false;
            if (top.entries != null) {
                Map.Entry<String, JsonNode> e = top.entries.next();
                if (isPlain(e.getKey())) {
                    out.append(e.getKey());
                } else {
                    JsonText.quote(e.getKey(), out);
                }
                out.append(':');
                JsonNode v = e.getValue();
                if (isBlock(v)) {
                    out.append('\n');
                    open.push(new Open(v, v instanceof ObjectNode ? top.indent + 2 : top.indent, false));
                } else {
                    out.append(' ');
                    scalarLine(v, top.indent + 2);
                }
            } else {
                JsonNode item = top.items.next();
                out.append("- ");
                if (isBlock(item)) {
                    open.push(new Open(item, top.indent + 2, true));
                } else {
                    scalarLine(item, top.indent + 2);
                }
            }
        }
    }

    private Iterable<Map.Entry<String, JsonNode>> entries(JsonNode map) {
        if (order == KeyOrder.AS_IS) {
            return map.properties();
        }
        List<Map.Entry<String, JsonNode>> list = new ArrayList<>(map.size());
        String previous = null;
        boolean sorted = true;
        for (Iterator<Map.Entry<String, JsonNode>> it = map.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            sorted &= previous == null || previous.compareTo(e.getKey()) < 0;
            previous = e.getKey();
            list.add(e);
        }
        if (!sorted) {
            list.sort(Map.Entry.comparingByKey());
        }
        return list;
    }

    /** A scalar (or empty collection) and its line end; block text goes on lines indented by {@code indent}. */
    private void scalarLine(JsonNode v, int indent) {
        if (v instanceof TextNode) {
            if (scalarText(v.textValue(), indent)) {
                return;
            }
        } else if (v instanceof NumericNode) {
            number(v);
        } else if (v instanceof ObjectNode) {
            out.append("{}");
        } else if (v instanceof ArrayNode) {
            out.append("[]");
        } else if (v instanceof BooleanNode) {
            out.append(v.booleanValue() ? "true" : "false");
        } else {
            out.append("null");
        }
        out.append('\n');
    }

    private void number(JsonNode v) {
        if (v instanceof DoubleNode || v instanceof FloatNode) {
            double d = v.doubleValue();
            if (Double.isNaN(d)) {
                out.append(".nan");
                return;
            }
            if (Double.isInfinite(d)) {
                out.append(d > 0 ? ".inf" : "-.inf");
                return;
            }
        }
        if (v instanceof IntNode || v instanceof LongNode) {
            out.append(v.longValue());
        } else {
            out.append(v instanceof DecimalNode ? v.decimalValue().toString() : v.asText());
        }
    }

    /**
     * Text as a plain scalar, a literal block or a double-quoted scalar; true for a literal block,
     * which ends its own lines.
     */
    private boolean scalarText(String s, int indent) {
        if (isPlain(s)) {
            out.append(s);
        } else if (isLiteralBlock(s)) {
            literalBlock(s, indent);
            return true;
        } else {
            JsonText.quote(s, out);
        }
        return false;
    }

    private void literalBlock(String s, int indent) {
        int trailing = 0;
        while (trailing < s.length() && s.charAt(s.length() - 1 - trailing) == '\n') {
            trailing++;
        }
        out.append(trailing == 0 ? "|-" : trailing == 1 ? "|" : "|+").append('\n');
        String body = s.substring(0, s.length() - trailing);
        for (String line : body.split("\n", -1)) {
            if (!line.isEmpty()) {
                indent(indent);
                out.append(line);
            }
            out.append('\n');
        }
        for (int i = 1; i < trailing; i++) {
            out.append('\n');
        }
    }

    private void indent(int n) {
        JsonText.indent(n, out);
    }

    static boolean isLiteralBlock(String s) {
        if (s.indexOf('\n') < 0) {
            return false;
        }
        boolean seenContent = false;
        boolean lineStart = true;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '\n') {
                lineStart = true;
                continue;
            }
            if (!isPrintable(ch) && ch != '\t') {
                return false;
            }
            if (lineStart && !seenContent && (ch == ' ' || ch == '\t')) {
                return false;
            }
            seenContent = true;
            lineStart = false;
        }
        return seenContent;
    }

    private static boolean isPrintable(char ch) {
        return ch >= 0x20 && ch != 0x7f && !(ch >= 0x80 && ch <= 0x9f) && ch != 0x2028 && ch != 0x2029 && ch != 0xfeff;
    }

    /**
     * Whether {@code s} may be written as a plain (unquoted) scalar in block context: whether YAML
     * 1.1 and 1.2 readers, Kubernetes' included, read it back as the same text (not as a number, a
     * boolean, null or a date, and not cut at a {@code #} or {@code ": "}).
     */
    public static boolean isPlain(String s) {
        if (s.isEmpty()) {
            return false;
        }
        char first = s.charAt(0);
        char last = s.charAt(s.length() - 1);
        if (first == ' ' || last == ' ' || last == ':') {
            return false;
        }
        if (INDICATORS.indexOf(first) >= 0 && !(first == '-' && s.length() > 1 && s.charAt(1) != ' ' && !Character.isDigit(s.charAt(1)) && s.charAt(1) != '.')) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (!isPrintable(ch) || ch == '\t') {
                return false;
            }
            if ((ch == ':' && i + 1 < s.length() && s.charAt(i + 1) == ' ') || (ch == '#' && s.charAt(i - 1) == ' ')) {
                return false;
            }
        }
        if (s.length() <= 5 && isReservedWord(s)) {
            return false;
        }
        if (Character.isDigit(first) || first == '+' || first == '-' || first == '.') {
            return !couldBeNumber(s) && !(s.length() >= 8 && s.charAt(4) == '-' && DATE_LIKE.matcher(s).matches());
        }
        return !s.equals("=") && !s.equals("<<");
    }

    private static boolean couldBeNumber(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (NUMBER_CHARS.indexOf(s.charAt(i)) < 0) {
                return false;
            }
        }
        return NUMBER_LIKE.matcher(s).matches();
    }

    private static final String[] RESERVED = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"};

    private static boolean isReservedWord(String s) {
        if ("ynotfYNOTF~".indexOf(s.charAt(0)) < 0) {
            return false;
        }
        for (String word : RESERVED) {
            if (word.length() == s.length() && word.equalsIgnoreCase(s)) {
                return true;
            }
        }
        return false;
    }
}
