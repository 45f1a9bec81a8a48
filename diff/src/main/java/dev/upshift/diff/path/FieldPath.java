package dev.upshift.diff.path;

import static org.apiguardian.api.API.Status.MAINTAINED;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.problem.SyntaxException;
import dev.upshift.common.tree.JsonPointers;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Where a value sits inside a document, as a list of {@link PathElement}s: fields, list items
 * chosen by key, set items chosen by value and (for lists without a key) indices. Paths never
 * depend on the order of keyed lists, so the same item has the same path in the base, the current
 * and the target document.
 *
 * <p>Three renderings:
 * <ul>
 *   <li>{@link #toString()}: the readable dotted form,
 *       {@code spec.topology.workers.machineDeployments[name=md-0].replicas}, with composite keys
 *       {@code ports[containerPort=53,protocol=UDP]}, set items {@code finalizers[=a.b/c]}, indices
 *       {@code args[0]} and quoted field names {@code metadata.annotations["example.com/x"]};
 *       {@link #parse} reads it back;
 *   <li>{@link #toGoPatch()}: go-patch form, {@code /spec/topology/workers/machineDeployments/name=md-0/replicas};
 *   <li>{@link #toPointer(JsonNode)}: an RFC 6901 JSON Pointer into one concrete document, with
 *       keys resolved to that document's indices and tokens escaped ({@code ~0}, {@code ~1}).
 * </ul>
 *
 * @param elements the steps from the document's root; empty for the root itself
 */
@API(status = MAINTAINED, since = "0.1")
public record FieldPath(List<PathElement> elements) implements Comparable<FieldPath> {
    private static final FieldPath ROOT = new FieldPath(List.of());

    /** Copies the elements. */
    public FieldPath {
        elements = List.copyOf(elements);
    }

    /** The path of the document itself. */
    public static FieldPath root() {
        return ROOT;
    }

    /** A path of plain field names ({@code FieldPath.of("spec", "replicas")}). */
    public static FieldPath of(String... fields) {
        List<PathElement> out = new ArrayList<>();
        for (String f : fields) {
            out.add(new PathElement.Field(f));
        }
        return new FieldPath(out);
    }

    /**
     * Reads the dotted form. The empty text is the root.
     *
     * @throws SyntaxException naming the character where the text is wrong (wildcards are
     *     rejected: they belong to {@link PathPattern})
     */
    public static FieldPath parse(String text) {
        return new FieldPath(PathSyntax.parsePath(text));
    }

    /** This path with one more step. */
    public FieldPath child(PathElement element) {
        List<PathElement> out = new ArrayList<>(elements.size() + 1);
        out.addAll(elements);
        out.add(element);
        return new FieldPath(out);
    }

    /** This path with a field step. */
    public FieldPath field(String name) {
        return child(new PathElement.Field(name));
    }

    /** Whether this is the document's root. */
    public boolean isRoot() {
        return elements.isEmpty();
    }

    /** The number of steps. */
    public int size() {
        return elements.size();
    }

    /** The last step; absent at the root. */
    public Optional<PathElement> last() {
        return elements.isEmpty() ? Optional.empty() : Optional.of(elements.get(elements.size() - 1));
    }

    /** The enclosing path; the root is its own parent. */
    public FieldPath parent() {
        return elements.isEmpty() ? this : new FieldPath(elements.subList(0, elements.size() - 1));
    }

    /** Whether {@code other} is this path or lies below it. */
    public boolean contains(FieldPath other) {
        return other.elements.size() >= elements.size() && other.elements.subList(0, elements.size()).equals(elements);
    }

    /** The go-patch form ({@code /spec/containers/name=web/image}); the root is {@code /}. */
    public String toGoPatch() {
        if (elements.isEmpty()) {
            return "/";
        }
        StringBuilder out = new StringBuilder();
        for (PathElement e : elements) {
            out.append('/');
            if (e instanceof PathElement.Field f) {
                out.append(JsonPointers.escape(f.name()));
            } else if (e instanceof PathElement.Index i) {
                out.append(i.index());
            } else if (e instanceof PathElement.Value v) {
                out.append('=').append(JsonPointers.escape(PathText.goPatchValue(v.value())));
            } else {
                PathElement.Key k = (PathElement.Key) e;
                for (int i = 0; i < k.names().size(); i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    out.append(JsonPointers.escape(k.names().get(i))).append('=')
                            .append(JsonPointers.escape(PathText.goPatchValue(k.values().get(i))));
                }
            }
        }
        return out.toString();
    }

    /**
     * The RFC 6901 pointer of this path in one document: each key or set value is resolved to the
     * index of the matching item of that document's list.
     *
     * @return empty when some step does not exist in the document (a missing field, no item with
     *     the key, an index out of range)
     */
    public Optional<String> toPointer(JsonNode document) {
        StringBuilder out = new StringBuilder();
        JsonNode node = document;
        for (PathElement e : elements) {
            if (e instanceof PathElement.Field f) {
                if (!node.isObject() || !node.has(f.name())) {
                    return Optional.empty();
                }
                out.append('/').append(JsonPointers.escape(f.name()));
                node = node.get(f.name());
                continue;
            }
            if (!node.isArray()) {
                return Optional.empty();
            }
            int index = ItemLookup.indexOf(node, e);
            if (index < 0) {
                return Optional.empty();
            }
            out.append('/').append(index);
            node = node.get(index);
        }
        return Optional.of(out.toString());
    }

    /** The value at this path in a document, resolving keys; empty when it does not exist. */
    public Optional<JsonNode> resolve(JsonNode document) {
        JsonNode node = document;
        for (PathElement e : elements) {
            if (e instanceof PathElement.Field f) {
                node = node.isObject() ? node.get(f.name()) : null;
            } else if (node.isArray()) {
                int index = ItemLookup.indexOf(node, e);
                node = index < 0 ? null : node.get(index);
            } else {
                node = null;
            }
            if (node == null) {
                return Optional.empty();
            }
        }
        return Optional.of(node);
    }

    /** Orders paths step by step, a path before the paths below it. */
    @Override
    public int compareTo(FieldPath o) {
        int n = Math.min(elements.size(), o.elements.size());
        for (int i = 0; i < n; i++) {
            int c = elements.get(i).compareTo(o.elements.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(elements.size(), o.elements.size());
    }

    /** The dotted form; the empty text for the root. */
    @Override
    public String toString() {
        return PathText.dotted(elements);
    }
}
