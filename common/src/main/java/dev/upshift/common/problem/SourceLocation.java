package dev.upshift.common.problem;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A place in an input: the source it came from (usually a file path), a 1-based line and a 1-based
 * column. Line or column 0 means "unknown" (for example a value that a migration added).
 */
@API(status = MAINTAINED, since = "0.1")
public record SourceLocation(String source, int line, int column) {

    /** Validates the parts: the source is non-null, line and column are not negative. */
    public SourceLocation {
        Objects.requireNonNull(source, "source");
        if (line < 0 || column < 0) {
            throw new IllegalArgumentException("line and column must not be negative");
        }
    }

    /** A location that names only its source. */
    public static SourceLocation of(String source) {
        return new SourceLocation(source, 0, 0);
    }

    /**
     * {@code source:line:column}, or as much of it as is known; the source {@linkplain Printable#of
     * made printable}, so that a file's name cannot act on the terminal that shows the message.
     */
    @Override
    public String toString() {
        String shown = Printable.of(source);
        if (line == 0) {
            return shown;
        }
        return column == 0 ? shown + ":" + line : shown + ":" + line + ":" + column;
    }
}
