package dev.upshift.release;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.upshift.common.problem.SyntaxException;
import org.apiguardian.api.API;

/**
 * Thrown when a text is not a version: by {@link Version#parse}, {@link Version#parseStrict} and
 * {@link VersionConstraint#matches(String)}.
 *
 * <p>The message names the input, what is wrong and at which character (1-based), for example
 * {@code invalid version "1.2.x3": unexpected 'x' at character 5; expected a digit}.
 */
@API(status = MAINTAINED, since = "0.1")
public final class VersionFormatException extends SyntaxException {
    private static final long serialVersionUID = 1L;

    VersionFormatException(String input, int position, String reason) {
        super("version", input, position, reason);
    }
}
