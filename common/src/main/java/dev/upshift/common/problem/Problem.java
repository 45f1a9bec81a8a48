package dev.upshift.common.problem;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One thing wrong (or worth a warning) in an input, pointing at where it is.
 *
 * <p>{@link #toString()} renders {@code file:line:col: field: message}, the form every Upshift tool
 * prints; warnings read {@code file:line:col: warning: field: message}. So that no input can make
 * one problem flood a terminal, a field longer than {@value #MAX_FIELD} characters and a message
 * longer than {@value #MAX_MESSAGE} are cut short, ending in {@code ...}.
 *
 * @param location where the problem is
 * @param field the dotted path of the field concerned ({@code spec.maintenanceWindows[0].endTime}),
 *     or the empty string when the problem concerns the whole input
 * @param message what is wrong and, where it helps, what was expected
 * @param severity whether the problem makes the input unusable
 */
@API(status = MAINTAINED, since = "0.1")
public record Problem(SourceLocation location, String field, String message, Severity severity)
        implements Comparable<Problem> {

    /** Whether a problem rejects the input or only warns about it. */
    public enum Severity {
        /** The input cannot be used. */
        ERROR,
        /** The input can be used, but probably does not do what its author meant. */
        WARNING
    }

    /** The longest field path a problem keeps. */
    public static final int MAX_FIELD = 200;

    /** The longest message a problem keeps. */
    public static final int MAX_MESSAGE = 1_000;

    /** Validates the parts and cuts an overlong field or message short. */
    public Problem {
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(severity, "severity");
        field = SyntaxException.abbreviate(field, MAX_FIELD);
        message = SyntaxException.abbreviate(message, MAX_MESSAGE);
    }

    /** An error at a location. */
    public static Problem error(SourceLocation location, String field, String message) {
        return new Problem(location, field, message, Severity.ERROR);
    }

    /** A warning at a location. */
    public static Problem warning(SourceLocation location, String field, String message) {
        return new Problem(location, field, message, Severity.WARNING);
    }

    /** Whether this problem rejects the input. */
    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /** Orders by source, line, column, then message, so reports read top to bottom. */
    @Override
    public int compareTo(Problem o) {
        int c = location.source().compareTo(o.location.source());
        if (c == 0) c = Integer.compare(location.line(), o.location.line());
        if (c == 0) c = Integer.compare(location.column(), o.location.column());
        if (c == 0) c = field.compareTo(o.field);
        if (c == 0) c = message.compareTo(o.message);
        return c;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(location.toString()).append(": ");
        if (severity == Severity.WARNING) {
            s.append("warning: ");
        }
        if (!field.isEmpty()) {
            s.append(field).append(": ");
        }
        return s.append(message).toString();
    }
}
