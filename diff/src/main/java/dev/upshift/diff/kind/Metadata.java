package dev.upshift.diff.kind;

import java.util.Map;
import java.util.Objects;

/**
 * The {@code metadata} every Upshift document carries: a required non-empty {@code name}, optional
 * {@code namespace} (accepted, ignored), {@code labels} and {@code annotations} (anything goes
 * under annotations, unknown fields included). Each kind's reader reads it.
 *
 * @param name the document's name, unique per kind
 * @param labels labels, for selection
 * @param annotations free-form notes
 */
public record Metadata(String name, Map<String, String> labels, Map<String, String> annotations) {

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
}
