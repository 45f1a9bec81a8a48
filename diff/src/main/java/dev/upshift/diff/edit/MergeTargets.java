package dev.upshift.diff.edit;

import static dev.upshift.common.tree.JsonTrees.Equality.CONTENT;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.InputException;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.common.tree.JsonPointers;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.path.FieldPath;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A merge's change, applied to the documents of one file as they are now: each changed document
 * becomes what the merge made of it, three-way against the file (what the merge started from,
 * what it made, what the file holds), so that later edits of other fields stay, fields already at
 * the merged value stay, and noise the merge never saw stays.
 */
final class MergeTargets {
    private final TextEdits edits;
    private final MergeResult merge;
    private final Map<String, Integer> insertedAfter = new HashMap<>();

    private MergeTargets(TextEdits edits, MergeResult merge) {
        this.edits = edits;
        this.merge = merge;
    }

    /** A document's place in the file: a document of the file, or an item of a list in one. */
    private record Slot(int document, String list, int index) {}

    static void apply(TextEdits edits, MergeResult merge) {
        MergeTargets t = new MergeTargets(edits, merge);
        Set<DocumentId> ids = new TreeSet<>(merge.current().ids());
        ids.addAll(merge.documents().ids());
        for (DocumentId id : ids) {
            Optional<Document> current = merge.current().get(id);
            Optional<Document> merged = merge.documents().get(id);
            if (current.isPresent()) {
                t.change(current.get(), merged);
            } else if (merged.isPresent()) {
                t.add(merge, merged.get());
            }
        }
    }

    static Set<String> sources(MergeResult merge) {
        Set<String> out = new TreeSet<>();
        for (Document c : merge.current().documents()) {
            Optional<Document> m = merge.documents().get(c.id());
            if (m.isEmpty() || !JsonTrees.equal(c.tree(), m.get().tree(), CONTENT)) {
                out.add(c.source().source());
            }
        }
        for (Document m : merge.documents().documents()) {
            if (!merge.current().contains(m.id())) {
                beside(merge, m).ifPresent(s -> out.add(s.source().source()));
            }
        }
        return out;
    }

    private void change(Document c, Optional<Document> m) {
        if (!c.source().source().equals(edits.source())
                || m.isPresent() && JsonTrees.equal(c.tree(), m.get().tree(), CONTENT)) {
            return;
        }
        Optional<Slot> slot = find(c.id(), listOf(c));
        if (m.isEmpty()) {
            if (slot.isPresent()) {
                if (!sameDocument(read(slot.get()), c.tree())) {
                    throw conflict(c, "it changed since the change was computed, and the change removes it");
                }
                remove(slot.get());
            }
            return;
        }
        if (slot.isEmpty()) {
            throw conflict(c, "it is no longer in the file, and the change edits it");
        }
        JsonNode result = merge(read(slot.get()), c.tree(), m.get().tree(), FieldPath.root(), c);
        write(slot.get(), (ObjectNode) JsonTrees.copy(result));
    }

    private void add(MergeResult merge, Document m) {
        Document sibling = beside(merge, m).orElseThrow(() -> new TextEditException("the change adds " + m.displayName()
                + ", but the cluster has no document to write it beside; add it by hand"));
        if (!sibling.source().source().equals(edits.source())) {
            return;
        }
        String list = listOf(sibling);
        Optional<Slot> existing = find(m.id(), list);
        if (existing.isPresent()) {
            if (!sameDocument(read(existing.get()), m.tree())) {
                throw conflict(m, "the file already holds a different document of that name, and the change adds it");
            }
            return;
        }
        Slot at = find(sibling.id(), list).orElseThrow(() -> conflict(sibling, "it is no longer in the file, and the"
                + " change adds " + m.displayName() + " beside it"));
        ObjectNode tree = (ObjectNode) JsonTrees.copy(m.tree());
        if (at.list() == null) {
            edits.addAfter(at.document(), tree);
        } else {
            String key = at.document() + at.list() + " " + sibling.id();
            int before = insertedAfter.merge(key, 1, Integer::sum);
            ((ArrayNode) JsonPointers.resolve(edits.target(at.document()), at.list()).orElseThrow())
                    .insert(at.index() + before, tree);
        }
    }

    /** The cluster's document a new one goes beside: of its kind with the longest common name, else the last. */
    private static Optional<Document> beside(MergeResult merge, Document m) {
        Document best = null;
        int bestCommon = -1;
        for (Document c : merge.current().documents()) {
            if (c.id().group().equals(m.id().group()) && c.id().kind().equals(m.id().kind())) {
                int common = commonPrefix(c.id().name(), m.id().name());
                if (common > bestCommon) {
                    best = c;
                    bestCommon = common;
                }
            }
        }
        List<Document> all = merge.current().documents();
        return best != null ? Optional.of(best) : all.isEmpty() ? Optional.empty() : Optional.of(all.get(all.size() - 1));
    }

    private static int commonPrefix(String a, String b) {
        int n = 0;
        while (n < a.length() && n < b.length() && a.charAt(n) == b.charAt(n)) {
            n++;
        }
        return n;
    }

    /** The pointer of the list a document was an item of ({@code /spec/resources}), or null for a document of its own. */
    private static String listOf(Document d) {
        String p = d.sourcePointer();
        return p.isEmpty() ? null : p.substring(0, p.lastIndexOf('/'));
    }

    /**
     * The place of the document with this identity among the file's documents (or the items of
     * their lists at {@code list}); a document without a namespace matches one that has it, since
     * a reader may have given it a default.
     */
    private Optional<Slot> find(DocumentId id, String list) {
        List<Slot> exact = new ArrayList<>();
        List<Slot> loose = new ArrayList<>();
        List<SourceDocument> docs = edits.documents();
        for (int d = 0; d < docs.size(); d++) {
            if (edits.isRemoved(d)) {
                continue;
            }
            if (list == null) {
                match(id, edits.current(d), new Slot(d, null, -1), exact, loose);
            } else if (JsonPointers.resolve(edits.current(d), list).orElse(null) instanceof ArrayNode items) {
                for (int i = 0; i < items.size(); i++) {
                    match(id, items.get(i), new Slot(d, list, i), exact, loose);
                }
            }
        }
        List<Slot> found = exact.isEmpty() ? loose : exact;
        if (found.size() > 1) {
            throw new TextEditException(edits.source() + ": holds " + found.size() + " documents " + id
                    + "; cannot tell which to edit");
        }
        return found.stream().findFirst();
    }

    private static void match(DocumentId id, JsonNode tree, Slot slot, List<Slot> exact, List<Slot> loose) {
        JsonNode metadata = tree.path("metadata");
        if (!tree.path("kind").asText("").equals(id.kind()) || !metadata.path("name").asText("").equals(id.name())
                || !DocumentId.groupOf(tree.path("apiVersion").asText("")).equals(id.group())) {
            return;
        }
        String namespace = metadata.path("namespace").asText("");
        if (namespace.equals(id.namespace())) {
            exact.add(slot);
        } else if (namespace.isEmpty()) {
            loose.add(slot);
        }
    }

    private JsonNode read(Slot slot) {
        ObjectNode doc = edits.current(slot.document());
        return slot.list() == null ? doc : JsonPointers.resolve(doc, slot.list()).orElseThrow().get(slot.index());
    }

    private void write(Slot slot, ObjectNode tree) {
        if (slot.list() == null) {
            edits.replace(slot.document(), tree);
        } else {
            ((ArrayNode) JsonPointers.resolve(edits.target(slot.document()), slot.list()).orElseThrow()).set(slot.index(), tree);
        }
    }

    private void remove(Slot slot) {
        if (slot.list() == null) {
            edits.removeDocument(slot.document());
        } else {
            ((ArrayNode) JsonPointers.resolve(edits.target(slot.document()), slot.list()).orElseThrow()).remove(slot.index());
        }
    }

    /**
     * The file's value {@code f} changed as the merge changed {@code c} into {@code m}: where c and m
     * agree the file's value stays; where they differ, the file must hold c (then m is taken) or m
     * already. Mappings are merged key by key (an absent c counts as an empty mapping), lists whole.
     * Java null is absence. A conflict's message shows sensitive values masked, as the merge's
     * rules say.
     */
    private JsonNode merge(JsonNode f, JsonNode c, JsonNode m, FieldPath path, Document d) {
        if (JsonTrees.equal(c, m, CONTENT)) {
            return f;
        }
        if (f instanceof ObjectNode fo && m instanceof ObjectNode mo && (c == null || c.isObject())) {
            ObjectNode out = JsonTrees.NODES.objectNode();
            for (var e : fo.properties()) {
                JsonNode r = merge(e.getValue(), c == null ? null : c.get(e.getKey()), mo.get(e.getKey()),
                        path.field(e.getKey()), d);
                if (r != null) {
                    out.set(e.getKey(), r);
                }
            }
            for (var e : mo.properties()) {
                if (!fo.has(e.getKey())) {
                    JsonNode r = merge(null, c == null ? null : c.get(e.getKey()), e.getValue(), path.field(e.getKey()), d);
                    if (r != null) {
                        out.set(e.getKey(), r);
                    }
                }
            }
            return out;
        }
        if (JsonTrees.equal(f, c, CONTENT)) {
            return JsonTrees.isAbsent(m) && !(m != null && m.isNull()) ? null : m;
        }
        if (JsonTrees.equal(f, m, CONTENT)) {
            return f;
        }
        throw conflict(d, (path.isRoot() ? "the document" : path) + " is " + shown(d, path, f)
                + " in the file, where the change expected " + shown(d, path, c) + " and writes " + shown(d, path, m));
    }

    private String shown(Document d, FieldPath path, JsonNode v) {
        return JsonTrees.describe(merge.shown(d, path, v));
    }

    /** Whether a document of the file is the given one, server noise and a defaulted namespace aside. */
    private boolean sameDocument(JsonNode file, ObjectNode expected) {
        JsonNode stripped;
        try {
            stripped = DocumentSet.read(List.of(SourceDocument.of(edits.source(), (ObjectNode) file))).documents().get(0).tree();
        } catch (InputException | ClassCastException | IndexOutOfBoundsException e) {
            return false;
        }
        if (!stripped.path("metadata").has("namespace") && expected.path("metadata").has("namespace")) {
            ObjectNode copy = expected.deepCopy();
            ((ObjectNode) copy.get("metadata")).remove("namespace");
            return JsonTrees.equal(stripped, copy, CONTENT);
        }
        return JsonTrees.equal(stripped, expected, CONTENT);
    }

    private TextEditException conflict(Document d, String why) {
        return new TextEditException(edits.source() + ": " + d.displayName() + ": " + why
                + "; the file changed since the change was computed: compute it again");
    }
}
