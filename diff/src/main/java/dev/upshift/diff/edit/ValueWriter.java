package dev.upshift.diff.edit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.tree.JsonText;
import java.util.Iterator;
import java.util.Map;

/**
 * Writes new values where nothing of their own style exists yet: block YAML in the file's
 * indentation, YAML flow inside flow collections, JSON in JSON files. Keys keep the tree's order.
 * Values are at most a few hundred levels deep (the loader's and {@code DocumentSet}'s limits), so
 * the recursion here is bounded.
 */
final class ValueWriter {
    private final Layout layout;
    private final ScalarWriter scalars;
    private final String nl;

    ValueWriter(Layout layout, ScalarWriter scalars) {
        this.layout = layout;
        this.scalars = scalars;
        this.nl = layout.newline();
    }

    /** {@code key:} and its value in block style, the key at column {@code column}; no line break at the end. */
    String entry(String key, JsonNode v, int column) {
        return scalars.key(key, false) + ":" + afterKey(v, column);
    }

    /** A block list item at dash column {@code dash}: {@code -} and its value; no line break at the end. */
    String item(JsonNode v, int dash) {
        return "-" + afterDash(v, dash);
    }

    /**
     * What follows {@code key:} in block style: a space and a scalar or an empty collection, or a
     * line break and the nested block (a multi-line text as a literal block).
     */
    String afterKey(JsonNode v, int column) {
        if (!isBlock(v)) {
            return " " + scalars.write(v, false, column + layout.step());
        }
        StringBuilder out = new StringBuilder();
        if (v.isObject()) {
            int inner = column + layout.step();
            for (Iterator<Map.Entry<String, JsonNode>> it = v.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                out.append(nl);
                JsonText.indent(inner, out);
                out.append(entry(e.getKey(), e.getValue(), inner));
            }
        } else {
            int dash = column + layout.sequenceIndent();
            for (JsonNode item : v) {
                out.append(nl);
                JsonText.indent(dash, out);
                out.append(item(item, dash));
            }
        }
        return out.toString();
    }

    /** What follows a dash in block style: the item's value, a nested block starting on the dash's line. */
    String afterDash(JsonNode v, int dash) {
        int inner = dash + layout.itemIndent();
        String gap = " ".repeat(layout.itemIndent() - 1);
        if (!isBlock(v)) {
            return " " + scalars.write(v, false, inner);
        }
        StringBuilder out = new StringBuilder(gap);
        boolean first = true;
        if (v.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = v.properties().iterator(); it.hasNext(); first = false) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!first) {
                    out.append(nl);
                    JsonText.indent(inner, out);
                }
                out.append(entry(e.getKey(), e.getValue(), inner));
            }
        } else {
            for (JsonNode item : v) {
                if (!first) {
                    out.append(nl);
                    JsonText.indent(inner, out);
                }
                out.append(item(item, inner));
                first = false;
            }
        }
        return out.toString();
    }

    /** A value in flow style on one line: YAML flow, or JSON in JSON files. */
    String flow(JsonNode v) {
        if (!v.isContainerNode() || v.isEmpty()) {
            return scalars.write(v, true, 0);
        }
        StringBuilder out = new StringBuilder();
        out.append(v.isObject() ? '{' : '[');
        boolean first = true;
        if (v.isObject()) {
            for (Map.Entry<String, JsonNode> e : v.properties()) {
                out.append(first ? "" : ", ").append(flowEntry(e.getKey(), e.getValue()));
                first = false;
            }
        } else {
            for (JsonNode item : v) {
                out.append(first ? "" : ", ").append(flow(item));
                first = false;
            }
        }
        return out.append(v.isObject() ? '}' : ']').toString();
    }

    /** {@code key: value} in flow style. */
    String flowEntry(String key, JsonNode v) {
        return scalars.key(key, true) + ": " + flow(v);
    }

    /** A value as indented JSON whose first line continues a line and whose inner lines stand at {@code indent + step}. */
    String pretty(JsonNode v, int indent) {
        if (!v.isContainerNode() || v.isEmpty()) {
            return flow(v);
        }
        StringBuilder out = new StringBuilder();
        out.append(v.isObject() ? '{' : '[');
        int inner = indent + layout.step();
        boolean first = true;
        if (v.isObject()) {
            for (Map.Entry<String, JsonNode> e : v.properties()) {
                out.append(first ? "" : ",").append(nl);
                JsonText.indent(inner, out);
                out.append(prettyEntry(e.getKey(), e.getValue(), inner));
                first = false;
            }
        } else {
            for (JsonNode item : v) {
                out.append(first ? "" : ",").append(nl);
                JsonText.indent(inner, out);
                out.append(pretty(item, inner));
                first = false;
            }
        }
        out.append(nl);
        JsonText.indent(indent, out);
        return out.append(v.isObject() ? '}' : ']').toString();
    }

    /** {@code "key": value} as indented JSON, the key at column {@code indent}. */
    String prettyEntry(String key, JsonNode v, int indent) {
        return scalars.key(key, true) + ": " + pretty(v, indent);
    }

    private static boolean isBlock(JsonNode v) {
        return v.isContainerNode() && !v.isEmpty();
    }
}
