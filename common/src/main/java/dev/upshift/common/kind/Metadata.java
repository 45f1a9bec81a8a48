package dev.upshift.common.kind;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The {@code metadata} every Upshift document carries: a required non-empty {@code name}, optional
 * {@code namespace} (accepted, ignored), {@code labels} and {@code annotations} (anything goes
 * under annotations, unknown fields included). Each kind's reader reads it, holding names and labels
 * to Kubernetes' lengths ({@link #MAX_NAME_LENGTH}, {@link #MAX_LABEL_KEY_LENGTH},
 * {@link #MAX_LABEL_VALUE_LENGTH}) before anything else reads them.
 *
 * @param name the document's name, unique per kind
 * @param labels labels, for selection
 * @param annotations free-form notes
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Metadata(String name, Map<String, String> labels, Map<String, String> annotations) {
    /** The most characters a name may have when read from a document: a Kubernetes object name's. */
    public static final int MAX_NAME_LENGTH = 253;

    /** The most characters a label key may have when read: a 253-character prefix, {@code /} and a 63-character name. */
    public static final int MAX_LABEL_KEY_LENGTH = 317;

    /** The most characters a label value may have when read, as in Kubernetes. */
    public static final int MAX_LABEL_VALUE_LENGTH = 63;

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
