package dev.upshift.diff.merge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.path.PathElement;
import dev.upshift.diff.path.PathText;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The uniqueness a list's own validation demands ({@link ListSchema.Spec#unique()}), checked on a
 * merged list: the merge never hands the API server a list it would refuse for two items that
 * agree on fields that must differ. Items that lack one of the fields are not compared.
 */
final class UniqueItems {
    private UniqueItems() {}

    /** What is wrong with the list, in words, when two of its items share a combination the spec makes unique. */
    static Optional<String> violation(ListSchema.Spec spec, JsonNode list) {
        for (List<String> fields : spec.unique()) {
            Map<List<JsonNode>, Integer> seen = new HashMap<>();
            for (int i = 0; i < list.size(); i++) {
                JsonNode item = list.get(i);
                List<JsonNode> values = new ArrayList<>(fields.size());
                for (String f : fields) {
                    JsonNode v = item.isObject() ? JsonTrees.present(item.get(f)) : null;
                    if (v == null || !v.isValueNode()) {
                        values = null;
                        break;
                    }
                    values.add(JsonTrees.normalize(v));
                }
                if (values == null) {
                    continue;
                }
                Integer first = seen.putIfAbsent(values, i);
                if (first != null) {
                    String key = PathText.render(new PathElement.Key(fields, values));
                    return Optional.of("the merged list would hold two items " + key + " (" + Messages.show(list.get(first))
                            + " and " + Messages.show(item) + "), but its validation allows one item per "
                            + String.join(" and ", fields) + " (" + spec.source() + ")");
                }
            }
        }
        return Optional.empty();
    }
}
