package dev.upshift.diff.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentMatch;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.patch.JsonPatch;
import dev.upshift.diff.render.ChangeFormat;
import dev.upshift.diff.render.DocumentPatch;
import dev.upshift.diff.render.JsonPatches;
import dev.upshift.diff.render.MergePatches;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.OnConflict;
import dev.upshift.testing.Content;
import dev.upshift.testing.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.quicktheories.generators.Generate;

/** Invariants of the three-way merge and its renderings over generated Kubernetes-shaped documents. */
class MergePropertiesTest {
    private static final ThreeWayMerge PLAIN = ThreeWayMerge.withRules(FieldRules.none());
    private static final ThreeWayMerge OVERWRITING = ThreeWayMerge.withRules(
            FieldRules.of(FieldRule.forPath("**").onConflict(OnConflict.OVERWRITE).build()));

    private static void assertSameContent(DocumentSet actual, DocumentSet expected, boolean keyedOrderMatters) {
        assertThat(actual.ids()).containsExactlyElementsOf(expected.ids());
        for (Document e : expected.documents()) {
            JsonNode a = actual.get(e.id()).orElseThrow().tree();
            JsonNode want = e.tree();
            if (!keyedOrderMatters) {
                a = ClusterGenerators.keyedListsSorted(a);
                want = ClusterGenerators.keyedListsSorted(want);
            }
            assertThat(Content.of(a)).as("%s", e.id()).isEqualTo(Content.of(want));
        }
    }

    @Test
    @DisplayName("merge(b, b, t) = t: a cluster nobody touched ends up as the target (keyed items in the cluster's order)")
    void untouchedClusterBecomesTheTarget() {
        qt().forAll(ClusterGenerators.pairs()).checkAssert(p -> {
            MergeResult r = PLAIN.merge(p[0], p[0], p[1]);
            assertSameContent(r.documents(), p[1], false);
            assertThat(r.isBlocked()).isFalse();
        });
    }

    @Test
    @DisplayName("merge(b, c, b) = c: a release that changes nothing leaves the cluster exactly as it is")
    void unchangedReleaseLeavesTheCluster() {
        qt().forAll(ClusterGenerators.pairs()).checkAssert(p -> {
            MergeResult r = PLAIN.merge(p[0], p[1], p[0]);
            assertSameContent(r.documents(), p[1], true);
            assertThat(r.hasClusterChanges()).isFalse();
            assertThat(r.isBlocked()).isFalse();
        });
    }

    @Test
    @DisplayName("merge(b, c, c) = c: a cluster already at the target stays as it is")
    void clusterAlreadyAtTheTarget() {
        qt().forAll(ClusterGenerators.triples()).checkAssert(t -> {
            MergeResult r = PLAIN.merge(t.base(), t.current(), t.current());
            assertSameContent(r.documents(), t.current(), true);
            assertThat(r.changes()).allSatisfy(c -> assertThat(c.changesCluster()).isFalse());
        });
    }

    @Test
    @DisplayName("merging a set with itself decides nothing, with or without a base")
    void identityMergeIsEmpty() {
        qt().forAll(ClusterGenerators.triples()).checkAssert(t -> {
            assertThat(PLAIN.merge(t.current(), t.current(), t.current()).changes()).isEmpty();
            assertThat(PLAIN.mergeWithoutBase(t.current(), t.current()).changes()).isEmpty();
        });
    }

    @Test
    @DisplayName("without a base every decision is a filled empty field or a 'no baseline' conflict")
    void twoWayDecisions() {
        qt().forAll(ClusterGenerators.triples()).checkAssert(t -> assertThat(PLAIN.mergeWithoutBase(t.current(), t.target())
                .changes()).allSatisfy(c -> assertThat(c.reason()).isIn(ChangeReason.ADDED, ChangeReason.NO_BASELINE)));
    }

    @Test
    @DisplayName("the JSON Patch of each document, applied to the cluster's, gives the merged document")
    void jsonPatchReproducesTheMerge() {
        qt().forAll(ClusterGenerators.triples()).checkAssert(t -> {
            for (ThreeWayMerge merge : List.of(PLAIN, OVERWRITING)) {
                MergeResult r = merge.merge(t.base(), t.current(), t.target());
                for (DocumentPatch p : JsonPatches.of(r)) {
                    JsonNode before = p.action() == DocumentPatch.Action.CREATE ? JsonNodeFactory.instance.objectNode()
                            : r.current().get(p.id()).orElseThrow().tree();
                    if (p.action() == DocumentPatch.Action.DELETE) {
                        assertThat(r.documents().contains(p.id())).isFalse();
                        continue;
                    }
                    JsonNode patched = JsonPatch.apply(before, p.patch().orElseThrow());
                    assertThat(Content.of(patched)).isEqualTo(Content.of(r.documents().get(p.id()).orElseThrow().tree()));
                }
            }
        });
    }

    @Test
    @DisplayName("a merge result never changes a field a rule marks immutable (unless its whole list item or document goes)")
    void immutableFieldsNeverChange() {
        qt().forAll(ClusterGenerators.triples(), Generate.range(0, 10_000), Generate.range(0, 10_000)).checkAssert((t, i, j) -> {
            List<FieldTargets.Target> candidates = FieldTargets.of(t.base());
            if (candidates.isEmpty()) {
                return;
            }
            List<FieldTargets.Target> immutable = List.of(candidates.get(i % candidates.size()), candidates.get(j % candidates.size()));
            List<FieldRule> rules = new ArrayList<>();
            rules.add(FieldRule.forPath("**").onConflict(OnConflict.OVERWRITE).build());
            for (FieldTargets.Target x : immutable) {
                FieldRule rule = FieldRule.forPath(x.path().toString()).match(DocumentMatch.any().withName(x.doc().name()))
                        .mutable(false).build();
                if (rules.stream().noneMatch(r -> r.path().equals(rule.path()) && r.match().equals(rule.match()))) {
                    rules.add(rule);
                }
            }
            MergeResult r = ThreeWayMerge.withRules(FieldRules.of(rules)).merge(t.base(), t.current(), t.target());
            for (FieldTargets.Target x : immutable) {
                JsonNode current = t.current().get(x.doc()).flatMap(d -> x.path().resolve(d.tree())).orElse(null);
                Document merged = r.documents().get(x.doc()).orElse(null);
                if (current == null || current.isNull() || merged == null || FieldTargets.unit(x.path()).resolve(merged.tree()).isEmpty()) {
                    continue;
                }
                assertThat(Content.of(x.path().resolve(merged.tree()).orElse(null)))
                        .as("%s %s in %s", x.doc(), x.path(), r.changes()).isEqualTo(Content.of(current));
            }
        });
    }

    @Test
    @DisplayName("every rendering is deterministic: the same input twice gives the same bytes")
    void renderingsAreDeterministic() {
        qt().forAll(ClusterGenerators.triples()).checkAssert(t -> {
            MergeResult first = OVERWRITING.merge(t.base(), t.current(), t.target());
            MergeResult second = OVERWRITING.merge(copy(t.base()), copy(t.current()), copy(t.target()));
            for (ChangeFormat rendering : ChangeFormat.values()) {
                assertThat(rendering.render(second)).isEqualTo(rendering.render(first));
            }
        });
    }

    private static DocumentSet copy(DocumentSet set) {
        return DocumentSet.of(set.documents().stream().map(d -> d.tree().deepCopy()).toList());
    }

    @Test
    @DisplayName("the merge never changes its inputs")
    void inputsAreLeftAlone() {
        qt().forAll(ClusterGenerators.triples()).checkAssert(t -> {
            String before = t.toString();
            OVERWRITING.merge(t.base(), t.current(), t.target());
            assertThat(t.toString()).isEqualTo(before);
        });
    }

    @Test
    @DisplayName("merging and every rendering change no tree: not the inputs', not the results', not the changes' values")
    void noTreeIsEverChanged() {
        qt().forAll(ClusterGenerators.triples()).checkAssert(t -> {
            List<String> inputs = exactly(t.base(), t.current(), t.target());
            for (MergeResult r : List.of(PLAIN.merge(t.base(), t.current(), t.target()),
                    OVERWRITING.merge(t.base(), t.current(), t.target()), PLAIN.mergeWithoutBase(t.current(), t.target()))) {
                assertThat(exactly(t.base(), t.current(), t.target())).isEqualTo(inputs);
                List<String> results = exactly(r);
                for (ChangeFormat rendering : ChangeFormat.values()) {
                    rendering.render(r);
                }
                JsonPatches.of(r);
                MergePatches.of(r);
                assertThat(exactly(t.base(), t.current(), t.target())).isEqualTo(inputs);
                assertThat(exactly(r)).isEqualTo(results);
            }
        });
    }

    /** Each tree as Jackson writes it: member order and number types included, so any change shows. */
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
            for (java.util.Optional<JsonNode> v : List.of(c.base(), c.current(), c.target(), c.result())) {
                out.add(v.map(MergePropertiesTest::exactly).orElse("-"));
            }
        }
        return out;
    }

    private static String exactly(JsonNode tree) {
        try {
            return Json.MAPPER.writeValueAsString(tree);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
