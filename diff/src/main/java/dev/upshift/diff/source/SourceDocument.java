package dev.upshift.diff.source;

import dev.upshift.diff.internal.SourceMap;
import dev.upshift.diff.kind.Migration;
import dev.upshift.diff.problem.SourceLocation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;
import java.util.Set;

/**
 * One document as loaded from a source: its tree and where each of its values stood.
 *
 * <p>The tree is a Jackson {@link ObjectNode}. Treat it as read-only: code that needs to change a
 * document works on {@code root().deepCopy()}.
 *
 * @param source the source's name (usually a file path)
 * @param index the 0-based position of the document in its source (documents separated by
 *     {@code ---})
 * @param root the document's tree
 * @param sourceMap where each value stood in the source
 * @param legacyFields RFC 6901 pointers of fields that an older {@code apiVersion} had and that a
 *     {@link Migration} kept beside their replacement; readers accept them without using them
 */
public record SourceDocument(String source, int index, ObjectNode root, SourceMap sourceMap, Set<String> legacyFields) {

    /** Validates the parts. */
    public SourceDocument {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(sourceMap, "sourceMap");
        legacyFields = Set.copyOf(legacyFields);
        if (index < 0) {
            throw new IllegalArgumentException("index must not be negative");
        }
    }

    /** A document as loaded, with no legacy fields. */
    public SourceDocument(String source, int index, ObjectNode root, SourceMap sourceMap) {
        this(source, index, root, sourceMap, Set.of());
    }

    /** A document built in memory, with no positions beyond its source name. */
    public static SourceDocument of(String source, ObjectNode root) {
        return new SourceDocument(source, 0, root, SourceMap.empty(source));
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

    /** {@code kind/name (source#index)}, for messages. */
    @Override
    public String toString() {
        return kind() + "/" + name() + " (" + source + "#" + index + ")";
    }

    private static String text(JsonNode n) {
        return n != null && n.isValueNode() && !n.isNull() ? n.asText() : "";
    }
}
