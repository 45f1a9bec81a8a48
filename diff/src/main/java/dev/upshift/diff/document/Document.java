package dev.upshift.diff.document;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.diff.source.SourceDocument;
import dev.upshift.diff.problem.SourceLocation;
import java.util.Objects;

/**
 * One Kubernetes document of a {@link DocumentSet}: its identity, its {@code apiVersion} and its
 * tree, with server noise removed, and where it was read from.
 *
 * <p>The tree is shared, never copied on the way through Upshift: treat it as read-only, and work
 * on {@code tree().deepCopy()} to change it.
 *
 * @param id the identity
 * @param apiVersion the version it was written at (reported, not part of the identity)
 * @param tree the content
 * @param source the loaded document it came from (for positions)
 * @param sourcePointer the RFC 6901 pointer of this document inside {@code source}: empty, or
 *     {@code /items/3} for an item of a {@code List}
 */
public record Document(DocumentId id, String apiVersion, ObjectNode tree, SourceDocument source, String sourcePointer) {

    /** Validates the parts. */
    public Document {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(apiVersion, "apiVersion");
        Objects.requireNonNull(tree, "tree");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(sourcePointer, "sourcePointer");
    }

    /** Where the document starts. */
    public SourceLocation location() {
        return source.locate(sourcePointer);
    }

    /** Where the value at a pointer of this document's tree stood (or its nearest ancestor). */
    public SourceLocation locate(String pointer) {
        return source.locate(sourcePointer + pointer);
    }

    /** The same document with another tree (same identity and origin). */
    public Document withTree(ObjectNode newTree) {
        return new Document(id, apiVersion, newTree, source, sourcePointer);
    }

    /**
     * kubectl's style of naming a document in a diff: {@code apps/v1/Deployment/ns/name}, without
     * the namespace when there is none.
     */
    public String displayName() {
        return apiVersion + "/" + id.kind() + "/" + (id.namespace().isEmpty() ? "" : id.namespace() + "/") + id.name();
    }

    @Override
    public String toString() {
        return displayName();
    }
}
