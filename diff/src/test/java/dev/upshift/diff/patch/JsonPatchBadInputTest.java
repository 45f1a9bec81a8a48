package dev.upshift.diff.patch;

import static dev.upshift.common.tree.JsonTrees.Equality.EXACT;
import static dev.upshift.testing.Json.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.tree.JsonTrees;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every way a patch can be wrong is refused with a message naming the operation, op and path. */
class JsonPatchBadInputTest {
    private static final JsonNode DOC = json("{'spec':{'replicas':3,'ports':[80,443,8080]},'name':'web'}");

    private static void rejects(JsonNode doc, String patch, String message) {
        JsonNode before = doc.deepCopy();
        assertThatThrownBy(() -> JsonPatch.apply(doc, json(patch)))
                .isInstanceOf(JsonPatchException.class)
                .hasMessage(message);
        assertThat(doc).isEqualTo(before);
    }

    private static void rejects(String patch, String message) {
        rejects(DOC, patch, message);
    }

    @Nested
    @DisplayName("the patch's shape")
    class Shape {
        @Test
        void aPatchMustBeAnArray() {
            rejects("{'op':'remove','path':'/name'}", "a JSON Patch must be an array of operations, found an object");
            rejects("null", "a JSON Patch must be an array of operations, found null");
            rejects("'remove'", "a JSON Patch must be an array of operations, found a string");
        }

        @Test
        void aMissingPatchIsRefusedLikeAnyOther() {
            assertThatThrownBy(() -> JsonPatch.apply(DOC, null))
                    .isInstanceOf(JsonPatchException.class)
                    .hasMessage("a JSON Patch must be an array of operations, found nothing");
        }

        @Test
        void anOperationMustBeAnObject() {
            rejects("[{'op':'test','path':'/name','value':'web'}, 1]", "operation 1: must be an object, found a number");
            rejects("[[]]", "operation 0: must be an object, found an array");
        }

        @Test
        void opMustBePresentKnownAndAString() {
            rejects("[{'path':'/name'}]", "operation 0: missing member 'op'");
            rejects("[{'op':7,'path':'/name'}]", "operation 0: member 'op' must be a string, found a number");
            rejects("[{'op':'delete','path':'/name'}]",
                    "operation 0: unknown op \"delete\" (expected add, remove, replace, move, copy or test)");
            rejects("[{'op':'REMOVE','path':'/name'}]",
                    "operation 0: unknown op \"REMOVE\" (expected add, remove, replace, move, copy or test)");
        }

        @Test
        void pathMustBePresentAndAString() {
            rejects("[{'op':'remove'}]", "operation 0 (remove): missing member 'path'");
            rejects("[{'op':'remove','path':['name']}]",
                    "operation 0 (remove): member 'path' must be a JSON Pointer string, found an array");
        }

        @Test
        void moveAndCopyNeedFrom() {
            rejects("[{'op':'move','path':'/x'}]", "operation 0 (move /x): missing member 'from'");
            rejects("[{'op':'copy','path':'/x','from':null}]",
                    "operation 0 (copy /x): member 'from' must be a JSON Pointer string, found null");
        }

        @Test
        void addReplaceAndTestNeedValue() {
            rejects("[{'op':'add','path':'/x'}]", "operation 0 (add /x): missing member 'value'");
            rejects("[{'op':'replace','path':'/name'}]", "operation 0 (replace /name): missing member 'value'");
            rejects("[{'op':'test','path':'/name'}]", "operation 0 (test /name): missing member 'value'");
        }

        @Test
        void aNullValueIsAValue() {
            assertThat(JsonPatch.apply(json("{}"), json("[{'op':'add','path':'/x','value':null}]"))).isEqualTo(json("{'x':null}"));
        }

        @Test
        void aLaterMalformedOperationRejectsThePatchBeforeAnythingIsApplied() {
            rejects("[{'op':'remove','path':'/missing'},{'op':'frob','path':'/name'}]",
                    "operation 1: unknown op \"frob\" (expected add, remove, replace, move, copy or test)");
        }
    }

    @Nested
    @DisplayName("pointer syntax (RFC 6901)")
    class Pointers {
        @Test
        void aNonEmptyPointerStartsWithASlash() {
            rejects("[{'op':'remove','path':'name'}]",
                    "operation 0 (remove name): invalid pointer in 'path': must be empty or start with '/'");
        }

        @Test
        void tildeMustBeFollowedByZeroOrOne() {
            rejects("[{'op':'remove','path':'/spec~2'}]", "operation 0 (remove /spec~2): invalid pointer in 'path': "
                    + "'~' at character 6 must be followed by '0' or '1' (write '~0' for '~', '~1' for '/')");
            rejects("[{'op':'remove','path':'/spec~'}]", "operation 0 (remove /spec~): invalid pointer in 'path': "
                    + "'~' at character 6 must be followed by '0' or '1' (write '~0' for '~', '~1' for '/')");
            rejects("[{'op':'copy','from':'/~a','path':'/x'}]", "operation 0 (copy /x from /~a): invalid pointer in 'from': "
                    + "'~' at character 2 must be followed by '0' or '1' (write '~0' for '~', '~1' for '/')");
        }
    }

    @Nested
    @DisplayName("locations that do not exist")
    class Locations {
        @Test
        void removingAMissingMemberNamesTheOperationOpPathAndParent() {
            rejects("[{'op':'test','path':'/name','value':'web'},{'op':'add','path':'/x','value':1},"
                            + "{'op':'remove','path':'/spec/replicas'},{'op':'remove','path':'/spec/replicas'}]",
                    "operation 3 (remove /spec/replicas): no member 'replicas' at /spec");
            rejects("[{'op':'remove','path':'/nope'}]", "operation 0 (remove /nope): no member 'nope' at the document root");
        }

        @Test
        void replaceAndTestNeedAnExistingMember() {
            rejects("[{'op':'replace','path':'/spec/image','value':'x'}]",
                    "operation 0 (replace /spec/image): no member 'image' at /spec");
            rejects("[{'op':'test','path':'/spec/image','value':'x'}]",
                    "operation 0 (test /spec/image): no member 'image' at /spec");
        }

        @Test
        void addNeedsItsParent() {
            rejects("[{'op':'add','path':'/status/phase','value':'x'}]",
                    "operation 0 (add /status/phase): no member 'status' at the document root");
        }

        @Test
        void scalarsHaveNoMembers() {
            rejects("[{'op':'add','path':'/name/first','value':'x'}]",
                    "operation 0 (add /name/first): /name holds a string, which has no member 'first'");
            rejects("[{'op':'remove','path':'/spec/replicas/0'}]",
                    "operation 0 (remove /spec/replicas/0): /spec/replicas holds a number, which has no member '0'");
        }

        @Test
        void theWholeDocumentCannotBeRemoved() {
            rejects("[{'op':'remove','path':''}]", "operation 0 (remove \"\"): the whole document cannot be removed (replace it instead)");
        }

        @Test
        void moveCannotPutAValueInsideItself() {
            rejects("[{'op':'move','from':'/spec','path':'/spec/inner'}]",
                    "operation 0 (move /spec/inner from /spec): cannot move a value into one of its own children");
            rejects("[{'op':'move','from':'','path':'/x'}]",
                    "operation 0 (move /x from \"\"): cannot move a value into one of its own children");
        }

        @Test
        void moveToASiblingWithALongerNameIsFine() {
            assertThat(JsonPatch.apply(json("{'a':{'b':1}}"), json("[{'op':'move','from':'/a','path':'/ab'}]")))
                    .isEqualTo(json("{'ab':{'b':1}}"));
        }

        @Test
        void moveOntoItselfChangesNothingButTheSourceMustExist() {
            assertThat(JsonPatch.apply(DOC, json("[{'op':'move','from':'/spec','path':'/spec'}]"))).isEqualTo(DOC);
            rejects("[{'op':'move','from':'/x','path':'/x'}]", "operation 0 (move /x from /x): no member 'x' at the document root");
        }
    }

    @Nested
    @DisplayName("array indices")
    class Indices {
        @ParameterizedTest(name = "replace /spec/ports/{0}: {1}")
        @CsvSource(delimiter = '|', value = {
            "01 | '01' at /spec/ports has a leading zero (expected 0, a positive integer without leading zeros)",
            "00 | '00' at /spec/ports has a leading zero (expected 0, a positive integer without leading zeros)",
            "-1 | '-1' at /spec/ports is not an array index (expected 0, a positive integer without leading zeros)",
            "1e0 | '1e0' at /spec/ports is not an array index (expected 0, a positive integer without leading zeros)",
            "+1 | '+1' at /spec/ports is not an array index (expected 0, a positive integer without leading zeros)",
            "0x1 | '0x1' at /spec/ports is not an array index (expected 0, a positive integer without leading zeros)",
            "3 | index 3 at /spec/ports is out of range: the array has 3 items",
            "2147483648 | index 2147483648 at /spec/ports is out of range: the array has 3 items",
            "99999999999999999999999 | index 99999999999999999999999 at /spec/ports is out of range: the array has 3 items",
            "- | '-' at /spec/ports names the position after the last item, which only add can use",
        })
        void replaceNeedsAnExistingItem(String token, String explanation) {
            rejects("[{'op':'replace','path':'/spec/ports/" + token + "','value':1}]",
                    "operation 0 (replace /spec/ports/" + token + "): " + explanation);
        }

        @Test
        void indicesAreCheckedAlongThePathToo() {
            rejects(json("{'a':[{},{}]}"), "[{'op':'add','path':'/a/01/b','value':1}]",
                    "operation 0 (add /a/01/b): '01' at /a has a leading zero (expected 0, a positive integer without leading zeros)");
        }

        @Test
        void addAcceptsTheSizeAndDashButNothingBeyond() {
            assertThat(JsonPatch.apply(DOC, json("[{'op':'add','path':'/spec/ports/3','value':1},{'op':'add','path':'/spec/ports/-','value':2}]"))
                            .at("/spec/ports"))
                    .isEqualTo(json("[80,443,8080,1,2]"));
            rejects("[{'op':'add','path':'/spec/ports/4','value':1}]",
                    "operation 0 (add /spec/ports/4): index 4 at /spec/ports is out of range: the array has 3 items (add accepts 0 to 3 or '-')");
            rejects("[{'op':'add','path':'/spec/ports/01','value':1}]", "operation 0 (add /spec/ports/01): '01' at /spec/ports "
                    + "has a leading zero (expected 0, a positive integer without leading zeros, or '-')");
        }

        @Test
        void dashNamesNoItem() {
            rejects("[{'op':'remove','path':'/spec/ports/-'}]",
                    "operation 0 (remove /spec/ports/-): '-' at /spec/ports names the position after the last item, which only add can use");
            rejects("[{'op':'test','path':'/spec/ports/-','value':8080}]",
                    "operation 0 (test /spec/ports/-): '-' at /spec/ports names the position after the last item, which only add can use");
            rejects("[{'op':'move','from':'/spec/ports/-','path':'/x'}]",
                    "operation 0 (move /x from /spec/ports/-): '-' at /spec/ports names the position after the last item, which only add can use");
            rejects("[{'op':'add','path':'/spec/ports/-/x','value':1}]",
                    "operation 0 (add /spec/ports/-/x): '-' at /spec/ports names the position after the last item, which only add can use");
        }

        @Test
        void moveAndCopyMayTargetDash() {
            assertThat(JsonPatch.apply(DOC, json("[{'op':'copy','from':'/spec/ports/0','path':'/spec/ports/-'},"
                    + "{'op':'move','from':'/spec/ports/0','path':'/spec/ports/-'}]")).at("/spec/ports"))
                    .isEqualTo(json("[443,8080,80,80]"));
        }

        @Test
        void onObjectsDigitsAndDashAreJustNames() {
            assertThat(JsonPatch.apply(json("{'01':1,'-':2}"), json("[{'op':'remove','path':'/01'},{'op':'replace','path':'/-','value':3}]")))
                    .isEqualTo(json("{'-':3}"));
        }
    }

    @Nested
    @DisplayName("test operations compare as RFC 6902 section 4.6 says")
    class Tests {
        @Test
        void numbersCompareByValue() {
            assertThat(JsonPatch.apply(json("{'a':1,'b':[10],'c':100000000000000000000}"),
                    json("[{'op':'test','path':'/a','value':1.0},{'op':'test','path':'/b','value':[1e1]},"
                            + "{'op':'test','path':'/c','value':1e20}]")))
                    .isEqualTo(json("{'a':1,'b':[10],'c':100000000000000000000}"));
        }

        @Test
        void objectsIgnoreMemberOrderButArraysKeepItemOrder() {
            JsonNode doc = json("{'o':{'x':1,'y':2},'l':[1,2]}");
            assertThat(JsonPatch.apply(doc, json("[{'op':'test','path':'/o','value':{'y':2,'x':1}}]"))).isEqualTo(doc);
            rejects(doc, "[{'op':'test','path':'/l','value':[2,1]}]", "operation 0 (test /l): test failed: found [1,2], expected [2,1]");
        }

        @Test
        void typesMustMatch() {
            rejects(json("{'a':null}"), "[{'op':'test','path':'/a','value':false}]", "operation 0 (test /a): test failed: found null, expected false");
            rejects(json("{'a':{}}"), "[{'op':'test','path':'/a','value':[]}]", "operation 0 (test /a): test failed: found {}, expected []");
        }

        @Test
        void longValuesAreCutInTheMessage() {
            String longText = "x".repeat(200);
            assertThatThrownBy(() -> JsonPatch.apply(json("{'a':'" + longText + "'}"), json("[{'op':'test','path':'/a','value':'y'}]")))
                    .hasMessageStartingWith("operation 0 (test /a): test failed: found \"xxx")
                    .hasMessageEndingWith("..., expected \"y\"")
                    .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(140));
        }
    }

    @Test
    @DisplayName("a failure leaves nothing half-applied: the input is unchanged and no result escapes")
    void allOrNothing() {
        rejects("[{'op':'replace','path':'/name','value':'api'},{'op':'remove','path':'/spec/ports/0'},"
                + "{'op':'test','path':'/name','value':'web'}]", "operation 2 (test /name): test failed: found \"api\", expected \"web\"");
    }

    @Nested
    @DisplayName("documents 10,000 levels deep")
    class Deep {
        private static final int DEPTH = 10_000;

        private static ObjectNode deep(JsonNode leaf) {
            ObjectNode root = JsonNodeFactory.instance.objectNode();
            ObjectNode node = root;
            for (int i = 1; i < DEPTH; i++) {
                node = node.putObject("a");
            }
            node.set("leaf", leaf);
            return root;
        }

        private static String deepPath(String last) {
            return "/a".repeat(DEPTH - 1) + "/" + last;
        }

        @Test
        void applyWalksCopiesAndComparesWithoutOverflowingTheStack() {
            ObjectNode doc = deep(JsonNodeFactory.instance.numberNode(1));
            ArrayNode patch = JsonNodeFactory.instance.arrayNode();
            patch.addObject().put("op", "test").put("path", "").set("value", deep(JsonNodeFactory.instance.numberNode(1.0)));
            patch.addObject().put("op", "replace").put("path", deepPath("leaf")).put("value", 2);

            JsonNode result = JsonPatch.apply(doc, patch);

            assertThat(JsonTrees.equal(result, deep(JsonNodeFactory.instance.numberNode(2)), EXACT)).isTrue();
            assertThat(JsonTrees.equal(doc, deep(JsonNodeFactory.instance.numberNode(1)), EXACT)).isTrue();
        }

        @Test
        void aFailingTestOnADeepValueGivesAShortMessage() {
            JsonNode patch = JsonNodeFactory.instance.arrayNode().add(JsonNodeFactory.instance.objectNode()
                    .put("op", "test").put("path", "").set("value", deep(JsonNodeFactory.instance.numberNode(2))));
            assertThatThrownBy(() -> JsonPatch.apply(deep(JsonNodeFactory.instance.numberNode(1)), patch))
                    .isInstanceOf(JsonPatchException.class)
                    .hasMessageStartingWith("operation 0 (test \"\"): test failed: found {\"a\":{\"a\":")
                    .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(250));
        }
    }
}
