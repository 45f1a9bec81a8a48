package dev.upshift.common.problem;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * The root of every exception Upshift throws on purpose.
 *
 * <p>Upshift reports expected outcomes (a blocked upgrade, a declined strategy, no path) as values,
 * never as exceptions. An {@code UpshiftException} means a caller handed Upshift something it
 * cannot work with: a malformed document, an invalid version or constraint, a contradictory
 * configuration. Subtypes carry the details a person needs to fix the input.
 */
@API(status = MAINTAINED, since = "0.1")
public class UpshiftException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Creates an exception with a message meant for the person who supplied the input. */
    public UpshiftException(String message) {
        super(message);
    }

    /** Creates an exception with a message and the lower-level cause it translates. */
    public UpshiftException(String message, Throwable cause) {
        super(message, cause);
    }
}
