package dev.upshift.common.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.testing.Allocation;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class DocumentLoaderTest {
    private final DocumentLoader loader = DocumentLoader.create();

    private JsonNode one(String yaml) {
        List<SourceDocument> docs = loader.load("f.yaml", yaml);
        assertThat(docs).hasSize(1);
        return docs.get(0).root();
    }

    private InputException rejected(String source, String text) {
        try {
            loader.load(source, text);
        } catch (InputException e) {
            return e;
        }
        throw new AssertionError("expected " + source + " to be rejected");
    }

    @Nested
    @DisplayName("documents and positions")
    class Documents {
        @Test
        void readsSeveralDocumentsFromOneSourceAndSkipsEmptyOnes() {
            List<SourceDocument> docs = loader.load("f.yaml", "---\nkind: A\n---\n---\nkind: B\n...\n---\n");
            assertThat(docs).extracting(SourceDocument::kind).containsExactly("A", "B");
            assertThat(docs).extracting(SourceDocument::index).containsExactly(0, 1);
        }

        @Test
        void remembersLineAndColumnOfEveryValueAndKey() {
            SourceDocument doc = loader.load("f.yaml", "kind: A\nspec:\n  windows:\n    - name: w1\n      end: 3\n").get(0);
            assertThat(doc.locate("/spec/windows/0/end")).hasToString("f.yaml:5:12");
            assertThat(doc.keyLocation("/spec/windows/0/end")).hasToString("f.yaml:5:7");
            assertThat(doc.locate("/spec/windows/0/missing/deeper")).hasToString("f.yaml:4:7");
            assertThat(doc.location()).hasToString("f.yaml:1:1");
        }

        @Test
        void parsesJsonByExtensionWithPositions() {
            SourceDocument doc = loader.load("f.json", "{\"kind\": \"A\",\n \"spec\": {\"x\": [1, 2]}}").get(0);
            assertThat(doc.root().at("/spec/x/1").asInt()).isEqualTo(2);
            assertThat(doc.locate("/spec/x/1")).hasToString("f.json:2:20");
        }

        @Test
        void rejectsDocumentsThatAreNotMappings() {
            InputException e = rejected("f.yaml", "kind: A\n---\n- 1\n- 2\n---\njust text\n");
            assertThat(e.errors()).extracting(Problem::toString).containsExactly(
                    "f.yaml:3:1: a document must be a mapping (an object with apiVersion and kind), not a list",
                    "f.yaml:6:1: a document must be a mapping (an object with apiVersion and kind), not a string");
        }

        @Test
        void readsFromAStream() {
            InputStream in = new ByteArrayInputStream("kind: A\n".getBytes(StandardCharsets.UTF_8));
            assertThat(loader.load("s.yaml", in)).extracting(SourceDocument::kind).containsExactly("A");
        }

        @Test
        void rejectsInvalidUtf8AtItsLineAndColumn() {
            InputStream in = new ByteArrayInputStream(new byte[] {'k', ':', ' ', 'x', '\n', (byte) 0xC3, (byte) 0xA9, 'b', ':', ' ', (byte) 0xC3, (byte) 0x28});
            assertThatThrownBy(() -> loader.load("s.yaml", in))
                    .isInstanceOf(InputException.class)
                    .hasMessage("s.yaml:2:5: not valid UTF-8 text: the byte 0xC3 cannot start or continue a character"
                            + " here; save the file as UTF-8");
        }
    }

    @Nested
    @DisplayName("YAML 1.1 surprises are read as Kubernetes reads them")
    class Scalars {
        @Test
        void booleanLikeWordsAreBooleansButSingleLettersAreNot() {
            JsonNode n = one("a: yes\nb: No\nc: on\nd: OFF\ne: true\nf: False\ng: y\nh: n\ni: 'yes'\n");
            assertThat(n.get("a").booleanValue()).isTrue();
            assertThat(n.get("b").isBoolean()).isTrue();
            assertThat(n.get("b").booleanValue()).isFalse();
            assertThat(n.get("c").booleanValue()).isTrue();
            assertThat(n.get("d").isBoolean()).isTrue();
            assertThat(n.get("e").booleanValue()).isTrue();
            assertThat(n.get("f").isBoolean()).isTrue();
            assertThat(n.get("g").asText()).isEqualTo("y");
            assertThat(n.get("h").isTextual()).isTrue();
            assertThat(n.get("i").asText()).isEqualTo("yes");
        }

        @Test
        void onAsAKeyIsTheStringOn() {
            assertThat(one("on: push\n").has("on")).isTrue();
        }

        @Test
        void leadingZeroIntegersAreOctalLikeAFileModeInAKubernetesVolume() {
            JsonNode n = one("mode: 0755\nhex: 0x1F\nquoted: '0755'\nnotOctal: 08\n");
            assertThat(n.get("mode").isIntegralNumber()).isTrue();
            assertThat(n.get("mode").asLong()).isEqualTo(493);
            assertThat(n.get("hex").asLong()).isEqualTo(31);
            assertThat(n.get("notOctal").asText()).isEqualTo("08");
            assertThat(n.get("quoted").asText()).isEqualTo("0755");
        }

        @Test
        void decimalsKeepTheirWrittenDigits() {
            JsonNode n = one("kubernetes: 1.20\nratio: 0.5\n");
            assertThat(n.get("kubernetes").asText()).isEqualTo("1.20");
            assertThat(n.get("ratio").decimalValue()).isEqualByComparingTo("0.5");
        }

        @Test
        void timestampsAndVersionsStayText() {
            JsonNode n = one("at: 2021-03-10T07:00:00Z\nday: 2027-06-30\nv: 1.29.4\nt: ~\n");
            assertThat(n.get("at").asText()).isEqualTo("2021-03-10T07:00:00Z");
            assertThat(n.get("day").asText()).isEqualTo("2027-06-30");
            assertThat(n.get("v").asText()).isEqualTo("1.29.4");
            assertThat(n.get("t").isNull()).isTrue();
        }

        @Test
        @DisplayName("an empty value (annotations: with nothing after it) is null, as Kubernetes and SnakeYAML read it; a quoted '' stays text")
        void anEmptyValueIsNull() {
            String yaml = """
                    metadata:
                      annotations:
                      labels: {}
                    spec:
                      resources:
                      args:
                        -
                        - ""
                      quoted: ''
                      flow: {a: , b: ""}
                    """;
            JsonNode n = one(yaml);
            assertThat(n.at("/metadata/annotations").isNull()).isTrue();
            assertThat(n.at("/spec/resources").isNull()).isTrue();
            assertThat(n.at("/spec/args/0").isNull()).isTrue();
            assertThat(n.at("/spec/args/1").textValue()).isEmpty();
            assertThat(n.at("/spec/quoted").textValue()).isEmpty();
            assertThat(n.at("/spec/flow/a").isNull()).isTrue();
            assertThat(n.at("/spec/flow/b").textValue()).isEmpty();
            // the oracle: SnakeYAML's own constructor, which sigs.k8s.io/yaml agrees with on these
            Object expected = new org.yaml.snakeyaml.Yaml().load(yaml);
            assertThat(new com.fasterxml.jackson.databind.ObjectMapper().convertValue(expected, JsonNode.class))
                    .isEqualTo(n);
        }
    }

    @Nested
    @DisplayName("duplicate keys, anchors and aliases")
    class Structure {
        @Test
        void rejectsEveryDuplicateKeyAtOnce() {
            InputException e = rejected("f.yaml", "kind: A\nspec:\n  a: 1\n  a: 2\nkind: B\n");
            assertThat(e.errors()).extracting(Problem::toString).containsExactly(
                    "f.yaml:4:3: spec.a: duplicate key 'a' (first at line 3)",
                    "f.yaml:5:1: kind: duplicate key 'kind' (first at line 1)");
        }

        @Test
        void rejectsDuplicateKeysInJsonToo() {
            assertThat(rejected("f.json", "{\"a\": 1, \"a\": 2}").getMessage())
                    .isEqualTo("f.json:1:10: a: duplicate key 'a' (first at line 1)");
        }

        @Test
        void resolvesAnAliasToACopyOfTheAnchoredValue() {
            JsonNode n = one("base: &b {cpu: 2, tags: [x]}\nworker: *b\nname: &n w\nalso: *n\n");
            assertThat(n.get("worker")).isEqualTo(n.get("base"));
            assertThat(n.get("worker")).isNotSameAs(n.get("base"));
            assertThat(n.get("also").asText()).isEqualTo("w");
        }

        @Test
        void rejectsAnAliasToAnUnknownAnchorInsteadOfReadingItsName() {
            assertThat(rejected("f.yaml", "a: 1\nb: *nope\n").getMessage())
                    .contains("f.yaml:2:4").contains("alias *nope refers to no complete anchor");
        }

        @Test
        void rejectsMergeKeys() {
            assertThat(rejected("f.yaml", "base: &b {x: 1}\nc:\n  <<: *b\n").getMessage())
                    .contains("f.yaml:3:3").contains("merge keys (<<) are not supported");
        }

        @Test
        void acceptsAQuotedLessLessKeyAsAnOrdinaryKey() {
            assertThat(one("'<<': 1\n").get("<<").asInt()).isEqualTo(1);
            assertThat(one("\"<<\": {a: 1}\n").at("/<</a").asInt()).isEqualTo(1);
        }

        @Test
        void stopsAnAliasBombQuickly() {
            StringBuilder y = new StringBuilder("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
            for (int i = 1; i <= 12; i++) {
                String p = "*a" + (i - 1);
                y.append("a").append(i).append(": &a").append(i).append(" [")
                        .append(String.join(", ", java.util.Collections.nCopies(10, p))).append("]\n");
            }
            long before = Allocation.ofCurrentThread();
            assertThat(rejected("bomb.yaml", y.toString()).getMessage())
                    .contains("expands the input beyond the limit of 1000000 values");
            long allocated = Allocation.ofCurrentThread() - before;
            assertThat(allocated).as("bytes allocated: the bomb is stopped, not expanded").isLessThan(64L << 20);
        }
    }

    @Nested
    @DisplayName("limits and syntax errors")
    class Limits {
        @Test
        void reportsSyntaxErrorsWithTheirPosition() {
            InputException e = rejected("f.yaml", "kind: A\nspec:\n  a: [1, 2\n  b: 3\n");
            assertThat(e.errors()).hasSize(1);
            assertThat(e.getMessage()).startsWith("f.yaml:4:").contains("invalid syntax");
        }

        @Test
        void reportsBadIndentation() {
            assertThat(rejected("f.yaml", "kind: A\n  spec: 1\n").getMessage()).startsWith("f.yaml:2:").contains("invalid syntax");
        }

        @Test
        void rejectsDeepNestingInYaml() {
            String deep = "a: " + "[".repeat(10_000) + "]".repeat(10_000) + "\n";
            assertThat(rejected("deep.yaml", deep).getMessage()).contains("deeper than the limit of 128 levels");
        }

        @Test
        void rejectsDeepNestingInBlockYaml() {
            StringBuilder y = new StringBuilder();
            for (int i = 0; i < 300; i++) {
                y.append(" ".repeat(i)).append("k:\n");
            }
            assertThat(rejected("deep.yaml", y.toString()).getMessage()).contains("deeper than the limit");
        }

        @Test
        void rejectsDeepNestingInJson() {
            String deep = "{\"a\": " + "[".repeat(10_000) + "]".repeat(10_000) + "}";
            assertThat(rejected("deep.json", deep).getMessage()).contains("deeper than the limit of 128 levels");
        }

        @Test
        void rejectsAFiftyMegabyteStreamWithoutReadingItAll() {
            InputStream huge = new InputStream() {
                long left = 50L * 1024 * 1024;

                @Override
                public int read() {
                    return left-- > 0 ? 'a' : -1;
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    if (left <= 0) return -1;
                    int n = (int) Math.min(len, left);
                    java.util.Arrays.fill(b, off, off + n, (byte) 'a');
                    left -= n;
                    return n;
                }
            };
            assertThatThrownBy(() -> loader.load("big.yaml", huge))
                    .isInstanceOf(InputException.class)
                    .hasMessage("big.yaml: input is larger than the limit of 8 MiB");
        }

        @Test
        void honoursASmallerSizeLimit() {
            DocumentLoader small = DocumentLoader.withLimits(LoadLimits.defaults().withMaxBytes(10));
            assertThatThrownBy(() -> small.load("f.yaml", "kind: A\nname: b\n"))
                    .hasMessage("f.yaml: input is larger than the limit of 10 bytes");
        }

        @Test
        void rejectsTooManyDocuments() {
            DocumentLoader small = DocumentLoader.withLimits(LoadLimits.defaults().withMaxDocuments(2));
            assertThatThrownBy(() -> small.load("f.yaml", "a: 1\n---\na: 2\n---\na: 3\n"))
                    .hasMessage("f.yaml:5:1: more than 2 documents in one input");
        }

        @Test
        void rejectsBinaryTagsAndOtherNonDataValues() {
            assertThat(rejected("f.yaml", "a: !!binary aGVsbG8=\n").getMessage()).contains("f.yaml:1:4");
        }
    }
}
