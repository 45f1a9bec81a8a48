package dev.upshift.diff.document;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.diff.internal.JsonTrees;
import dev.upshift.diff.internal.ObjectView;
import dev.upshift.diff.problem.Problem;
import dev.upshift.diff.problem.SourceLocation;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

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
public record DefaultsRule(DocumentMatch match, ObjectNode values, SourceLocation location) {
    private static final List<String> FIELDS = List.of("match", "values");

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

    /**
     * Reads one item of {@code spec.defaults}: {@code match} (optional {@code apiVersion},
     * {@code kind}, {@code name}) and {@code values} (a required mapping). Problems are recorded on
     * the view with positions.
     *
     * @return the rule, or empty when the item has an error
     */
    public static Optional<DefaultsRule> read(ObjectView item) {
        int before = item.problems().all().size();
        DocumentMatch match = item.object("match").map(DocumentMatch::read).orElse(DocumentMatch.any());
        Optional<ObjectView> values = item.requiredObject("values");
        values.ifPresent(DefaultsRule::checkIdentity);
        item.rejectUnknownFields(FIELDS);
        boolean errors = item.problems().all().subList(before, item.problems().all().size()).stream()
                .anyMatch(Problem::isError);
        if (errors || values.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new DefaultsRule(match, values.get().node(), item.location()));
    }

    private static void checkIdentity(ObjectView values) {
        if (values.node().has("kind")) {
            values.error("kind", identityMessage("kind"));
        }
        if (values.node().get("metadata") instanceof ObjectNode) {
            ObjectView metadata = values.object("metadata").orElseThrow();
            for (String field : List.of("name", "namespace")) {
                if (metadata.node().has(field)) {
                    metadata.error(field, identityMessage("metadata." + field));
                }
            }
        }
    }

    private static String identityMessage(String field) {
        return "defaults must not set " + field + ": it is part of the document's identity";
    }

    private static Optional<String> identityProblem(ObjectNode values) {
        String field = identityField(values);
        return field.isEmpty() ? Optional.empty() : Optional.of(identityMessage(field));
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
