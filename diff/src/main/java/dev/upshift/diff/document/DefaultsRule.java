package dev.upshift.diff.document;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.common.tree.JsonTrees;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One item of a release's {@code spec.defaults}: partial document values the release puts on
 * every document a {@link DocumentMatch} selects.
 *
 * <pre>
 * - match: {kind: KubeadmControlPlane}
 *   values: {spec: {version: v1.29.4}}
 * </pre>
 *
 * @param match the documents the values apply to
 * @param values a partial document; it must not set {@code kind}, {@code metadata.name} or
 *     {@code metadata.namespace} (the document's identity). It may set {@code apiVersion} within the
 *     same API group
 * @param location where the item was written ({@code SourceLocation.of("")} for items built in code)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record DefaultsRule(DocumentMatch match, ObjectNode values, SourceLocation location) {
    /** Validates the parts. */
    public DefaultsRule {
        Objects.requireNonNull(match, "match");
        Objects.requireNonNull(values, "values");
        Objects.requireNonNull(location, "location");
        if (JsonTrees.depthExceeds(values, DocumentSet.MAX_DEPTH)) {
            throw new IllegalArgumentException("values nest deeper than " + DocumentSet.MAX_DEPTH + " levels");
        }
        identityProblem(values).ifPresent(m -> {
            throw new IllegalArgumentException(m);
        });
    }

    /** Values for the documents a match selects, built in code. */
    public static DefaultsRule of(DocumentMatch match, ObjectNode values) {
        return new DefaultsRule(match, values, SourceLocation.of(""));
    }

    private static Optional<String> identityProblem(ObjectNode values) {
        String field = identityField(values);
        return field.isEmpty() ? Optional.empty() : Optional.of(DefaultsRuleReader.identityMessage(field));
    }

    private static String identityField(ObjectNode values) {
        if (values.has("kind")) {
            return "kind";
        }
        JsonNode metadata = values.get("metadata");
        if (metadata != null && metadata.isObject()) {
            if (metadata.has("name")) {
                return "metadata.name";
            }
            if (metadata.has("namespace")) {
                return "metadata.namespace";
            }
        }
        return "";
    }
}
