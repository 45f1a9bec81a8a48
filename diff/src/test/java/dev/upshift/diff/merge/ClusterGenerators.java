package dev.upshift.diff.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.document.DocumentSet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.quicktheories.core.Gen;
import org.quicktheories.core.RandomnessSource;
import org.quicktheories.generators.Generate;

/**
 * QuickTheories generators of Kubernetes-shaped document sets: nested mappings, lists of mappings
 * keyed by a unique {@code name}, lists of scalars, and small pools of names and values so that
 * generated trees overlap. {@link #triples} derives a current and a target set from a base by a
 * few edits each (changing, adding and removing fields, adding, removing, reordering and editing
 * keyed items, adding and removing documents), as a cluster and a new release would. Everything
 * draws from the randomness source, so failures shrink towards fewer and smaller edits.
 */
final class ClusterGenerators {
    private static final List<String> FIELDS = List.of("image", "replicas", "mode", "labels", "template", "size", "x");
    private static final List<String> ITEM_NAMES = List.of("n0", "n1", "n2", "n3", "n4", "n5", "n6", "n7");
    private static final List<String> TEXT = List.of("a", "b", "v1", "v2", "on", "1.20", "a: b", "x\ny");

    private ClusterGenerators() {}

    /** Base, current and target document sets. */
    record Triple(DocumentSet base, DocumentSet current, DocumentSet target) {
        @Override
        public String toString() {
            return "base    " + trees(base) + "\ncurrent " + trees(current) + "\ntarget  " + trees(target);
        }

        private static String trees(DocumentSet set) {
            return set.documents().stream().map(d -> d.tree().toString()).toList().toString();
        }
    }

    /** Draws small numbers from QuickTheories' randomness, so that shrinking works. */
    private record Draw(RandomnessSource in) {
        int below(int bound) {
            return Generate.range(0, bound - 1).generate(in);
        }

        boolean chance(int percent) {
            return below(100) < percent;
        }

        <T> T pick(List<T> from) {
            return from.get(below(from.size()));
        }
    }

    static Gen<Triple> triples() {
        Gen<Triple> gen = in -> {
            Draw d = new Draw(in);
            List<ObjectNode> base = documents(d);
            return new Triple(set(base), set(edited(d, base)), set(edited(d, base)));
        };
        return gen.describedAs(Triple::toString);
    }

    /** A base set and one edited copy of it. */
    static Gen<DocumentSet[]> pairs() {
        Gen<DocumentSet[]> gen = in -> {
            Draw d = new Draw(in);
            List<ObjectNode> base = documents(d);
            return new DocumentSet[] {set(base), set(edited(d, base))};
        };
        return gen.describedAs(p -> Triple.trees(p[0]) + "\n" + Triple.trees(p[1]));
    }

    private static DocumentSet set(List<ObjectNode> trees) {
        return DocumentSet.of(trees);
    }

    private static List<ObjectNode> documents(Draw d) {
        List<ObjectNode> out = new ArrayList<>();
        int n = 1 + d.below(3);
        for (int i = 0; i < n; i++) {
            out.add(document(d, "d" + i));
        }
        return out;
    }

    private static ObjectNode document(Draw d, String name) {
        ObjectNode doc = JsonTrees.NODES.objectNode();
        doc.put("apiVersion", "example.com/v1").put("kind", "Thing");
        doc.putObject("metadata").put("name", name);
        doc.set("spec", object(d, 3));
        return doc;
    }

    private static ObjectNode object(Draw d, int depth) {
        ObjectNode o = JsonTrees.NODES.objectNode();
        int n = d.below(4);
        for (int i = 0; i < n; i++) {
            o.set(d.pick(FIELDS), value(d, depth));
        }
        if (depth > 1 && d.chance(40)) {
            o.set("items", keyedList(d, depth - 1));
        }
        return o;
    }

    private static JsonNode value(Draw d, int depth) {
        int kind = d.below(depth > 0 ? 10 : 6);
        if (kind < 5) {
            return scalar(d);
        }
        if (kind == 5) {
            ArrayNode list = JsonTrees.NODES.arrayNode();
            for (int i = d.below(3); i > 0; i--) {
                list.add(scalar(d));
            }
            return list;
        }
        return kind < 9 ? object(d, depth - 1) : keyedList(d, depth - 1);
    }

    private static JsonNode scalar(Draw d) {
        return switch (d.below(4)) {
            case 0 -> JsonTrees.NODES.numberNode(d.below(4));
            case 1 -> JsonTrees.NODES.booleanNode(d.chance(50));
            default -> JsonTrees.NODES.textNode(d.pick(TEXT));
        };
    }

    private static ArrayNode keyedList(Draw d, int depth) {
        ArrayNode list = JsonTrees.NODES.arrayNode();
        int n = d.below(4);
        for (int i = 0; i < n; i++) {
            ObjectNode item = object(d, Math.max(depth, 0));
            item.put("name", ITEM_NAMES.get(i));
            list.add(item);
        }
        return list;
    }

    // ---- edits

    private static List<ObjectNode> edited(Draw d, List<ObjectNode> base) {
        List<ObjectNode> docs = new ArrayList<>();
        base.forEach(b -> docs.add(b.deepCopy()));
        int edits = d.below(5);
        for (int i = 0; i < edits; i++) {
            int what = d.below(20);
            if (what == 0 && docs.size() > 1) {
                docs.remove(d.below(docs.size()));
            } else if (what == 1) {
                docs.add(document(d, "new" + i));
            } else if (!docs.isEmpty()) {
                editSomewhere(d, docs.get(d.below(docs.size())).get("spec"));
            }
        }
        return docs;
    }

    private static void editSomewhere(Draw d, JsonNode spec) {
        List<JsonNode> containers = new ArrayList<>();
        collect(spec, containers);
        JsonNode at = containers.get(d.below(containers.size()));
        if (at instanceof ObjectNode o) {
            editObject(d, o);
        } else {
            editKeyedList(d, (ArrayNode) at);
        }
    }

    private static void collect(JsonNode node, List<JsonNode> into) {
        if (node.isObject() || node.isArray() && isKeyed(node)) {
            into.add(node);
            node.forEach(child -> collect(child, into));
        }
    }

    private static boolean isKeyed(JsonNode list) {
        for (JsonNode item : list) {
            if (!item.isObject()) {
                return false;
            }
        }
        return true;
    }

    private static void editObject(Draw d, ObjectNode o) {
        List<String> names = new ArrayList<>();
        o.fieldNames().forEachRemaining(n -> {
            if (!n.equals("name")) {
                names.add(n);
            }
        });
        int action = d.below(3);
        if (action == 0 || names.isEmpty()) {
            o.set(d.pick(FIELDS), value(d, 2));
        } else if (action == 1) {
            o.remove(d.pick(names));
        } else {
            o.set(d.pick(names), scalar(d));
        }
    }

    private static void editKeyedList(Draw d, ArrayNode list) {
        int action = d.below(3);
        if (action == 0 || list.isEmpty()) {
            Set<String> used = new HashSet<>();
            list.forEach(item -> used.add(item.get("name").textValue()));
            List<String> free = ITEM_NAMES.stream().filter(n -> !used.contains(n)).toList();
            if (!free.isEmpty()) {
                ObjectNode item = object(d, 1);
                item.put("name", d.pick(free));
                list.insert(d.below(list.size() + 1), item);
            }
        } else if (action == 1) {
            list.remove(d.below(list.size()));
        } else {
            List<JsonNode> items = new ArrayList<>();
            list.forEach(items::add);
            java.util.Collections.reverse(items);
            list.removeAll();
            list.addAll(items);
        }
    }

    // ---- comparing

    /** A copy with keyed lists (all items mappings with a unique name) sorted by name: order-free equality. */
    static JsonNode keyedListsSorted(JsonNode node) {
        if (node.isObject()) {
            ObjectNode out = JsonTrees.NODES.objectNode();
            for (Iterator<java.util.Map.Entry<String, JsonNode>> it = node.properties().iterator(); it.hasNext(); ) {
                var e = it.next();
                out.set(e.getKey(), keyedListsSorted(e.getValue()));
            }
            return out;
        }
        if (node.isArray()) {
            List<JsonNode> items = new ArrayList<>();
            node.forEach(item -> items.add(keyedListsSorted(item)));
            Set<String> names = new HashSet<>();
            boolean keyed = items.stream().allMatch(i -> i.isObject() && i.has("name") && names.add(i.get("name").asText()));
            if (keyed) {
                items.sort(java.util.Comparator.comparing(i -> i.get("name").asText()));
            }
            ArrayNode out = JsonTrees.NODES.arrayNode();
            out.addAll(items);
            return out;
        }
        return node;
    }
}
