package dev.upshift.common.tree;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.problem.SyntaxException;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The one JSON text writer of Upshift, in three layouts, and the one JSON string quoter. Every stable
 * JSON output (plans, explanations, simulations, windows and paths in core's presentation package;
 * merge results, JSON Patches and merge patches in diff's renderings) is written by {@link #pretty},
 * and a tool that prints JSON of its own beside them does the same:
 *
 * <pre>{@code
 * ObjectNode o = JsonNodeFactory.instance.objectNode().put("found", true);
 * JsonText.pretty(o);                               // "{\n  \"found\": true\n}\n"
 * }</pre>
 *
 * <ul>
 *   <li>{@link #pretty}: two-space indentation, {@code "key": value}, members in the tree's order,
 *       empty containers as {@code {}} and {@code []}, {@code \n} line ends on every platform and a
 *       final newline; the layout of every JSON rendering;
 *   <li>{@link #abbreviated}: one line, no spaces, cut after a number of characters; for values in
 *       messages, where it writes only as much as it shows;
 *   <li>{@link #canonical}: one line, keys sorted, numbers normalised, members holding {@code null}
 *       dropped, so that values equal as {@link JsonTrees.Equality#CONTENT} give equal text; used
 *       to order and render values in paths.
 * </ul>
 * Written directly rather than through a Jackson serializer, which is several times slower on large
 * trees; iterative, so depth costs no call stack. Strings are escaped by {@link #quote}, so the
 * text survives terminals. Stateless and thread-safe.
 *
 * <p>Every stable JSON text Upshift writes goes through it, so that the same tree gives the same
 * bytes on every machine.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class JsonText {
    private static final String[] INDENTS = new String[130];

    static {
        for (int i = 0; i < INDENTS.length; i++) {
            INDENTS[i] = " ".repeat(i);
        }
    }

    private enum Layout { PRETTY, COMPACT, CANONICAL }

    private JsonText() {}

    /** Pretty JSON text ending with a newline. Non-finite numbers (which JSON lacks) are written {@code null}. */
    public static String pretty(JsonNode node) {
        StringBuilder out = new StringBuilder(4096);
        write(node, Layout.PRETTY, out, Integer.MAX_VALUE);
        return out.append('\n').toString();
    }

    /**
     * Compact JSON text of at most {@code max} characters (at least 4): the whole text when it fits,
     * otherwise its first {@code max - 3} characters and "...". Java {@code null} reads "nothing".
     */
    public static String abbreviated(JsonNode node, int max) {
        if (node == null) {
            return "nothing";
        }
        StringBuilder out = new StringBuilder(Math.min(max, 256) + 16);
        write(node, Layout.COMPACT, out, max);
        return SyntaxException.abbreviate(out.toString(), max);
    }

    /**
     * A canonical one-line text of a value: keys sorted by UTF-16 code units, numbers by value
     * ({@code 1.0} is {@code 1}), members holding {@code null} dropped, absent values {@code null};
     * NaN and the infinities as {@code NaN}, {@code Infinity} and {@code -Infinity}.
     */
    public static String canonical(JsonNode node) {
        StringBuilder out = new StringBuilder();
        write(node, Layout.CANONICAL, out, Integer.MAX_VALUE);
        return out.toString();
    }

    /** A JSON string literal. */
    public static String quote(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2);
        quote(text, out);
        return out.toString();
    }

    /**
     * Appends a JSON string literal: {@code "} and {@code \} escaped, {@code \n}, {@code \r} and
     * {@code \t} as such, and every other control character, DEL, the C1 controls and the line and
     * paragraph separators (U+2028, U+2029) as {@code \}{@code uXXXX} (lower-case hex), so that the text survives
     * terminals and JavaScript alike.
     */
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
                        out.append("\\u").append(HEX[ch >> 12]).append(HEX[(ch >> 8) & 0xf])
                                .append(HEX[(ch >> 4) & 0xf]).append(HEX[ch & 0xf]);
                    } else {
                        out.append(ch);
                    }
                }
            }
        }
        out.append('"');
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private static boolean isPlainJsonChar(char ch) {
        return ch >= 0x20 && ch != '"' && ch != '\\' && ch < 0x7f;
    }

    /** Appends {@code n} spaces (the one indentation table, shared with the YAML writer). */
    public static void indent(int n, StringBuilder out) {
        out.append(n < INDENTS.length ? INDENTS[n] : " ".repeat(n));
    }

    /** An open object or array and where its writing stands. */
    private static final class Open {
        final boolean object;
        final Iterator<Map.Entry<String, JsonNode>> members;
        final Iterator<JsonNode> items;
        final int indent;
        boolean first = true;

        Open(JsonNode container, Layout layout, int indent) {
            this.object = container.isObject();
            this.members = object ? members(container, layout) : null;
            this.items = object ? null : container.elements();
            this.indent = indent;
        }

        boolean hasNext() {
            return object ? members.hasNext() : items.hasNext();
        }

        private static Iterator<Map.Entry<String, JsonNode>> members(JsonNode object, Layout layout) {
            if (layout != Layout.CANONICAL) {
                return object.properties().iterator();
            }
            List<Map.Entry<String, JsonNode>> present = new ArrayList<>(object.size());
            for (Map.Entry<String, JsonNode> e : object.properties()) {
                if (!JsonTrees.isAbsent(e.getValue())) {
                    present.add(e);
                }
            }
            present.sort(Map.Entry.comparingByKey());
            return present.iterator();
        }
    }

    /** Writes a value; stops early once {@code out} holds more than {@code stopAfter} characters. */
    private static void write(JsonNode root, Layout layout, StringBuilder out, int stopAfter) {
        Deque<Open> open = new ArrayDeque<>();
        JsonNode next = root;
        while (true) {
            if (next != null) {
                if (next.isContainerNode() && !next.isEmpty()) {
                    out.append(next.isObject() ? '{' : '[');
                    open.push(new Open(next, layout, open.size() * 2));
                } else {
                    scalar(next, layout, out);
                }
                next = null;
            }
            if (open.isEmpty() || out.length() > stopAfter) {
                return;
            }
            Open top = open.peek();
            if (top.hasNext()) {
                if (!top.first) {
                    out.append(',');
                }
                top.first = false;
                if (layout == Layout.PRETTY) {
                    out.append('\n');
                    indent(top.indent + 2, out);
                }
                if (top.object) {
                    Map.Entry<String, JsonNode> member = top.members.next();
                    quote(member.getKey(), out);
                    out.append(layout == Layout.PRETTY ? ": " : ":");
                    next = member.getValue();
                } else {
                    next = top.items.next();
                }
            } else {
                open.pop();
                if (layout == Layout.PRETTY) {
                    out.append('\n');
                    indent(top.indent, out);
                }
                out.append(top.object ? '}' : ']');
            }
        }
    }

    private static void scalar(JsonNode node, Layout layout, StringBuilder out) {
        if (node.isObject()) {
            out.append("{}");
        } else if (node.isArray()) {
            out.append("[]");
        } else if (node.isTextual()) {
            quote(node.textValue(), out);
        } else if (node.isNumber()) {
            number(node, layout, out);
        } else if (node.isBoolean()) {
            out.append(node.booleanValue() ? "true" : "false");
        } else {
            out.append("null");
        }
    }

    private static void number(JsonNode node, Layout layout, StringBuilder out) {
        if (JsonTrees.isNonFinite(node)) {
            double d = node.doubleValue();
            String word = Double.isNaN(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity";
            out.append(layout == Layout.CANONICAL ? word : "null");
        } else if (layout == Layout.CANONICAL) {
            BigDecimal d = JsonTrees.decimal(node).stripTrailingZeros();
            out.append(d.toPlainString());
        } else {
            out.append(node.isBigDecimal() ? node.decimalValue().toString() : node.asText());
        }
    }
}
