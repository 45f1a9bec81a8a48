package dev.upshift.diff.render;

import static dev.upshift.common.tree.JsonTrees.Equality.CONTENT;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.tree.JsonPointers;
import dev.upshift.common.tree.JsonText;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.merge.FieldChange;
import dev.upshift.diff.merge.ListDecision;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.patch.JsonPatch;
import dev.upshift.diff.patch.JsonPatchException;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.path.ItemLookup;
import dev.upshift.diff.path.PathElement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * RFC 6902 JSON Patches, one per changed document, against the cluster's document, made from the
 * merge's change list.
 *
 * <p>Keys become the indices the items have in the cluster's document when the operation runs.
 * Before every operation whose pointer passes through a list item, a {@code test} checks that item's
 * key fields (or, for a set, its value) at that index (a key field the item leaves out, which its
 * key default stands in for, cannot be tested), so that a patch applied to a list that moved
 * in the meantime fails instead of changing the wrong item. Fields and removed items come first (in
 * path order), then added list items in their final order; a decision below a field that another
 * removes (a mapping or list the merge emptied) needs no operation of its own. Each patch is
 * checked by applying it to the cluster's document and comparing with the merged one; a mismatch
 * is a bug and throws {@link IllegalStateException}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
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
            ArrayNode patch = patch(current.get(), merged, result.changes(id), result.listDecisions(id));
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

    static ArrayNode patch(Document current, Document merged, List<FieldChange> changes, Map<FieldPath, ListDecision> lists) {
        Items items = new Items(lists);
        WorkingCopy work = new WorkingCopy(current.tree());
        ArrayNode ops = JsonTrees.NODES.arrayNode();
        List<FieldChange> additions = new ArrayList<>();
        List<FieldPath> removed = new ArrayList<>();
        for (FieldChange c : changes) {
            if (!c.changesCluster() || removed.stream().anyMatch(r -> r.contains(c.path()))) {
                continue;
            }
            if (c.result().isEmpty()) {
                removed.add(c.path());
            }
            if (isItemAddition(c)) {
                additions.add(c);
            } else {
                fieldOrRemoval(items, work, ops, c);
            }
        }
        additions.sort(Comparator.comparing((FieldChange c) -> c.path().parent())
                .thenComparingInt(c -> items.finalIndex(merged, c.path())));
        for (FieldChange c : additions) {
            addItem(items, work, ops, c, items.finalIndex(merged, c.path()));
        }
        check(current, merged, ops, changes.stream().anyMatch(FieldChange::sensitive));
        return ops;
    }

    /** Finds list items by key as the merge matched them: key defaults fill key fields an item leaves out. */
    private record Items(Map<FieldPath, ListDecision> lists) {
        Map<String, JsonNode> defaults(List<PathElement> listPath) {
            ListDecision d = lists.get(new FieldPath(listPath));
            return d == null ? Map.of() : d.keyDefaults();
        }

        int indexIn(JsonNode list, List<PathElement> listPath, PathElement e) {
            int index = ItemLookup.indexOf(list, e, defaults(listPath));
            if (index < 0) {
                throw new IllegalStateException("no list item " + e);
            }
            return index;
        }

        int finalIndex(Document merged, FieldPath path) {
            JsonNode node = merged.tree();
            List<PathElement> elements = path.elements();
            for (int i = 0; i < elements.size(); i++) {
                PathElement e = elements.get(i);
                int index = e instanceof PathElement.Field ? -1 : indexIn(node, elements.subList(0, i), e);
                if (i == elements.size() - 1) {
                    return index;
                }
                node = e instanceof PathElement.Field f ? node.get(f.name()) : node.get(index);
            }
            throw new IllegalStateException("not a list item: " + path);
        }
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

    /** Walks to the parent of the path's last step, guarding every list item on the way. */
    private static Step walk(Items items, WorkingCopy work, ArrayNode ops, FieldPath path) {
        StringBuilder pointer = new StringBuilder();
        JsonNode node = work.ownedRoot();
        List<PathElement> elements = path.elements();
        for (int i = 0; i < elements.size() - 1; i++) {
            PathElement e = elements.get(i);
            int index = -1;
            if (e instanceof PathElement.Field f) {
                pointer.append('/').append(JsonPointers.escape(f.name()));
            } else {
                index = items.indexIn(node, elements.subList(0, i), e);
                pointer.append('/').append(index);
                guard(ops, pointer.toString(), e, node.get(index));
            }
            node = work.ownedChild(node, e, index);
            if (node == null) {
                throw new IllegalStateException("cannot resolve " + path + " in the cluster's document");
            }
        }
        return new Step(node, pointer.toString());
    }

    private record Step(JsonNode parent, String pointer) {}

    private static void fieldOrRemoval(Items items, WorkingCopy work, ArrayNode ops, FieldChange c) {
        Step step = walk(items, work, ops, c.path());
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
        int index = items.indexIn(list, c.path().parent().elements(), last);
        String pointer = step.pointer() + "/" + index;
        guard(ops, pointer, last, list.get(index));
        if (value == null) {
            ops.addObject().put("op", "remove").put("path", pointer);
            list.remove(index);
        } else {
            ops.addObject().put("op", "replace").put("path", pointer).set("value", value);
            list.set(index, value);
        }
    }

    private static void addItem(Items items, WorkingCopy work, ArrayNode ops, FieldChange c, int index) {
        Step step = walk(items, work, ops, c.path());
        ArrayNode list = (ArrayNode) step.parent();
        JsonNode value = c.result().orElseThrow();
        String at = index >= list.size() ? "-" : String.valueOf(index);
        ops.addObject().put("op", "add").put("path", step.pointer() + "/" + at).set("value", value);
        list.insert(Math.min(index, list.size()), value);
    }

    /**
     * A {@code test} per key field (or of the value, for a set item) of the item at {@code pointer};
     * a key field the item leaves out (its key default stands in) cannot be tested and is not.
     */
    private static void guard(ArrayNode ops, String pointer, PathElement e, JsonNode item) {
        if (e instanceof PathElement.Key k) {
            for (int i = 0; i < k.names().size(); i++) {
                JsonNode has = item.get(k.names().get(i));
                if (has == null || has.isNull()) {
                    continue;
                }
                ops.addObject().put("op", "test").put("path", pointer + "/" + JsonPointers.escape(k.names().get(i)))
                        .set("value", k.values().get(i));
            }
        } else if (e instanceof PathElement.Value) {
            // the item as the cluster writes it: the path's value is normalised (members holding null
            // dropped), and test compares members exactly
            ops.addObject().put("op", "test").put("path", pointer).set("value", item.deepCopy());
        }
    }

    private static void check(Document current, Document merged, ArrayNode ops, boolean sensitive) {
        try {
            JsonNode patched = JsonPatch.apply(current.tree(), ops);
            if (!JsonTrees.equal(patched, merged.tree(), CONTENT)) {
                throw new IllegalStateException("internal error: the JSON Patch for " + merged.displayName()
                        + " does not reproduce the merged document");
            }
        } catch (JsonPatchException e) {
            // a failed test quotes the values it compared
            throw new IllegalStateException("internal error: the JSON Patch for " + merged.displayName()
                    + " does not apply" + (sensitive ? " (its values are sensitive, not shown)" : ": " + e.getMessage()),
                    sensitive ? null : e);
        }
    }
}
