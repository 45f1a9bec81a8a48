package dev.upshift.diff.patch;

import static org.apiguardian.api.API.Status.MAINTAINED;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.tree.JsonTrees;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * JSON Merge Patch (RFC 7396) over Jackson trees: computing a merge patch between two documents
 * and applying one.
 *
 * <p>A merge patch is a document shaped like its target: an object merges member by member, a
 * member set to {@code null} is deleted, and any other value (an array, a scalar) replaces what was
 * there whole. That makes it short and easy to read, but it cannot say "set this member to null".
 *
 * <h2>What a merge patch cannot express</h2>
 * When the target is an object, the change cannot be expressed if the target holds a member whose
 * value is {@code null}, reached from the root through objects only, that the source does not
 * already hold with the value {@code null} at the same place (the same member names, each step an
 * object in the source too). Applying a patch turns every such {@code null} into a deletion, so no
 * patch reaches that target, and {@link #diff} returns empty. Everything else is expressible:
 * {@code null} inside an array (arrays are replaced whole), a whole document that is {@code null} or
 * any other non-object (the patch is the target itself), and of course deletions.
 *
 * <p>Neither method recurses, so nesting depth is limited only by memory.
 */
@API(status = MAINTAINED, since = "0.1")
public final class MergePatch {
    private MergePatch() {}

    /**
     * Computes the merge patch that turns {@code source} into {@code target}, when one exists.
     *
     * <p>For an object target, the patch names each member to delete with {@code null}, each member
     * to add or change with its new value, and for members that are objects on both sides, only
     * what differs inside them; equal documents give {@code {}}. A non-object target is its own
     * patch. Values are compared as {@link JsonNode#equals} compares them.
     *
     * @param source the document as it is; not modified
     * @param target the document as it should be; not modified
     * @return the patch, sharing no node with either document, such that
     *     {@code apply(source, patch)} equals {@code target}; empty when RFC 7396 cannot express the
     *     change (see the class documentation for exactly when)
     */
    public static Optional<JsonNode> diff(JsonNode source, JsonNode target) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        if (!target.isObject()) {
            return Optional.of(JsonTrees.copy(target));
        }
        ObjectNode patch = JsonTrees.NODES.objectNode();
        List<Pending> nested = new ArrayList<>();
        Deque<Pending> work = new ArrayDeque<>();
        work.push(new Pending(null, null, source.isObject() ? source : JsonTrees.NODES.objectNode(), target, patch));
        while (!work.isEmpty()) {
            if (!diffMembers(work.pop(), work, nested)) {
                return Optional.empty();
            }
        }
        for (int i = nested.size() - 1; i >= 0; i--) {
            Pending child = nested.get(i);
            if (child.patch().isEmpty()) {
                child.parentPatch().remove(child.name());
            }
        }
        return Optional.of(patch);
    }

    /**
     * Objects still to compare, and where their patch goes in the patch of their parent. Patches of
     * members that are objects on both sides are pruned afterwards, children first, when empty.
     */
    private record Pending(ObjectNode parentPatch, String name, JsonNode source, JsonNode target, ObjectNode patch) {}

    /** Fills one level of the patch; false when a target member is a null the patch cannot set. */
    private static boolean diffMembers(Pending at, Deque<Pending> work, List<Pending> nested) {
        for (Map.Entry<String, JsonNode> member : at.source().properties()) {
            if (!at.target().has(member.getKey())) {
                at.patch().putNull(member.getKey());
            }
        }
        for (Map.Entry<String, JsonNode> member : at.target().properties()) {
            String name = member.getKey();
            JsonNode now = member.getValue();
            JsonNode was = at.source().get(name);
            if (now.isNull()) {
                if (was == null || !was.isNull()) {
                    return false;
                }
            } else if (now.isObject()) {
                boolean merges = was != null && was.isObject();
                Pending child = new Pending(at.patch(), name, merges ? was : JsonTrees.NODES.objectNode(), now,
                        at.patch().putObject(name));
                if (merges) {
                    nested.add(child);
                }
                work.push(child);
            } else if (was == null || !JsonTrees.equal(was, now, JsonTrees.Equality.EXACT)) {
                at.patch().set(name, JsonTrees.copy(now));
            }
        }
        return true;
    }

    /**
     * Applies a merge patch as RFC 7396 section 2 defines it, to a copy of {@code target}.
     *
     * <p>If the patch is an object, the result starts from {@code target} when that is an object (or
     * from {@code {}} otherwise) and, for each member of the patch, deletes it when the patch value
     * is {@code null} and otherwise sets it to the merge of the current value with the patch value.
     * If the patch is anything else, including {@code null}, the result is the patch itself.
     * Every JSON value is a valid merge patch, so this method never rejects one.
     *
     * @param target the document to patch; never modified
     * @param patch the merge patch; never modified
     * @return a new document sharing no container with {@code target} or {@code patch}
     */
    public static JsonNode apply(JsonNode target, JsonNode patch) {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(patch, "patch");
        if (!patch.isObject()) {
            return JsonTrees.copy(patch);
        }
        ObjectNode result = target.isObject() ? (ObjectNode) JsonTrees.copy(target) : JsonTrees.NODES.objectNode();
        Deque<ObjectNode[]> work = new ArrayDeque<>();
        work.push(new ObjectNode[] {result, (ObjectNode) patch});
        while (!work.isEmpty()) {
            ObjectNode[] pair = work.pop();
            ObjectNode into = pair[0];
            for (Map.Entry<String, JsonNode> member : pair[1].properties()) {
                JsonNode value = member.getValue();
                if (value.isNull()) {
                    into.remove(member.getKey());
                } else if (value.isObject()) {
                    JsonNode current = into.get(member.getKey());
                    ObjectNode merged = current instanceof ObjectNode object ? object : into.putObject(member.getKey());
                    work.push(new ObjectNode[] {merged, (ObjectNode) value});
                } else {
                    into.set(member.getKey(), JsonTrees.copy(value));
                }
            }
        }
        return result;
    }
}
