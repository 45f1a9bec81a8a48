package dev.upshift.common.read;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.kind.Metadata;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SyntaxException;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.common.value.Durations;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ObjectViewTest {
    private enum Color { RED, GREEN }

    private final Problems problems = new Problems();

    /** A parser as kinds write them: it throws a {@link SyntaxException} naming the character. */
    private static String path(String text) {
        int at = text.indexOf("..");
        if (at >= 0) {
            throw new SyntaxException("path", text, at + 1, "expected a field name at character " + (at + 2));
        }
        return text;
    }

    private ObjectView view(String yaml) {
        return ObjectView.of(DocumentLoader.create().load("f.yaml", yaml).get(0), problems);
    }

    private List<String> messages() {
        return problems.all().stream().map(Problem::toString).toList();
    }

    @Test
    void readsTypedFieldsAndReportsEveryProblemWithItsPosition() {
        ObjectView root = view("kind: A\nspec:\n  count: many\n  enabled: 'no'\n  name: [x]\n  color: blue\n  wait: 90q\n");
        ObjectView spec = root.object("spec").orElseThrow();
        assertThat(spec.integer("count", 0, 10)).isEmpty();
        assertThat(spec.bool("enabled")).isEmpty();
        assertThat(spec.string("name")).isEmpty();
        assertThat(spec.choice("color", Map.of("red", Color.RED, "green", Color.GREEN))).isEmpty();
        assertThat(spec.parsed("wait", Durations::parse)).isEmpty();
        assertThat(messages()).containsExactly(
                "f.yaml:3:10: spec.count: expected a whole number, got the text 'many'",
                "f.yaml:4:12: spec.enabled: expected true or false, got the text 'no'",
                "f.yaml:5:9: spec.name: expected text, got a list",
                "f.yaml:6:10: spec.color: unknown value 'blue'; expected one of: " + String.join(", ",
                        Map.of("red", Color.RED, "green", Color.GREEN).keySet()),
                "f.yaml:7:9: spec.wait: invalid duration \"90q\": unknown unit 'q' at character 3; expected ns, us, ms, s,"
                        + " m, h or d, as in 90m, 1h30m or PT1H30M");
    }

    @Test
    void hintsToQuoteAWordThatYamlReadAsABoolean() {
        view("value: on\n").string("value");
        assertThat(messages()).containsExactly("f.yaml:1:8: value: expected text, got the boolean true"
                + " (YAML reads unquoted yes/no/on/off/true/false as booleans: quote the value)");
    }

    @Test
    void readsNumbersAsWrittenWhereTextIsExpected() {
        assertThat(view("release: 19.30\n").string("release")).contains("19.30");
        assertThat(problems.all()).isEmpty();
    }

    @Test
    void reportsARejectedTextAtItsFieldWithTheParsersReasonAndPosition() {
        ObjectView root = view("kind: A\nspec:\n  path: spec..x\n  pattern: spec.*\n");
        ObjectView spec = root.object("spec").orElseThrow();
        assertThat(spec.parsed("path", ObjectViewTest::path)).isEmpty();
        assertThat(spec.requiredParsed("pattern", ObjectViewTest::path)).isPresent();
        assertThat(spec.requiredParsed("other", ObjectViewTest::path)).isEmpty();
        assertThat(messages()).containsExactly(
                "f.yaml:3:9: spec.path: invalid path \"spec..x\": expected a field name at character 6",
                "f.yaml:3:3: spec.other: missing required field");
    }

    @Test
    void reportsMissingRequiredFieldsAtTheirParent() {
        ObjectView root = view("kind: A\nspec:\n  other: 1\n");
        root.object("spec").orElseThrow().requiredString("release");
        root.requiredObject("metadata");
        assertThat(messages()).containsExactly(
                "f.yaml:3:3: spec.release: missing required field",
                "f.yaml:1:1: metadata: missing required field");
    }

    @Test
    void rejectsUnknownFieldsSuggestingTheClosestKnownName() {
        ObjectView root = view("kind: A\nrelase: 1\nzzz: 2\n");
        root.string("kind");
        root.string("release");
        root.rejectUnknownFields(List.of("spec"));
        assertThat(messages()).containsExactly(
                "f.yaml:2:1: relase: unknown field; did you mean 'release'?",
                "f.yaml:3:1: zzz: unknown field; expected one of: kind, release, spec");
    }

    @Test
    void reportsBadItemsOfListsByIndex() {
        ObjectView root = view("items:\n  - {a: 1}\n  - 3\nnames: [a, {b: 1}]\n");
        assertThat(root.objects("items")).hasSize(1);
        assertThat(root.strings("names")).containsExactly("a");
        assertThat(messages()).containsExactly(
                "f.yaml:3:5: items[1]: expected a mapping, got the number 3",
                "f.yaml:4:12: names[1]: expected text, got a mapping");
    }

    @Test
    void readsMetadataAndAcceptsAnythingUnderAnnotations() {
        ObjectView root = view("metadata:\n  name: n\n  labels: {stage: prod}\n  annotations: {note: x, 'a/b': y}\n");
        assertThat(DocumentRoot.metadata(root)).contains(new Metadata("n", Map.of("stage", "prod"), Map.of("note", "x", "a/b", "y")));
        assertThat(problems.all()).isEmpty();
    }

    @Test
    void rejectsAnEmptyName() {
        assertThat(DocumentRoot.metadata(view("metadata: {name: ''}\n"))).isEmpty();
        assertThat(messages()).containsExactly("f.yaml:1:18: metadata.name: must not be empty");
    }
}
