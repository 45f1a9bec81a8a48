package dev.upshift.testing;

import static org.quicktheories.generators.SourceDSL.lists;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * QuickTheories generators of small JSON trees: objects, arrays, strings, numbers (ints and
 * doubles, so that 1 and 1.0 both occur), booleans, nulls, and member names with {@code /} and
 * {@code ~}. Values come from small pools so that two trees overlap often; everything shrinks
 * towards the first entry of each pool, scalars and short containers, and prints as JSON.
 */
public final class JsonGenerators {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    public static final List<String> NAMES = List.of("a", "b", "name", "a/b", "~", "~1", "", "x~0/y", "-", "0");

    private JsonGenerators() {}

    /** Any JSON value nested at most {@code depth} containers deep. */
    public static Gen<JsonNode> values(int depth) {
        Gen<JsonNode> scalars = scalars();
        if (depth == 0) {
            return scalars.describedAs(JsonNode::toString);
        }
        Gen<JsonNode> inner = values(depth - 1);
        return Generate.frequency(Pair.of(3, scalars), Pair.of(2, objects(inner)), Pair.of(2, arrays(inner)))
                .describedAs(JsonNode::toString);
    }

    /** A JSON object of at most depth {@code depth}, as most documents are. */
    public static Gen<JsonNode> documents(int depth) {
        return objects(values(depth - 1)).describedAs(JsonNode::toString);
    }

    public static Gen<JsonNode> scalars() {
        return Generate.oneOf(
                Generate.pick(List.<JsonNode>of(NODES.nullNode(), NODES.booleanNode(true), NODES.booleanNode(false))),
                Generate.range(-2, 3).map(i -> (JsonNode) NODES.numberNode(i)),
                Generate.pick(List.<JsonNode>of(NODES.numberNode(1.0), NODES.numberNode(0.5), NODES.numberNode(-2.0))),
                Generate.pick(List.of("x", "", "y", "a/b", "~1", "é")).map(s -> (JsonNode) NODES.textNode(s)));
    }

    public static Gen<JsonNode> objects(Gen<JsonNode> members) {
        Gen<Map.Entry<String, JsonNode>> member = Generate.pick(NAMES).zip(members, Map::entry);
        return lists().of(member).ofSizeBetween(0, 4).map(entries -> {
            ObjectNode object = NODES.objectNode();
            entries.forEach(e -> object.set(e.getKey(), e.getValue()));
            return (JsonNode) object;
        });
    }

    public static Gen<JsonNode> arrays(Gen<JsonNode> items) {
        return lists().of(items).ofSizeBetween(0, 4).map(list -> {
            ArrayNode array = NODES.arrayNode();
            list.forEach(array::add);
            return (JsonNode) array;
        });
    }

    /**
     * A source and a target made from it by a few edits (adding, removing, replacing and moving
     * members and items at any depth), so that the two share most of their content like the two
     * sides of a real change.
     */
    public static Gen<Pair<JsonNode, JsonNode>> editedPairs(int depth) {
        Gen<Edit> edit = Generate.range(0, 1000).zip(Generate.range(0, 3), values(1), Edit::new);
        return documents(depth).zip(lists().of(edit).ofSizeBetween(1, 4), (source, edits) -> Pair.of(source, edited(source, edits)))
                .describedAs(pair -> "source " + pair._1 + "\ntarget " + pair._2);
    }

    /** Two independent documents, which may or may not resemble each other. */
    public static Gen<Pair<JsonNode, JsonNode>> anyPairs(int depth) {
        return values(depth).zip(values(depth), Pair::of).describedAs(pair -> "source " + pair._1 + "\ntarget " + pair._2);
    }

    /** One change at a container picked by {@code where} among all containers, in document order. */
    public record Edit(int where, int action, JsonNode value) {}

    public static JsonNode edited(JsonNode source, List<Edit> edits) {
        JsonNode target = source.deepCopy();
        for (Edit edit : edits) {
            List<JsonNode> containers = new ArrayList<>();
            collectContainers(target, containers);
            if (containers.isEmpty()) {
                return edit.value();
            }
            JsonNode at = containers.get(edit.where() % containers.size());
            if (at instanceof ObjectNode object) {
                editObject(object, edit);
            } else {
                editArray((ArrayNode) at, edit);
            }
        }
        return target;
    }

    private static void editObject(ObjectNode object, Edit edit) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        if (edit.action() == 0 || names.isEmpty()) {
            object.set(NAMES.get(edit.where() % NAMES.size()), edit.value());
        } else if (edit.action() == 1) {
            object.remove(names.get(edit.where() % names.size()));
        } else {
            object.set(names.get(edit.where() % names.size()), edit.value());
        }
    }

    private static void editArray(ArrayNode array, Edit edit) {
        int size = array.size();
        if (edit.action() == 0 || size == 0) {
            array.insert(edit.where() % (size + 1), edit.value());
        } else if (edit.action() == 1) {
            array.remove(edit.where() % size);
        } else if (edit.action() == 2) {
            array.set(edit.where() % size, edit.value());
        } else {
            array.insert(edit.where() % size, array.remove(edit.where() / 7 % size));
        }
    }

    private static void collectContainers(JsonNode node, List<JsonNode> into) {
        if (node.isContainerNode()) {
            into.add(node);
            node.forEach(child -> collectContainers(child, into));
        }
    }
}
