package dev.upshift.diff.edit;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import dev.upshift.common.tree.JsonText;
import dev.upshift.common.tree.JsonTrees;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Which item of an old list becomes which item of the new one, so that a changed item is edited in
 * place and only added and removed items add and remove lines. Items are told apart by identity where
 * they have one (a Kubernetes document by kind, namespace and name; a mapping by its {@code name}),
 * else by content; the longest common subsequence of identities is kept (Myers' diff), and between
 * its matches, items of the same shape are paired in order unless both have an identity (an item
 * that gains or loses its {@code name} is still edited in place).
 */
final class ItemAlignment {
    private ItemAlignment() {}

    /** For each old item, the index of the new item it becomes, or -1 when it is removed. */
    static int[] align(JsonNode old, JsonNode neu) {
        List<String> a = identities(old);
        List<String> b = identities(neu);
        int[] match = new int[a.size()];
        Arrays.fill(match, -1);
        int i = 0;
        int j = 0;
        for (AbstractDelta<String> d : DiffUtils.diff(a, b).getDeltas()) {
            int di = d.getSource().getPosition();
            int dj = d.getTarget().getPosition();
            while (i < di) {
                match[i++] = j++;
            }
            int gapOld = d.getSource().size();
            int gapNew = d.getTarget().size();
            for (int k = 0; k < Math.min(gapOld, gapNew); k++) {
                // paired unless both have an identity, and those differ: an item that gains or loses its name is edited
                if ((a.get(di + k).startsWith("v:") || b.get(dj + k).startsWith("v:"))
                        && sameShape(old.get(di + k), neu.get(dj + k))) {
                    match[di + k] = dj + k;
                }
            }
            i = di + gapOld;
            j = dj + gapNew;
        }
        while (i < a.size()) {
            match[i++] = j++;
        }
        return match;
    }

    private static boolean sameShape(JsonNode x, JsonNode y) {
        return x.isContainerNode() == y.isContainerNode() && x.isObject() == y.isObject();
    }

    private static List<String> identities(JsonNode list) {
        List<String> out = new ArrayList<>(list.size());
        for (JsonNode item : list) {
            out.add(identity(item));
        }
        return out;
    }

    private static String identity(JsonNode item) {
        if (item.isObject()) {
            JsonNode kind = item.get("kind");
            JsonNode name = item.path("metadata").get("name");
            if (kind != null && kind.isTextual() && name != null && name.isTextual()) {
                return "k:" + kind.textValue() + "/" + item.path("metadata").path("namespace").asText("") + "/"
                        + name.textValue();
            }
            JsonNode plainName = item.get("name");
            if (plainName != null && plainName.isValueNode()) {
                return "n:" + JsonText.canonical(JsonTrees.normalize(plainName));
            }
        }
        // as written, nulls included: {} and {"a": null} are one content but two texts, and must not trade places
        return "v:" + item;
    }
}
