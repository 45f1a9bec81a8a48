package dev.upshift.diff.path;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.tree.JsonTrees;
import java.util.Map;
import org.apiguardian.api.API;

/** Finds the item a list step of a path selects in one concrete list. Not API. */
@API(status = INTERNAL, since = "0.1")
public final class ItemLookup {
    private ItemLookup() {}

    /** The index of the item a list step selects in {@code list}, or -1 (also for a field step). */
    public static int indexOf(JsonNode list, PathElement step) {
        return indexOf(list, step, Map.of());
    }

    /**
     * The index of the item a list step selects in {@code list}, or -1; a key field an item leaves
     * out (or holds null) has its value from {@code keyDefaults}, as the list's key defaults say.
     */
    public static int indexOf(JsonNode list, PathElement step, Map<String, JsonNode> keyDefaults) {
        if (step instanceof PathElement.Index i) {
            return i.index() < list.size() ? i.index() : -1;
        }
        for (int i = 0; i < list.size(); i++) {
            if (selects(step, list.get(i), keyDefaults)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether a key or set-value step selects an item (keys compare by content). */
    private static boolean selects(PathElement step, JsonNode item, Map<String, JsonNode> keyDefaults) {
        if (step instanceof PathElement.Value v) {
            return JsonTrees.equal(v.value(), item, JsonTrees.Equality.CONTENT);
        }
        if (step instanceof PathElement.Key k) {
            if (!item.isObject()) {
                return false;
            }
            for (int j = 0; j < k.names().size(); j++) {
                JsonNode value = item.get(k.names().get(j));
                if ((value == null || value.isNull()) && keyDefaults.containsKey(k.names().get(j))) {
                    value = keyDefaults.get(k.names().get(j));
                }
                if (value == null || !JsonTrees.equal(k.values().get(j), value, JsonTrees.Equality.CONTENT)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }
}
