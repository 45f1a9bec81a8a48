package dev.upshift.diff.path;

import static org.apiguardian.api.API.Status.MAINTAINED;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.tree.JsonTrees;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One step of a {@link FieldPath}, in the spirit of Kubernetes server-side apply's field paths: a
 * field of a mapping, a list item chosen by its key (one or several key fields), an item of a set
 * chosen by its value, or (for lists that have no key) an index.
 *
 * <p>Values inside keys and set items are held in a normal form (numbers by value), so elements
 * with the same content are {@linkplain Object#equals equal}.
 */
@API(status = MAINTAINED, since = "0.1")
public sealed interface PathElement extends Comparable<PathElement>
        permits PathElement.Field, PathElement.Key, PathElement.Value, PathElement.Index {

    /** A field of a mapping. Rendered {@code name}, or {@code ["a.b"]} when the name needs quoting. */
    record Field(String name) implements PathElement {
        /** Validates the name. */
        public Field {
            Objects.requireNonNull(name, "name");
        }
    }

    /**
     * A list item chosen by the values of its key fields, rendered {@code [name=md-0]} or
     * {@code [containerPort=53,protocol=UDP]}.
     *
     * @param names the key fields, in the order the list's rule names them
     * @param values the item's scalar value of each key field
     */
    record Key(List<String> names, List<JsonNode> values) implements PathElement {
        /** Validates that there is one scalar value per name, and normalises the values. */
        public Key {
            names = List.copyOf(names);
            if (names.isEmpty() || names.size() != values.size()) {
                throw new IllegalArgumentException("a key needs one value per key field");
            }
            values = values.stream().map(v -> {
                if (v == null || v.isContainerNode() || v.isMissingNode()) {
                    throw new IllegalArgumentException("a key value must be a scalar");
                }
                return JsonTrees.normalize(v);
            }).toList();
        }

        /** A key of one field. */
        public static Key of(String name, JsonNode value) {
            return new Key(List.of(name), List.of(value));
        }
    }

    /** An item of a set, chosen by its whole value; rendered {@code [=value]}. */
    record Value(JsonNode value) implements PathElement {
        /** Normalises the value. */
        public Value {
            value = JsonTrees.normalize(Objects.requireNonNull(value, "value"));
        }
    }

    /** A position in a list that has no key. Rendered {@code [3]}. */
    record Index(int index) implements PathElement {
        /** Validates the index. */
        public Index {
            if (index < 0) {
                throw new IllegalArgumentException("an index must not be negative");
            }
        }
    }

    /** Orders fields, then keys, then set values, then indices; each by its content. */
    @Override
    default int compareTo(PathElement o) {
        int c = Integer.compare(rank(this), rank(o));
        if (c != 0) {
            return c;
        }
        if (this instanceof Field f) {
            return f.name().compareTo(((Field) o).name());
        }
        if (this instanceof Index i) {
            return Integer.compare(i.index(), ((Index) o).index());
        }
        return PathText.render(this).compareTo(PathText.render(o));
    }

    private static int rank(PathElement e) {
        if (e instanceof Field) return 0;
        if (e instanceof Key) return 1;
        if (e instanceof Value) return 2;
        return 3;
    }
}
