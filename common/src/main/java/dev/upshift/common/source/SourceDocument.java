package dev.upshift.common.source;

import static org.apiguardian.api.API.Status.MAINTAINED;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.kind.Migration;
import dev.upshift.common.problem.FieldLocator;
import dev.upshift.common.problem.SourceLocation;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * One document as loaded from a source: its tree and where each of its values stood.
 *
 * <p>The tree is a Jackson {@link ObjectNode}. Treat it as read-only: code that needs to change a
 * document works on {@code root().deepCopy()}. Two documents are equal when their parts are and they
 * share their positions (the same load).
 */
@API(status = MAINTAINED, since = "0.1")
public final class SourceDocument {
    private final String source;
    private final int index;
    private final ObjectNode root;
    private final SourceMap sourceMap;
    private final Set<String> legacyFields;

    SourceDocument(String source, int index, ObjectNode root, SourceMap sourceMap, Set<String> legacyFields) {
        this.source = Objects.requireNonNull(source, "source");
        this.root = Objects.requireNonNull(root, "root");
        this.sourceMap = Objects.requireNonNull(sourceMap, "sourceMap");
        this.legacyFields = Set.copyOf(legacyFields);
        if (index < 0) {
            throw new IllegalArgumentException("index must not be negative");
        }
        this.index = index;
    }

    SourceDocument(String source, int index, ObjectNode root, SourceMap sourceMap) {
        this(source, index, root, sourceMap, Set.of());
    }

    /** A document built in memory, with no positions beyond its source name. */
    public static SourceDocument of(String source, ObjectNode root) {
        return of(source, 0, root);
    }

    /**
     * A document built in memory as the {@code index}-th of its source, with no positions beyond
     * its source name.
     *
     * @throws IllegalArgumentException if {@code index} is negative
     */
    public static SourceDocument of(String source, int index, ObjectNode root) {
        return new SourceDocument(source, index, root, SourceMap.empty(source));
    }

    /** The source's name (usually a file path). */
    public String source() {
        return source;
    }

    /** The 0-based position of the document in its source (documents separated by {@code ---}). */
    public int index() {
        return index;
    }

    /** The document's tree. */
    public ObjectNode root() {
        return root;
    }

    /**
     * RFC 6901 pointers of fields that an older {@code apiVersion} had and that a {@link Migration}
     * kept beside their replacement; readers accept them without using them.
     */
    public Set<String> legacyFields() {
        return legacyFields;
    }

    /** The {@code apiVersion} field as text, or the empty string when absent or not text. */
    public String apiVersion() {
        return text(root.get("apiVersion"));
    }

    /** The {@code kind} field as text, or the empty string when absent or not text. */
    public String kind() {
        return text(root.get("kind"));
    }

    /** {@code metadata.name} as text, or the empty string. */
    public String name() {
        return text(root.path("metadata").get("name"));
    }

    /** Where the document starts. */
    public SourceLocation location() {
        return sourceMap.valueLocation("");
    }

    /** Where the value at an RFC 6901 pointer stood (or its nearest ancestor). */
    public SourceLocation locate(String pointer) {
        return sourceMap.valueLocation(pointer);
    }

    /**
     * Where the key of the member at an RFC 6901 pointer stood (for a list item or the root: where
     * its value stood), or the nearest ancestor's value: where to point at an unknown field.
     */
    public SourceLocation keyLocation(String pointer) {
        return sourceMap.keyLocation(pointer);
    }

    /**
     * The locator of fields in these documents: a document is found by where it starts, and a field
     * in it by {@link #locate}; a location that starts none of them is answered as it is. Holds the
     * documents (their trees and positions) as long as it lives.
     */
    public static FieldLocator locator(Collection<SourceDocument> documents) {
        Map<SourceLocation, SourceDocument> byStart = new HashMap<>();
        for (SourceDocument d : documents) {
            byStart.putIfAbsent(d.location(), d);
        }
        return (document, pointer) -> {
            SourceDocument d = byStart.get(document);
            return d == null ? document : d.locate(pointer);
        };
    }

    /** The same document with another tree (positions kept; new values resolve to their parents). */
    public SourceDocument withRoot(ObjectNode newRoot) {
        return new SourceDocument(source, index, newRoot, sourceMap, legacyFields);
    }

    /** The same document with more legacy fields. */
    public SourceDocument withLegacyFields(Set<String> more) {
        Set<String> all = new java.util.HashSet<>(legacyFields);
        all.addAll(more);
        return new SourceDocument(source, index, root, sourceMap, all);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SourceDocument d && source.equals(d.source) && index == d.index && root.equals(d.root)
                && sourceMap == d.sourceMap && legacyFields.equals(d.legacyFields);
    }

    @Override
    public int hashCode() {
        return Objects.hash(source, index, root, System.identityHashCode(sourceMap), legacyFields);
    }

    /** {@code kind/name (source#index)}, for messages. */
    @Override
    public String toString() {
        return kind() + "/" + name() + " (" + source + "#" + index + ")";
    }

    private static String text(JsonNode n) {
        return n != null && n.isValueNode() && !n.isNull() ? n.asText() : "";
    }
}
