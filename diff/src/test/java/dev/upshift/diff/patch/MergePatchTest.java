package dev.upshift.diff.patch;

import static dev.upshift.testing.Json.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.tree.JsonPointers;
import dev.upshift.common.tree.JsonTrees;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** RFC 7396 merge patches: the RFC's examples, and which changes a merge patch can express. */
class MergePatchTest {

    @Nested
    @DisplayName("RFC 7396 appendix A")
    class AppendixA {
        @ParameterizedTest(name = "{0} merged with {1} is {2}")
        @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
                {'a':'b'}                | {'a':'c'}                    | {'a':'c'}
                {'a':'b'}                | {'b':'c'}                    | {'a':'b','b':'c'}
                {'a':'b'}                | {'a':null}                   | {}
                {'a':'b','b':'c'}        | {'a':null}                   | {'b':'c'}
                {'a':['b']}              | {'a':'c'}                    | {'a':'c'}
                {'a':'c'}                | {'a':['b']}                  | {'a':['b']}
                {'a':{'b':'c'}}          | {'a':{'b':'d','c':null}}     | {'a':{'b':'d'}}
                {'a':[{'b':'c'}]}        | {'a':[1]}                    | {'a':[1]}
                ['a','b']                | ['c','d']                    | ['c','d']
                {'a':'b'}                | ['c']                        | ['c']
                {'a':'foo'}              | null                         | null
                {'a':'foo'}              | 'bar'                        | 'bar'
                {'e':null}               | {'a':1}                      | {'e':null,'a':1}
                [1,2]                    | {'a':'b','c':null}           | {'a':'b'}
                {}                       | {'a':{'bb':{'ccc':null}}}    | {'a':{'bb':{}}}
                """)
        void appliesAndIsReachedByOurDiff(String original, String patch, String result) {
            JsonNode source = json(original);
            JsonNode expected = json(result);

            assertThat(MergePatch.apply(source, json(patch))).isEqualTo(expected);
            Optional<JsonNode> ours = MergePatch.diff(source, expected);
            assertThat(ours).isPresent();
            assertThat(MergePatch.apply(source, ours.get())).isEqualTo(expected);
        }
    }

    @Test
    @DisplayName("RFC 7396 section 3: the example patch is applied, and our diff writes that same patch")
    void sectionThreeExample() {
        JsonNode original = json("{'title':'Goodbye!','author':{'givenName':'John','familyName':'Doe'},"
                + "'tags':['example','sample'],'content':'This will be unchanged'}");
        JsonNode patch = json("{'title':'Hello!','phoneNumber':'+01-123-456-7890','author':{'familyName':null},'tags':['example']}");
        JsonNode result = json("{'title':'Hello!','author':{'givenName':'John'},'tags':['example'],"
                + "'content':'This will be unchanged','phoneNumber':'+01-123-456-7890'}");

        assertThat(MergePatch.apply(original, patch)).isEqualTo(result);
        assertThat(MergePatch.diff(original, result)).contains(patch);
    }

    @Nested
    @DisplayName("diff")
    class Diff {
        @Test
        void equalObjectsGiveAnEmptyPatch() {
            assertThat(MergePatch.diff(json("{'a':{'b':[1]},'c':null}"), json("{'c':null,'a':{'b':[1]}}"))).contains(json("{}"));
        }

        @Test
        void namesOnlyWhatChangedInsideNestedObjects() {
            assertThat(MergePatch.diff(json("{'spec':{'replicas':3,'image':'a','keep':{'x':1}}}"),
                            json("{'spec':{'replicas':3,'image':'b','keep':{'x':1}}}")))
                    .contains(json("{'spec':{'image':'b'}}"));
        }

        @Test
        void arraysAreReplacedWholeEvenWhenTheyHoldNulls() {
            assertThat(MergePatch.diff(json("{'l':[1,2,3]}"), json("{'l':[1,null,3]}"))).contains(json("{'l':[1,null,3]}"));
        }

        @Test
        void anObjectReplacingAScalarIsWrittenWhole() {
            assertThat(MergePatch.diff(json("{'a':5}"), json("{'a':{}}"))).contains(json("{'a':{}}"));
            assertThat(MergePatch.diff(json("{'a':5}"), json("{'a':{'b':{'c':1}}}"))).contains(json("{'a':{'b':{'c':1}}}"));
        }

        @Test
        void aNonObjectTargetIsItsOwnPatch() {
            assertThat(MergePatch.diff(json("{'a':1}"), json("[null]"))).contains(json("[null]"));
            assertThat(MergePatch.diff(json("{'a':1}"), json("null"))).contains(json("null"));
            assertThat(MergePatch.diff(json("[1]"), json("[1]"))).contains(json("[1]"));
        }

        @Test
        void anObjectTargetOverANonObjectSourceStartsFromEmpty() {
            assertThat(MergePatch.diff(json("[1]"), json("{'a':1}"))).contains(json("{'a':1}"));
            assertThat(MergePatch.diff(json("'x'"), json("{}"))).contains(json("{}"));
        }

        @Test
        @DisplayName("cannot set a member to null: null in a merge patch means delete")
        void cannotSetNull() {
            assertThat(MergePatch.diff(json("{'a':1}"), json("{'a':null}"))).isEmpty();
            assertThat(MergePatch.diff(json("{}"), json("{'a':null}"))).isEmpty();
            assertThat(MergePatch.diff(json("{'a':{'b':1}}"), json("{'a':{'b':null}}"))).isEmpty();
        }

        @Test
        @DisplayName("cannot create an object that holds a null, even one the source has elsewhere")
        void cannotCreateObjectsHoldingNull() {
            assertThat(MergePatch.diff(json("{'a':5}"), json("{'a':{'b':null}}"))).isEmpty();
            assertThat(MergePatch.diff(json("{'b':null}"), json("{'a':{'b':null}}"))).isEmpty();
            assertThat(MergePatch.diff(json("[{'a':null}]"), json("{'a':null}"))).isEmpty();
        }

        @Test
        void aNullTheSourceAlreadyHoldsIsNoObstacle() {
            assertThat(MergePatch.diff(json("{'a':{'b':null},'c':1}"), json("{'a':{'b':null},'c':2}"))).contains(json("{'c':2}"));
        }

        @Test
        void theInputsAreNotChangedAndThePatchSharesNothingWithThem() {
            JsonNode source = json("{'a':{'b':1}}");
            JsonNode target = json("{'a':{'b':2},'c':{'d':[1]}}");
            JsonNode targetBefore = target.deepCopy();
            JsonNode sourceBefore = source.deepCopy();

            ObjectNode patch = (ObjectNode) MergePatch.diff(source, target).orElseThrow();
            ((ObjectNode) patch.get("c")).put("mutated", true);

            assertThat(source).isEqualTo(sourceBefore);
            assertThat(target).isEqualTo(targetBefore);
        }
    }

    @Nested
    @DisplayName("apply")
    class Apply {
        @Test
        void neverChangesItsInputsAndSharesNothingWithThem() {
            JsonNode target = json("{'a':{'b':1},'keep':{'k':[1]}}");
            JsonNode patch = json("{'a':{'c':{'d':2}},'n':[{'x':1}]}");
            JsonNode targetBefore = target.deepCopy();
            JsonNode patchBefore = patch.deepCopy();

            ObjectNode result = (ObjectNode) MergePatch.apply(target, patch);
            ((ObjectNode) result.get("keep")).put("mutated", true);
            ((ObjectNode) result.get("n").get(0)).put("mutated", true);
            ((ObjectNode) result.get("a").get("c")).put("mutated", true);

            assertThat(target).isEqualTo(targetBefore);
            assertThat(patch).isEqualTo(patchBefore);
        }

        @Test
        void nullsInsideArraysOfThePatchAreKept() {
            assertThat(MergePatch.apply(json("{}"), json("{'a':[null,{'b':null}]}"))).isEqualTo(json("{'a':[null,{'b':null}]}"));
        }

        @Test
        void handlesDocumentsTenThousandLevelsDeep() {
            ObjectNode target = JsonNodeFactory.instance.objectNode();
            ObjectNode patch = JsonNodeFactory.instance.objectNode();
            ObjectNode t = target;
            ObjectNode p = patch;
            for (int i = 0; i < 10_000; i++) {
                t = t.putObject("a");
                p = p.putObject("a");
            }
            t.put("old", 1);
            p.put("new", 2).putNull("old");

            JsonNode result = MergePatch.apply(target, patch);

            assertThat(JsonPointers.resolve(result, "/a".repeat(10_000) + "/new")).contains(json("2"));
            assertThat(JsonPointers.resolve(result, "/a".repeat(10_000) + "/old")).isEmpty();
            assertThat(JsonTrees.equal(MergePatch.apply(target, MergePatch.diff(target, result).orElseThrow()), result, JsonTrees.Equality.EXACT)).isTrue();
        }
    }
}
