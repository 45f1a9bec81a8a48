package dev.upshift.diff.edit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.tree.JsonText;
import java.util.Map;
import java.util.Random;

/** Writes a tree as JSON, indented by 2 or 4 spaces with some collections on one line, or all on one line. */
final class StyledJson {
    private final Random random;
    private final int step;
    private final StringBuilder out = new StringBuilder();

    private StyledJson(Random random) {
        this.random = random;
        this.step = random.nextBoolean() ? 2 : 4;
    }

    static String write(JsonNode tree, Random random) {
        StyledJson w = new StyledJson(random);
        w.value(tree, 0, random.nextInt(4) == 0);
        return w.out.append('\n').toString();
    }

    private void value(JsonNode v, int indent, boolean compact) {
        if (!v.isContainerNode()) {
            out.append(v.isTextual() ? JsonText.quote(v.textValue()) : v.isNumber() ? number(v) : v.toString());
            return;
        }
        boolean oneLine = compact || v.isEmpty() || random.nextInt(4) == 0;
        out.append(v.isObject() ? '{' : '[');
        boolean first = true;
        for (var it = v.isObject() ? v.properties().iterator() : null; it != null && it.hasNext(); first = false) {
            Map.Entry<String, JsonNode> e = it.next();
            separator(first, oneLine, indent);
            out.append(JsonText.quote(e.getKey())).append(": ");
            value(e.getValue(), indent + step, oneLine);
        }
        if (v.isArray()) {
            for (JsonNode item : v) {
                separator(first, oneLine, indent);
                value(item, indent + step, oneLine);
                first = false;
            }
        }
        if (!oneLine && !v.isEmpty()) {
            out.append('\n').append(" ".repeat(indent));
        }
        out.append(v.isObject() ? '}' : ']');
    }

    private void separator(boolean first, boolean oneLine, int indent) {
        if (!first) {
            out.append(oneLine ? ", " : ",");
        }
        if (!oneLine) {
            out.append('\n').append(" ".repeat(indent + step));
        }
    }

    private static String number(JsonNode v) {
        return v.isIntegralNumber() ? v.bigIntegerValue().toString() : v.decimalValue().toPlainString();
    }
}
