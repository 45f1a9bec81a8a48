package dev.upshift.diff.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.testing.Content;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * An independent reference for the three-way merge, written from DESIGN.md section 6's table and
 * not from the merge's code: each side is flattened into leaves (paths whose steps are fields,
 * list items by their {@code name}, and documents by theirs), each leaf is decided by the table,
 * and the result is rebuilt from the decided leaves.
 *
 * <p>A leaf is a scalar, a list that has no key (not every item a mapping with a name unique in
 * its list, or no items at all on any side), a value whose kind the sides disagree on, or a whole
 * value where the table decides wholes: where the cluster has nothing (there is nothing to merge
 * into), and a list item or document the target drops. A container that is empty on some side also
 * has a marker leaf, so that a decided marker keeps the container even when nothing is left in it;
 * a container is otherwise rebuilt only around the leaves decided into it, which is how "the result
 * never holds an empty container none of B, C and T had" falls out of the model.
 *
 * <p>Only plain Jackson and {@link Content} are used: none of the merge's helpers.
 */
final class LeafModel {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String MARKER = "#empty";

    /** What a conflict does in the model. */
    enum OnConflict { TAKE_TARGET, KEEP_CURRENT }

    private record Leaf(JsonNode b, JsonNode c, JsonNode t) {}

    private final Map<List<String>, Leaf> leaves = new LinkedHashMap<>();

    private LeafModel() {}

    /** The merged documents, keyed by name, with keyed lists rebuilt in key order. */
    static Map<String, JsonNode> merge(List<JsonNode> base, List<JsonNode> current, List<JsonNode> target, OnConflict mode) {
        LeafModel model = new LeafModel();
        Map<String, JsonNode> b = byName(base);
        Map<String, JsonNode> c = byName(current);
        Map<String, JsonNode> t = byName(target);
        Set<String> names = new LinkedHashSet<>(c.keySet());
        names.addAll(t.keySet());
        names.addAll(b.keySet());
        for (String name : names) {
            model.flatten(List.of("d:" + name), b.get(name), c.get(name), t.get(name), true);
        }
        Place root = new Place();
        model.leaves.forEach((path, leaf) -> {
            JsonNode decided = decide(leaf, mode);
            if (decided != null) {
                root.put(path, 0, decided);
            }
        });
        Map<String, JsonNode> out = new TreeMap<>();
        root.children.forEach((step, place) -> {
            JsonNode doc = place.build();
            if (doc != null) {
                out.put(step.substring(2), doc);
            }
        });
        return out;
    }

    private static Map<String, JsonNode> byName(List<JsonNode> docs) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        docs.forEach(d -> out.put(d.get("metadata").get("name").asText(), d));
        return out;
    }

    private void flatten(List<String> path, JsonNode b, JsonNode c, JsonNode t, boolean unit) {
        if (c == null || unit && t == null || !c.isContainerNode() || !sameKind(c, b) || !sameKind(c, t)
                || c.isArray() && !keyed(b, c, t)) {
            leaves.put(path, new Leaf(b, c, t));
            return;
        }
        if (isEmpty(b) || c.isEmpty() || isEmpty(t)) {
            leaves.put(child(path, MARKER), new Leaf(emptyOrNull(b), emptyOrNull(c), emptyOrNull(t)));
        }
        if (c.isObject()) {
            Set<String> fields = new LinkedHashSet<>();
            for (JsonNode side : new JsonNode[] {c, t, b}) {
                if (side != null) {
                    side.fieldNames().forEachRemaining(fields::add);
                }
            }
            for (String f : fields) {
                flatten(child(path, "f:" + f), get(b, f), c.get(f), get(t, f), false);
            }
        } else {
            Map<String, JsonNode> bi = items(b);
            Map<String, JsonNode> ci = items(c);
            Map<String, JsonNode> ti = items(t);
            Set<String> keys = new LinkedHashSet<>(ci.keySet());
            keys.addAll(ti.keySet());
            keys.addAll(bi.keySet());
            for (String k : keys) {
                flatten(child(path, "k:" + k), bi.get(k), ci.get(k), ti.get(k), true);
            }
        }
    }

    /** The merge table for one leaf; null for absent. */
    private static JsonNode decide(Leaf l, OnConflict mode) {
        if (same(l.c(), l.t())) {
            return l.c();
        }
        if (l.c() == null && l.b() == null) {
            return l.t();
        }
        if (same(l.c(), l.b())) {
            return l.t();
        }
        if (same(l.t(), l.b())) {
            return l.c();
        }
        return mode == OnConflict.TAKE_TARGET ? l.t() : l.c();
    }

    private static boolean same(JsonNode x, JsonNode y) {
        return x == null ? y == null : y != null && Content.of(x).equals(Content.of(y));
    }

    private static boolean sameKind(JsonNode c, JsonNode other) {
        return other == null || c.isObject() == other.isObject() && c.isArray() == other.isArray();
    }

    /** Whether every item of every given list is a mapping with a scalar name unique in its list, and there is one at least. */
    static boolean keyed(JsonNode... lists) {
        int items = 0;
        for (JsonNode list : lists) {
            if (list == null) {
                continue;
            }
            Set<String> names = new HashSet<>();
            for (JsonNode item : list) {
                JsonNode name = item.get("name");
                if (!item.isObject() || name == null || name.isContainerNode() || name.isNull() || !names.add(Content.of(name))) {
                    return false;
                }
                items++;
            }
        }
        return items > 0;
    }

    private static Map<String, JsonNode> items(JsonNode list) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        if (list != null) {
            list.forEach(item -> out.put(Content.of(item.get("name")), item));
        }
        return out;
    }

    private static boolean isEmpty(JsonNode v) {
        return v != null && v.isContainerNode() && v.isEmpty();
    }

    private static JsonNode emptyOrNull(JsonNode v) {
        return isEmpty(v) ? v : null;
    }

    private static JsonNode get(JsonNode v, String field) {
        return v == null ? null : v.get(field);
    }

    private static List<String> child(List<String> path, String step) {
        List<String> out = new ArrayList<>(path);
        out.add(step);
        return out;
    }

    /** A place in the rebuilt tree: a decided whole value, or containers made from the steps below. */
    private static final class Place {
        final Map<String, Place> children = new TreeMap<>();
        JsonNode value;
        JsonNode marker;

        void put(List<String> path, int at, JsonNode decided) {
            if (at == path.size()) {
                value = decided;
            } else if (path.get(at).equals(MARKER)) {
                marker = decided;
            } else {
                children.computeIfAbsent(path.get(at), k -> new Place()).put(path, at + 1, decided);
            }
        }

        /** The rebuilt value; null when nothing was decided into this place. */
        JsonNode build() {
            if (value != null) {
                return value;
            }
            boolean list = children.keySet().stream().anyMatch(k -> k.startsWith("k:")) || marker != null && marker.isArray();
            JsonNode out = list ? NODES.arrayNode() : NODES.objectNode();
            children.forEach((step, place) -> {
                JsonNode v = place.build();
                if (v == null) {
                    return;
                }
                if (out instanceof ObjectNode o) {
                    o.set(step.substring(2), v);
                } else {
                    ((ArrayNode) out).add(v);
                }
            });
            return out.isEmpty() && marker == null ? null : out;
        }
    }
}
