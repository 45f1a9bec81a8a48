package dev.upshift.diff.render;

import static dev.upshift.diff.internal.JsonTrees.Equality.CONTENT;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.merge.FieldChange;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.patch.JsonPatch;
import dev.upshift.diff.patch.JsonPatchException;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.path.PathElement;
import dev.upshift.diff.patch.JsonPointers;
import dev.upshift.diff.internal.ItemLookup;
import dev.upshift.diff.internal.JsonText;
import dev.upshift.diff.internal.JsonTrees;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * RFC 6902 JSON Patches, one per changed document, against the cluster's document, made from the
 * merge's change list.
 *
 * <p>Keys become the indices the items have in the cluster's document when the operation runs.
 * Before every operation whose pointer passes through a list item, a {@code test} checks that item's
 * key fields (or, for a set, its value) at that index, so that a patch applied to a list that moved
 * in the meantime fails instead of changing the wrong item. Fields and removed items come first (in
 * path order), then added list items in their final order. Each patch is checked by applying it to
 * the cluster's document and comparing with the merged one; a mismatch is a bug and throws
 * {@link IllegalStateException}.
 */
public final class JsonPatches {
    private JsonPatches() {}

    /** The patch of every changed document, in identity order. */
    public static List<DocumentPatch> of(MergeResult result) {
        return DocumentPatch.forChangedDocuments(result, "the document is removed", (id, current, merged) -> {
            if (current.isEmpty()) {
                ArrayNode create = JsonTrees.NODES.arrayNode();
                create.addObject().put("op", "add").put("path", "").set("value", merged.tree());
                return new DocumentPatch(id, merged.displayName(), DocumentPatch.Action.CREATE, Optional.of(create), "");
            }
            ArrayNode patch = patch(current.get(), merged, result.changes(id));
            return new DocumentPatch(id, current.get().displayName(), DocumentPatch.Action.PATCH, Optional.of(patch), "");
        });
    }

    /** The patches as a JSON array of {@code {document, action, patch}} entries. */
    public static String render(MergeResult result) {
        ArrayNode out = JsonTrees.NODES.arrayNode();
        for (DocumentPatch p : of(result)) {
            ObjectNode entry = DocumentEntry.fill(out.addObject(), p);
            p.patch().ifPresent(v -> entry.set("patch", v));
        }
        return JsonText.pretty(out);
    }

    static ArrayNode patch(Document current, Document merged, List<FieldChange> changes) {
        WorkingCopy work = new WorkingCopy(current.tree());
        ArrayNode ops = JsonTrees.NODES.arrayNode();
        List<FieldChange> additions = new ArrayList<>();
        for (FieldChange c : changes) {
            if (!c.changesCluster()) {
                continue;
            }
            if (isItemAddition(c)) {
                additions.add(c);
            } else {
                fieldOrRemoval(work, ops, c);
            }
        }
        additions.sort(Comparator.comparing((FieldChange c) -> c.path().parent())
                .thenComparingInt(c -> finalIndex(merged, c.path())));
        for (FieldChange c : additions) {
            addItem(work, ops, c, finalIndex(merged, c.path()));
        }
        check(current, merged, ops);
        return ops;
    }

    /**
     * The cluster's document as the operations so far changed it, sharing what they did not touch:
     * each step copies only the containers on its path (the input is never modified).
     */
    private static final class WorkingCopy {
        private final Set<JsonNode> owned = Collections.newSetFromMap(new IdentityHashMap<>());
        private JsonNode root;

        WorkingCopy(JsonNode root) {
            this.root = root;
        }

        JsonNode ownedRoot() {
            if (!owned.contains(root)) {
                root = copy(root);
            }
            return root;
        }

        /** The child of an owned container, made owned too. */
        JsonNode ownedChild(JsonNode parent, PathElement step, int index) {
            JsonNode child = step instanceof PathElement.Field f ? parent.get(f.name()) : parent.get(index);
            if (child == null || owned.contains(child) || !child.isContainerNode()) {
                return child;
            }
            JsonNode copy = copy(child);
            if (step instanceof PathElement.Field f) {
                ((ObjectNode) parent).set(f.name(), copy);
            } else {
                ((ArrayNode) parent).set(index, copy);
            }
            return copy;
        }

        private JsonNode copy(JsonNode node) {
            JsonNode copy;
            if (node instanceof ObjectNode o) {
                ObjectNode c = JsonTrees.NODES.objectNode();
                c.setAll(o);
                copy = c;
            } else {
                ArrayNode c = JsonTrees.NODES.arrayNode(node.size());
                c.addAll((ArrayNode) node);
                copy = c;
            }
            owned.add(copy);
            return copy;
        }
    }

    private static boolean isItemAddition(FieldChange c) {
        return c.current().isEmpty() && c.path().last().filter(e -> !(e instanceof PathElement.Field)).isPresent();
    }

    private static int finalIndex(Document merged, FieldPath path) {
        JsonNode list = path.parent().resolve(merged.tree()).orElseThrow();
        return indexIn(list, path.last().orElseThrow());
    }

    /** Walks to the parent of the path's last step, guarding every list item on the way. */
    private static Step walk(WorkingCopy work, ArrayNode ops, FieldPath path) {
        StringBuilder pointer = new StringBuilder();
        JsonNode node = work.ownedRoot();
        List<PathElement> elements = path.elements();
        for (int i = 0; i < elements.size() - 1; i++) {
            PathElement e = elements.get(i);
            int index = -1;
            if (e instanceof PathElement.Field f) {
                pointer.append('/').append(JsonPointers.escape(f.name()));
            } else {
                index = indexIn(node, e);
                pointer.append('/').append(index);
                guard(ops, pointer.toString(), e);
            }
            node = work.ownedChild(node, e, index);
            if (node == null) {
                throw new IllegalStateException("cannot resolve " + path + " in the cluster's document");
            }
        }
        return new Step(node, pointer.toString());
    }

    private record Step(JsonNode parent, String pointer) {}

    private static void fieldOrRemoval(WorkingCopy work, ArrayNode ops, FieldChange c) {
        Step step = walk(work, ops, c.path());
        PathElement last = c.path().last().orElseThrow(() -> new IllegalStateException("a whole-document change"));
        JsonNode value = c.result().orElse(null);
        if (last instanceof PathElement.Field f) {
            ObjectNode parent = (ObjectNode) step.parent();
            String pointer = step.pointer() + "/" + JsonPointers.escape(f.name());
            if (value == null) {
                ops.addObject().put("op", "remove").put("path", pointer);
                parent.remove(f.name());
            } else {
                ops.addObject().put("op", parent.has(f.name()) ? "replace" : "add").put("path", pointer).set("value", value);
                parent.set(f.name(), value);
            }
            return;
        }
        ArrayNode list = (ArrayNode) step.parent();
        int index = indexIn(list, last);
        String pointer = step.pointer() + "/" + index;
        guard(ops, pointer, last);
        if (value == null) {
            ops.addObject().put("op", "remove").put("path", pointer);
            list.remove(index);
        } else {
            ops.addObject().put("op", "replace").put("path", pointer).set("value", value);
            list.set(index, value);
        }
    }

    private static void addItem(WorkingCopy work, ArrayNode ops, FieldChange c, int index) {
        Step step = walk(work, ops, c.path());
        ArrayNode list = (ArrayNode) step.parent();
        JsonNode value = c.result().orElseThrow();
        String at = index >= list.size() ? "-" : String.valueOf(index);
        ops.addObject().put("op", "add").put("path", step.pointer() + "/" + at).set("value", value);
        list.insert(Math.min(index, list.size()), value);
    }

    /** A {@code test} per key field (or of the value, for a set item) of the item at {@code pointer}. */
    private static void guard(ArrayNode ops, String pointer, PathElement e) {
        if (e instanceof PathElement.Key k) {
            for (int i = 0; i < k.names().size(); i++) {
                ops.addObject().put("op", "test").put("path", pointer + "/" + JsonPointers.escape(k.names().get(i)))
                        .set("value", k.values().get(i));
            }
        } else if (e instanceof PathElement.Value v) {
            ops.addObject().put("op", "test").put("path", pointer).set("value", v.value());
        }
    }

    private static int indexIn(JsonNode list, PathElement e) {
        int index = ItemLookup.indexOf(list, e);
        if (index < 0) {
            throw new IllegalStateException("no list item " + e);
        }
        return index;
    }

    private static void check(Document current, Document merged, ArrayNode ops) {
        try {
            JsonNode patched = JsonPatch.apply(current.tree(), ops);
            if (!JsonTrees.equal(patched, merged.tree(), CONTENT)) {
                throw new IllegalStateException("internal error: the JSON Patch for " + merged.displayName()
                        + " does not reproduce the merged document");
            }
        } catch (JsonPatchException e) {
            throw new IllegalStateException("internal error: the JSON Patch for " + merged.displayName()
                    + " does not apply: " + e.getMessage(), e);
        }
    }
}
