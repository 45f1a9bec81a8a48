package dev.upshift.diff.document;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.common.source.SourceDocument;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One Kubernetes document of a {@link DocumentSet}: its identity, its {@code apiVersion} and its
 * tree, with server noise removed, and where it was read from.
 *
 * <h2>Who may change the tree</h2>
 * Documents cross the API as Jackson trees, the form the loader, Jackson and fabric8 hand out, and
 * the tree is shared, never copied on the way through Upshift: the merge builds its results from
 * the trees it is given (a merged document shares every subtree the merge left alone with the
 * cluster's and the target's documents), and every accessor returns the very tree it holds. Jackson
 * has no read-only view, so the rule is a contract, in both directions:
 * <ul>
 *   <li>Upshift never changes a tree it is handed or one it returns (its tests hold it to that);
 *   <li>a caller never changes a tree after handing it to Upshift, nor a tree Upshift returns
 *       (a document's, a {@link dev.upshift.diff.merge.FieldChange}'s values): to change one, work on
 *       {@code tree().deepCopy()}. Changing a shared tree would silently change other documents,
 *       results and reports.
 * </ul>
 * Copying on every access instead would cost a deep copy per document per reader on the merge's
 * hot path, for no gain to callers who keep the rule.
 *
 * @param id the identity
 * @param apiVersion the version it was written at (reported, not part of the identity)
 * @param tree the content
 * @param source the loaded document it came from (for positions)
 * @param sourcePointer the RFC 6901 pointer of this document inside {@code source}: empty, or
 *     {@code /items/3} for an item of a {@code List}
 */
@API(status = EXPERIMENTAL, since = "0.1")
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
