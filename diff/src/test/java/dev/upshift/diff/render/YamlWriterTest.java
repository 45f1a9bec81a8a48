package dev.upshift.diff.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.lists;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.common.tree.JsonTrees;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

class YamlWriterTest {
    private static final DocumentLoader LOADER = DocumentLoader.create();

    private static JsonNode reload(String yaml) {
        return LOADER.load("w.yaml", yaml).get(0).root();
    }

    @Test
    @DisplayName("writes block YAML with sorted keys, kubectl-style lists and literal blocks")
    void canonicalForm() {
        ObjectNode tree = (ObjectNode) reload("""
                z: 1
                a:
                  list: [{name: x, image: "y:1"}, [1, 2], []]
                  empty: {}
                  text: "line one\\nline two\\n"
                  quoted: ["on", "1.0", "", " pad", "a: b", "#x", "-", "--flag=x", "2024-01-01", "0x1F", "x #y", "null"]
                  dec: 1.20
                """);
        assertThat(YamlWriter.write(tree, YamlWriter.KeyOrder.SORTED)).isEqualTo("""
                a:
                  dec: 1.20
                  empty: {}
                  list:
                  - image: y:1
                    name: x
                  - - 1
                    - 2
                  - []
                  quoted:
                  - "on"
                  - "1.0"
                  - ""
                  - " pad"
                  - "a: b"
                  - "#x"
                  - "-"
                  - --flag=x
                  - "2024-01-01"
                  - "0x1F"
                  - "x #y"
                  - "null"
                  text: |
                    line one
                    line two
                z: 1
                """);
        assertThat(YamlWriter.write(tree, YamlWriter.KeyOrder.AS_IS)).startsWith("z: 1\na:\n  list:\n");
    }

    @Test
    @DisplayName("whatever the text, writing and reading back (as Kubernetes reads YAML) gives the same tree")
    void roundTrip() {
        Gen<String> text = lists().of(Generate.pick(List.of("a", "y", "N", "on", "0", "1", ".", "-", ":", " ", "#", "\n",
                "\t", "\"", "'", "\\", "[", "]", "{", "}", ",", "&", "*", "!", "|", ">", "%", "@", "`", "?", "e", "x", "é",
                "\u0085", "\u2028", "~", "=", "<<", "_", "+"))).ofSizeBetween(0, 7).map(parts -> String.join("", parts));
        Gen<ObjectNode> trees = lists().of(text).ofSizeBetween(1, 4).zip(Generate.range(0, 3), (strings, shape) -> {
            ObjectNode root = JsonTrees.NODES.objectNode();
            for (int i = 0; i < strings.size(); i++) {
                String s = strings.get(i);
                switch ((shape + i) % 3) {
                    case 0 -> root.put(s, s);
                    case 1 -> root.putArray("k" + i).add(s).addObject().put(s, s);
                    default -> root.putObject("o" + i).putObject(s).put("v", s);
                }
            }
            return root;
        });
        qt().forAll(trees.describedAs(JsonNode::toString)).checkAssert(tree -> {
            for (YamlWriter.KeyOrder order : YamlWriter.KeyOrder.values()) {
                String yaml = YamlWriter.write(tree, order);
                assertThat(reload(yaml)).as(yaml).isEqualTo(tree);
            }
        });
    }

    @Test
    void writesSeveralDocuments() {
        assertThat(YamlWriter.writeAll(List.of(reload("a: 1\n"), reload("b: [x]\n")), YamlWriter.KeyOrder.AS_IS))
                .isEqualTo("---\na: 1\n---\nb:\n- x\n");
    }

    @Test
    @DisplayName("writes trees 10,000 levels deep without overflowing the stack")
    void deepTrees() {
        ArrayNode root = JsonTrees.NODES.arrayNode();
        ArrayNode list = root;
        for (int i = 1; i < 10_000; i++) {
            list = list.addArray();
        }
        list.addObject().put("a", 1).putObject("b").put("c", 2);
        assertThat(YamlWriter.write(root, YamlWriter.KeyOrder.SORTED))
                .isEqualTo("- ".repeat(10_000) + "a: 1\n" + " ".repeat(20_000) + "b:\n" + " ".repeat(20_002) + "c: 2\n");
    }
}
