package dev.upshift.diff.patch;

import dev.upshift.diff.internal.JsonValues;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Computes an RFC 6902 patch from one tree to another: members by name, array items by a
 * longest-common-subsequence match, in document order. Work is kept on an explicit stack, in the
 * order a recursive walk would produce it, so that depth costs no call stack.
 */
final class PatchDiffer {
    private final ArrayNode operations = JsonValues.NODES.arrayNode();
    private final Deque<Object> work = new ArrayDeque<>();
    private final Map<JsonNode, Integer> hashes = new IdentityHashMap<>();

    /** A location in the source document, built from its parent without copying strings. */
    private record Location(Location parent, String token) {
        String pointer() {
            List<String> tokens = new ArrayList<>();
            for (Location at = this; at.parent != null; at = at.parent) {
                tokens.add(at.token);
            }
            Collections.reverse(tokens);
            return JsonPointers.format(tokens);
        }

        Location child(String name) {
            return new Location(this, name);
        }
    }

    private record Compare(Location at, JsonNode source, JsonNode target) {}

    private PatchDiffer() {}

    static ArrayNode diff(JsonNode source, JsonNode target) {
        PatchDiffer differ = new PatchDiffer();
        differ.work.push(new Compare(new Location(null, ""), source, target));
        while (!differ.work.isEmpty()) {
            Object next = differ.work.pop();
            if (next instanceof Compare compare) {
                differ.expand(compare);
            } else {
                differ.operations.add((ObjectNode) next);
            }
        }
        return differ.operations;
    }

    private void expand(Compare compare) {
        List<Object> steps = new ArrayList<>();
        JsonNode source = compare.source();
        JsonNode target = compare.target();
        if (source.isObject() && target.isObject()) {
            compareObjects(compare.at(), source, target, steps);
        } else if (source.isArray() && target.isArray()) {
            compareArrays(compare.at(), source, target, steps);
        } else if (source.isContainerNode() || target.isContainerNode() || !source.equals(target)) {
            steps.add(operation("replace", compare.at(), target));
        }
        for (int i = steps.size() - 1; i >= 0; i--) {
            work.push(steps.get(i));
        }
    }

    private void compareObjects(Location at, JsonNode source, JsonNode target, List<Object> steps) {
        for (Map.Entry<String, JsonNode> member : source.properties()) {
            JsonNode after = target.get(member.getKey());
            Location child = at.child(member.getKey());
            steps.add(after == null ? operation("remove", child, null) : new Compare(child, member.getValue(), after));
        }
        for (Map.Entry<String, JsonNode> member : target.properties()) {
            if (!source.has(member.getKey())) {
                steps.add(operation("add", at.child(member.getKey()), member.getValue()));
            }
        }
    }

    /**
     * Items in a changed run are paired in order: a pair of similar containers is compared further,
     * any other pair is replaced; extra source items are removed from the last, extra target items
     * are added in order. {@code shift} tracks how far earlier runs moved the items that follow.
     */
    private void compareArrays(Location at, JsonNode source, JsonNode target, List<Object> steps) {
        int shift = 0;
        for (AbstractDelta<Item> delta : DiffUtils.diff(items(source), items(target), Item::same).getDeltas()) {
            int start = delta.getSource().getPosition() + shift;
            List<Item> removed = delta.getSource().getLines();
            List<Item> added = delta.getTarget().getLines();
            int paired = Math.min(removed.size(), added.size());
            for (int i = 0; i < paired; i++) {
                Location item = at.child(Integer.toString(start + i));
                JsonNode was = removed.get(i).node();
                JsonNode now = added.get(i).node();
                steps.add(similar(was, now) ? new Compare(item, was, now) : operation("replace", item, now));
            }
            for (int i = removed.size() - 1; i >= paired; i--) {
                steps.add(operation("remove", at.child(Integer.toString(start + i)), null));
            }
            for (int i = paired; i < added.size(); i++) {
                steps.add(operation("add", at.child(Integer.toString(start + i)), added.get(i).node()));
            }
            shift += added.size() - removed.size();
        }
    }

    /** An array item with its structural hash at hand, for the many comparisons of the LCS search. */
    private record Item(JsonNode node, int hash) {
        boolean same(Item other) {
            return hash == other.hash && JsonValues.equal(node, other.node);
        }
    }

    private List<Item> items(JsonNode array) {
        List<Item> items = new ArrayList<>(array.size());
        array.forEach(node -> items.add(new Item(node, hash(node))));
        return items;
    }

    /** Two containers of one kind that share an equal member or item are worth comparing further. */
    private boolean similar(JsonNode was, JsonNode now) {
        if (was.isObject() && now.isObject()) {
            for (Map.Entry<String, JsonNode> member : now.properties()) {
                JsonNode old = was.get(member.getKey());
                if (old != null && same(old, member.getValue())) {
                    return true;
                }
            }
        } else if (was.isArray() && now.isArray()) {
            Set<Integer> known = new HashSet<>();
            was.forEach(item -> known.add(hash(item)));
            for (JsonNode item : now) {
                if (known.contains(hash(item))) {
                    for (JsonNode old : was) {
                        if (same(old, item)) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }

    private boolean same(JsonNode a, JsonNode b) {
        return hash(a) == hash(b) && JsonValues.equal(a, b);
    }

    /** A structural hash consistent with {@link JsonValues#equal}, memoised per node, computed bottom-up. */
    private int hash(JsonNode node) {
        Integer known = hashes.get(node);
        if (known != null) {
            return known;
        }
        Deque<JsonNode> pending = new ArrayDeque<>();
        pending.push(node);
        while (!pending.isEmpty()) {
            JsonNode next = pending.peek();
            if (hashes.containsKey(next)) {
                pending.pop();
                continue;
            }
            boolean ready = true;
            for (JsonNode child : next) {
                if (!hashes.containsKey(child)) {
                    pending.push(child);
                    ready = false;
                }
            }
            if (ready) {
                pending.pop();
                hashes.put(next, combine(next));
            }
        }
        return hashes.get(node);
    }

    private int combine(JsonNode node) {
        if (node.isObject()) {
            int h = 1;
            for (Map.Entry<String, JsonNode> member : node.properties()) {
                h += member.getKey().hashCode() ^ hashes.get(member.getValue());
            }
            return h;
        }
        if (node.isArray()) {
            int h = 2;
            for (JsonNode item : node) {
                h = 31 * h + hashes.get(item);
            }
            return h;
        }
        return node.hashCode();
    }

    private static ObjectNode operation(String op, Location at, JsonNode value) {
        ObjectNode operation = JsonValues.NODES.objectNode();
        operation.put("op", op);
        operation.put("path", at.pointer());
        if (value != null) {
            operation.set("value", JsonValues.copy(value));
        }
        return operation;
    }
}
