package dev.upshift.release;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.upshift.common.problem.SyntaxException;
import org.apiguardian.api.API;

/**
 * Thrown by {@link VersionConstraint#parse} when a text is not a version constraint.
 *
 * <p>The message names the input, what is wrong and at which character (1-based), for example
 * {@code invalid constraint ">=1.2 <<3": unexpected '<' at character 8; expected a version}. A
 * malformed version inside the constraint is reported here too, at its position in the whole
 * constraint.
 */
@API(status = MAINTAINED, since = "0.1")
public final class ConstraintFormatException extends SyntaxException {
    private static final long serialVersionUID = 1L;

    ConstraintFormatException(String input, int position, String reason) {
        super("constraint", input, position, reason);
    }
}
