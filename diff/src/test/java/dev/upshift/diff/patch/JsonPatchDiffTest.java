package dev.upshift.diff.patch;

import static dev.upshift.diff.testing.Json.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The patches {@link JsonPatch#diff} writes: small, readable, in document order, and correct. */
class JsonPatchDiffTest {

    /** Diffs, checks the patch leads to the target, and returns it for a look at its shape. */
    private static JsonNode diff(String source, String target) {
        JsonNode from = json(source);
        JsonNode to = json(target);
        JsonNode patch = JsonPatch.diff(from, to);
        assertThat(JsonPatch.apply(from, patch)).isEqualTo(to);
        return patch;
    }

    @Test
    void equalDocumentsGiveAnEmptyPatch() {
        assertThat(diff("{'a':[1,{'b':null}],'c':'d'}", "{'c':'d','a':[1,{'b':null}]}")).isEqualTo(json("[]"));
    }

    @Test
    void aChangedScalarIsOneReplace() {
        assertThat(diff("{'spec':{'replicas':3,'image':'nginx:1.25'}}", "{'spec':{'replicas':3,'image':'nginx:1.27'}}"))
                .isEqualTo(json("[{'op':'replace','path':'/spec/image','value':'nginx:1.27'}]"));
    }

    @Test
    void membersAreRemovedAndComparedInSourceOrderThenAddedInTargetOrder() {
        assertThat(diff("{'a':1,'b':2,'c':3}", "{'z':0,'c':4,'a':1,'y':[]}")).isEqualTo(json("[{'op':'remove','path':'/b'},"
                + "{'op':'replace','path':'/c','value':4},{'op':'add','path':'/z','value':0},{'op':'add','path':'/y','value':[]}]"));
    }

    @Test
    void insertingOneItemIsOneAdd() {
        assertThat(diff("{'l':['a','b','c','d','e']}", "{'l':['a','b','x','c','d','e']}"))
                .isEqualTo(json("[{'op':'add','path':'/l/2','value':'x'}]"));
    }

    @Test
    void removingOneItemIsOneRemove() {
        assertThat(diff("['a','b','c','d','e']", "['a','c','d','e']")).isEqualTo(json("[{'op':'remove','path':'/1'}]"));
    }

    @Test
    void severalItemsGoFromTheLastToTheFirst() {
        assertThat(diff("['a','b','c','d','e']", "['a','e']")).isEqualTo(json(
                "[{'op':'remove','path':'/3'},{'op':'remove','path':'/2'},{'op':'remove','path':'/1'}]"));
    }

    @Test
    void laterIndicesAccountForEarlierOperations() {
        assertThat(diff("['a','b','c','d']", "['x','a','c','d','y']")).isEqualTo(json(
                "[{'op':'add','path':'/0','value':'x'},{'op':'remove','path':'/2'},{'op':'add','path':'/4','value':'y'}]"));
    }

    @Test
    void aChangedFieldInsideAListItemIsReplacedAlone() {
        assertThat(diff("{'containers':[{'name':'app','image':'app:1'},{'name':'sidecar','image':'envoy:1'}]}",
                        "{'containers':[{'name':'app','image':'app:2'},{'name':'sidecar','image':'envoy:1'}]}"))
                .isEqualTo(json("[{'op':'replace','path':'/containers/0/image','value':'app:2'}]"));
    }

    @Test
    void anItemWithNothingInCommonIsReplacedWhole() {
        assertThat(diff("[{'name':'a','port':1},'k']", "[{'name':'b','port':2},'k']"))
                .isEqualTo(json("[{'op':'replace','path':'/0','value':{'name':'b','port':2}}]"));
    }

    @Test
    void aChangedTypeIsReplaced() {
        assertThat(diff("{'a':{'b':1}}", "{'a':[1]}")).isEqualTo(json("[{'op':'replace','path':'/a','value':[1]}]"));
        assertThat(diff("{'a':'1'}", "{'a':1}")).isEqualTo(json("[{'op':'replace','path':'/a','value':1}]"));
    }

    @Test
    void aChangedRootTypeReplacesTheWholeDocument() {
        assertThat(diff("{'a':1}", "[1]")).isEqualTo(json("[{'op':'replace','path':'','value':[1]}]"));
        assertThat(diff("'x'", "'y'")).isEqualTo(json("[{'op':'replace','path':'','value':'y'}]"));
    }

    @Test
    @DisplayName("1 and 1.0 are different Jackson values: the patch makes the result equal to the target")
    void numberTypesCount() {
        assertThat(diff("{'a':1}", "{'a':1.0}")).isEqualTo(json("[{'op':'replace','path':'/a','value':1.0}]"));
    }

    @Test
    void namesWithSlashAndTildeAreEscaped() {
        assertThat(diff("{'a/b':{'~c':1}}", "{'a/b':{'~c':2},'':3}")).isEqualTo(json(
                "[{'op':'replace','path':'/a~1b/~0c','value':2},{'op':'add','path':'/','value':3}]"));
    }

    @Test
    void nullIsAValueLikeAnyOther() {
        assertThat(diff("{'a':null}", "{'a':0,'b':null}")).isEqualTo(json(
                "[{'op':'replace','path':'/a','value':0},{'op':'add','path':'/b','value':null}]"));
    }

    @Test
    void theInputsAreNotChangedAndThePatchSharesNothingWithThem() {
        JsonNode source = json("{'a':[1,2],'b':{'c':1}}");
        JsonNode target = json("{'a':[1,3],'b':{'c':1},'d':{'e':[]}}");
        JsonNode sourceBefore = source.deepCopy();
        JsonNode targetBefore = target.deepCopy();

        JsonNode patch = JsonPatch.diff(source, target);
        ((ObjectNode) patch.get(patch.size() - 1).get("value")).put("mutated", true);

        assertThat(source).isEqualTo(sourceBefore);
        assertThat(target).isEqualTo(targetBefore);
    }

    @Test
    void theSameInputsGiveTheSamePatch() {
        String a = "{'x':[{'k':1},{'k':2},3,[4]],'y':{'z':true}}";
        String b = "{'y':{'z':false},'x':[{'k':2},[4],3,{'k':1}],'w':1}";
        assertThat(JsonPatch.diff(json(a), json(b))).isEqualTo(JsonPatch.diff(json(a), json(b)));
    }
}
