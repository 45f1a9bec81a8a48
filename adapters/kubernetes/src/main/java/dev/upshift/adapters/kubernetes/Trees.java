package dev.upshift.adapters.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** Reading Kubernetes objects as JSON trees. */
final class Trees {
    private Trees() {}

    /** The node at a path of field names, or a missing node. */
    static JsonNode at(JsonNode node, String... path) {
        JsonNode n = node;
        for (String p : path) {
            n = n == null ? null : n.get(p);
        }
        return n == null ? com.fasterxml.jackson.databind.node.MissingNode.getInstance() : n;
    }

    /** The text at a path, or {@code ""}. */
    static String text(JsonNode node, String... path) {
        JsonNode n = at(node, path);
        return n.isValueNode() ? n.asText() : "";
    }

    static Optional<String> optionalText(JsonNode node, String... path) {
        String t = text(node, path);
        return t.isEmpty() ? Optional.empty() : Optional.of(t);
    }

    static OptionalLong number(JsonNode node, String... path) {
        JsonNode n = at(node, path);
        return n.canConvertToLong() && n.isNumber() ? OptionalLong.of(n.asLong()) : OptionalLong.empty();
    }

    /** {@code kind namespace/name}, how messages name an object. */
    static String display(JsonNode object) {
        return text(object, "kind") + " " + text(object, "metadata", "namespace") + "/" + text(object, "metadata", "name");
    }

    /** The condition of a type in {@code status.conditions}, or empty. */
    static Optional<JsonNode> condition(JsonNode object, String type) {
        for (JsonNode c : at(object, "status", "conditions")) {
            if (type.equals(text(c, "type"))) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /**
     * Whether {@code live} holds everything {@code desired} says: every field of {@code desired} is in
     * {@code live} with an equal value, objects compared field by field (the server may add fields),
     * lists item by item with the same length.
     */
    static boolean contains(JsonNode live, JsonNode desired) {
        if (desired.isObject()) {
            if (!live.isObject()) {
                return false;
            }
            Iterator<Map.Entry<String, JsonNode>> fields = desired.properties().iterator();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                JsonNode l = live.get(f.getKey());
                if (l == null ? !f.getValue().isNull() : !contains(l, f.getValue())) {
                    return false;
                }
            }
            return true;
        }
        if (desired.isArray()) {
            if (!live.isArray() || live.size() != desired.size()) {
                return false;
            }
            for (int i = 0; i < desired.size(); i++) {
                if (!contains(live.get(i), desired.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (desired.isNumber() && live.isNumber()) {
            return desired.decimalValue().compareTo(live.decimalValue()) == 0;
        }
        return desired.equals(live);
    }

    /** The labels or annotations map of an object, created when absent. */
    static ObjectNode metadataMap(ObjectNode object, String which) {
        ObjectNode metadata = object.withObjectProperty("metadata");
        JsonNode m = metadata.get(which);
        if (m instanceof ObjectNode o) {
            return o;
        }
        return metadata.putObject(which);
    }

    static boolean isEmptyArray(JsonNode n) {
        return n instanceof ArrayNode a && a.isEmpty();
    }
}
