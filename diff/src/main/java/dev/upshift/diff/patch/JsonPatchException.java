package dev.upshift.diff.patch;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.upshift.common.problem.UpshiftException;
import dev.upshift.common.tree.JsonPointers;
import org.apiguardian.api.API;

/**
 * Thrown when a JSON Patch (RFC 6902) cannot be used: the patch is malformed (a bad pointer in an
 * operation included), or one of its operations cannot be applied to the document it was given.
 * A pointer parsed on its own ({@link JsonPointers#parse}) throws a
 * {@link dev.upshift.common.problem.SyntaxException} instead.
 *
 * <p>The message names the operation by its index in the patch (counting from 0), its {@code op}
 * and its {@code path}, then says what is wrong, for example {@code operation 2 (remove
 * /spec/replicas): no member 'replicas' at /spec}. When this exception is thrown, the document
 * handed to the operation is unchanged: patches are applied to a copy, all or nothing.
 */
@API(status = MAINTAINED, since = "0.1")
public class JsonPatchException extends UpshiftException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception with a message meant for the person who wrote the patch. */
    public JsonPatchException(String message) {
        super(message);
    }
}
