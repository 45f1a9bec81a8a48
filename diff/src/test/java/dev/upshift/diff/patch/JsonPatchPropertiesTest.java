package dev.upshift.diff.patch;

import dev.upshift.diff.internal.JsonValues;
import dev.upshift.diff.testing.JsonGenerators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.strings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.quicktheories.generators.Generate;

/** Invariants of {@link JsonPatch} over generated documents. */
class JsonPatchPropertiesTest {

    @Test
    @DisplayName("applying diff(a, b) to a gives b, for edited pairs")
    void diffThenApplyReachesTheTargetForEditedPairs() {
        qt().forAll(JsonGenerators.editedPairs(4)).checkAssert(pair ->
                assertThat(JsonPatch.apply(pair._1, JsonPatch.diff(pair._1, pair._2))).isEqualTo(pair._2));
    }

    @Test
    @DisplayName("applying diff(a, b) to a gives b, for unrelated values of any type")
    void diffThenApplyReachesTheTargetForAnyPair() {
        qt().forAll(JsonGenerators.anyPairs(3)).checkAssert(pair ->
                assertThat(JsonPatch.apply(pair._1, JsonPatch.diff(pair._1, pair._2))).isEqualTo(pair._2));
    }

    @Test
    @DisplayName("our patches mean the same to another implementation (zjsonpatch)")
    void anotherImplementationAppliesOurPatchesAlike() {
        qt().forAll(JsonGenerators.editedPairs(4)).checkAssert(pair -> assertThat(
                        com.flipkart.zjsonpatch.JsonPatch.apply(JsonPatch.diff(pair._1, pair._2), pair._1))
                .isEqualTo(pair._2));
    }

    @Test
    @DisplayName("diff(a, a) is empty, also against a copy")
    void diffOfEqualDocumentsIsEmpty() {
        qt().forAll(JsonGenerators.values(4)).checkAssert(a -> {
            assertThat(JsonPatch.diff(a, a)).isEmpty();
            assertThat(JsonPatch.diff(a, a.deepCopy())).isEmpty();
        });
    }

    @Test
    @DisplayName("diff and apply never change their inputs, and the result shares no container with them")
    void inputsAreLeftAlone() {
        qt().forAll(JsonGenerators.editedPairs(4)).checkAssert(pair -> {
            JsonNode source = pair._1;
            JsonNode target = pair._2;
            JsonNode sourceBefore = source.deepCopy();
            JsonNode targetBefore = target.deepCopy();
            JsonNode patch = JsonPatch.diff(source, target);
            JsonNode patchBefore = patch.deepCopy();

            JsonNode result = JsonPatch.apply(source, patch);

            assertThat(source).isEqualTo(sourceBefore);
            assertThat(target).isEqualTo(targetBefore);
            assertThat(patch).isEqualTo(patchBefore);
            Set<JsonNode> inputs = containers(source, patch);
            assertThat(containers(result)).noneMatch(inputs::contains);
        });
    }

    @Test
    @DisplayName("inserting one item into a list is one add; removing one is one remove")
    void oneItemIsOneOperation() {
        qt().forAll(JsonGenerators.arrays(JsonGenerators.values(2)), Generate.range(0, 10), JsonGenerators.values(1))
                .checkAssert((list, where, item) -> {
                    ArrayNode longer = (ArrayNode) list.deepCopy();
                    longer.insert(where % (list.size() + 1), item);

                    JsonNode insert = JsonPatch.diff(list, longer);
                    JsonNode remove = JsonPatch.diff(longer, list);

                    assertThat(insert).hasSize(1);
                    assertThat(insert.get(0).get("op").asText()).isEqualTo("add");
                    assertThat(remove).hasSize(1);
                    assertThat(remove.get(0).get("op").asText()).isEqualTo("remove");
                });
    }

    @Test
    @DisplayName("the same inputs always give the same patch")
    void deterministic() {
        qt().forAll(JsonGenerators.editedPairs(4)).checkAssert(pair ->
                assertThat(JsonPatch.diff(pair._1, pair._2)).isEqualTo(JsonPatch.diff(pair._1.deepCopy(), pair._2.deepCopy())));
    }

    @Test
    @DisplayName("equality without recursion agrees with JsonNode.equals; RFC equality is looser only on numbers")
    void equalityAgreesWithJackson() {
        qt().forAll(JsonGenerators.anyPairs(3)).checkAssert(pair -> {
            assertThat(JsonValues.equal(pair._1, pair._2)).isEqualTo(pair._1.equals(pair._2));
            if (pair._1.equals(pair._2)) {
                assertThat(JsonValues.equivalent(pair._1, pair._2)).isTrue();
            }
        });
    }

    @Test
    @DisplayName("format and parse of pointers are inverse, whatever the names hold")
    void pointersRoundTrip() {
        qt().forAll(lists().of(Generate.oneOf(Generate.pick(JsonGenerators.NAMES), strings().allPossible().ofLengthBetween(0, 5)))
                        .ofSizeBetween(0, 5))
                .checkAssert(tokens -> assertThat(JsonPointers.parse(JsonPointers.format(tokens))).isEqualTo(tokens));
    }

    private static Set<JsonNode> containers(JsonNode... roots) {
        Set<JsonNode> found = Collections.newSetFromMap(new IdentityHashMap<>());
        for (JsonNode root : roots) {
            collect(root, found);
        }
        return found;
    }

    private static void collect(JsonNode node, Set<JsonNode> into) {
        if (node.isContainerNode()) {
            into.add(node);
            node.forEach(child -> collect(child, into));
        }
    }
}
