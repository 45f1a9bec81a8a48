package dev.upshift.diff.path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.upshift.common.problem.SyntaxException;
import dev.upshift.diff.testing.Yaml;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class FieldPathTest {
    private final JsonNode doc = Yaml.tree("""
            metadata:
              annotations: {"example.com/a~b": x, "a.b": y}
            spec:
              topology:
                workers:
                  machineDeployments:
                    - {name: md-0, replicas: 3}
                    - {name: md-1, replicas: 5}
              ports:
                - {port: 53, protocol: TCP}
                - {port: 53, protocol: UDP}
              finalizers: [a, b/c]
              args: [x, y]
            """);

    @Test
    @DisplayName("renders the readable dotted form and reads it back")
    void dottedRoundTrip() {
        for (String text : List.of("spec.topology.workers.machineDeployments[name=md-0].replicas",
                "spec.ports[port=53,protocol=UDP]", "spec.finalizers[=b/c]", "spec.args[1]",
                "metadata.annotations[\"example.com/a~b\"]", "metadata.annotations[\"a.b\"]", "a[name=\"x,y\"]",
                "a[name=\"53\"]", "a[id=53]", "a[on=true]", "a[=\" padded \"]", "a[=\"\"]", "[\"[weird]\"].b", "")) {
            assertThat(FieldPath.parse(text)).hasToString(text);
        }
    }

    @Test
    void buildsPathsFromElements() {
        FieldPath p = FieldPath.of("spec", "ports").child(new PathElement.Key(List.of("port", "protocol"),
                List.of(Yaml.value("53"), Yaml.value("UDP"))));
        assertThat(p).hasToString("spec.ports[port=53,protocol=UDP]");
        assertThat(p).isEqualTo(FieldPath.parse("spec.ports[port=53,protocol=UDP]"));
        assertThat(p.parent()).isEqualTo(FieldPath.of("spec", "ports"));
        assertThat(FieldPath.of("spec").contains(p)).isTrue();
        assertThat(p.contains(FieldPath.of("spec"))).isFalse();
    }

    @Test
    @DisplayName("a key value reads as a number when written as one, and as text when quoted")
    void keyValueTypes() {
        PathElement.Key number = (PathElement.Key) FieldPath.parse("a[id=53]").last().orElseThrow();
        PathElement.Key text = (PathElement.Key) FieldPath.parse("a[id=\"53\"]").last().orElseThrow();
        assertThat(number.values().get(0).isNumber()).isTrue();
        assertThat(text.values().get(0).isTextual()).isTrue();
        assertThat(number).isNotEqualTo(text);
        assertThat(FieldPath.parse("a[id=53.0]")).isEqualTo(FieldPath.parse("a[id=53]"));
    }

    @Test
    @DisplayName("renders go-patch form")
    void goPatch() {
        assertThat(FieldPath.parse("spec.topology.workers.machineDeployments[name=md-0].replicas").toGoPatch())
                .isEqualTo("/spec/topology/workers/machineDeployments/name=md-0/replicas");
        assertThat(FieldPath.parse("spec.ports[port=53,protocol=UDP]").toGoPatch()).isEqualTo("/spec/ports/port=53,protocol=UDP");
        assertThat(FieldPath.parse("metadata.annotations[\"example.com/a~b\"]").toGoPatch())
                .isEqualTo("/metadata/annotations/example.com~1a~0b");
        assertThat(FieldPath.parse("spec.args[1]").toGoPatch()).isEqualTo("/spec/args/1");
        assertThat(FieldPath.root().toGoPatch()).isEqualTo("/");
    }

    @Test
    @DisplayName("resolves to an RFC 6901 pointer against a concrete document, escaping ~ and /")
    void pointers() {
        assertThat(FieldPath.parse("spec.topology.workers.machineDeployments[name=md-1].replicas").toPointer(doc))
                .contains("/spec/topology/workers/machineDeployments/1/replicas");
        assertThat(FieldPath.parse("spec.ports[port=53,protocol=UDP]").toPointer(doc)).contains("/spec/ports/1");
        assertThat(FieldPath.parse("spec.finalizers[=b/c]").toPointer(doc)).contains("/spec/finalizers/1");
        assertThat(FieldPath.parse("metadata.annotations[\"example.com/a~b\"]").toPointer(doc))
                .contains("/metadata/annotations/example.com~1a~0b");
        assertThat(FieldPath.root().toPointer(doc)).contains("");
        assertThat(FieldPath.parse("spec.ports[port=54]").toPointer(doc)).isEmpty();
        assertThat(FieldPath.parse("spec.args[2]").toPointer(doc)).isEmpty();
        assertThat(FieldPath.parse("spec.missing").toPointer(doc)).isEmpty();
        assertThat(FieldPath.parse("spec.args.x").toPointer(doc)).isEmpty();
        assertThat(FieldPath.parse("spec.ports[port=53,protocol=TCP].protocol").resolve(doc))
                .hasValueSatisfying(v -> assertThat(v.textValue()).isEqualTo("TCP"));
    }

    @Test
    @DisplayName("orders paths element by element, a path before those below it")
    void ordering() {
        List<FieldPath> paths = new java.util.ArrayList<>(List.of(FieldPath.parse("spec.b"), FieldPath.parse("spec"),
                FieldPath.parse("spec.a[name=y]"), FieldPath.parse("spec.a[name=x].z"), FieldPath.parse("spec.a")));
        java.util.Collections.sort(paths);
        assertThat(paths).extracting(FieldPath::toString)
                .containsExactly("spec", "spec.a", "spec.a[name=x].z", "spec.a[name=y]", "spec.b");
    }

    @Test
    @DisplayName("parse errors name the character")
    void parseErrors() {
        assertThatThrownBy(() -> FieldPath.parse("spec..x")).hasMessage("invalid path \"spec..x\": expected a field name at character 6");
        assertThatThrownBy(() -> FieldPath.parse("spec.a[name=x")).hasMessage("invalid path \"spec.a[name=x\": expected ']' at the end");
        assertThatThrownBy(() -> FieldPath.parse("spec.*")).hasMessage("invalid path \"spec.*\": wildcards are only allowed in patterns at character 6");
        assertThatThrownBy(() -> FieldPath.parse("spec.a b")).hasMessage(
                "invalid path \"spec.a b\": unexpected '\\u0020' in a field name at character 7; quote such names as [\"name\"]");
        assertThatThrownBy(() -> FieldPath.parse("spec[name=]")).hasMessage("invalid path \"spec[name=]\": expected a value at character 11");
        assertThatThrownBy(() -> FieldPath.parse("a[\"x]")).hasMessage("invalid path \"a[\\\"x]\": unclosed quote at character 3");
        assertThatThrownBy(() -> FieldPath.parse("a[k=1,k=2]")).hasMessage("invalid path \"a[k=1,k=2]\": key field 'k' named twice at character 8");
        assertThatThrownBy(() -> FieldPath.parse("a]")).hasMessageContaining("unexpected ']' in a field name at character 2");
        assertThatThrownBy(() -> FieldPath.parse("a[99999999999]")).hasMessage("invalid path \"a[99999999999]\": index too large at character 3");
        assertThat(FieldPath.parse("a[007]")).isEqualTo(FieldPath.parse("a[7]"));
        assertThatThrownBy(() -> FieldPath.parse("spec..x"))
                .isInstanceOfSatisfying(SyntaxException.class, e -> {
                    assertThat(e.input()).isEqualTo("spec..x");
                    assertThat(e.position()).isEqualTo(5);
                    assertThat(e.reason()).isEqualTo("expected a field name at character 6");
                });
    }

    @Test
    @DisplayName("a key field whose value is a mapping or a list is a syntax error, not an IllegalArgumentException")
    void keyValuesMustBeScalars() {
        // found by FieldPathFuzzTest (its seed key-value-that-is-a-mapping)
        assertThatThrownBy(() -> FieldPath.parse("items[j={\"a\":[1,null]}]")).isInstanceOfSatisfying(SyntaxException.class, e -> {
            assertThat(e.position()).isEqualTo(8);
            assertThat(e.reason()).isEqualTo("a key field's value must be text, a number, true, false or null at character 9;"
                    + " write [=value] for a set item");
        });
        assertThatThrownBy(() -> PathPattern.parse("items[j=[1]]")).isInstanceOf(SyntaxException.class);
        assertThat(FieldPath.parse("items[={\"a\":1}]").last()).containsInstanceOf(PathElement.Value.class);
    }

    @Test
    @DisplayName("a JSON value cut short after a backslash is a syntax error, not StringIndexOutOfBoundsException")
    void jsonValueEndingInABackslash() {
        // found by FieldPathFuzzTest (its seed json-value-ending-in-a-backslash)
        for (String text : List.of("a[={\"\\", "a[=[\"x\\", "a.*.*.i$[={.*.i$[={\":0\\")) {
            assertThatThrownBy(() -> PathPattern.parse(text)).isInstanceOfSatisfying(SyntaxException.class,
                    e -> assertThat(e.reason()).startsWith("invalid JSON value at character"));
        }
        assertThatThrownBy(() -> FieldPath.parse("a[={\"\\")).isInstanceOf(SyntaxException.class);
    }

    @Test
    @DisplayName("key fields named like a wildcard or an index are quoted, so that the dotted form reads back")
    void keyFieldsThatWouldReadAsWildcardsOrIndicesAreQuoted() {
        // found by PathPatternFuzzTest (its seed key-field-named-star)
        for (String name : List.of("*", "*x", "0", "7up", "\u0663")) {
            FieldPath p = FieldPath.of("items").child(PathElement.Key.of(name, Yaml.value("1")));
            assertThat(p.toString()).startsWith("items[\"");
            assertThat(FieldPath.parse(p.toString())).isEqualTo(p);
        }
    }

    @Test
    @DisplayName("a set item's decimals read back exactly, past what a double holds")
    void setItemDecimalsReadBackExactly() {
        // found by PathPatternFuzzTest (its seed decimal-in-a-set-item): JSON values inside [=...] were read as doubles
        FieldPath p = FieldPath.parse("items[={\"a\":-6384871.32214177404}]");
        assertThat(p).hasToString("items[={\"a\":-6384871.32214177404}]");
        assertThat(FieldPath.parse(p.toString())).isEqualTo(p);
        assertThat(FieldPath.parse("items[=[0.1000000000000000000001]]")).isNotEqualTo(FieldPath.parse("items[=[0.1]]"));
    }

    @Test
    @DisplayName("a number past what a decimal can hold is a syntax error, plain or in a JSON value (found by fuzzing)")
    void hugeExponentsAreRefused() {
        String plain = "items[j=2e2222222222222222222222222]";
        String json = "items[j={\"a\":[22222e222222222222222222222224]}]";
        assertThatThrownBy(() -> FieldPath.parse(plain)).isInstanceOf(SyntaxException.class)
                .hasMessageContaining("number out of range");
        assertThatThrownBy(() -> FieldPath.parse(json)).isInstanceOf(SyntaxException.class)
                .hasMessageContaining("invalid JSON value");
        // an exponent a decimal holds, but a hundred million digits written out: refused before any work
        assertThatThrownBy(() -> FieldPath.parse("items[containerPort=1e100000053]")).isInstanceOf(SyntaxException.class)
                .hasMessageContaining("number out of range");
        assertThatThrownBy(() -> FieldPath.parse("items[j=1e100000053]")).isInstanceOf(SyntaxException.class)
                .hasMessageContaining("number out of range");
        assertThat(FieldPath.parse("items[port=1e3]").toString()).isEqualTo("items[port=1000]");
        // a text that would read as such a number is written quoted, and reads back as the text
        FieldPath text = FieldPath.of("items").child(PathElement.Key.of("j", JsonNodeFactory.instance.textNode("1e1000")));
        assertThat(text.toString()).isEqualTo("items[j=\"1e1000\"]");
        assertThat(FieldPath.parse(text.toString())).isEqualTo(text);
    }
}
