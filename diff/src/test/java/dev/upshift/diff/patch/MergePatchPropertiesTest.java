package dev.upshift.diff.patch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.testing.Json;
import dev.upshift.testing.JsonGenerators;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Invariants of {@link MergePatch} over generated documents. */
class MergePatchPropertiesTest {
    private static final JsonNode EMPTY = Json.json("{}");

    @Test
    @DisplayName("a merge patch, when there is one, turns a into b; there is none exactly when b sets a null a lacks")
    void diffIsPresentExactlyWhenExpressibleAndThenCorrect() {
        qt().forAll(JsonGenerators.editedPairs(4)).checkAssert(pair -> checkDiff(pair._1, pair._2));
        qt().forAll(JsonGenerators.anyPairs(3)).checkAssert(pair -> checkDiff(pair._1, pair._2));
    }

    private static void checkDiff(JsonNode a, JsonNode b) {
        Optional<JsonNode> patch = MergePatch.diff(a, b);
        assertThat(patch.isPresent()).as("patch present").isEqualTo(!setsNullThatSourceLacks(a, b));
        patch.ifPresent(p -> assertThat(MergePatch.apply(a, p)).isEqualTo(b));
    }

    /**
     * The rule, written independently of the implementation: an object target holds, through
     * objects only, a member with value null where the source (through objects too) has none.
     */
    private static boolean setsNullThatSourceLacks(JsonNode source, JsonNode target) {
        if (!target.isObject()) {
            return false;
        }
        for (Map.Entry<String, JsonNode> member : target.properties()) {
            JsonNode was = source.isObject() ? source.get(member.getKey()) : null;
            JsonNode now = member.getValue();
            if (now.isNull() && (was == null || !was.isNull())) {
                return true;
            }
            if (now.isObject() && setsNullThatSourceLacks(was == null ? EMPTY : was, now)) {
                return true;
            }
        }
        return false;
    }

    @Test
    @DisplayName("diff(a, a) changes nothing: {} for an object, the value itself otherwise")
    void diffOfEqualDocuments() {
        qt().forAll(JsonGenerators.values(4)).checkAssert(a -> {
            JsonNode patch = MergePatch.diff(a, a.deepCopy()).orElseThrow();
            assertThat(patch).isEqualTo(a.isObject() ? EMPTY : a);
        });
    }

    @Test
    @DisplayName("apply never changes its inputs")
    void applyLeavesInputsAlone() {
        qt().forAll(JsonGenerators.anyPairs(4)).checkAssert(pair -> {
            JsonNode target = pair._1;
            JsonNode patch = pair._2;
            JsonNode targetBefore = target.deepCopy();
            JsonNode patchBefore = patch.deepCopy();

            MergePatch.apply(target, patch);

            assertThat(target).isEqualTo(targetBefore);
            assertThat(patch).isEqualTo(patchBefore);
        });
    }

    @Test
    @DisplayName("applying a patch twice is the same as applying it once (RFC 7396 merge patches are idempotent)")
    void idempotent() {
        qt().forAll(JsonGenerators.anyPairs(4)).checkAssert(pair -> {
            JsonNode once = MergePatch.apply(pair._1, pair._2);
            assertThat(MergePatch.apply(once, pair._2)).isEqualTo(once);
        });
    }
}
