package dev.upshift.diff.rule;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.read.ObjectView;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.document.DocumentMatch;
import dev.upshift.diff.document.DocumentMatchReader;
import dev.upshift.diff.path.PathPattern;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/** Reads one item of a {@code fieldRules} list into a {@link FieldRule}. Not API. */
@API(status = INTERNAL, since = "0.1")
public final class FieldRuleReader {
    private static final List<String> FIELDS = List.of(
            "match", "path", "onConflict", "mutable", "impact", "listKeys", "listType", "keyDefaults", "ignore",
            "immutable", "sensitive");

    private FieldRuleReader() {}

    /**
     * Reads one item of a {@code fieldRules} list (of a Release or a {@code FieldRules} document):
     * {@code match} (optional {@code apiVersion}, {@code kind}, {@code name}), {@code path}
     * (required), {@code onConflict} ({@code overwrite|keep|fail}), {@code mutable},
     * {@code impact} ({@code none|inPlace|rolling|replace}), {@code listKeys}, {@code listType}
     * ({@code map|set|atomic}), {@code keyDefaults} (a mapping of key field to scalar), {@code ignore},
     * {@code immutable} ({@code rotate}), {@code sensitive} ({@code true} only: no rule makes a field
     * less sensitive).
     * Every problem (a bad pattern, an unknown word, list settings on a list item, a key default for a
     * field that is not a key, an unknown field) is recorded on the view with its position.
     *
     * @return the rule, or empty when the item has an error
     */
    public static Optional<FieldRule> read(ObjectView item) {
        int before = item.problems().all().size();
        DocumentMatch match = item.object("match").map(DocumentMatchReader::read).orElse(DocumentMatch.any());
        Optional<PathPattern> path = item.requiredParsed("path", PathPattern::parse);
        Optional<OnConflict> onConflict = item.choice("onConflict", OnConflict.words());
        Optional<Mutability> mutability = item.bool("mutable").map(Mutability::of);
        Optional<Mutability> rotate = item.choice("immutable", Map.of("rotate", Mutability.ROTATE));
        if (mutability.isPresent() && rotate.isPresent()) {
            item.error("immutable", "set either mutable or immutable: rotate, not both");
        }
        mutability = mutability.or(() -> rotate);
        Optional<Impact> impact = item.choice("impact", Impact.words());
        List<String> listKeys = item.strings("listKeys");
        if (item.has("listKeys") && item.node().get("listKeys").isArray() && item.node().get("listKeys").isEmpty()) {
            item.error("listKeys", "must name at least one key field; leave it out to use the default (name)");
        }
        Optional<ListType> listType = item.choice("listType", ListType.words());
        Map<String, JsonNode> keyDefaults = readKeyDefaults(item);
        Optional<Merging> merging = item.bool("ignore").map(Merging::ofIgnore);
        Optional<Boolean> sensitiveSetting = item.bool("sensitive");
        boolean sensitive = sensitiveSetting.orElse(false);
        if (sensitiveSetting.filter(b -> !b).isPresent()) {
            item.error("sensitive", "only true is allowed: a rule marks fields sensitive, and none makes a field"
                    + " less so (a Secret's data and stringData always are); leave it out");
        }
        item.rejectUnknownFields(FIELDS);
        if (path.isPresent()) {
            FieldRuleChecks.listProblem(path.get(), listKeys, listType)
                    .ifPresent(m -> item.error(item.has("listKeys") ? "listKeys" : "listType", m));
        }
        FieldRuleChecks.keyDefaultsProblem(listKeys, listType, keyDefaults).ifPresent(m -> item.error("keyDefaults", m));
        if (FIELDS.subList(2, FIELDS.size()).stream().noneMatch(f -> item.node().has(f))) {
            item.error(FieldRuleChecks.NOTHING_SET);
        }
        boolean errors = item.problems().all().subList(before, item.problems().all().size()).stream()
                .anyMatch(Problem::isError);
        if (errors || path.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new FieldRule(match, path.get(), onConflict, mutability, impact, listKeys, listType,
                keyDefaults, merging, item.location(), sensitive));
    }

    /** The {@code keyDefaults} mapping; a value that is not a scalar is an error at that value. */
    private static Map<String, JsonNode> readKeyDefaults(ObjectView item) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        item.object("keyDefaults").ifPresent(view -> {
            for (Iterator<String> names = view.node().fieldNames(); names.hasNext(); ) {
                String name = names.next();
                view.raw(name).ifPresentOrElse(v -> {
                    if (v.isValueNode()) {
                        out.put(name, v);
                    } else {
                        view.error(name, "expected text, a number or a boolean, got " + JsonTrees.describe(v));
                    }
                }, () -> view.error(name, "expected text, a number or a boolean, got null"));
            }
        });
        return out;
    }
}
