package dev.upshift.diff.document;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.read.ObjectView;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/** Reads one item of a release's {@code spec.defaults} into a {@link DefaultsRule}. Not API. */
@API(status = INTERNAL, since = "0.1")
public final class DefaultsRuleReader {
    private static final List<String> FIELDS = List.of("match", "values");

    private DefaultsRuleReader() {}

    /**
     * Reads one item of {@code spec.defaults}: {@code match} (optional {@code apiVersion},
     * {@code kind}, {@code name}) and {@code values} (a required mapping). Problems are recorded on
     * the view with positions.
     *
     * @return the rule, or empty when the item has an error
     */
    public static Optional<DefaultsRule> read(ObjectView item) {
        int before = item.problems().all().size();
        DocumentMatch match = item.object("match").map(DocumentMatchReader::read).orElse(DocumentMatch.any());
        Optional<ObjectView> values = item.requiredObject("values");
        values.ifPresent(DefaultsRuleReader::checkIdentity);
        item.rejectUnknownFields(FIELDS);
        boolean errors = item.problems().all().subList(before, item.problems().all().size()).stream()
                .anyMatch(Problem::isError);
        if (errors || values.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new DefaultsRule(match, values.get().node(), item.location()));
    }

    /** Why defaults may not set a field of the document's identity ({@code kind}, {@code metadata.name}, ..). */
    public static String identityMessage(String field) {
        return "defaults must not set " + field + ": it is part of the document's identity";
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
}
