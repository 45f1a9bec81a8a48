package dev.upshift.diff.document;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The fields an API server writes into a document that say nothing about what the user or a
 * release wants, removed before any diff so that diffs show only real changes.
 */
final class ServerNoise {
    /** The annotation {@code kubectl apply} keeps its last input in. */
    static final String LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";
    static final List<String> METADATA_FIELDS = List.of(
            "managedFields", "resourceVersion", "uid", "generation", "creationTimestamp", "selfLink");

    private ServerNoise() {}

    /** The document without noise: the same tree when it has none, otherwise a stripped copy. */
    static ObjectNode strip(ObjectNode doc) {
        if (!hasNoise(doc)) {
            return doc;
        }
        ObjectNode copy = doc.deepCopy();
        copy.remove("status");
        if (copy.get("metadata") instanceof ObjectNode metadata) {
            metadata.remove(METADATA_FIELDS);
            if (metadata.get("annotations") instanceof ObjectNode annotations) {
                annotations.remove(LAST_APPLIED);
                if (annotations.isEmpty()) {
                    metadata.remove("annotations");
                }
            }
        }
        return copy;
    }

    private static boolean hasNoise(ObjectNode doc) {
        if (doc.has("status")) {
            return true;
        }
        JsonNode metadata = doc.get("metadata");
        if (metadata == null || !metadata.isObject()) {
            return false;
        }
        for (String f : METADATA_FIELDS) {
            if (metadata.has(f)) {
                return true;
            }
        }
        JsonNode annotations = metadata.get("annotations");
        return annotations != null && annotations.has(LAST_APPLIED);
    }
}
