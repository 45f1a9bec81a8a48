package dev.upshift.diff.patch;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * JSON Patch (RFC 6902) over Jackson trees: computing a patch between two documents and applying a
 * patch to a document.
 *
 * <h2>Patches this class computes</h2>
 * {@link #diff} uses only {@code add}, {@code remove} and {@code replace}, in document order:
 * <ul>
 *   <li>a changed scalar, or a value whose type changed, is one {@code replace};
 *   <li>object members are matched by name: a member only in the source is a {@code remove}, a
 *       member only in the target an {@code add}, a member in both is compared further;
 *   <li>array items are matched by a longest-common-subsequence diff, so inserting one item is
 *       one {@code add} and removing one is one {@code remove}, whatever follows them. A changed
 *       item is compared further when it is an object or array sharing at least one equal member
 *       or item with its counterpart, and replaced whole otherwise. Indices are those of the array
 *       as it stands when the operation runs: operations run top to bottom, and where several items
 *       go at once they are removed from the last to the first;
 *   <li>a change to the whole document is a {@code replace} of path {@code ""}.
 * </ul>
 * Values are compared as {@link JsonNode#equals} compares them, so {@code 1} and {@code 1.0}
 * differ and the patch turns one into the other. The result is deterministic: it depends only on
 * the two documents, member order included. The patch shares no node with either document.
 *
 * <h2>Applying</h2>
 * {@link #apply} follows RFC 6902 strictly, on a copy of the document: it returns the patched copy
 * or throws {@link JsonPatchException}, never leaving anything half-applied. {@code test} compares
 * as RFC 6902 section 4.6 says: numbers by value ({@code 1} equals {@code 1.0}), objects without
 * regard to member order, arrays item by item. Nesting depth is limited only by memory: neither
 * method recurses.
 */
public final class JsonPatch {
    private JsonPatch() {}

    /**
     * Computes a patch that turns {@code source} into {@code target}.
     *
     * @param source the document as it is; not modified
     * @param target the document as it should be; not modified
     * @return a JSON array of operations; empty when the documents are equal;
     *     {@code apply(source, diff(source, target))} equals {@code target}
     */
    public static JsonNode diff(JsonNode source, JsonNode target) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        return PatchDiffer.diff(source, target);
    }

    /**
     * Applies a patch to a copy of a document.
     *
     * <p>Every operation is checked for shape before any is applied. A patch is rejected, with a
     * message naming the operation's index, {@code op} and {@code path}, when: it is not an array;
     * an operation is not an object, lacks {@code op}, names an unknown one, or lacks the
     * {@code path}, {@code from} or {@code value} it needs; a pointer is not valid RFC 6901 (for
     * example {@code ~2}); a location does not exist where it must (a missing member, an index out
     * of range, an index with a leading zero or that is not a number, {@code -} anywhere but the last
     * token of an {@code add} or of a {@code move}/{@code copy} target); {@code move} would put a
     * value inside itself; a {@code test} fails; or the patch removes the whole document.
     *
     * @param document the document to patch; never modified
     * @param patch an RFC 6902 patch: a JSON array of operation objects
     * @return a new document sharing no container with {@code document} or {@code patch}
     * @throws JsonPatchException if the patch is malformed or cannot be applied to the document
     */
    public static JsonNode apply(JsonNode document, JsonNode patch) {
        Objects.requireNonNull(document, "document");
        return PatchApplier.apply(document, PatchOperation.parseAll(patch));
    }
}
