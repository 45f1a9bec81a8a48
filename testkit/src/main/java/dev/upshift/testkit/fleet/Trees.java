package dev.upshift.testkit.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.common.value.Durations;
import java.time.Duration;
import java.util.Objects;
import java.util.stream.Collectors;

/** Small edits of document trees, for the specs. */
final class Trees {
    static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private Trees() {}

    /** The object at {@code path} below {@code node}, made where missing (or where it was not an object). */
    static ObjectNode object(ObjectNode node, String... path) {
        ObjectNode at = node;
        for (String key : path) {
            JsonNode next = at.get(key);
            at = next instanceof ObjectNode o ? o : at.putObject(key);
        }
        return at;
    }

    /** The list at {@code key} of {@code node}, made where missing. */
    static ArrayNode array(ObjectNode node, String key) {
        JsonNode next = node.get(key);
        return next instanceof ArrayNode a ? a : node.putArray(key);
    }

    /** The item of a list whose {@code name} is {@code name}, appended where missing. */
    static ObjectNode named(ArrayNode list, String name) {
        for (JsonNode item : list) {
            if (item instanceof ObjectNode o && name.equals(o.path("name").asText(null))) {
                return o;
            }
        }
        ObjectNode made = list.addObject();
        made.put("name", name);
        return made;
    }

    /** Sets a dotted path of the document ({@code spec.expectedDuration}) to a YAML value ({@code 3h}, {@code {a: 1}}). */
    static void set(ObjectNode document, String dottedPath, String yaml) {
        Objects.requireNonNull(dottedPath, "dottedPath");
        String[] keys = dottedPath.split("\\.", -1);
        for (String k : keys) {
            if (k.isEmpty()) {
                throw new IllegalArgumentException("a field path names its keys between dots, as spec.release does; not '"
                        + dottedPath + "'");
            }
        }
        String[] parents = java.util.Arrays.copyOf(keys, keys.length - 1);
        object(document, parents).set(keys[keys.length - 1], parse(yaml));
    }

    /** A YAML value: a scalar, a flow collection or a block. */
    static JsonNode parse(String yaml) {
        Objects.requireNonNull(yaml, "yaml");
        String indented = yaml.lines().map(l -> "  " + l).collect(Collectors.joining("\n"));
        return DocumentLoader.create().load("a value given to the fleet builder", "value:\n" + indented + "\n").get(0)
                .root().get("value");
    }

    static String duration(Duration d) {
        if (d.isNegative()) {
            throw new IllegalArgumentException("a duration in a fleet document is not negative, not " + d);
        }
        return Durations.format(d);
    }

    static ObjectNode matcher(String key, String value, boolean regex) {
        ObjectNode m = JSON.objectNode();
        if (key != null) {
            m.put("key", key);
        }
        m.put("value", value);
        if (regex) {
            m.put("isRegex", true);
        }
        return m;
    }
}
