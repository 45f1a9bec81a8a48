package dev.upshift.diff.patch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.strings;

import com.fasterxml.jackson.databind.JsonNode;
import com.flipkart.zjsonpatch.JsonDiff;
import dev.upshift.common.tree.JsonPointers;
import dev.upshift.testing.JsonGenerators;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.quicktheories.generators.Generate;

/**
 * Invariants of {@link JsonPatch#apply} over generated documents, with patches written by another
 * implementation (zjsonpatch's diff) as the oracle: applying its patch from a to b must give b.
 */
class JsonPatchPropertiesTest {

    private static JsonNode theirDiff(JsonNode source, JsonNode target) {
        return JsonDiff.asJson(source, target);
    }

    /**
     * Whether the other implementation's diff is a valid patch by its own account: zjsonpatch 0.6.2
     * sometimes emits a copy from a path that an earlier operation of the same patch shifted, which
     * it cannot apply itself (source {@code {"b":[0,{},{},{"name":[0],"a":[]}]}}). Such a pair says
     * nothing about Upshift and is passed over.
     */
    private static boolean theyAgree(JsonNode source, JsonNode target, JsonNode patch) {
        try {
            return com.flipkart.zjsonpatch.JsonPatch.apply(patch, source).equals(target);
        } catch (RuntimeException e) {
            return false;
        }
    }

    @Test
    @DisplayName("applying another implementation's diff(a, b) to a gives b, for edited pairs")
    void applyingAnotherDiffReachesTheTargetForEditedPairs() {
        qt().forAll(JsonGenerators.editedPairs(4))
                .assuming(pair -> theyAgree(pair._1, pair._2, theirDiff(pair._1, pair._2)))
                .checkAssert(pair -> assertThat(JsonPatch.apply(pair._1, theirDiff(pair._1, pair._2))).isEqualTo(pair._2));
    }

    @Test
    @DisplayName("applying another implementation's diff(a, b) to a gives b, for unrelated values of any type")
    void applyingAnotherDiffReachesTheTargetForAnyPair() {
        qt().forAll(JsonGenerators.anyPairs(3))
                .assuming(pair -> theyAgree(pair._1, pair._2, theirDiff(pair._1, pair._2)))
                .checkAssert(pair -> assertThat(JsonPatch.apply(pair._1, theirDiff(pair._1, pair._2))).isEqualTo(pair._2));
    }

    @Test
    @DisplayName("apply never changes its inputs, and the result shares no container with them")
    void inputsAreLeftAlone() {
        qt().forAll(JsonGenerators.editedPairs(4))
                .assuming(pair -> theyAgree(pair._1, pair._2, theirDiff(pair._1, pair._2))).checkAssert(pair -> {
            JsonNode source = pair._1;
            JsonNode sourceBefore = source.deepCopy();
            JsonNode patch = theirDiff(source, pair._2);
            JsonNode patchBefore = patch.deepCopy();

            JsonNode result = JsonPatch.apply(source, patch);

            assertThat(source).isEqualTo(sourceBefore);
            assertThat(patch).isEqualTo(patchBefore);
            Set<JsonNode> inputs = containers(source, patch);
            assertThat(containers(result)).noneMatch(inputs::contains);
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
