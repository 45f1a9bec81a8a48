package dev.upshift.diff.merge;

import static dev.upshift.common.tree.JsonTrees.Equality.CONTENT;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.path.PathElement;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.Impact;
import dev.upshift.diff.rule.ListType;
import dev.upshift.diff.rule.OnConflict;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Merges one document: walks B, C and T together, applies the merge table at each field and
 * records a {@link FieldChange} per decision. Results share unchanged subtrees with the inputs
 * (C's, or T's where T's value is taken); nothing is ever modified in place.
 */
final class MergeWalker {
    private final DocumentId id;
    private final Document base;
    private final Document current;
    private final Document target;
    private final boolean twoWay;
    private final boolean repair;
    private final Impact defaultImpact;
    private final List<FieldChange> changes;
    private final List<ListDecision> lists;
    private final Problems problems;

    /** Set once a problem was recorded: the rest of the document is left as it is, and dropped. */
    private boolean abandoned;

    /** The rules at the document's root, for paths shown to people ({@link Masking#shownPath}). */
    private FieldPolicy root;

    /** The path walked so far, built into a {@link FieldPath} only when a decision needs one. */
    private record Trail(Trail parent, PathElement element) {
        static final Trail ROOT = new Trail(null, null);

        Trail child(PathElement e) {
            return new Trail(this, e);
        }

        FieldPath path() {
            List<PathElement> out = new ArrayList<>();
            for (Trail t = this; t.parent != null; t = t.parent) {
                out.add(t.element);
            }
            java.util.Collections.reverse(out);
            return new FieldPath(out);
        }
    }

    MergeWalker(DocumentId id, Document base, Document current, Document target, boolean twoWay, boolean repair,
            Impact defaultImpact, List<FieldChange> changes, List<ListDecision> lists, Problems problems) {
        this.id = id;
        this.base = base;
        this.current = current;
        this.target = target;
        this.twoWay = twoWay;
        this.repair = repair;
        this.defaultImpact = defaultImpact;
        this.changes = changes;
        this.lists = lists;
        this.problems = problems;
    }

    /**
     * The merged document; empty when it is removed (or could not be merged: see the problems).
     * {@code newVersion} is the built-in table's root for the target's version (null: none).
     */
    Optional<Document> mergeDocument(FieldPolicy root, ListSchema.Node newVersion) {
        this.root = root;
        JsonNode merged = merge(Trail.ROOT, root, false, tree(base), tree(current), tree(target), true);
        if (abandoned || !(merged instanceof ObjectNode tree)) {
            return Optional.empty();
        }
        Document origin = current != null ? current : target;
        JsonNode apiVersion = tree.get("apiVersion");
        String version = apiVersion != null && apiVersion.isTextual() ? apiVersion.textValue() : origin.apiVersion();
        if (current != null && !version.equals(current.apiVersion())) {
            checkShapes(root, tree, version, newVersion);
        }
        return Optional.of(new Document(id, version, tree, origin.source(), origin.sourcePointer()));
    }

    /**
     * The apiVersion moved: a value kept from the cluster in a shape the new version does not have
     * blocks the upgrade, naming the field and both shapes.
     */
    private void checkShapes(FieldPolicy root, JsonNode merged, String version, ListSchema.Node newVersion) {
        for (VersionShapes.Misfit m : VersionShapes.misfits(merged, tree(target), newVersion)) {
            JsonNode b = base == null ? null : m.path().resolve(base.tree()).orElse(null);
            JsonNode c = m.path().resolve(current.tree()).orElse(null);
            FieldPolicy p = Masking.at(root, m.path());
            Masking.Sides shown = Masking.sides(p, b, c, m.target());
            JsonNode kept = Masking.mask(p, m.merged());
            FieldPath shownPath = Masking.shownPath(root, m.path());
            changes.add(new FieldChange(id, m.path(), Optional.ofNullable(b), Optional.ofNullable(c),
                    Optional.ofNullable(m.target()), Optional.ofNullable(c), Optional.empty(), ChangeReason.VERSION_SHAPE,
                    Resolution.BLOCKED, "the document moves from " + current.apiVersion() + " to " + version
                            + ", but the value here, " + VersionShapes.words(m.merged()) + " kept from the cluster ("
                            + Messages.show(kept) + "), does not fit " + version + ", which has " + m.expected()
                            + "; convert it to the new version's shape (or let the release say how); blocked",
                    Impact.NONE, shown.sensitive() || kept != m.merged() || shownPath != m.path(), shownPath));
        }
    }

    private static JsonNode tree(Document d) {
        return d == null ? null : d.tree();
    }

    /**
     * The merged value at one node; null for absent. {@code unit} marks list items and documents,
     * which are removed or kept whole when the target drops them.
     */
    private JsonNode merge(Trail at, FieldPolicy p, boolean frozenAbove, JsonNode rawB, JsonNode rawC, JsonNode rawT,
            boolean unit) {
        if (abandoned || p.ignored()) {
            return rawC;
        }
        JsonNode b = JsonTrees.present(rawB);
        JsonNode c = JsonTrees.present(rawC);
        JsonNode t = JsonTrees.present(rawT);
        boolean frozen = p.mutableSetHere() ? !p.mutable() && (frozenAbove || c != null) : frozenAbove;
        if (c == null) {
            if (t == null) {
                return rawC;
            }
            if (twoWay || b == null) {
                return take(at, p, frozen, b, null, t, ChangeReason.ADDED, rawC, Optional.empty());
            }
            return leaf(at, p, frozen, b, null, t, rawC);
        }
        if (c.isContainerNode() && p.keepsWholeHere() && conflictsAsAWhole(b, c, t)) {
            // keep decides at its rule's path: the cluster's whole value stays, never a fragment of it
            return conflict(at, p, frozen, b, c, t, twoWay ? ChangeReason.NO_BASELINE : ChangeReason.CONFLICT, rawC);
        }
        if (c.isObject() && (t == null || t.isObject()) && (b == null || b.isObject())) {
            if (t == null && (b == null || unit || JsonTrees.equal(b, c, CONTENT))) {
                return leaf(at, p, frozen, b, c, null, rawC);
            }
            int mark = changes.size();
            return unlessEmptied(at, p, frozen, b, c, t, mergeObject(at, p, frozen, b, c, t), mark);
        }
        if (c.isArray() && (t == null || t.isArray()) && (b == null || b.isArray())) {
            if (t == null && (b == null || JsonTrees.equal(b, c, CONTENT))) {
                return leaf(at, p, frozen, b, c, null, rawC);
            }
            int mark = changes.size();
            return unlessEmptied(at, p, frozen, b, c, t, mergeList(at, p, frozen, b, c, t), mark);
        }
        return leaf(at, p, frozen, b, c, t, rawC);
    }

    /**
     * Whether the cluster's and the target's values, taken whole, are a conflict of the merge table
     * (C ≠ T, and neither C nor T still is B), as opposed to a value only the cluster has. Field by
     * field, such a pair can merge into a value that is neither.
     */
    private boolean conflictsAsAWhole(JsonNode b, JsonNode c, JsonNode t) {
        if (JsonTrees.equal(c, t, CONTENT)) {
            return false;
        }
        if (twoWay) {
            return t != null;
        }
        if (b == null) {
            return t != null;
        }
        return !JsonTrees.equal(c, b, CONTENT) && !JsonTrees.equal(t, b, CONTENT);
    }

    /**
     * The empty-container rule: a mapping or list the merge emptied goes too, unless the old or the
     * new release has it empty (an empty selector matches everything; an empty list is not "no
     * list"). An immutable container stays. Emptied containers below this one are subsumed by its
     * removal, so their records go.
     */
    private JsonNode unlessEmptied(Trail at, FieldPolicy p, boolean frozen, JsonNode b, JsonNode c, JsonNode t,
            JsonNode merged, int mark) {
        if (merged == c || merged == null || !merged.isEmpty() || c.isEmpty() || at.parent() == null || frozen
                || abandoned || isEmptyContainer(b) || isEmptyContainer(t)) {
            return merged;
        }
        changes.subList(mark, changes.size()).removeIf(x -> x.reason() == ChangeReason.EMPTIED);
        Masking.Sides shown = Masking.sides(p, b, c, t);
        record(at, b, c, t, null, Optional.empty(), ChangeReason.EMPTIED, Resolution.TARGET, Messages.emptied(shown.c()),
                impactOf(p, c, null), shown.sensitive());
        return null;
    }

    /** Empty by content: a mapping whose members all hold null is empty too ({@code {template: null}} is {@code {}}). */
    private static boolean isEmptyContainer(JsonNode v) {
        if (v == null || !v.isContainerNode()) {
            return false;
        }
        for (JsonNode member : v) {
            if (v.isArray() || !JsonTrees.isAbsent(member)) {
                return false;
            }
        }
        return true;
    }

    private JsonNode mergeObject(Trail at, FieldPolicy p, boolean frozen, JsonNode b, JsonNode c, JsonNode t) {
        ObjectNode out = null;
        for (Iterator<Map.Entry<String, JsonNode>> it = c.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode bv = b == null ? null : b.get(e.getKey());
            JsonNode tv = t == null ? null : t.get(e.getKey());
            if (bv == null && tv == null || tv != null && JsonTrees.equal(e.getValue(), tv, CONTENT)) {
                continue;
            }
            PathElement f = new PathElement.Field(e.getKey());
            JsonNode r = merge(at.child(f), p.child(f), frozen, bv, e.getValue(), tv, false);
            if (r != e.getValue()) {
                out = out == null ? shallowCopy(c) : out;
                if (r == null) {
                    out.remove(e.getKey());
                } else {
                    out.set(e.getKey(), r);
                }
            }
        }
        if (t != null) {
            for (Iterator<Map.Entry<String, JsonNode>> it = t.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (c.has(e.getKey())) {
                    continue;
                }
                PathElement f = new PathElement.Field(e.getKey());
                JsonNode r = merge(at.child(f), p.child(f), frozen, b == null ? null : b.get(e.getKey()), null,
                        e.getValue(), false);
                if (r != null) {
                    out = out == null ? shallowCopy(c) : out;
                    out.set(e.getKey(), r);
                }
            }
        }
        return out == null ? c : out;
    }

    private static ObjectNode shallowCopy(JsonNode c) {
        ObjectNode copy = JsonTrees.NODES.objectNode();
        copy.setAll((ObjectNode) c);
        return copy;
    }

    private JsonNode mergeList(Trail at, FieldPolicy p, boolean frozen, JsonNode b, JsonNode c, JsonNode t) {
        ListItems.Kind kind = ListItems.kind(p, b, c, t);
        lists.add(new ListDecision(id, at.path(), kind.type(), kind.keys(), kind.defaults(), kind.decidedBy(), kind.rule(),
                kind.explanation()));
        if (kind.type() == ListType.ATOMIC) {
            return leaf(at, p, frozen, b, c, t, c);
        }
        Map<PathElement, JsonNode> bi = index(kind, p, b, base, "base", at);
        Map<PathElement, JsonNode> ci = index(kind, p, c, current, "current", at);
        Map<PathElement, JsonNode> ti = index(kind, p, t, target, "target", at);
        if (abandoned) {
            return c;
        }
        int mark = changes.size();
        List<JsonNode> out = new ArrayList<>(ci.size() + ti.size());
        boolean changed = false;
        for (Map.Entry<PathElement, JsonNode> e : ci.entrySet()) {
            PathElement k = e.getKey();
            JsonNode ti0 = ti.get(k);
            if (ti0 != null && JsonTrees.equal(e.getValue(), ti0, CONTENT)) {
                out.add(e.getValue());
                continue;
            }
            JsonNode r = merge(at.child(k), p.child(k), frozen, bi.get(k), e.getValue(), ti.get(k), true);
            if (r != null) {
                out.add(r);
            }
            changed |= r != e.getValue();
        }
        for (Map.Entry<PathElement, JsonNode> e : ti.entrySet()) {
            PathElement k = e.getKey();
            if (!ci.containsKey(k)) {
                JsonNode r = merge(at.child(k), p.child(k), frozen, bi.get(k), null, e.getValue(), true);
                if (r != null) {
                    out.add(r);
                    changed = true;
                }
            }
        }
        if (!changed) {
            return c;
        }
        ArrayNode list = JsonTrees.NODES.arrayNode(out.size());
        list.addAll(out);
        Optional<String> duplicate = p.builtInList().flatMap(spec -> UniqueItems.violation(spec, list));
        if (duplicate.isPresent()) {
            // the decisions below would make a list the API server refuses: none of them is taken
            changes.subList(mark, changes.size()).clear();
            Masking.Sides shown = Masking.sides(p, b, c, t);
            JsonNode shownList = Masking.mask(p, list);
            String why = shownList == list ? duplicate.get()
                    : p.builtInList().flatMap(spec -> UniqueItems.violation(spec, shownList)).orElse(
                            "the merged list would hold two items its validation says must differ");
            record(at, b, c, t, c, Optional.empty(), ChangeReason.DUPLICATE_ITEMS, Resolution.BLOCKED,
                    why + "; blocked", Impact.NONE, shown.sensitive() || shownList != list);
            return c;
        }
        return list;
    }

    /** The items of one side's list by key; empty, with the problem recorded and the document abandoned, when they cannot be. */
    private Map<PathElement, JsonNode> index(ListItems.Kind kind, FieldPolicy p, JsonNode list, Document doc, String side,
            Trail at) {
        if (abandoned) {
            return Map.of();
        }
        return ListItems.index(kind, list, p, bad -> {
            FieldPath path = at.path();
            String pointer = path.toPointer(doc.tree()).orElse("") + "/" + bad.index();
            path = Masking.shownPath(root, path);
            String rule = kind.rule().map(r -> "; rule " + r.describe()).orElse("; " + kind.explanation());
            problems.error(doc.locate(pointer), path + "[" + bad.index() + "]", "cannot match list items in the "
                    + side + " document " + doc.displayName() + ": " + bad.message() + rule);
            abandoned = true;
        }).orElse(Map.of());
    }

    /** The merge table for a value taken as a whole. */
    private JsonNode leaf(Trail at, FieldPolicy p, boolean frozen, JsonNode b, JsonNode c, JsonNode t, JsonNode rawC) {
        if (JsonTrees.equal(c, t, CONTENT)) {
            return rawC;
        }
        if (twoWay) {
            return t == null ? rawC : conflict(at, p, frozen, null, c, t, ChangeReason.NO_BASELINE, rawC);
        }
        if (b != null && JsonTrees.equal(c, b, CONTENT)) {
            ChangeReason reason = t == null ? ChangeReason.RELEASE_REMOVED : ChangeReason.RELEASE_CHANGED;
            return take(at, p, frozen, b, c, t, reason, rawC, Optional.empty());
        }
        if (b == null && t == null) {
            return rawC;
        }
        if (b != null && JsonTrees.equal(t, b, CONTENT)) {
            if (repair && p.onConflict() != OnConflict.KEEP) {
                return take(at, p, frozen, b, c, t, ChangeReason.DRIFTED, rawC, Optional.empty());
            }
            Masking.Sides shown = Masking.sides(p, b, c, t);
            record(at, b, c, t, c, Optional.empty(), ChangeReason.CUSTOMISATION_KEPT, Resolution.CURRENT,
                    Messages.kept(shown.b(), shown.c()), Impact.NONE, shown.sensitive());
            return rawC;
        }
        return conflict(at, p, frozen, b, c, t, ChangeReason.CONFLICT, rawC);
    }

    private JsonNode conflict(Trail at, FieldPolicy p, boolean frozen, JsonNode b, JsonNode c, JsonNode t,
            ChangeReason reason, JsonNode rawC) {
        OnConflict mode = p.onConflict();
        if (mode == OnConflict.OVERWRITE) {
            return take(at, p, frozen, b, c, t, reason, rawC, p.onConflictRule());
        }
        Resolution resolution = mode == OnConflict.KEEP ? Resolution.CURRENT : Resolution.BLOCKED;
        Masking.Sides shown = Masking.sides(p, b, c, t);
        record(at, b, c, t, c, p.onConflictRule(), reason, resolution,
                Messages.conflict(reason, mode, shown.b(), shown.c(), shown.t()), Impact.NONE, shown.sensitive());
        return rawC;
    }

    /** Takes the target's value (null: removes), unless the field is immutable. */
    private JsonNode take(Trail at, FieldPolicy p, boolean frozen, JsonNode b, JsonNode c, JsonNode t,
            ChangeReason reason, JsonNode rawC, Optional<FieldRule> rule) {
        Masking.Sides shown = Masking.sides(p, b, c, t);
        if (frozen) {
            record(at, b, c, t, c, p.mutableRule(), ChangeReason.IMMUTABLE, Resolution.BLOCKED,
                    Messages.immutable(reason, shown.c(), shown.t()), Impact.NONE, shown.sensitive());
            return rawC;
        }
        boolean wholeUnitRemoved = t == null && (at.parent() == null || !(at.element() instanceof PathElement.Field));
        Optional<ImmutableFields.Violation> below = c == null || wholeUnitRemoved ? Optional.empty()
                : ImmutableFields.violation(p, c, t);
        if (below.isPresent()) {
            Masking.Words words = Masking.immutableBelow(root, p, reason, at.path(), below.get());
            record(at, b, c, t, c, Optional.of(below.get().rule()), ChangeReason.IMMUTABLE, Resolution.BLOCKED,
                    words.message(), Impact.NONE, shown.sensitive() || words.sensitive());
            return rawC;
        }
        String message = reason == ChangeReason.CONFLICT || reason == ChangeReason.NO_BASELINE
                ? Messages.conflict(reason, OnConflict.OVERWRITE, shown.b(), shown.c(), shown.t())
                : Messages.taken(reason, shown.c(), shown.t());
        record(at, b, c, t, t, rule, reason, Resolution.TARGET, message, impactOf(p, c, t), shown.sensitive());
        return t;
    }

    private Impact impactOf(FieldPolicy p, JsonNode c, JsonNode t) {
        Impact impact = p.impact(defaultImpact);
        if (c != null) {
            impact = SubtreeImpact.of(p, c, impact, defaultImpact);
        }
        if (t != null) {
            impact = SubtreeImpact.of(p, t, impact, defaultImpact);
        }
        return impact;
    }

    private void record(Trail at, JsonNode b, JsonNode c, JsonNode t, JsonNode result, Optional<FieldRule> rule,
            ChangeReason reason, Resolution resolution, String message, Impact impact, boolean sensitive) {
        FieldPath path = at.path();
        FieldPath shownPath = Masking.shownPath(root, path);
        changes.add(new FieldChange(id, path, Optional.ofNullable(b), Optional.ofNullable(c), Optional.ofNullable(t),
                Optional.ofNullable(result), rule, reason, resolution, message, impact, sensitive || shownPath != path,
                shownPath));
    }
}
