package dev.upshift.diff.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.OnConflict;
import dev.upshift.testing.Content;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The merge against {@link LeafModel}, an independent leaf-by-leaf reading of the merge table, over
 * random trees with keyed lists ({@link ClusterGenerators}): the identities merge(B, C, B) = C,
 * merge(B, B, T) = T and merge(B, C, C) = C hold for both; the merge agrees with the model on every
 * triple, under {@code overwrite} and under {@code fail}; and no result holds an empty list or
 * mapping at a path where none of B, C and T has one.
 */
class LeafModelPropertiesTest {
    private static final ThreeWayMerge FAIL = ThreeWayMerge.withRules(FieldRules.none());
    private static final ThreeWayMerge OVERWRITE = ThreeWayMerge.withRules(
            FieldRules.of(FieldRule.forPath("**").onConflict(OnConflict.OVERWRITE).build()));

    private static List<JsonNode> trees(DocumentSet set) {
        return set.documents().stream().map(d -> (JsonNode) d.tree()).toList();
    }

    /** Each document's content with keyed lists in key order, by name: what both sides are compared by. */
    private static Map<String, String> contents(Map<String, JsonNode> docs) {
        Map<String, String> out = new TreeMap<>();
        docs.forEach((name, tree) -> out.put(name, Content.of(ClusterGenerators.keyedListsSorted(tree))));
        return out;
    }

    private static Map<String, JsonNode> byName(DocumentSet set) {
        Map<String, JsonNode> out = new TreeMap<>();
        for (Document d : set.documents()) {
            out.put(d.id().name(), d.tree());
        }
        return out;
    }

    private static Map<String, String> model(DocumentSet b, DocumentSet c, DocumentSet t, LeafModel.OnConflict mode) {
        return contents(LeafModel.merge(trees(b), trees(c), trees(t), mode));
    }

    @Test
    @DisplayName("merge(B, C, B) = C, and the model says so too")
    void releaseThatChangesNothing() {
        qt().forAll(ClusterGenerators.pairs()).checkAssert(p -> {
            Map<String, String> c = contents(byName(p[1]));
            assertThat(contents(byName(FAIL.merge(p[0], p[1], p[0]).documents()))).isEqualTo(c);
            assertThat(model(p[0], p[1], p[0], LeafModel.OnConflict.KEEP_CURRENT)).isEqualTo(c);
        });
    }

    @Test
    @DisplayName("merge(B, B, T) = T, and the model says so too")
    void untouchedCluster() {
        qt().forAll(ClusterGenerators.pairs()).checkAssert(p -> {
            Map<String, String> t = contents(byName(p[1]));
            assertThat(contents(byName(FAIL.merge(p[0], p[0], p[1]).documents()))).isEqualTo(t);
            assertThat(model(p[0], p[0], p[1], LeafModel.OnConflict.KEEP_CURRENT)).isEqualTo(t);
        });
    }

    @Test
    @DisplayName("merge(B, C, C) = C, and the model says so too")
    void clusterAlreadyThere() {
        qt().forAll(ClusterGenerators.triples()).checkAssert(x -> {
            Map<String, String> c = contents(byName(x.current()));
            assertThat(contents(byName(FAIL.merge(x.base(), x.current(), x.current()).documents()))).isEqualTo(c);
            assertThat(model(x.base(), x.current(), x.current(), LeafModel.OnConflict.KEEP_CURRENT)).isEqualTo(c);
        });
    }

    @Test
    @DisplayName("the merge agrees with the leaf model on every triple, whether conflicts take the target or keep the cluster")
    void agreesWithTheModel() {
        qt().forAll(ClusterGenerators.triples()).checkAssert(x -> {
            assertThat(contents(byName(OVERWRITE.merge(x.base(), x.current(), x.target()).documents())))
                    .isEqualTo(model(x.base(), x.current(), x.target(), LeafModel.OnConflict.TAKE_TARGET));
            assertThat(contents(byName(FAIL.merge(x.base(), x.current(), x.target()).documents())))
                    .isEqualTo(model(x.base(), x.current(), x.target(), LeafModel.OnConflict.KEEP_CURRENT));
        });
    }

    @Test
    @DisplayName("no result holds an empty list or mapping at a path where none of B, C and T has one")
    void noNewEmptyContainers() {
        qt().forAll(ClusterGenerators.triples()).checkAssert(x -> {
            Set<String> had = new HashSet<>();
            for (DocumentSet side : List.of(x.base(), x.current(), x.target())) {
                side.documents().forEach(d -> emptyContainers(d.id().name(), d.tree(), had));
            }
            for (ThreeWayMerge merge : List.of(FAIL, OVERWRITE)) {
                Set<String> found = new HashSet<>();
                merge.merge(x.base(), x.current(), x.target()).documents().documents()
                        .forEach(d -> emptyContainers(d.id().name(), d.tree(), found));
                assertThat(had).containsAll(found);
            }
        });
    }

    /** The paths of empty containers, list items named by their name where every item has a unique one. */
    private static void emptyContainers(String at, JsonNode node, Set<String> into) {
        if (!node.isContainerNode()) {
            return;
        }
        if (node.isEmpty()) {
            into.add(at);
            return;
        }
        if (node.isObject()) {
            node.properties().forEach(e -> emptyContainers(at + "." + e.getKey(), e.getValue(), into));
            return;
        }
        boolean keyed = LeafModel.keyed(node);
        List<JsonNode> items = new ArrayList<>();
        node.forEach(items::add);
        for (int i = 0; i < items.size(); i++) {
            emptyContainers(at + (keyed ? "[" + Content.of(items.get(i).get("name")) + "]" : "[" + i + "]"), items.get(i), into);
        }
    }
}
