package dev.upshift.diff.patch;

import static dev.upshift.testing.Json.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The examples of RFC 6902 appendix A, each applied. */
class JsonPatchRfcExamplesTest {

    private static void applies(String document, String patch, String expected) {
        JsonNode doc = json(document);
        JsonNode want = json(expected);
        assertThat(JsonPatch.apply(doc, json(patch))).isEqualTo(want);
    }

    @Test
    @DisplayName("A.1 adding an object member")
    void addsMember() {
        applies("{'foo':'bar'}", "[{'op':'add','path':'/baz','value':'qux'}]", "{'baz':'qux','foo':'bar'}");
    }

    @Test
    @DisplayName("A.2 adding an array element")
    void addsItem() {
        applies("{'foo':['bar','baz']}", "[{'op':'add','path':'/foo/1','value':'qux'}]", "{'foo':['bar','qux','baz']}");
    }

    @Test
    @DisplayName("A.3 removing an object member")
    void removesMember() {
        applies("{'baz':'qux','foo':'bar'}", "[{'op':'remove','path':'/baz'}]", "{'foo':'bar'}");
    }

    @Test
    @DisplayName("A.4 removing an array element")
    void removesItem() {
        applies("{'foo':['bar','qux','baz']}", "[{'op':'remove','path':'/foo/1'}]", "{'foo':['bar','baz']}");
    }

    @Test
    @DisplayName("A.5 replacing a value")
    void replacesValue() {
        applies("{'baz':'qux','foo':'bar'}", "[{'op':'replace','path':'/baz','value':'boo'}]", "{'baz':'boo','foo':'bar'}");
    }

    @Test
    @DisplayName("A.6 moving a value")
    void movesValue() {
        applies("{'foo':{'bar':'baz','waldo':'fred'},'qux':{'corge':'grault'}}",
                "[{'op':'move','from':'/foo/waldo','path':'/qux/thud'}]",
                "{'foo':{'bar':'baz'},'qux':{'corge':'grault','thud':'fred'}}");
    }

    @Test
    @DisplayName("A.7 moving an array element")
    void movesItem() {
        applies("{'foo':['all','grass','cows','eat']}", "[{'op':'move','from':'/foo/1','path':'/foo/3'}]",
                "{'foo':['all','cows','eat','grass']}");
    }

    @Test
    @DisplayName("A.8 testing a value: success")
    void testSucceeds() {
        applies("{'baz':'qux','foo':['a',2,'c']}",
                "[{'op':'test','path':'/baz','value':'qux'},{'op':'test','path':'/foo/1','value':2}]",
                "{'baz':'qux','foo':['a',2,'c']}");
    }

    @Test
    @DisplayName("A.9 testing a value: error")
    void testFails() {
        assertThatThrownBy(() -> JsonPatch.apply(json("{'baz':'qux'}"), json("[{'op':'test','path':'/baz','value':'bar'}]")))
                .isInstanceOf(JsonPatchException.class)
                .hasMessage("operation 0 (test /baz): test failed: found \"qux\", expected \"bar\"");
    }

    @Test
    @DisplayName("A.10 adding a nested member object")
    void addsNestedObject() {
        applies("{'foo':'bar'}", "[{'op':'add','path':'/child','value':{'grandchild':{}}}]",
                "{'foo':'bar','child':{'grandchild':{}}}");
    }

    @Test
    @DisplayName("A.11 ignoring unrecognized elements")
    void ignoresUnknownMembers() {
        applies("{'foo':'bar'}", "[{'op':'add','path':'/baz','value':'qux','xyz':123}]", "{'foo':'bar','baz':'qux'}");
    }

    @Test
    @DisplayName("A.12 adding to a nonexistent target")
    void refusesAddUnderMissingParent() {
        assertThatThrownBy(() -> JsonPatch.apply(json("{'foo':'bar'}"), json("[{'op':'add','path':'/baz/bat','value':'qux'}]")))
                .isInstanceOf(JsonPatchException.class)
                .hasMessage("operation 0 (add /baz/bat): no member 'baz' at the document root");
    }

    @Test
    @DisplayName("A.14 ~ escape ordering: ~01 names the member '~1'")
    void unescapesInOrder() {
        applies("{'/':9,'~1':10}", "[{'op':'test','path':'/~01','value':10}]", "{'/':9,'~1':10}");
    }

    @Test
    @DisplayName("A.15 comparing strings and numbers: \"10\" is not 10")
    void stringIsNotNumber() {
        assertThatThrownBy(() -> JsonPatch.apply(json("{'/':9,'~1':10}"), json("[{'op':'test','path':'/~01','value':'10'}]")))
                .isInstanceOf(JsonPatchException.class)
                .hasMessage("operation 0 (test /~01): test failed: found 10, expected \"10\"");
    }

    @Test
    @DisplayName("A.16 adding an array value with '-'")
    void appendsArray() {
        applies("{'foo':['bar']}", "[{'op':'add','path':'/foo/-','value':['abc','def']}]", "{'foo':['bar',['abc','def']]}");
    }
}
