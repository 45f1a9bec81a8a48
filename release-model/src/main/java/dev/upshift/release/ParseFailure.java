package dev.upshift.release;

/**
 * A syntax error found by {@link Scanner}, before it is turned into the public exception of the
 * thing being parsed ({@link VersionFormatException} or {@link ConstraintFormatException}).
 *
 * <p>It carries no stack trace: {@code tryParse} methods catch it on their fast path.
 */
final class ParseFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int position;
    private final String reason;

    ParseFailure(int position, String reason) {
        super(reason, null, false, false);
        this.position = position;
        this.reason = reason;
    }

    /** The 0-based index of the offending character in the whole input. */
    int position() {
        return position;
    }

    /** What is wrong, already naming the 1-based character. */
    String reason() {
        return reason;
    }
}
