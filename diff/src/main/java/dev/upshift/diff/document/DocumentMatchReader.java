package dev.upshift.diff.document;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.upshift.common.problem.SyntaxException;
import dev.upshift.common.read.ObjectView;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/** Reads a {@code match} mapping into a {@link DocumentMatch}. Not API. */
@API(status = INTERNAL, since = "0.1")
public final class DocumentMatchReader {
    private static final List<String> FIELDS = List.of("apiVersion", "kind", "name");

    private DocumentMatchReader() {}

    /**
     * Reads a {@code match} mapping ({@code apiVersion}, {@code kind}, {@code name}, all optional);
     * problems go to the view's collector.
     */
    public static DocumentMatch read(ObjectView view) {
        Optional<String> apiVersion = nonEmpty(view, "apiVersion");
        Optional<String> kind = nonEmpty(view, "kind");
        Optional<String> name = nonEmpty(view, "name");
        view.rejectUnknownFields(FIELDS);
        return new DocumentMatch(apiVersion, kind, name);
    }

    private static Optional<String> nonEmpty(ObjectView view, String field) {
        return view.string(field).filter(s -> {
            if (s.isEmpty()) {
                view.error(field, "must not be empty; leave the field out to match any " + field);
                return false;
            }
            if (s.length() > DocumentMatch.MAX_GLOB_LENGTH) {
                view.error(field, SyntaxException.lengthProblem(s.length(), DocumentMatch.MAX_GLOB_LENGTH));
                return false;
            }
            return true;
        });
    }
}
