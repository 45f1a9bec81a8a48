package dev.upshift.diff.patch;

import static org.apiguardian.api.API.Status.MAINTAINED;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * JSON Patch (RFC 6902) over Jackson trees: applying a patch to a document.
 *
 * <p>{@link #apply} follows RFC 6902 strictly, on a copy of the document: it returns the patched
 * copy or throws {@link JsonPatchException}, never leaving anything half-applied. {@code test}
 * compares as RFC 6902 section 4.6 says: numbers by value ({@code 1} equals {@code 1.0}), objects
 * without regard to member order, arrays item by item. Nesting depth is limited only by memory: the
 * applier never recurses.
 *
 * <p>Upshift writes its own patches from the merge's change list ({@code render.JsonPatches}), with
 * list items addressed by key and guarded by {@code test} operations; a generic diff of two trees
 * could not know those keys, so there is none here.
 */
@API(status = MAINTAINED, since = "0.1")
public final class JsonPatch {
    private JsonPatch() {}

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
