package dev.upshift.diff.merge;

import static dev.upshift.common.tree.JsonTrees.Equality.CONTENT;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.path.PathElement;
import dev.upshift.diff.rule.FieldRule;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds an immutable field below a node whose whole value the merge is about to replace or
 * remove: a field a rule marks {@code mutable: false} that the cluster has and that the target's
 * value would change. List items present on one side only are additions or removals of a whole
 * item, which immutability does not forbid, so the search does not enter them.
 */
final class ImmutableFields {
    private ImmutableFields() {}

    /**
     * An immutable field that would change.
     *
     * @param path where, relative to the node searched
     * @param current the cluster's value
     * @param target the value it would get (null: removed)
     * @param rule the rule that makes it immutable
     */
    record Violation(FieldPath path, JsonNode current, JsonNode target, FieldRule rule) {}

    /** The first immutable field below {@code c} that taking {@code t} (null: removing) would change. */
    static Optional<Violation> violation(FieldPolicy p, JsonNode c, JsonNode t) {
        if (!p.rulesAlive()) {
            return Optional.empty();
        }
        List<PathElement> trail = new ArrayList<>();
        return search(p, c, t, trail);
    }

    private static Optional<Violation> search(FieldPolicy p, JsonNode c, JsonNode t, List<PathElement> trail) {
        if (c.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = c.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode tv = t != null && t.isObject() ? t.get(e.getKey()) : null;
                Optional<Violation> v = child(p, new PathElement.Field(e.getKey()), e.getValue(), tv, trail);
                if (v.isPresent()) {
                    return v;
                }
            }
        } else if (c.isArray() && t != null && t.isArray()) {
            ListItems.Kind kind = ListItems.kind(p, null, c, t);
            for (JsonNode item : c) {
                Optional<PathElement> e = ListItems.elementOf(kind, item);
                if (e.isEmpty()) {
                    continue;
                }
                int index = ListItems.indexOf(kind, t, e.get());
                if (index >= 0) {
                    Optional<Violation> v = child(p, e.get(), item, t.get(index), trail);
                    if (v.isPresent()) {
                        return v;
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<Violation> child(FieldPolicy p, PathElement e, JsonNode cv, JsonNode tv, List<PathElement> trail) {
        FieldPolicy child = p.child(e);
        if (child.ignored() || JsonTrees.isAbsent(cv)) {
            return Optional.empty();
        }
        trail.add(e);
        try {
            if (child.mutableSetHere() && !child.mutable()) {
                return JsonTrees.equal(cv, tv, CONTENT) ? Optional.empty()
                        : Optional.of(new Violation(new FieldPath(trail), cv, JsonTrees.present(tv), child.mutableRule().orElseThrow()));
            }
            return child.rulesAlive() ? search(child, cv, JsonTrees.present(tv), trail) : Optional.empty();
        } finally {
            trail.remove(trail.size() - 1);
        }
    }
}
