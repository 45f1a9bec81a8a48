package dev.upshift.diff.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.diff.path.PathElement;

/** Finds the item a list step of a path selects in one concrete list. Not API. */
public final class ItemLookup {
    private ItemLookup() {}

    /** The index of the item a list step selects in {@code list}, or -1 (also for a field step). */
    public static int indexOf(JsonNode list, PathElement step) {
        if (step instanceof PathElement.Index i) {
            return i.index() < list.size() ? i.index() : -1;
        }
        for (int i = 0; i < list.size(); i++) {
            if (selects(step, list.get(i))) {
                return i;
            }
        }
        return -1;
    }

    /** Whether a key or set-value step selects an item (keys compare by content). */
    private static boolean selects(PathElement step, JsonNode item) {
        if (step instanceof PathElement.Value v) {
            return JsonTrees.equal(v.value(), item, JsonTrees.Equality.CONTENT);
        }
        if (step instanceof PathElement.Key k) {
            if (!item.isObject()) {
                return false;
            }
            for (int j = 0; j < k.names().size(); j++) {
                JsonNode value = item.get(k.names().get(j));
                if (value == null || !JsonTrees.equal(k.values().get(j), value, JsonTrees.Equality.CONTENT)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }
}
