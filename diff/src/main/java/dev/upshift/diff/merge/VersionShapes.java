package dev.upshift.diff.merge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.path.PathElement;
import dev.upshift.diff.rule.ListType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The places where a merged document whose {@code apiVersion} moved still holds a value in a shape
 * the new version does not have: a mapping where the target document has a list, or where the
 * built-in table declares a list for the new version (Cluster API {@code v1beta1} {@code extraArgs}
 * is a mapping of flags, {@code v1beta2}'s a list of {@code {name, value}}). Such a value was kept
 * from the cluster, and the API server would refuse the document, or worse, read it otherwise.
 */
final class VersionShapes {
    private VersionShapes() {}

    /** One misfit: where, the merged value, and what the new version has there in words. */
    record Misfit(FieldPath path, JsonNode merged, JsonNode target, String expected) {}

    /** Every misfit of {@code merged} against the target document and the new version's table (null: none). */
    static List<Misfit> misfits(JsonNode merged, JsonNode target, ListSchema.Node schema) {
        List<Misfit> out = new ArrayList<>();
        walk(new ArrayList<>(), merged, JsonTrees.present(target), schema, out);
        return out;
    }

    private static void walk(List<PathElement> at, JsonNode m, JsonNode t, ListSchema.Node schema, List<Misfit> out) {
        if (m == null || m.isNull()) {
            return;
        }
        if (t != null && shape(t) != shape(m)) {
            out.add(new Misfit(new FieldPath(at), m, t, words(t) + " (the new release has " + Messages.show(t) + ")"));
            return;
        }
        ListSchema.Spec list = schema == null ? null : schema.list().orElse(null);
        if (t == null && list != null && !m.isArray()) {
            out.add(new Misfit(new FieldPath(at), m, null, "a list (" + matching(list) + ", as the built-in table says: "
                    + list.source() + ")"));
            return;
        }
        if (m.isObject()) {
            for (Map.Entry<String, JsonNode> e : m.properties()) {
                at.add(new PathElement.Field(e.getKey()));
                walk(at, e.getValue(), t == null ? null : JsonTrees.present(t.get(e.getKey())),
                        schema == null ? null : schema.field(e.getKey()), out);
                at.remove(at.size() - 1);
            }
        } else if (m.isArray() && t == null && schema != null && schema.items() != null) {
            for (int i = 0; i < m.size(); i++) {
                at.add(new PathElement.Index(i));
                walk(at, m.get(i), null, schema.items(), out);
                at.remove(at.size() - 1);
            }
        }
    }

    private static String matching(ListSchema.Spec list) {
        return list.type() == ListType.MAP ? "keyed by " + String.join(", ", list.keys())
                : list.type() == ListType.SET ? "a set" : "one value";
    }

    /** A value's shape in words: a mapping, a list, text, a number, a boolean. */
    static String words(JsonNode v) {
        return v.isObject() ? "a mapping" : v.isArray() ? "a list" : v.isTextual() ? "text" : v.isNumber() ? "a number"
                : v.isBoolean() ? "a boolean" : "null";
    }

    private enum Shape { MAPPING, LIST, SCALAR }

    private static Shape shape(JsonNode v) {
        return v.isObject() ? Shape.MAPPING : v.isArray() ? Shape.LIST : Shape.SCALAR;
    }
}
