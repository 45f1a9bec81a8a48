package dev.upshift.diff.merge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.path.PathElement;
import java.util.ArrayList;
import java.util.List;

/** The fields under the documents' {@code spec} that a property test may aim a rule at. */
final class FieldTargets {
    private FieldTargets() {}

    /** A field of a document. */
    record Target(DocumentId doc, FieldPath path) {}

    /** Every field under each document's {@code spec}, list items addressed by their {@code name}. */
    static List<Target> of(DocumentSet set) {
        List<Target> out = new ArrayList<>();
        for (Document d : set.documents()) {
            collect(d.id(), FieldPath.of("spec"), d.tree().get("spec"), out);
        }
        return out;
    }

    private static void collect(DocumentId doc, FieldPath at, JsonNode node, List<Target> out) {
        if (node == null) {
            return;
        }
        out.add(new Target(doc, at));
        if (node.isObject()) {
            node.properties().iterator().forEachRemaining(e -> collect(doc, at.field(e.getKey()), e.getValue(), out));
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                if (item.isObject() && item.has("name")) {
                    collect(doc, at.child(PathElement.Key.of("name", item.get("name"))), item, out);
                }
            }
        }
    }

    /** The path of the list item (or document) that encloses a path. */
    static FieldPath unit(FieldPath path) {
        List<PathElement> e = path.elements();
        for (int k = e.size(); k > 0; k--) {
            if (e.get(k - 1) instanceof PathElement.Key) {
                return new FieldPath(e.subList(0, k));
            }
        }
        return FieldPath.root();
    }
}
