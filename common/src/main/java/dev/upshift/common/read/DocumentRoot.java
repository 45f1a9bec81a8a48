package dev.upshift.common.read;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.kind.Metadata;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SyntaxException;
import dev.upshift.common.source.SourceDocument;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The root every Upshift document shares, read once for every kind: {@code apiVersion} and
 * {@code kind} (checked before by the kind's header check), {@code metadata}, a required
 * {@code spec} mapping, and no other field. For the readers of every kind, Upshift's and yours.
 *
 * @param view the root mapping, for reporting against it
 * @param metadata the metadata, empty when it has errors
 * @param spec the {@code spec} mapping, empty when missing or not a mapping
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record DocumentRoot(ObjectView view, Optional<Metadata> metadata, Optional<ObjectView> spec) {
    private static final List<String> METADATA_FIELDS = List.of("name", "namespace", "labels", "annotations");

    /** Reads the root of a document, recording problems to {@code problems}. */
    public static DocumentRoot read(SourceDocument document, Problems problems) {
        return read(document, problems, List.of());
    }

    /**
     * Reads the root of a document whose kind has top-level fields besides {@code apiVersion},
     * {@code kind}, {@code metadata} and {@code spec} ({@code status}); the caller reads them from
     * {@link #view()}, and every other field is reported as unknown.
     */
    public static DocumentRoot read(SourceDocument document, Problems problems, List<String> otherFields) {
        ObjectView root = ObjectView.of(document, problems);
        root.string("apiVersion");
        root.string("kind");
        Optional<Metadata> metadata = metadata(root);
        Optional<ObjectView> spec = root.requiredObject("spec");
        root.rejectUnknownFields(otherFields);
        return new DocumentRoot(root, metadata, spec);
    }

    /**
     * Reads {@code metadata} from a document root: a required non-empty {@code name}, optional
     * {@code namespace} (accepted, ignored), {@code labels} and {@code annotations}. The result is
     * empty when the name is missing.
     */
    public static Optional<Metadata> metadata(ObjectView root) {
        Optional<ObjectView> view = root.requiredObject("metadata");
        if (view.isEmpty()) {
            return Optional.empty();
        }
        ObjectView m = view.get();
        Optional<String> name = m.requiredString("name").filter(n -> {
            if (n.isBlank()) {
                m.error("name", "must not be empty");
                return false;
            }
            if (n.length() > Metadata.MAX_NAME_LENGTH) {
                m.error("name", SyntaxException.lengthProblem(n.length(), Metadata.MAX_NAME_LENGTH));
                return false;
            }
            return true;
        });
        m.string("namespace");
        Map<String, String> labels = m.stringMap("labels");
        if (!labels.isEmpty()) {
            ObjectView labelView = m.object("labels").orElseThrow();
            labels.forEach((key, value) -> {
                if (key.length() > Metadata.MAX_LABEL_KEY_LENGTH) {
                    labelView.error(key, "the key " + SyntaxException.lengthProblem(key.length(), Metadata.MAX_LABEL_KEY_LENGTH));
                } else if (value.length() > Metadata.MAX_LABEL_VALUE_LENGTH) {
                    labelView.error(key, SyntaxException.lengthProblem(value.length(), Metadata.MAX_LABEL_VALUE_LENGTH));
                }
            });
        }
        Map<String, String> annotations = m.raw("annotations").isPresent() ? m.stringMap("annotations") : Map.of();
        m.rejectUnknownFields(METADATA_FIELDS);
        return name.map(n -> new Metadata(n, labels, annotations));
    }
}
