package dev.upshift.diff.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.path.PathElement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Masks the sensitive parts of a value as the rules at its place say ({@link SensitiveValues}).
 * A value with nothing sensitive in it comes back as the same instance, so that callers can tell
 * by identity whether anything was masked; otherwise a copy, the input unchanged.
 */
final class Masking {
    private Masking() {}

    /** The value at the node {@code p} stands for, masked; null for null. */
    static JsonNode mask(FieldPolicy p, JsonNode v) {
        if (v == null) {
            return null;
        }
        if (p.sensitive()) {
            return maskAll(v);
        }
        if (!p.sensitiveBelow() || !v.isContainerNode()) {
            return v;
        }
        if (v.isObject()) {
            ObjectNode out = null;
            for (Iterator<Map.Entry<String, JsonNode>> it = v.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode m = mask(p.child(new PathElement.Field(e.getKey())), e.getValue());
                if (m != e.getValue()) {
                    out = out == null ? JsonTrees.NODES.objectNode().setAll((ObjectNode) v) : out;
                    out.set(e.getKey(), m);
                }
            }
            return out == null ? v : out;
        }
        ListItems.Kind kind = ListItems.kind(p, null, v, null);
        ArrayNode out = null;
        for (int i = 0; i < v.size(); i++) {
            JsonNode item = v.get(i);
            // an item that has no key (an atomic list) still meets patterns such as [*] by its position
            PathElement e = ListItems.elementOf(kind, item).orElse(new PathElement.Index(i));
            JsonNode m = mask(p.child(e), item);
            if (m != item) {
                out = out == null ? JsonTrees.NODES.arrayNode(v.size()).addAll((ArrayNode) v) : out;
                out.set(i, m);
            }
        }
        return out == null ? v : out;
    }

    /**
     * The path as outputs for people show it: the value of a sensitive set item, and the key values of
     * a list item whose key field is sensitive (or that is sensitive as a whole), masked; the same
     * instance when nothing is.
     */
    static FieldPath shownPath(FieldPolicy root, FieldPath path) {
        if (!root.sensitive() && !root.sensitiveBelow()) {
            return path;
        }
        List<PathElement> elements = path.elements();
        List<PathElement> out = null;
        FieldPolicy p = root;
        for (int i = 0; i < elements.size(); i++) {
            PathElement e = elements.get(i);
            p = p.child(e);
            PathElement shown = shownElement(p, e);
            if (shown != e && out == null) {
                out = new ArrayList<>(elements.subList(0, i));
            }
            if (out != null) {
                out.add(shown);
            }
        }
        return out == null ? path : new FieldPath(out);
    }

    /** A list item's path element as it is shown, {@code item} being the rules at the item. */
    static PathElement shownElement(FieldPolicy item, PathElement e) {
        if (e instanceof PathElement.Value v) {
            return item.sensitive() ? new PathElement.Value(maskAll(v.value())) : e;
        }
        if (!(e instanceof PathElement.Key k) || !item.sensitive() && !item.sensitiveBelow()) {
            return e;
        }
        List<JsonNode> values = new ArrayList<>(k.values());
        boolean masked = false;
        for (int j = 0; j < values.size(); j++) {
            if (item.sensitive() || item.child(new PathElement.Field(k.names().get(j))).sensitive()) {
                values.set(j, maskAll(values.get(j)));
                masked = true;
            }
        }
        return masked ? new PathElement.Key(k.names(), values) : e;
    }

    /**
     * The three sides of a decision as messages may show them: sensitive values masked (the same
     * instances when nothing is sensitive), and whether any was.
     */
    record Sides(JsonNode b, JsonNode c, JsonNode t, boolean sensitive) {}

    /** The sides at the node {@code p} stands for, masked. */
    static Sides sides(FieldPolicy p, JsonNode b, JsonNode c, JsonNode t) {
        if (!p.sensitive() && !p.sensitiveBelow()) {
            return new Sides(b, c, t, false);
        }
        JsonNode mb = mask(p, b);
        JsonNode mc = mask(p, c);
        JsonNode mt = mask(p, t);
        return new Sides(mb, mc, mt, mb != b || mc != c || mt != t);
    }

    /** A message, and whether it masks anything. */
    record Words(String message, boolean sensitive) {}

    /**
     * {@link Messages#immutableBelow} with its paths and values as they are shown: {@code root} the
     * rules at the document's root, {@code p} those at {@code at}, where the merge would replace the
     * value that holds the immutable field.
     */
    static Words immutableBelow(FieldPolicy root, FieldPolicy p, ChangeReason reason, FieldPath at,
            ImmutableFields.Violation v) {
        FieldPolicy there = at(p, v.path());
        ImmutableFields.Violation shown = new ImmutableFields.Violation(v.path(), mask(there, v.current()),
                mask(there, v.target()), v.rule());
        List<PathElement> elements = new ArrayList<>(at.elements());
        elements.addAll(v.path().elements());
        FieldPath full = new FieldPath(elements);
        FieldPath shownFull = shownPath(root, full);
        return new Words(Messages.immutableBelow(reason, shownPath(root, at), shownFull, shown),
                shown.current() != v.current() || shown.target() != v.target() || shownFull != full);
    }

    /** The policy at {@code path} below {@code p}. */
    static FieldPolicy at(FieldPolicy p, FieldPath path) {
        FieldPolicy out = p;
        for (PathElement e : path.elements()) {
            out = out.child(e);
        }
        return out;
    }

    /** Every scalar replaced by its mask; nulls, keys and shape kept. */
    private static JsonNode maskAll(JsonNode v) {
        if (JsonTrees.isAbsent(v)) {
            return v;
        }
        if (v.isValueNode()) {
            return JsonTrees.NODES.textNode(SensitiveValues.mask(v));
        }
        if (v.isObject()) {
            ObjectNode out = JsonTrees.NODES.objectNode();
            v.properties().forEach(e -> out.set(e.getKey(), maskAll(e.getValue())));
            return out;
        }
        ArrayNode out = JsonTrees.NODES.arrayNode(v.size());
        v.forEach(item -> out.add(maskAll(item)));
        return out;
    }
}
