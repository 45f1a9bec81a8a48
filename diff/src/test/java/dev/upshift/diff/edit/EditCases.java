package dev.upshift.diff.edit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.tree.JsonPointers;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Generated edit cases: a random document written in random styles ({@link StyledYaml}), a target
 * made from it by up to three random changes (a scalar changed, a value's shape changed, a key or
 * item removed or added), and the lines each change may touch, derived from the changes and the
 * styled text's own spans, not from the editor.
 */
final class EditCases {
    static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    static final List<String> KEYS = List.of("a", "b", "name", "image", "x.y/z", "on", "true", "1", "with space", "é",
            "args", "spec");
    static final List<String> TEXTS = List.of("x", "v1.29.6", "30", "yes", "no", "1.20", "", "a b", "a: b", "x #y",
            "-", "~", "null", "é", "'q'", "\"d\"", "line1\nline2\n", "a\nb", "[x]", "{y}", "*z", "&w", "!t", "%p",
            "@a", "2024-01-01", "0755", "0x1F", "on", "-x", "a,b", " lead", "tab\there");

    /**
     * One case.
     *
     * @param original the document as written
     * @param target what it should become
     * @param rendered its styled text and spans
     * @param allowed the 0-based lines of the text the changes may touch
     * @param changes what was changed, for failure messages
     */
    record Case(ObjectNode original, ObjectNode target, StyledYaml.Rendered rendered, Set<Integer> allowed, List<String> changes) {
        @Override
        public String toString() {
            return "\n--- text\n" + rendered.text() + "--- target\n" + target + "\n--- changes " + changes + "\n--- allowed lines "
                    + allowed;
        }
    }

    private final Random random;
    private int names;

    private EditCases(Random random) {
        this.random = random;
    }

    /** Cases from seeds; {@code kubernetes} puts the random part under {@code spec} of a ConfigMap-like document. */
    static Gen<Case> cases(boolean kubernetes, boolean secondDocument) {
        return Generate.longRange(Long.MIN_VALUE, Long.MAX_VALUE).map(seed -> make(seed, kubernetes, secondDocument))
                .describedAs(Case::toString);
    }

    /** Cases whose text is JSON, indented or on one line at random ({@link StyledJson}); no line spans. */
    static Gen<Case> jsonCases() {
        return Generate.longRange(Long.MIN_VALUE, Long.MAX_VALUE).map(seed -> {
            Case yaml = make(seed, false, false);
            String json = StyledJson.write(yaml.original(), new Random(seed));
            return new Case(yaml.original(), yaml.target(), new StyledYaml.Rendered(json, Map.of(), Set.of()), Set.of(),
                    yaml.changes());
        }).describedAs(Case::toString);
    }

    static Case make(long seed, boolean kubernetes, boolean secondDocument) {
        EditCases g = new EditCases(new Random(seed));
        ObjectNode original = g.object(3);
        if (original.isEmpty()) {
            original.put("a", "x");
        }
        if (kubernetes) {
            ObjectNode doc = NODES.objectNode();
            doc.put("apiVersion", "example.com/v1").put("kind", "Thing").putObject("metadata").put("name", "thing");
            doc.set("spec", original);
            original = doc;
        }
        StyledYaml.Rendered rendered = StyledYaml.render(original, g.random, secondDocument);
        ObjectNode target = original.deepCopy();
        Set<Integer> allowed = new HashSet<>();
        List<String> changes = new ArrayList<>();
        List<String> chosen = new ArrayList<>();
        List<String> pointers = new ArrayList<>();
        collect(kubernetes ? original.get("spec") : original, kubernetes ? "/spec" : "", pointers);
        int count = 1 + g.random.nextInt(3);
        for (int tries = 0; tries < 20 && chosen.size() < count && !pointers.isEmpty(); tries++) {
            String p = pointers.get(g.random.nextInt(pointers.size()));
            // changes stay apart: none lies inside the container another one changes (indices would shift)
            if (chosen.stream().anyMatch(c -> related(parent(c), p) || related(parent(p), c))) {
                continue;
            }
            String change = g.change(target, p, rendered, allowed, kubernetes);
            if (change != null) {
                chosen.add(p);
                changes.add(change);
            }
        }
        return new Case(original, target, rendered, allowed, changes);
    }

    private String change(ObjectNode target, String p, StyledYaml.Rendered r, Set<Integer> allowed, boolean kubernetes) {
        String parentPointer = parent(p);
        JsonNode parent = JsonPointers.resolve(target, parentPointer).orElseThrow();
        String token = JsonPointers.unescape(p.substring(p.lastIndexOf('/') + 1));
        JsonNode value = JsonPointers.resolve(target, p).orElseThrow();
        boolean nameOfItem = "name".equals(token) && !parentPointer.isEmpty()
                && JsonPointers.resolve(target, parent(parentPointer)).orElseThrow().isArray();
        if (nameOfItem) {
            allow(r, parentPointer, allowed);
        }
        switch (random.nextInt(4)) {
            case 0 -> { // change a scalar, or a container into a scalar
                JsonNode v = scalar();
                set(parent, token, v);
                allow(r, p, allowed);
                return "set " + p + " to " + v;
            }
            case 1 -> { // a scalar becomes a container
                JsonNode v = random.nextBoolean() ? object(2) : array(2);
                set(parent, token, v);
                allow(r, p, allowed);
                return "set " + p + " to " + v;
            }
            case 2 -> { // remove
                boolean rootKey = parentPointer.equals(kubernetes ? "/spec" : "") && parent.size() == 1;
                if (rootKey) {
                    return null;
                }
                if (parent.size() == 1) {
                    allow(r, parentPointer, allowed);
                }
                allow(r, p, allowed);
                boolean firstOnDashLine = parent instanceof ObjectNode o && o.fieldNames().next().equals(token)
                        && !parentPointer.isEmpty() && !r.flowOrEmpty().contains(parentPointer)
                        && JsonPointers.resolve(target, parent(parentPointer)).orElseThrow().isArray();
                if (firstOnDashLine && parent.size() > 1) {
                    // the next key moves up onto the dash's line
                    var names = parent.fieldNames();
                    names.next();
                    int[] next = r.spans().get(parentPointer + "/" + JsonPointers.escape(names.next()));
                    allowed.add(next[0]);
                }
                if (parent instanceof ObjectNode o) {
                    o.remove(token);
                } else {
                    ((ArrayNode) parent).remove(Integer.parseInt(token));
                }
                return "remove " + p;
            }
            default -> { // add a sibling
                if (r.flowOrEmpty().contains(parentPointer)) {
                    allow(r, parentPointer, allowed);
                }
                if (parent instanceof ObjectNode o) {
                    String key = KEYS.stream().filter(k -> !o.has(k)).findFirst().orElse(null);
                    if (key == null) {
                        return null;
                    }
                    insertKey(o, key, value(2), random.nextInt(o.size() + 1));
                    return "add " + key + " to " + parentPointer;
                }
                ArrayNode a = (ArrayNode) parent;
                JsonNode item = newItem(a);
                int at = Integer.parseInt(token) + random.nextInt(2);
                a.insert(at, item);
                return "insert " + item + " at " + parentPointer + "/" + at;
            }
        }
    }

    private static void set(JsonNode parent, String token, JsonNode v) {
        if (parent instanceof ObjectNode o) {
            o.set(token, v);
        } else {
            ((ArrayNode) parent).set(Integer.parseInt(token), v);
        }
    }

    private static void insertKey(ObjectNode o, String key, JsonNode value, int at) {
        List<Map.Entry<String, JsonNode>> entries = new ArrayList<>();
        o.properties().forEach(entries::add);
        entries.add(at, Map.entry(key, value));
        o.removeAll();
        entries.forEach(e -> o.set(e.getKey(), e.getValue()));
    }

    /** Allows the lines of the value at {@code p}: its own span, or that of the nearest ancestor with one (a flow collection's line). */
    private static void allow(StyledYaml.Rendered r, String p, Set<Integer> allowed) {
        for (String q = p; ; q = parent(q)) {
            int[] span = r.spans().get(q);
            if (span != null) {
                for (int i = span[0]; i <= span[1]; i++) {
                    allowed.add(i);
                }
                return;
            }
            if (q.isEmpty()) {
                return;
            }
        }
    }

    private JsonNode newItem(ArrayNode a) {
        boolean named = a.size() > 0 && a.get(0).isObject() && a.get(0).has("name");
        if (named) {
            ObjectNode o = NODES.objectNode().put("name", "new-" + ++names);
            o.put("image", TEXTS.get(random.nextInt(TEXTS.size())));
            return o;
        }
        Set<JsonNode> present = new HashSet<>();
        a.forEach(present::add);
        for (int i = 0; i < 10; i++) {
            JsonNode v = value(1);
            if (!present.contains(v)) {
                return v;
            }
        }
        return NODES.textNode("unique-" + ++names);
    }

    ObjectNode object(int depth) {
        ObjectNode o = NODES.objectNode();
        int n = random.nextInt(depth == 3 ? 5 : 4);
        for (int i = 0; i < n; i++) {
            o.set(KEYS.get(random.nextInt(KEYS.size())), value(depth - 1));
        }
        return o;
    }

    private JsonNode value(int depth) {
        int r = depth <= 0 ? 0 : random.nextInt(5);
        return r <= 2 ? scalar() : r == 3 ? object(depth) : array(depth);
    }

    ArrayNode array(int depth) {
        ArrayNode a = NODES.arrayNode();
        int n = random.nextInt(4);
        boolean named = random.nextBoolean() && depth > 0;
        Set<JsonNode> seen = new LinkedHashSet<>();
        for (int i = 0; i < n; i++) {
            JsonNode v;
            if (named) {
                ObjectNode o = object(depth - 1);
                o.put("name", "item-" + ++names);
                v = o;
            } else {
                v = value(depth - 1);
            }
            if (seen.add(v)) {
                a.add(v);
            }
        }
        return a;
    }

    JsonNode scalar() {
        return switch (random.nextInt(8)) {
            case 0 -> NODES.numberNode(random.nextInt(2000) - 1000);
            case 1 -> NODES.numberNode(new java.math.BigDecimal(random.nextInt(100) + "." + (1 + random.nextInt(9))));
            case 2 -> NODES.booleanNode(random.nextBoolean());
            case 3 -> NODES.nullNode();
            default -> NODES.textNode(TEXTS.get(random.nextInt(TEXTS.size())));
        };
    }

    private static void collect(JsonNode node, String pointer, List<String> out) {
        if (node.isObject()) {
            node.properties().forEach(e -> {
                String p = pointer + "/" + JsonPointers.escape(e.getKey());
                out.add(p);
                collect(e.getValue(), p, out);
            });
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                out.add(pointer + "/" + i);
                collect(node.get(i), pointer + "/" + i, out);
            }
        }
    }

    static String parent(String p) {
        return p.isEmpty() ? "" : p.substring(0, p.lastIndexOf('/'));
    }

    private static boolean related(String a, String b) {
        return a.equals(b) || b.startsWith(a + "/") || a.startsWith(b + "/");
    }

}
