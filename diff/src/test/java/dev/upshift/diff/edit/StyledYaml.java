package dev.upshift.diff.edit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.tree.JsonPointers;
import dev.upshift.common.tree.JsonText;
import dev.upshift.diff.render.YamlWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Writes a tree as YAML in styles chosen at random (indentation 2 or 4, list dashes at or inside
 * their key, comments above entries and after values, blank lines, plain, single- and
 * double-quoted text, literal blocks, empty values, flow collections) and records the lines of
 * every field: the test's own picture of where each value stands, independent of the editor's.
 */
final class StyledYaml {
    /**
     * The text and where its values stand.
     *
     * @param text the YAML
     * @param spans for each RFC 6901 pointer, the 0-based first and last line of its entry (key line
     *     to the value's last line) or item (dash line to last line)
     * @param flowOrEmpty the pointers of collections written in flow style or empty
     */
    record Rendered(String text, Map<String, int[]> spans, Set<String> flowOrEmpty) {}

    private final Random random;
    private final List<String> lines = new ArrayList<>();
    private final Map<String, int[]> spans = new HashMap<>();
    private final Set<String> flowOrEmpty = new HashSet<>();
    private final Map<JsonNode, Boolean> flowChoices = new IdentityHashMap<>();
    private final int step;
    private final int sequenceIndent;
    private int comments;

    private StyledYaml(Random random) {
        this.random = random;
        this.step = random.nextBoolean() ? 2 : 4;
        this.sequenceIndent = random.nextBoolean() ? 0 : step;
    }

    /** One document, with a header comment, possibly followed by a second document that stays as it is. */
    static Rendered render(ObjectNode document, Random random, boolean secondDocument) {
        StyledYaml y = new StyledYaml(random);
        y.lines.add("# a generated document");
        y.mapping(document, 0, "", null);
        if (secondDocument) {
            y.lines.add("---");
            y.lines.add("# the next document");
            y.lines.add("kind: Other   # stays");
        }
        return new Rendered(String.join("\n", y.lines) + "\n", y.spans, y.flowOrEmpty);
    }

    private void mapping(ObjectNode m, int indent, String pointer, String firstPrefix) {
        boolean first = true;
        for (Map.Entry<String, JsonNode> e : m.properties()) {
            String child = pointer + "/" + JsonPointers.escape(e.getKey());
            String lead;
            if (first && firstPrefix != null) {
                lead = firstPrefix;
            } else {
                trivia(indent);
                lead = " ".repeat(indent);
            }
            first = false;
            int start = lines.size();
            String key = YamlWriter.isPlain(e.getKey()) ? e.getKey() : quote(e.getKey());
            value(e.getValue(), lead + key + ":", indent, child);
            spans.put(child, new int[] {start, lines.size() - 1});
        }
    }

    private void sequence(ArrayNode a, int dash, String pointer) {
        for (int i = 0; i < a.size(); i++) {
            String child = pointer + "/" + i;
            trivia(dash);
            int start = lines.size();
            JsonNode item = a.get(i);
            String lead = " ".repeat(dash) + "-";
            if (item.isObject() && !item.isEmpty() && !flowable(item)) {
                mapping((ObjectNode) item, dash + 2, child, lead + " ");
            } else if (item.isArray() && !item.isEmpty() && !flowable(item)) {
                lines.add(lead + comment());
                sequence((ArrayNode) item, dash + 2, child);
            } else {
                value(item, lead, dash, child);
            }
            spans.put(child, new int[] {start, lines.size() - 1});
        }
    }

    /** A value after {@code head} ({@code "key:"} or {@code "-"}), whose nested lines go below {@code indent}. */
    private void value(JsonNode v, String head, int indent, String pointer) {
        if (v.isContainerNode() && (v.isEmpty() || flowable(v))) {
            flowOrEmpty.add(pointer);
            lines.add(head + " " + flow(v) + comment());
        } else if (v.isObject()) {
            lines.add(head + comment());
            mapping((ObjectNode) v, indent + step, pointer, null);
        } else if (v.isArray()) {
            lines.add(head + comment());
            sequence((ArrayNode) v, indent + sequenceIndent, pointer);
        } else if (v.isTextual() && v.textValue().contains("\n") && random.nextBoolean()) {
            String s = v.textValue();
            boolean clip = s.endsWith("\n");
            lines.add(head + (clip ? " |" : " |-") + comment());
            for (String line : (clip ? s.substring(0, s.length() - 1) : s).split("\n", -1)) {
                lines.add(line.isEmpty() ? "" : " ".repeat(indent + step) + line);
            }
        } else if (v.isNull() && random.nextBoolean()) {
            lines.add(head + (random.nextBoolean() ? "" : " ~") + comment());
        } else {
            lines.add(head + " " + scalar(v, false) + comment());
        }
    }

    /** Whether a collection is written in flow style: small, of scalars, sometimes (decided once per collection). */
    private boolean flowable(JsonNode v) {
        return flowChoices.computeIfAbsent(v, c -> {
            for (JsonNode child : c) {
                if (child.isContainerNode() || child.isTextual() && child.textValue().contains("\n")) {
                    return false;
                }
            }
            return c.size() <= 3 && random.nextInt(3) == 0;
        });
    }

    private String flow(JsonNode v) {
        StringBuilder out = new StringBuilder(v.isObject() ? "{" : "[");
        boolean first = true;
        if (v.isObject()) {
            for (Map.Entry<String, JsonNode> e : v.properties()) {
                out.append(first ? "" : ", ").append(plainInFlow(e.getKey()) ? e.getKey() : quote(e.getKey()))
                        .append(": ").append(scalar(e.getValue(), true));
                first = false;
            }
        } else {
            for (JsonNode item : v) {
                out.append(first ? "" : ", ").append(scalar(item, true));
                first = false;
            }
        }
        return out.append(v.isObject() ? "}" : "]").toString();
    }

    private String scalar(JsonNode v, boolean flow) {
        if (!v.isTextual()) {
            return v.isNull() ? "null" : v.isNumber() ? JsonTrees.decimalText(v) : v.asText();
        }
        String s = v.textValue();
        int style = random.nextInt(3);
        if (style == 0 && (flow ? plainInFlow(s) : YamlWriter.isPlain(s))) {
            return s;
        }
        if (style == 1 && s.chars().allMatch(c -> c >= 0x20 && c != 0x7f)) {
            return "'" + s.replace("'", "''") + "'";
        }
        return JsonText.quote(s);
    }

    private static boolean plainInFlow(String s) {
        return YamlWriter.isPlain(s) && s.chars().noneMatch(c -> ",[]{}".indexOf(c) >= 0);
    }

    private static String quote(String s) {
        return JsonText.quote(s);
    }

    /** Now and then a blank line or a comment line above an entry. */
    private void trivia(int indent) {
        int r = random.nextInt(10);
        if (r == 0) {
            lines.add("");
        } else if (r <= 2) {
            lines.add(" ".repeat(indent) + "# comment " + ++comments);
        }
    }

    /** Now and then a comment after a value. */
    private String comment() {
        return random.nextInt(5) == 0 ? "   # note " + ++comments : "";
    }

    /** Number text as the loader reads it back. */
    static final class JsonTrees {
        private JsonTrees() {}

        static String decimalText(JsonNode v) {
            return v.isIntegralNumber() ? v.bigIntegerValue().toString() : v.decimalValue().toPlainString();
        }
    }
}
