package dev.upshift.diff.merge;

import static dev.upshift.testing.UserMessages.assertNamesNoJavaClass;
import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.patch.JsonPatch;
import dev.upshift.diff.render.ChangeFormat;
import dev.upshift.diff.render.DocumentPatch;
import dev.upshift.diff.render.JsonPatches;
import dev.upshift.diff.render.MergePatches;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.Impact;
import dev.upshift.diff.rule.ListType;
import dev.upshift.diff.rule.OnConflict;
import dev.upshift.testing.Content;
import dev.upshift.testing.Json;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Coverage-guided fuzzing of the three-way merge (Jazzer). The fuzzer builds a base B of small
 * Kubernetes-shaped documents (Deployments whose lists the built-in table keys, and documents of
 * unknown kinds), a cluster C and a target T by editing copies of B (changing, adding, nulling and
 * removing fields, adding, removing, duplicating and reordering list items, adding and removing
 * documents), and picks a few field rules. The merge and its renderings are held to the contracts of
 * {@link ThreeWayMerge}, {@link MergeResult} and {@link JsonPatches} and the table of docs/diff.md:
 * <ul>
 *   <li>the merge throws nothing but an {@link InputException} (naming no Java class), and that only
 *       when a rule keys a list or makes it a set; no tree is ever changed, by the merge or any rendering;
 *   <li>merge(B, C, B) = C, unchanged and not blocked: a release that changes nothing leaves the
 *       cluster exactly as it is; merge(B, C, C) = C; merging C with itself, with or without a base,
 *       decides nothing;
 *   <li>merge(B, B, T) = T up to the order of list items, not blocked, when no rule marks fields
 *       immutable or ignored;
 *   <li>every merged document that differs from the cluster's has a change saying so; a blocked
 *       field keeps the cluster's value; each JSON Patch turns the cluster's document into the
 *       merged one; without a base every decision is a filled field or a "no baseline" conflict.
 * </ul>
 * Plain {@code mvn test} replays the seeds in
 * {@code src/test/resources/dev/upshift/diff/merge/ThreeWayMergeFuzzTestInputs/}; docs/fuzzing.md
 * says how to fuzz.
 */
class ThreeWayMergeFuzzTest {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<String> FIELDS = List.of("name", "image", "replicas", "x", "labels", "items", "ports", "finalizers",
            "containerPort", "protocol", "selector");
    private static final List<String> NAMES = List.of("a", "b", "c");
    private static final List<Supplier<JsonNode>> SCALARS = List.of(() -> NODES.numberNode(1),
            () -> NODES.numberNode(new BigDecimal("1.0")), () -> NODES.numberNode(2), () -> NODES.textNode("a"),
            () -> NODES.textNode("b"), () -> NODES.textNode("TCP"), () -> NODES.booleanNode(true), NODES::nullNode,
            () -> NODES.textNode(""));

    /**
     * The rules the fuzzer picks from: from {@link #FIRST_IMMUTABLE} to {@link #IGNORE} they freeze
     * fields, from {@link #FIRST_KEYED} to {@link #LAST_KEYED} they key lists or make them sets, so
     * that a list can fail to match.
     */
    private static final List<Supplier<FieldRule>> RULES = List.of(
            () -> FieldRule.forPath("**").onConflict(OnConflict.OVERWRITE).build(),
            () -> FieldRule.forPath("spec.**").onConflict(OnConflict.KEEP).build(),
            () -> FieldRule.forPath("spec.x").mutable(false).build(),
            () -> FieldRule.forPath("spec.items[*].image").mutable(false).build(),
            () -> FieldRule.forPath("spec.replicas").ignore(true).build(),
            () -> FieldRule.forPath("spec.items").listKeys("name").build(),
            () -> FieldRule.forPath("spec.ports").listKeys("containerPort", "protocol").keyDefault("protocol", "TCP").build(),
            () -> FieldRule.forPath("**.finalizers").listType(ListType.SET).build(),
            () -> FieldRule.forPath("spec.labels").listType(ListType.ATOMIC).build(),
            () -> FieldRule.forPath("spec.selector").impact(Impact.REPLACE).build());
    private static final int FIRST_IMMUTABLE = 2;
    private static final int IGNORE = 4;
    private static final int FIRST_KEYED = 5;
    private static final int LAST_KEYED = 7;

    @FuzzTest(maxDuration = "1m")
    void mergesWithoutFailingOrChangingItsInputsAndKeepsTheMergeTable(FuzzedDataProvider data) {
        TreeSet<Integer> picked = new TreeSet<>();
        for (int n = data.consumeInt(0, 3); n > 0; n--) {
            picked.add(data.consumeInt(0, RULES.size() - 1));
        }
        List<FieldRule> rules = picked.stream().map(i -> RULES.get(i).get()).toList();
        boolean keyedByRule = picked.stream().anyMatch(i -> i >= FIRST_KEYED && i <= LAST_KEYED);
        boolean freezes = picked.stream().anyMatch(i -> i >= FIRST_IMMUTABLE && i <= IGNORE);
        ThreeWayMerge merge = ThreeWayMerge.withRules(FieldRules.of(rules));
        if (data.consumeBoolean()) {
            merge = merge.withoutBuiltInLists();
        }
        Trees trees = new Trees(data);
        List<ObjectNode> b = trees.documents();
        DocumentSet base = DocumentSet.of(b);
        DocumentSet current = DocumentSet.of(data.consumeInt(0, 7) == 0 ? trees.documents() : trees.edited(b));
        DocumentSet target = DocumentSet.of(data.consumeInt(0, 7) == 0 ? trees.documents() : trees.edited(b));
        try {
            check(merge, base, current, target, keyedByRule, freezes);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "\nrules   " + rules
                    + "\nbase    " + exactly(base) + "\ncurrent " + exactly(current) + "\ntarget  " + exactly(target), e);
        }
    }

    private static void check(ThreeWayMerge m, DocumentSet base, DocumentSet current, DocumentSet target, boolean keyedByRule,
            boolean freezes) {
        List<String> inputs = exactly(base, current, target);

        Optional<MergeResult> merged = attempt(() -> m.merge(base, current, target), keyedByRule);
        if (merged.isPresent()) {
            MergeResult r = merged.get();
            List<String> results = exactly(r);
            checkResult(r);
            for (ChangeFormat rendering : ChangeFormat.values()) {
                rendering.render(r);
            }
            MergePatches.of(r);
            assertThat(exactly(base, current, target)).as("inputs after merging and rendering").isEqualTo(inputs);
            assertThat(exactly(r)).as("results after rendering").isEqualTo(results);
        }
        attempt(() -> m.merge(base, current, base), keyedByRule).ifPresent(unchanged -> {
            assertSameDocuments(unchanged.documents(), current);
            assertThat(unchanged.hasClusterChanges()).as("merge(B, C, B) changes the cluster: %s", unchanged.changes()).isFalse();
            assertThat(unchanged.isBlocked()).isFalse();
        });
        attempt(() -> m.merge(base, current, current), keyedByRule).ifPresent(atTarget -> {
            assertSameDocuments(atTarget.documents(), current);
            assertThat(atTarget.changes()).allSatisfy(c -> assertThat(c.changesCluster()).isFalse());
        });
        attempt(() -> m.merge(current, current, current), keyedByRule).ifPresent(same -> assertThat(same.changes()).isEmpty());
        attempt(() -> m.mergeWithoutBase(current, current), keyedByRule).ifPresent(same -> assertThat(same.changes()).isEmpty());
        if (!freezes) {
            attempt(() -> m.merge(base, base, target), keyedByRule).ifPresent(untouched -> {
                assertThat(untouched.isBlocked()).as("merge(B, B, T) blocked: %s", untouched.blocked()).isFalse();
                assertThat(asSets(untouched.documents())).as("merge(B, B, T) = T").isEqualTo(asSets(target));
            });
            attempt(() -> m.mergeWithoutBase(current, target), keyedByRule).ifPresent(twoWay -> assertThat(twoWay.changes())
                    .allSatisfy(c -> assertThat(c.reason()).isIn(ChangeReason.ADDED, ChangeReason.NO_BASELINE)));
        }
        assertThat(exactly(base, current, target)).as("inputs after every merge").isEqualTo(inputs);
    }

    /** The merge's result, or empty after checking that its error is one the rules allow. */
    private static Optional<MergeResult> attempt(Supplier<MergeResult> merge, boolean keyedByRule) {
        try {
            return Optional.of(merge.get());
        } catch (InputException e) {
            assertThat(keyedByRule).as("an error without a rule keying a list or making it a set: %s", e.getMessage()).isTrue();
            for (Problem p : e.problems()) {
                assertNamesNoJavaClass(p.message(), "");
            }
            return Optional.empty();
        }
    }

    /** What one result must satisfy on its own. */
    private static void checkResult(MergeResult r) {
        TreeSet<DocumentId> ids = new TreeSet<>(r.current().ids());
        ids.addAll(r.documents().ids());
        for (DocumentId id : ids) {
            String before = r.current().get(id).map(d -> Content.of(d.tree())).orElse("absent");
            String after = r.documents().get(id).map(d -> Content.of(d.tree())).orElse("absent");
            if (!before.equals(after)) {
                assertThat(r.changes(id)).as("%s changed without a change saying so", id).anyMatch(FieldChange::changesCluster);
            }
        }
        for (FieldChange c : r.blocked()) {
            Optional<JsonNode> cluster = r.current().get(c.document()).flatMap(d -> c.path().resolve(d.tree()));
            if (c.path().isRoot() || !Content.of(cluster.orElse(null)).equals(Content.of(c.current().orElse(null)))) {
                continue; // a path whose key the cluster's list cannot resolve (a defaulted key field)
            }
            Optional<JsonNode> merged = r.documents().get(c.document()).flatMap(d -> c.path().resolve(d.tree()));
            assertThat(Content.of(merged.orElse(null))).as("blocked %s keeps the cluster's value", c)
                    .isEqualTo(Content.of(c.current().orElse(null)));
        }
        for (DocumentPatch p : JsonPatches.of(r)) {
            if (p.action() == DocumentPatch.Action.DELETE) {
                assertThat(r.documents().contains(p.id())).isFalse();
                continue;
            }
            JsonNode before = p.action() == DocumentPatch.Action.CREATE ? NODES.objectNode() : r.current().get(p.id()).orElseThrow().tree();
            JsonNode patched = JsonPatch.apply(before, p.patch().orElseThrow());
            assertThat(Content.of(patched)).as("%s patched", p.id())
                    .isEqualTo(Content.of(r.documents().get(p.id()).orElseThrow().tree()));
        }
    }

    private static void assertSameDocuments(DocumentSet actual, DocumentSet expected) {
        assertThat(actual.ids()).containsExactlyElementsOf(expected.ids());
        for (Document e : expected.documents()) {
            assertThat(Content.of(actual.get(e.id()).orElseThrow().tree())).as("%s", e.id()).isEqualTo(Content.of(e.tree()));
        }
    }

    /** Every document's content with each list's items as a sorted set: equality up to item order. */
    private static List<String> asSets(DocumentSet set) {
        return set.documents().stream().map(d -> d.id() + " " + Content.of(itemsSorted(d.tree()))).toList();
    }

    private static JsonNode itemsSorted(JsonNode node) {
        if (node.isObject()) {
            ObjectNode out = NODES.objectNode();
            node.properties().forEach(e -> out.set(e.getKey(), itemsSorted(e.getValue())));
            return out;
        }
        if (node.isArray()) {
            TreeSet<String> items = new TreeSet<>();
            node.forEach(item -> items.add(Content.of(itemsSorted(item))));
            ArrayNode out = NODES.arrayNode();
            items.forEach(out::add);
            return out;
        }
        return node;
    }

    /** Each tree as Jackson writes it, member order and number types included, so that any change shows. */
    private static List<String> exactly(DocumentSet... sets) {
        List<String> out = new ArrayList<>();
        for (DocumentSet set : sets) {
            set.documents().forEach(d -> out.add(exactly(d.tree())));
        }
        return out;
    }

    private static List<String> exactly(MergeResult r) {
        List<String> out = exactly(r.documents());
        for (FieldChange c : r.changes()) {
            for (Optional<JsonNode> v : List.of(c.base(), c.current(), c.target(), c.result())) {
                out.add(v.map(ThreeWayMergeFuzzTest::exactly).orElse("-"));
            }
        }
        return out;
    }

    private static String exactly(JsonNode tree) {
        try {
            return Json.MAPPER.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Trees drawn from the fuzzer's input. */
    private record Trees(FuzzedDataProvider data) {
        private int below(int bound) {
            return data.consumeInt(0, bound - 1);
        }

        private <T> T pick(List<T> from) {
            return from.get(below(from.size()));
        }

        List<ObjectNode> documents() {
            List<ObjectNode> out = new ArrayList<>();
            int n = 1 + below(3);
            for (int i = 0; i < n; i++) {
                out.add(document(NAMES.get(i)));
            }
            return out;
        }

        private ObjectNode document(String name) {
            ObjectNode doc = NODES.objectNode();
            boolean deployment = data.consumeBoolean();
            doc.put("apiVersion", deployment ? "apps/v1" : "example.com/v1").put("kind", deployment ? "Deployment" : "Thing");
            ObjectNode metadata = doc.putObject("metadata").put("name", name);
            if (below(4) == 0) {
                metadata.set("finalizers", scalars());
            }
            ObjectNode spec = object(2);
            if (deployment) {
                ArrayNode containers = spec.putObject("template").putObject("spec").putArray("containers");
                for (int i = below(3); i > 0; i--) {
                    ObjectNode c = containers.addObject().put("name", pick(NAMES)).put("image", "v" + below(3));
                    if (data.consumeBoolean()) {
                        ObjectNode port = c.putArray("ports").addObject().put("containerPort", 53 + below(2));
                        if (data.consumeBoolean()) {
                            port.put("protocol", data.consumeBoolean() ? "TCP" : "UDP");
                        }
                    }
                }
            }
            doc.set("spec", spec);
            return doc;
        }

        private ObjectNode object(int depth) {
            ObjectNode o = NODES.objectNode();
            for (int n = below(4); n > 0; n--) {
                o.set(pick(FIELDS), value(depth));
            }
            return o;
        }

        private JsonNode value(int depth) {
            int kind = below(depth > 0 ? 9 : 6);
            if (kind < 4) {
                return pick(SCALARS).get();
            }
            if (kind == 4) {
                return scalars();
            }
            if (kind == 5) {
                return below(2) == 0 ? NODES.objectNode() : NODES.arrayNode();
            }
            return kind < 8 ? object(depth - 1) : keyed(depth - 1);
        }

        /** No null items: null counts as absent, and what a list holding "nothing" means is left open. */
        private ArrayNode scalars() {
            ArrayNode list = NODES.arrayNode();
            for (int n = below(3); n > 0; n--) {
                list.add(item());
            }
            return list;
        }

        private JsonNode item() {
            JsonNode v = pick(SCALARS).get();
            return v.isNull() ? NODES.textNode("null") : v;
        }

        /** Items with a name (sometimes repeated, sometimes missing), ports and protocols. */
        private ArrayNode keyed(int depth) {
            ArrayNode list = NODES.arrayNode();
            for (int n = below(4); n > 0; n--) {
                ObjectNode item = object(Math.max(depth, 0));
                if (below(6) > 0) {
                    item.put("name", pick(NAMES));
                }
                list.add(item);
            }
            return list;
        }

        List<ObjectNode> edited(List<ObjectNode> base) {
            List<ObjectNode> docs = new ArrayList<>();
            base.forEach(d -> docs.add(d.deepCopy()));
            for (int n = below(5); n > 0; n--) {
                int what = below(16);
                if (what == 0 && docs.size() > 1) {
                    docs.remove(below(docs.size()));
                } else if (what == 1 && docs.size() < NAMES.size()) {
                    List<String> used = docs.stream().map(d -> d.get("metadata").get("name").textValue()).toList();
                    NAMES.stream().filter(name -> !used.contains(name)).findFirst().ifPresent(name -> docs.add(document(name)));
                } else if (!docs.isEmpty()) {
                    edit(pick(docs));
                }
            }
            return docs;
        }

        /** One edit somewhere under a document's spec or metadata. */
        private void edit(ObjectNode doc) {
            List<JsonNode> containers = new ArrayList<>();
            collect(doc.get("spec"), containers);
            if (doc.get("metadata").has("finalizers")) {
                containers.add(doc.get("metadata").get("finalizers"));
            }
            JsonNode at = pick(containers);
            if (at instanceof ObjectNode o) {
                List<String> names = new ArrayList<>();
                o.fieldNames().forEachRemaining(names::add);
                switch (below(4)) {
                    case 0 -> o.set(pick(FIELDS), value(1));
                    case 1 -> {
                        if (!names.isEmpty()) {
                            o.remove(pick(names));
                        }
                    }
                    case 2 -> {
                        if (!names.isEmpty()) {
                            o.set(pick(names), pick(SCALARS).get());
                        }
                    }
                    default -> {
                        if (!names.isEmpty()) {
                            o.putNull(pick(names));
                        }
                    }
                }
            } else {
                ArrayNode list = (ArrayNode) at;
                switch (below(4)) {
                    case 0 -> list.insert(below(list.size() + 1), list.isEmpty() || !list.get(0).isObject() ? item()
                            : object(1).put("name", pick(NAMES)));
                    case 1 -> {
                        if (!list.isEmpty()) {
                            list.remove(below(list.size()));
                        }
                    }
                    case 2 -> {
                        if (!list.isEmpty()) {
                            list.add(list.get(below(list.size())).deepCopy());
                        }
                    }
                    default -> {
                        List<JsonNode> items = new ArrayList<>();
                        list.forEach(items::add);
                        java.util.Collections.reverse(items);
                        list.removeAll();
                        list.addAll(items);
                    }
                }
            }
        }

        private static void collect(JsonNode node, List<JsonNode> into) {
            if (node.isContainerNode()) {
                into.add(node);
                node.forEach(child -> collect(child, into));
            }
        }
    }
}
