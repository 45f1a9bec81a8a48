package dev.upshift.diff.rule;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.path.PathPattern;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/** The checks a field rule's settings pass, shared by its constructor and its reader. Not API. */
@API(status = INTERNAL, since = "0.1")
public final class FieldRuleChecks {
    /** The message for a rule that sets nothing. */
    public static final String NOTHING_SET = "the rule sets nothing; give at least one of onConflict, mutable,"
            + " impact, listKeys, listType, ignore, sensitive";

    /** Why the list settings do not fit the path or each other, if they do not. */
    public static Optional<String> listProblem(PathPattern path, List<String> listKeys, Optional<ListType> listType) {
        if (new HashSet<>(listKeys).size() != listKeys.size() || listKeys.stream().anyMatch(String::isEmpty)) {
            return Optional.of("listKeys must be distinct, non-empty field names");
        }
        if (!listKeys.isEmpty() && listType.isPresent() && listType.get() != ListType.MAP) {
            return Optional.of("listKeys go with listType: map, not " + listType.get());
        }
        if ((!listKeys.isEmpty() || listType.isPresent()) && path.endsWithItem()) {
            return Optional.of((listKeys.isEmpty() ? "listType" : "listKeys") + " needs the path of a list, but '"
                    + path + "' ends at a list item; remove the last [..] step");
        }
        return Optional.empty();
    }

    /** Why key defaults do not fit the list settings, if they do not. */
    public static Optional<String> keyDefaultsProblem(List<String> listKeys, Optional<ListType> listType,
            Map<String, JsonNode> keyDefaults) {
        if (keyDefaults.isEmpty()) {
            return Optional.empty();
        }
        List<String> keys = !listKeys.isEmpty() ? listKeys
                : listType.equals(Optional.of(ListType.MAP)) ? List.of("name") : List.of();
        if (keys.isEmpty()) {
            return Optional.of("keyDefaults need listKeys: they give values to key fields");
        }
        for (Map.Entry<String, JsonNode> e : keyDefaults.entrySet()) {
            if (!keys.contains(e.getKey())) {
                return Optional.of("keyDefaults names '" + e.getKey() + "', which is not a key of this list (keys: "
                        + String.join(", ", keys) + ")");
            }
            JsonNode v = e.getValue();
            if (v == null || !v.isValueNode() || v.isNull()) {
                return Optional.of("the key default of '" + e.getKey() + "' must be text, a number or a boolean, not "
                        + (v == null ? "nothing" : JsonTrees.describe(v)));
            }
        }
        return Optional.empty();
    }

    private FieldRuleChecks() {}
}
