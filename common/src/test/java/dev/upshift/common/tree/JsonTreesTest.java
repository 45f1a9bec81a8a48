package dev.upshift.common.tree;

import static dev.upshift.common.tree.JsonTrees.Equality.CONTENT;
import static dev.upshift.common.tree.JsonTrees.Equality.EXACT;
import static dev.upshift.common.tree.JsonTrees.Equality.NUMERIC;
import static dev.upshift.testing.Json.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.tree.JsonTrees.Equality;
import dev.upshift.testing.Content;
import dev.upshift.testing.JsonGenerators;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The tree toolkit against independent oracles: Jackson's own equality and a test-written canonical text. */
class JsonTreesTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    @Nested
    @DisplayName("equality")
    class Equal {
        @Test
        @DisplayName("EXACT agrees with JsonNode.equals")
        void exactIsJacksonEquality() {
            qt().forAll(JsonGenerators.anyPairs(3)).checkAssert(p ->
                    assertThat(JsonTrees.equal(p._1, p._2, EXACT)).isEqualTo(p._1.equals(p._2)));
            qt().forAll(JsonGenerators.editedPairs(3)).checkAssert(p ->
                    assertThat(JsonTrees.equal(p._1, p._2, EXACT)).isEqualTo(p._1.equals(p._2)));
        }

        @Test
        @DisplayName("NUMERIC is EXACT with numbers compared by value (RFC 6902 section 4.6)")
        void numericComparesNumbersByValue() {
            qt().forAll(JsonGenerators.anyPairs(3)).checkAssert(p -> assertThat(JsonTrees.equal(p._1, p._2, NUMERIC))
                    .isEqualTo(Content.numbersByValue(p._1).equals(Content.numbersByValue(p._2))));
        }

        @Test
        @DisplayName("CONTENT compares numbers by value and takes a null member for a missing one")
        void contentIsKubernetesEquality() {
            qt().forAll(JsonGenerators.anyPairs(3)).checkAssert(p -> assertThat(JsonTrees.equal(p._1, p._2, CONTENT))
                    .isEqualTo(Content.of(p._1).equals(Content.of(p._2))));
            qt().forAll(JsonGenerators.editedPairs(3)).checkAssert(p -> assertThat(JsonTrees.equal(p._1, p._2, CONTENT))
                    .isEqualTo(Content.of(p._1).equals(Content.of(p._2))));
        }

        @Test
        void numbersOfEveryJacksonTypeCompareByValueExceptInExactMode() {
            JsonNode[] ones = {F.numberNode(1), F.numberNode(1L), F.numberNode(BigInteger.ONE), F.numberNode(1.0),
                    F.numberNode(1.0f), new JsonNodeFactory(true).numberNode(new BigDecimal("1.00"))};
            for (JsonNode a : ones) {
                for (JsonNode b : ones) {
                    assertThat(JsonTrees.equal(a, b, NUMERIC)).as("%s %s", a, b).isTrue();
                    assertThat(JsonTrees.equal(a, b, CONTENT)).as("%s %s", a, b).isTrue();
                    assertThat(JsonTrees.equal(a, b, EXACT)).as("%s %s", a, b).isEqualTo(a.equals(b));
                }
            }
            assertThat(JsonTrees.equal(F.numberNode(0.1f), F.numberNode(0.1), NUMERIC)).isFalse();
            assertThat(JsonTrees.equal(F.numberNode(Long.MAX_VALUE), F.numberNode(BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE)), CONTENT)).isFalse();
            assertThat(JsonTrees.equal(F.numberNode(Double.NaN), F.numberNode(Double.NaN), CONTENT)).isTrue();
            assertThat(JsonTrees.equal(F.numberNode(Double.NaN), F.numberNode(0), CONTENT)).isFalse();
            assertThat(JsonTrees.equal(F.numberNode(Double.POSITIVE_INFINITY), F.numberNode(Double.MAX_VALUE), NUMERIC)).isFalse();
            assertThat(JsonTrees.equal(F.numberNode(-0.0), F.numberNode(0), CONTENT)).isTrue();
        }

        @Test
        void absentValuesAreEqualOnlyInContentMode() {
            JsonNode[] absent = {null, F.nullNode(), MissingNode.getInstance()};
            for (JsonNode a : absent) {
                for (JsonNode b : absent) {
                    assertThat(JsonTrees.equal(a, b, CONTENT)).isTrue();
                    assertThat(JsonTrees.equal(a, b, EXACT)).isEqualTo(a == b);
                }
            }
            assertThat(JsonTrees.equal(json("{'a':1,'b':null}"), json("{'a':1}"), CONTENT)).isTrue();
            assertThat(JsonTrees.equal(json("{'a':1}"), json("{'b':null,'a':1.0}"), CONTENT)).isTrue();
            assertThat(JsonTrees.equal(json("{'a':1,'b':null}"), json("{'a':1}"), NUMERIC)).isFalse();
            assertThat(JsonTrees.equal(json("[null]"), json("[]"), CONTENT)).isFalse();
            assertThat(JsonTrees.equal(json("{'a':null}"), json("{'a':'null'}"), CONTENT)).isFalse();
        }

        @Test
        void memberOrderNeverMattersItemOrderAlways() {
            for (Equality mode : Equality.values()) {
                assertThat(JsonTrees.equal(json("{'a':1,'b':[1,2]}"), json("{'b':[1,2],'a':1}"), mode)).isTrue();
                assertThat(JsonTrees.equal(json("{'a':1,'b':[1,2]}"), json("{'b':[2,1],'a':1}"), mode)).isFalse();
                assertThat(JsonTrees.equal(json("{'a':{}}"), json("{'a':[]}"), mode)).isFalse();
                assertThat(JsonTrees.equal(json("'1'"), json("1"), mode)).isFalse();
            }
        }
    }

    @Test
    @DisplayName("copy gives an EXACT-equal tree that shares no container with the original")
    void copySharesNoContainer() {
        qt().forAll(JsonGenerators.values(4)).checkAssert(v -> {
            JsonNode copy = JsonTrees.copy(v);
            assertThat(copy).isEqualTo(v);
            Set<JsonNode> original = containers(v);
            assertThat(containers(copy)).noneMatch(original::contains);
        });
    }

    @Test
    @DisplayName("normal forms are equal exactly when the contents are")
    void normalFormsAreEqualExactlyForEqualContent() {
        qt().forAll(JsonGenerators.anyPairs(3)).checkAssert(p -> assertThat(JsonTrees.normalize(p._1).equals(JsonTrees.normalize(p._2)))
                .isEqualTo(Content.of(p._1).equals(Content.of(p._2))));
        JsonNode normal = JsonTrees.normalize(json("{'a':1.50,'b':null,'c':[2.0,null]}"));
        assertThat(normal).hasToString("{\"a\":1.5,\"c\":[2,null]}");
        assertThat(normal.get("c").get(0).isLong()).isTrue();
    }

    @Test
    void describesValuesInTheWordsOfYamlAndOfJson() {
        assertThat(JsonTrees.describe(json("{}"))).isEqualTo("a mapping");
        assertThat(JsonTrees.describe(json("[1]"))).isEqualTo("a list");
        assertThat(JsonTrees.describe(json("'web'"))).isEqualTo("the text 'web'");
        assertThat(JsonTrees.describe(F.textNode("x".repeat(100)))).isEqualTo("the text '" + "x".repeat(57) + "...'");
        assertThat(JsonTrees.describe(json("true"))).isEqualTo("the boolean true");
        assertThat(JsonTrees.describe(json("1.5"))).isEqualTo("the number 1.5");
        assertThat(JsonTrees.describe(json("null"))).isEqualTo("null");
        assertThat(JsonTrees.describe(null)).isEqualTo("nothing");
        assertThat(JsonTrees.describe(MissingNode.getInstance())).isEqualTo("nothing");
        assertThat(JsonTrees.jsonType(json("{}"))).isEqualTo("an object");
        assertThat(JsonTrees.jsonType(json("[]"))).isEqualTo("an array");
        assertThat(JsonTrees.jsonType(json("'x'"))).isEqualTo("a string");
        assertThat(JsonTrees.jsonType(json("2"))).isEqualTo("a number");
        assertThat(JsonTrees.jsonType(json("false"))).isEqualTo("a boolean");
        assertThat(JsonTrees.jsonType(json("null"))).isEqualTo("null");
    }

    @Test
    void depthCountsContainersBelowTheRoot() {
        assertThat(JsonTrees.depthExceeds(json("{'a':[{'b':1}]}"), 2)).isFalse();
        assertThat(JsonTrees.depthExceeds(json("{'a':[{'b':{}}]}"), 2)).isTrue();
        assertThat(JsonTrees.depthExceeds(json("1"), 0)).isFalse();
    }

    @Nested
    @DisplayName("trees 10,000 levels deep")
    class Deep {
        private static final int DEPTH = 10_000;

        private static ObjectNode deep(JsonNode leaf) {
            return deep(leaf, DEPTH);
        }

        /** Objects and arrays in turn, {@code {"l":[{"l":[ ... [leaf] ... ]}]}}: levels 0 to depth - 1. */
        private static ObjectNode deep(JsonNode leaf, int depth) {
            ObjectNode root = F.objectNode();
            JsonNode node = root;
            for (int i = 1; i < depth; i++) {
                node = node instanceof ObjectNode o ? o.putArray("l") : ((ArrayNode) node).addObject();
            }
            ((ArrayNode) node).add(leaf);
            return root;
        }

        @Test
        void compareCopyNormalizeAndWriteWithoutOverflowingTheStack() {
            ObjectNode ints = deep(F.numberNode(1));
            ObjectNode doubles = deep(F.numberNode(1.0));
            for (Equality mode : Equality.values()) {
                assertThat(JsonTrees.equal(ints, deep(F.numberNode(1)), mode)).isTrue();
                assertThat(JsonTrees.equal(ints, doubles, mode)).isEqualTo(mode != EXACT);
                assertThat(JsonTrees.equal(ints, deep(F.numberNode(2)), mode)).isFalse();
            }
            JsonNode copy = JsonTrees.copy(ints);
            assertThat(copy).isNotSameAs(ints);
            assertThat(JsonTrees.equal(copy, ints, EXACT)).isTrue();
            assertThat(containers(copy)).noneMatch(containers(ints)::contains);
            assertThat(JsonTrees.equal(JsonTrees.normalize(doubles), JsonTrees.normalize(ints), EXACT)).isTrue();
            assertThat(JsonTrees.depthExceeds(ints, DEPTH - 1)).isFalse();
            assertThat(JsonTrees.depthExceeds(ints, DEPTH - 2)).isTrue();
        }

        @Test
        void writeWithoutOverflowingTheStack() {
            ObjectNode ints = deep(F.numberNode(1));
            String canonical = "{\"l\":[".repeat(DEPTH / 2) + "1" + "]}".repeat(DEPTH / 2);
            assertThat(JsonText.canonical(ints)).isEqualTo(canonical);
            assertThat(JsonText.canonical(deep(F.numberNode(1.0)))).isEqualTo(canonical);
            // pretty text grows with the square of the depth (each line is indented): 4,000 levels make 16 MB
            int prettyDepth = 4_000;
            String pretty = JsonText.pretty(deep(F.numberNode(1), prettyDepth));
            assertThat(pretty).startsWith("{\n  \"l\": [\n    {\n      \"l\": [\n").endsWith("\n  ]\n}\n");
            String[] lines = pretty.split("\n");
            assertThat(lines).hasSize(2 * prettyDepth + 1);
            assertThat(lines[prettyDepth]).isEqualTo(" ".repeat(2 * prettyDepth) + "1");
            assertThat(lines[prettyDepth + 1]).isEqualTo(" ".repeat(2 * prettyDepth - 2) + "]");
            assertThat(lines[prettyDepth + 2]).isEqualTo(" ".repeat(2 * prettyDepth - 4) + "}");
            assertThat(JsonText.abbreviated(ints, 20)).isEqualTo("{\"l\":[{\"l\":[{\"l\":...");
        }
    }

    static Set<JsonNode> containers(JsonNode root) {
        Set<JsonNode> found = Collections.newSetFromMap(new IdentityHashMap<>());
        java.util.ArrayDeque<JsonNode> todo = new java.util.ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            JsonNode node = todo.pop();
            if (node.isContainerNode()) {
                found.add(node);
                node.forEach(todo::push);
            }
        }
        return found;
    }
}
