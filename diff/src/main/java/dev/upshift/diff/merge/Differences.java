package dev.upshift.diff.merge;

import static dev.upshift.common.tree.JsonTrees.Equality.CONTENT;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.tree.JsonText;
import dev.upshift.common.tree.JsonTrees;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Where two values differ, in words, for conflict messages whose values are too long to show
 * whole: cut to their first 80 characters, three long {@code args} lists print the same. Lists:
 * the items one side added and removed (one of each is "changed a to b"); mappings: the keys added,
 * removed and changed; text: the first character that differs, with what follows.
 */
final class Differences {
    /** Values whose compact text is longer than this are described by their differences. */
    static final int LONG = 80;
    private static final int MAX_ITEMS = 5;

    private Differences() {}

    /** Whether a value is shown cut in messages. */
    static boolean isLong(JsonNode v) {
        return v != null && JsonText.abbreviated(v, LONG + 1).length() > LONG;
    }

    /** What {@code who} did to {@code from} to get {@code to} ("the cluster added x; removed y"), or empty when nothing shows. */
    static String change(String who, JsonNode from, JsonNode to) {
        if (from == null || to == null || JsonTrees.equal(from, to, CONTENT)) {
            return "";
        }
        if (from.isArray() && to.isArray()) {
            return lists(who, from, to);
        }
        if (from.isObject() && to.isObject()) {
            return mappings(who, from, to);
        }
        if (from.isTextual() && to.isTextual()) {
            return texts(who, from.textValue(), to.textValue());
        }
        return "";
    }

    private static String lists(String who, JsonNode from, JsonNode to) {
        List<JsonNode> added = missing(to, from);
        List<JsonNode> removed = missing(from, to);
        if (added.size() == 1 && removed.size() == 1) {
            return who + " changed " + item(removed.get(0)) + " to " + item(added.get(0));
        }
        List<String> parts = new ArrayList<>();
        if (!added.isEmpty()) {
            parts.add("added " + items(added));
        }
        if (!removed.isEmpty()) {
            parts.add("removed " + items(removed));
        }
        return parts.isEmpty() ? who + " reordered the items" : who + " " + String.join(" and ", parts);
    }

    /** The items of {@code a} that {@code b} does not hold (as many times). */
    private static List<JsonNode> missing(JsonNode a, JsonNode b) {
        List<JsonNode> left = new ArrayList<>();
        b.forEach(left::add);
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode x : a) {
            int at = -1;
            for (int i = 0; i < left.size() && at < 0; i++) {
                at = JsonTrees.equal(x, left.get(i), CONTENT) ? i : -1;
            }
            if (at >= 0) {
                left.remove(at);
            } else {
                out.add(x);
            }
        }
        return out;
    }

    private static String mappings(String who, JsonNode from, JsonNode to) {
        List<String> added = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        List<String> changed = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = to.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode before = JsonTrees.present(from.get(e.getKey()));
            if (before == null) {
                added.add(e.getKey() + ": " + item(e.getValue()));
            } else if (!JsonTrees.equal(before, e.getValue(), CONTENT)) {
                changed.add(e.getKey() + " (" + item(before) + " to " + item(e.getValue()) + ")");
            }
        }
        for (Iterator<String> it = from.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (JsonTrees.present(to.get(k)) == null && JsonTrees.present(from.get(k)) != null) {
                removed.add(k);
            }
        }
        List<String> parts = new ArrayList<>();
        if (!changed.isEmpty()) {
            parts.add("changed " + cap(changed));
        }
        if (!added.isEmpty()) {
            parts.add("added " + cap(added));
        }
        if (!removed.isEmpty()) {
            parts.add("removed " + cap(removed));
        }
        return who + " " + String.join(" and ", parts);
    }

    private static String texts(String who, String from, String to) {
        int i = 0;
        while (i < from.length() && i < to.length() && from.charAt(i) == to.charAt(i)) {
            i++;
        }
        return who + " changed the text from character " + (i + 1) + " on: " + snippet(from, i) + " to " + snippet(to, i);
    }

    private static String snippet(String s, int at) {
        String rest = s.substring(at);
        return rest.isEmpty() ? "(its end)" : JsonText.quote(rest.length() > 30 ? rest.substring(0, 30) + "..." : rest);
    }

    private static String item(JsonNode v) {
        return v.isTextual() ? v.textValue() : JsonText.abbreviated(v, 60);
    }

    private static String items(List<JsonNode> values) {
        List<String> out = new ArrayList<>();
        values.forEach(v -> out.add(item(v)));
        return cap(out);
    }

    private static String cap(List<String> parts) {
        if (parts.size() <= MAX_ITEMS) {
            return String.join(", ", parts);
        }
        return String.join(", ", parts.subList(0, MAX_ITEMS)) + " and " + (parts.size() - MAX_ITEMS) + " more";
    }
}
