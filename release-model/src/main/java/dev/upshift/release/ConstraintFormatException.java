package dev.upshift.release;

import dev.upshift.diff.input.UpshiftException;

/**
 * Thrown by {@link VersionConstraint#parse} when a text is not a version constraint.
 *
 * <p>The message names the input, what is wrong and at which character (1-based), for example
 * {@code invalid constraint ">=1.2 <<3": unexpected '<' at character 8; expected a version}. A
 * malformed version inside the constraint is reported here too, at its position in the whole
 * constraint. The same facts are available one by one: {@link #input()}, {@link #position()}
 * (0-based) and {@link #reason()}.
 */
public final class ConstraintFormatException extends UpshiftException {
    private static final long serialVersionUID = 1L;

    private final String input;
    private final int position;
    private final String reason;

    ConstraintFormatException(String input, int position, String reason) {
        super("invalid constraint " + Scanner.quote(input) + ": " + reason);
        this.input = input;
        this.position = position;
        this.reason = reason;
    }

    /** The whole text that was being parsed, as given. */
    public String input() {
        return input;
    }

    /**
     * The 0-based index (in UTF-16 units) of the character where parsing failed; equal to the
     * input's length when the input ended too early.
     */
    public int position() {
        return position;
    }

    /** What is wrong, without the leading {@code invalid constraint "..."}. */
    public String reason() {
        return reason;
    }
}
