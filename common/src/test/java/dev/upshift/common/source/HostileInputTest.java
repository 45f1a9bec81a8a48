package dev.upshift.common.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.read.ObjectView;
import dev.upshift.testing.Allocation;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The hostile-input corpus (issue 10): every input an attacker tried ends in its documented error,
 * or loads as plain data, within a bound of work: the loading thread allocates at most
 * {@value #BYTES_PER_INPUT_BYTE} bytes per input byte plus {@value #FIXED_MIB} MiB, so the work is
 * linear in the input. (That counts short-lived garbage: SnakeYAML allocates up to about 500 bytes
 * per input byte for a flow list of one-character items. What stays alive is bounded far lower:
 * {@link HostileMemoryTest}.) Small cases are
 * files under {@code src/test/resources/hostile/}, listed with their outcome in {@code expected.txt};
 * large ones are generated here. {@link HostileMemoryTest} runs the memory cases in a JVM of their
 * own with a small heap.
 */
@DisplayName("hostile inputs end in their documented error within a bound of work")
class HostileInputTest {
    static final int BYTES_PER_INPUT_BYTE = 768;
    static final int FIXED_MIB = 64;

    private final DocumentLoader loader = DocumentLoader.create();

    /** Loads and checks the work bound; returns the documents, or the exception it ended in. */
    private static <T> T bounded(long inputBytes, Supplier<T> load) {
        long before = Allocation.ofCurrentThread();
        T result = load.get();
        long after = Allocation.ofCurrentThread();
        if (before >= 0) {
            assertThat(after - before).as("bytes allocated for an input of %,d bytes", inputBytes)
                    .isLessThanOrEqualTo(BYTES_PER_INPUT_BYTE * inputBytes + ((long) FIXED_MIB << 20));
        }
        return result;
    }

    private InputException rejected(String source, String text) {
        return bounded(text.getBytes(StandardCharsets.UTF_8).length, () -> {
            try {
                loader.load(source, text);
            } catch (InputException e) {
                return e;
            }
            throw new AssertionError(source + " was not rejected");
        });
    }

    @TestFactory
    Stream<DynamicTest> corpus() throws IOException {
        List<String> lines;
        try (InputStream in = resource("expected.txt")) {
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        }
        assertThat(lines).hasSizeGreaterThanOrEqualTo(15);
        return lines.stream().map(line -> {
            String[] parts = line.split("\t", 2);
            return DynamicTest.dynamicTest(parts[0], () -> check(parts[0], parts[1]));
        });
    }

    private void check(String file, String expected) throws IOException {
        byte[] bytes;
        try (InputStream in = resource(file)) {
            bytes = in.readAllBytes();
        }
        Object outcome = bounded(bytes.length, () -> {
            try {
                return loader.load(file, new ByteArrayInputStream(bytes));
            } catch (InputException e) {
                return e;
            }
        });
        if (expected.equals("loads")) {
            assertThat(outcome).as(file).isInstanceOf(List.class);
        } else {
            assertThat(outcome).as(file).isInstanceOf(InputException.class);
            assertThat(((InputException) outcome).getMessage().lines().findFirst()).contains(expected);
        }
    }

    private static InputStream resource(String name) {
        InputStream in = HostileInputTest.class.getResourceAsStream("/hostile/" + name);
        if (in == null) {
            throw new UncheckedIOException(new IOException("no resource hostile/" + name));
        }
        return in;
    }

    @Test
    void globalTagsConstructNothingAndTheTaggedValuesArePlainData() {
        List<SourceDocument> docs = loader.load("global-tag.yaml", new ByteArrayInputStream(bytesOf("global-tag.yaml")));
        JsonNode root = docs.get(0).root();
        assertThat(root.at("/spec/0/0/0/0").asText()).isEqualTo("http://127.0.0.1:1/");
        assertThat(root.at("/probe/loaded").booleanValue()).isTrue();
        assertThat(root.get("local").asText()).isEqualTo("text");
        assertThat(System.getProperty(TagProbe.INITIALISED)).as("the class a tag names was never initialised").isNull();
    }

    private static byte[] bytesOf(String file) {
        try (InputStream in = resource(file)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void deepNestingIsRefusedAtTheDepthLimit() {
        String yaml = "a: " + "[".repeat(10_000) + "]".repeat(10_000) + "\n";
        assertThat(rejected("deep.yaml", yaml).getMessage()).isEqualTo("deep.yaml:1:133: nesting is deeper than the limit of 128 levels");
        String json = "{\"a\": " + "[".repeat(10_000) + "]".repeat(10_000) + "}";
        assertThat(rejected("deep.json", json).getMessage()).startsWith("deep.json:1:").endsWith("nesting is deeper than the limit of 128 levels");
    }

    @Test
    void aDepthLimitOfAThousandNeverOverflowsTheStack() {
        DocumentLoader deep = DocumentLoader.withLimits(LoadLimits.defaults().withMaxDepth(LoadLimits.MAX_DEPTH));
        String tooDeep = "[".repeat(2_000) + "]".repeat(2_000); // 4 KB
        assertThatThrownBy(() -> deep.load("deep.yaml", "a: " + tooDeep)).isInstanceOf(InputException.class)
                .hasMessageEndingWith("nesting is deeper than the limit of 1000 levels");
        assertThatThrownBy(() -> deep.load("deep.json", "{\"a\": " + tooDeep + "}")).isInstanceOf(InputException.class)
                .hasMessageEndingWith("nesting is deeper than the limit of 1000 levels");
        // at the limit, the tree loads, and what code does with trees (copy, compare, print) still works
        String atLimit = "a: " + "[".repeat(999) + "1" + "]".repeat(999) + "\n";
        JsonNode root = deep.load("deep.yaml", atLimit).get(0).root();
        assertThat((Object) root.deepCopy()).isEqualTo(root);
        assertThat(root.toString()).hasSize(2 * 999 + 7);
    }

    @Test
    void aliasesCannotNestTheTreeDeeperThanTheLimit() {
        StringBuilder y = new StringBuilder("a0: &a0 " + "[".repeat(100) + "1" + "]".repeat(100) + "\n");
        for (int i = 1; i < 5; i++) {
            y.append('a').append(i).append(": &a").append(i).append(' ').append("[".repeat(20)).append("*a").append(i - 1)
                    .append("]".repeat(20)).append('\n');
        }
        assertThat(rejected("chain.yaml", y.toString()).getMessage()).asString()
                .isEqualTo("chain.yaml:3:29: alias *a1 nests the input deeper than the limit of 128 levels");
    }

    @Test
    void aliasesOfOneLargeValueStopAtTheLimitOnExpandedText() {
        // a block scalar: SnakeYAML reads a long single-line scalar in quadratic time (issue 10, item 5)
        StringBuilder y = new StringBuilder("big: &s |\n").append(("  " + "x".repeat(1023) + "\n").repeat(1024)).append("copies:\n");
        for (int i = 0; i < 3_000; i++) {
            y.append("  - *s\n");
        }
        assertThat(rejected("aliases.yaml", y.toString()).getMessage())
                .isEqualTo("aliases.yaml:1057:5: alias *s expands the input beyond the limit of 32 MiB of text (an alias bomb?)");
    }

    @Test
    void longSingleLineScalarsAndCommentsLoadInLinearWork() {
        // issue 10, item 5: one 7 MB line took 16 s and 1.1 GB; SnakeYAML's reader copied its whole
        // window for every 1,023 characters of a token (a scalar, a comment, a line of a block scalar)
        String line = "x".repeat(2 << 20);
        Map<String, String> cases = Map.of(
                "plain", "a: " + line + "\n",
                "double-quoted", "a: \"" + line + "\"\n",
                "single-quoted", "a: '" + line + "'\n",
                "block", "a: |\n  " + line + "\n",
                "comment", "# " + line + "\na: " + line.substring(0, 10) + "\n",
                "key", "? " + line + "\n: x\n");
        cases.forEach((name, text) -> {
            List<SourceDocument> docs = bounded(text.length(), () -> loader.load(name + ".yaml", text));
            JsonNode root = docs.get(0).root();
            int length = name.equals("key") ? root.fieldNames().next().length() : root.get("a").asText().strip().length();
            assertThat(length).as(name).isEqualTo(name.equals("comment") ? 10 : line.length());
        });
    }

    @Test
    void aMillionDocumentsThatAreNotMappingsStopAtTheDocumentLimitWithAShortReport() {
        String text = "--- 1\n".repeat(1_300_000); // 7.8 MB, within the size limit
        InputException e = rejected("docs.yaml", text);
        assertThat(e.problems()).hasSize(Problems.DEFAULT_PER_SOURCE + 1);
        assertThat(e.problems().get(0)).hasToString("docs.yaml:1:5: a document must be a mapping (an object with apiVersion and"
                + " kind), not a number");
        assertThat(e.problems().get(Problems.DEFAULT_PER_SOURCE)).hasToString("docs.yaml:101:5: 9,901 more problems from here"
                + " on are not shown (at most 100 per file and 1,000 in all)");
        assertThat(e.getMessage().length()).isLessThan(20_000);
    }

    @Test
    void nineHundredThousandDuplicateKeysGiveAHundredLinesAndACount() {
        String text = "a: 1\n".repeat(900_000);
        InputException e = rejected("dups.yaml", text);
        assertThat(e.problems()).hasSize(Problems.DEFAULT_PER_SOURCE + 1);
        assertThat(e.problems().get(0)).hasToString("dups.yaml:2:1: a: duplicate key 'a' (first at line 1)");
        assertThat(e.problems().get(Problems.DEFAULT_PER_SOURCE)).hasToString("dups.yaml:102:1: 899,899 more problems from"
                + " here on are not shown (at most 100 per file and 1,000 in all)");
        assertThat(e.getMessage().length()).isLessThan(20_000);
    }

    @Test
    void problemsBeyondTheCapsAreCountedNotBuilt() {
        // 900,000 duplicate keys 128 levels down, under 60-character keys: building each one's field
        // path (7,800 characters) and message, only to count it, allocated some 30 GB
        StringBuilder json = new StringBuilder();
        for (int i = 0; i < 127; i++) {
            json.append("{\"").append(String.valueOf((char) ('a' + i % 26)).repeat(60)).append("\":");
        }
        json.append("{\"k\":1").append(",\"k\":1".repeat(900_000)).append('}').append("}".repeat(127));
        String text = json.toString();
        long before = Allocation.ofCurrentThread();
        InputException e = rejected("dups.json", text);
        if (before >= 0) {
            assertThat(Allocation.ofCurrentThread() - before).as("bytes allocated for %,d duplicates", 900_000)
                    .isLessThan(1L << 30);
        }
        assertThat(e.problems()).hasSize(Problems.DEFAULT_PER_SOURCE + 1);
        assertThat(e.problems().get(0).field()).hasSize(200).endsWith("...");
        assertThat(e.problems().get(Problems.DEFAULT_PER_SOURCE).message())
                .isEqualTo("899,900 more problems from here on are not shown (at most 100 per file and 1,000 in all)");
    }

    @Test
    void echoedValuesAndKeysAreAbbreviated() {
        String key = "k".repeat(40_000);
        InputException e = rejected("keys.json", "{\"" + key + "\": 1,\n\"" + key + "\": 2}");
        assertThat(e.getMessage()).hasSizeLessThan(400).contains("duplicate key 'kkkk").contains("...' (first at line 1)");
        assertThat(rejected("long.json", "{\"" + "k".repeat(60_000) + "\": 1}").getMessage())
                .isEqualTo("long.json:1:60004: a key longer than the limit of 50000 characters");

        String value = "x".repeat(7 << 20);
        SourceDocument doc = loader.load("v.json", "{\"color\": \"" + value + "\"}").get(0);
        Problems problems = new Problems();
        ObjectView.of(doc, problems).choice("color", Map.of("red", Thread.State.NEW));
        assertThat(problems.all()).singleElement().extracting(Problem::toString)
                .asString().hasSizeLessThan(200).startsWith("v.json:1:11: color: unknown value 'xxxx").contains("...'; expected one of: red");
    }

    @Test
    @DisplayName("a short number whose digits written out would be huge (1e100000053) is an error, in YAML and JSON")
    void numbersWhoseDigitsWrittenOutAreHugeAreAnError() {
        for (String n : List.of("1e100000053", "-2.5E+1001", "1e-1001")) {
            assertThat(rejected("e.yaml", "spec:\n  replicas: " + n + "\n").getMessage()).as(n + " in YAML")
                    .isEqualTo("e.yaml:2:13: spec.replicas: '" + n + "' is out of range: a number may have at most 1000"
                            + " digits before or after its point, written out (quote it if it is text)");
            assertThat(rejected("e.json", "{\"spec\": {\"replicas\": " + n + "}}").getMessage()).as(n + " in JSON")
                    .startsWith("e.json:1:").contains("is out of range");
        }
        assertThat(loader.load("ok.yaml", "a: 1e999\nb: 1e-1000\n").get(0).root().get("a").isNumber()).isTrue();
    }

    @Test
    void numbersTooLongForTheParserAreAnErrorAtTheirPositionNeverText() {
        for (int digits : new int[] {1_010, 1_025, 5_000}) {
            String n = "1".repeat(digits);
            assertThat(rejected("n.yaml", "spec:\n  replicas: " + n + "\n").getMessage()).as(digits + " digits in YAML")
                    .isEqualTo("n.yaml:2:13: spec.replicas: a number longer than the limit of 1000 characters (quote it if it is text)");
            assertThat(rejected("n.json", "{\"spec\": {\"replicas\": " + n + "}}").getMessage()).as(digits + " digits in JSON")
                    .startsWith("n.json:1:").endsWith("a number longer than the limit of 1000 characters (quote it if it is text)");
        }
        assertThat(rejected("f.yaml", "ratio: 0." + "5".repeat(1_200) + "\n").getMessage())
                .isEqualTo("f.yaml:1:8: ratio: a number longer than the limit of 1000 characters (quote it if it is text)");
        assertThat(loader.load("q.yaml", "id: '" + "1".repeat(1_025) + "'\n").get(0).root().get("id").isTextual()).isTrue();
    }

    @Test
    void theSizeLimitCountsTheBytesOfTextNotItsCharacters() {
        DocumentLoader small = DocumentLoader.withLimits(LoadLimits.defaults().withMaxBytes(12));
        assertThatThrownBy(() -> small.load("f.yaml", "a: ééééé")).as("8 characters, 13 bytes")
                .hasMessage("f.yaml: input is larger than the limit of 12 bytes");
        assertThat(small.load("f.yaml", "a: éééé").get(0).root().get("a").asText()).isEqualTo("éééé");
    }

    @Test
    void noMessageNamesAJavaClass() {
        for (String text : List.of("a: .inf\n", "? [a]\n: 1\n", "a: !!binary aGVsbG8=\n", "a: " + "9".repeat(1_100) + "\n",
                "a: [1, 2\n", "a: {b: 1\n", "{\"a\": 01}", "[1, 2", "a: b: c\n", "- a\nb: c\n", "\"\\uZZZZ\": 1\n")) {
            for (String source : List.of("f.yaml", "f.json")) {
                try {
                    loader.load(source, text);
                } catch (InputException e) {
                    assertThat(e.getMessage()).as(source + ": " + text).doesNotContain("com.fasterxml").doesNotContain("org.yaml")
                            .doesNotContain("java.").doesNotContain("Exception").doesNotContain("Event(");
                }
            }
        }
    }
}
