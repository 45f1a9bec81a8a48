package dev.upshift.diff.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.internal.Trees;
import java.util.Iterator;
import java.util.Map;

/**
 * JSON text output shared by the renderers: two-space indentation, {@code "key": value},
 * {@code \n} line ends on every platform, strings escaped as {@link Trees#quote} does. Written
 * directly rather than through a Jackson serializer, which is several times slower on large trees.
 */
final class Output {
    private static final String[] INDENTS = new String[130];

    static {
        for (int i = 0; i < INDENTS.length; i++) {
            INDENTS[i] = " ".repeat(i);
        }
    }

    private Output() {}

    /** Pretty JSON text ending with a newline. */
    static String json(JsonNode node) {
        StringBuilder out = new StringBuilder(4096);
        write(node, 0, out);
        return out.append('\n').toString();
    }

    private static void write(JsonNode node, int indent, StringBuilder out) {
        if (node.isObject()) {
            if (node.isEmpty()) {
                out.append("{}");
                return;
            }
            out.append('{');
            boolean first = true;
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                out.append(first ? "\n" : ",\n");
                first = false;
                indent(indent + 2, out);
                Trees.quote(e.getKey(), out);
                out.append(": ");
                write(e.getValue(), indent + 2, out);
            }
            out.append('\n');
            indent(indent, out);
            out.append('}');
        } else if (node.isArray()) {
            if (node.isEmpty()) {
                out.append("[]");
                return;
            }
            out.append('[');
            for (int i = 0; i < node.size(); i++) {
                out.append(i == 0 ? "\n" : ",\n");
                indent(indent + 2, out);
                write(node.get(i), indent + 2, out);
            }
            out.append('\n');
            indent(indent, out);
            out.append(']');
        } else if (node.isTextual()) {
            Trees.quote(node.textValue(), out);
        } else if (node.isNumber()) {
            double d = node.isFloatingPointNumber() && !node.isBigDecimal() ? node.doubleValue() : 0;
            out.append(Double.isNaN(d) || Double.isInfinite(d) ? "null"
                    : node.isBigDecimal() ? node.decimalValue().toString() : node.asText());
        } else if (node.isBoolean()) {
            out.append(node.booleanValue() ? "true" : "false");
        } else {
            out.append("null");
        }
    }

    private static void indent(int n, StringBuilder out) {
        out.append(n < INDENTS.length ? INDENTS[n] : " ".repeat(n));
    }

    /** Fills the fields that name a document and its action. */
    static ObjectNode documentEntry(ObjectNode entry, DocumentPatch p) {
        entry.put("document", p.name());
        identity(entry, p.id());
        entry.put("action", p.action().word());
        return entry;
    }

    static void identity(ObjectNode entry, DocumentId id) {
        entry.put("group", id.group()).put("kind", id.kind()).put("namespace", id.namespace()).put("name", id.name());
    }
}
