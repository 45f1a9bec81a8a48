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
 * else by content; a longest common subsequence of identities is kept, and besides its matches,
 * items of the same shape are paired in order unless both have an identity (an item that gains or
 * loses its {@code name} is still edited in place). Of the longest common subsequences, the one
 * that leaves the most items paired is chosen (an exact table up to 250,000 pairs of items; past
 * that, the one Myers' diff finds).
 */
final class ItemAlignment {
    private ItemAlignment() {}

    /** Beyond this many pairs of items, the alignment is Myers' diff and in-order pairing in its gaps. */
    private static final long EXACT_LIMIT = 250_000;

    /** For each old item, the index of the new item it becomes, or -1 when it is removed. */
    static int[] align(JsonNode old, JsonNode neu) {
        List<String> a = identities(old);
        List<String> b = identities(neu);
        return (long) a.size() * b.size() <= EXACT_LIMIT ? exact(old, neu, a, b) : myers(old, neu, a, b);
    }

    /**
     * The alignment with the most items of equal identity (as many as the longest common
     * subsequence has), and among those the most items paired to be edited in place. Myers' diff
     * picks one of several longest common subsequences, and the one it picks may strand items that
     * could have been edited in place: {@code [{a: 1}, [x, y], {}]} to {@code [{}, [x], {}]} keeps
     * the first {@code {}} against the last and rewrites the two items before it.
     */
    private static int[] exact(JsonNode old, JsonNode neu, List<String> a, List<String> b) {
        int n = a.size();
        int m = b.size();
        int same = Math.min(n, m) + 1; // one equal identity outweighs every pairing
        int[][] best = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                int score = Math.max(best[i + 1][j], best[i][j + 1]);
                int w = weight(old, neu, a, b, i, j, same);
                best[i][j] = w > 0 ? Math.max(score, best[i + 1][j + 1] + w) : score;
            }
        }
        int[] match = new int[n];
        Arrays.fill(match, -1);
        int i = 0;
        int j = 0;
        while (i < n && j < m) {
            int w = weight(old, neu, a, b, i, j, same);
            if (w > 0 && best[i][j] == best[i + 1][j + 1] + w) {
                match[i++] = j++;
            } else if (best[i][j] == best[i + 1][j]) {
                i++;
            } else {
                j++;
            }
        }
        return match;
    }

    /** What pairing old item i with new item j is worth: {@code same} for equal identities, 1 for items of one shape that may be edited into each other. */
    private static int weight(JsonNode old, JsonNode neu, List<String> a, List<String> b, int i, int j, int same) {
        if (a.get(i).equals(b.get(j))) {
            return same;
        }
        return pairable(old, neu, a, b, i, j) ? 1 : 0;
    }

    /** Paired unless both have an identity and those differ: an item that gains or loses its name is edited. */
    private static boolean pairable(JsonNode old, JsonNode neu, List<String> a, List<String> b, int i, int j) {
        return (a.get(i).startsWith("v:") || b.get(j).startsWith("v:")) && sameShape(old.get(i), neu.get(j));
    }

    private static int[] myers(JsonNode old, JsonNode neu, List<String> a, List<String> b) {
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
                if (pairable(old, neu, a, b, di + k, dj + k)) {
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
