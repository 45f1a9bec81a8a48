package dev.upshift.diff.kind;

import dev.upshift.diff.internal.ObjectView;
import dev.upshift.diff.problem.Problems;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code metadata} every Upshift document carries.
 *
 * @param name the document's name, unique per kind
 * @param labels labels, for selection
 * @param annotations free-form notes; anything goes here, unknown fields included
 */
public record Metadata(String name, Map<String, String> labels, Map<String, String> annotations) {
    private static final List<String> FIELDS = List.of("name", "namespace", "labels", "annotations");

    /** Validates and copies the parts. */
    public Metadata {
        Objects.requireNonNull(name, "name");
        labels = Map.copyOf(labels);
        annotations = Map.copyOf(annotations);
    }

    /** Metadata with only a name. */
    public static Metadata named(String name) {
        return new Metadata(name, Map.of(), Map.of());
    }

    /**
     * Reads {@code metadata} from a document root: a required non-empty {@code name}, optional
     * {@code namespace} (accepted, ignored), {@code labels} and {@code annotations}. Problems go to
     * the view's collector; the result is empty when the name is missing.
     */
    public static Optional<Metadata> read(ObjectView root) {
        Optional<ObjectView> view = root.requiredObject("metadata");
        if (view.isEmpty()) {
            return Optional.empty();
        }
        ObjectView m = view.get();
        Optional<String> name = m.requiredString("name").filter(n -> {
            if (n.isBlank()) {
                m.error("name", "must not be empty");
            }
            return !n.isBlank();
        });
        m.string("namespace");
        Map<String, String> labels = m.stringMap("labels");
        Map<String, String> annotations = m.raw("annotations").isPresent() ? m.stringMap("annotations") : Map.of();
        m.rejectUnknownFields(FIELDS);
        return name.map(n -> new Metadata(n, labels, annotations));
    }
}
