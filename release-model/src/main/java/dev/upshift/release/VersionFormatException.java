package dev.upshift.release;

import dev.upshift.diff.input.UpshiftException;

/**
 * Thrown when a text is not a version: by {@link Version#parse}, {@link Version#parseStrict} and
 * {@link VersionConstraint#matches(String)}.
 *
 * <p>The message names the input, what is wrong and at which character (1-based), for example
 * {@code invalid version "1.2.x3": unexpected 'x' at character 5; expected a digit}. The same facts
 * are available one by one: {@link #input()}, {@link #position()} (0-based) and {@link #reason()},
 * so that a caller that read the version from a document can report the document's own line and
 * column instead.
 */
public final class VersionFormatException extends UpshiftException {
    private static final long serialVersionUID = 1L;

    private final String input;
    private final int position;
    private final String reason;

    VersionFormatException(String input, int position, String reason) {
        super("invalid version " + Scanner.quote(input) + ": " + reason);
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

    /** What is wrong, without the leading {@code invalid version "..."}. */
    public String reason() {
        return reason;
    }
}
