package dev.upshift.diff.edit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.InputException;
import dev.upshift.diff.path.FieldPath;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** What {@link TextEdits} writes, case by case: the whole edited text is spelled out. */
class TextEditsTest {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** The text of the first document edited by {@code change}, checked to be idempotent. */
    private static String edit(String name, String text, Consumer<ObjectNode> change) {
        TextEdits edits = TextEdits.of(name, text);
        ObjectNode target = edits.documents().get(0).root().deepCopy();
        change.accept(target);
        String edited = edits.replace(0, target).edit().text();
        assertThat(TextEdits.of(name, edited).replace(0, target).edit().text()).as("edited again").isEqualTo(edited);
        return edited;
    }

    private static String edit(String text, Consumer<ObjectNode> change) {
        return edit("test.yaml", text, change);
    }

    private static ObjectNode at(ObjectNode tree, String... fields) {
        JsonNode n = tree;
        for (String f : fields) {
            n = n.get(f);
        }
        return (ObjectNode) n;
    }

    @Nested
    @DisplayName("scalars")
    class Scalars {
        @Test
        @DisplayName("keep their quoting, their comment and the spacing around them")
        void keepTheirStyle() {
            String text = """
                    plain: v1.29.6     # the version
                    single: '30'
                    double: "x"
                    """;
            assertThat(edit(text, t -> t.put("plain", "v1.30.2").put("single", "31").put("double", "y"))).isEqualTo("""
                    plain: v1.30.2     # the version
                    single: '31'
                    double: "y"
                    """);
        }

        @Test
        @DisplayName("are quoted when the new text would read as a number, a boolean, null or something else")
        void quoteWhatWouldReadDifferently() {
            String text = "a: x\nb: x\nc: x\nd: x\ne: x\nf: x\ng: 1\n";
            assertThat(edit(text, t -> t.put("a", "1.20").put("b", "yes").put("c", "null").put("d", "")
                    .put("e", "a: b #c").put("f", "2024-01-01").put("g", "12"))).isEqualTo("""
                    a: "1.20"
                    b: "yes"
                    c: "null"
                    d: ""
                    e: "a: b #c"
                    f: "2024-01-01"
                    g: "12"
                    """);
        }

        @Test
        @DisplayName("take the file's favourite quotes when they need quoting")
        void quoteLikeTheFile() {
            String text = "a: 'x'\nb: 'y'\nc: plain\n";
            assertThat(edit(text, t -> t.put("c", "on"))).isEqualTo("a: 'x'\nb: 'y'\nc: 'on'\n");
        }

        @Test
        @DisplayName("that were quoted text become plain numbers, booleans and null when the value is one")
        void changeType() {
            assertThat(edit("a: '3'\nb: \"x\"\nc: x\n", t -> t.put("a", 4).put("b", true).putNull("c")))
                    .isEqualTo("a: 4\nb: true\nc: null\n");
        }

        @Test
        @DisplayName("an empty value gets a space before its new value")
        void emptyValue() {
            assertThat(edit("a:\nb: 1\n", t -> t.put("a", 5))).isEqualTo("a: 5\nb: 1\n");
        }

        @Test
        @DisplayName("a literal block stays a literal block, the comment after its header stays")
        void literalBlocks() {
            String text = """
                    script: |   # run at boot
                        echo one
                        echo two

                    next: 1
                    """;
            assertThat(edit(text, t -> t.put("script", "echo three\n"))).isEqualTo("""
                    script: |   # run at boot
                        echo three

                    next: 1
                    """);
            assertThat(edit(text, t -> t.put("script", "no newline\nat the end"))).isEqualTo("""
                    script: |-   # run at boot
                        no newline
                        at the end

                    next: 1
                    """);
        }

        @Test
        @DisplayName("a literal block that cannot hold the new text becomes a double-quoted scalar")
        void literalThatCannotHold() {
            assertThat(edit("a: |\n  x\n  y\nb: 1\n", t -> t.put("a", "  leading spaces\nx\n"))).isEqualTo("""
                    a: "  leading spaces\\nx\\n"
                    b: 1
                    """);
        }

        @Test
        @DisplayName("a folded block is rewritten as a literal block")
        void foldedBlocks() {
            assertThat(edit("a: >\n  one\n  two\nb: 1\n", t -> t.put("a", "three\nfour\n"))).isEqualTo("a: |\n  three\n  four\nb: 1\n");
        }

        @Test
        @DisplayName("positions count characters, not code points (an emoji before the edit)")
        void surrogatePairs() {
            assertThat(edit("a: \"\uD83D\uDE00 x\" # \uD83D\uDE00\nb: c\n", t -> t.put("b", "d")))
                    .isEqualTo("a: \"\uD83D\uDE00 x\" # \uD83D\uDE00\nb: d\n");
        }
    }

    @Nested
    @DisplayName("mappings")
    class Mappings {
        private static final String SPEC = """
                spec:
                    # how many
                    replicas: 3   # fixed
                    version: v1.29.6

                    template:
                        image: web
                """;

        @Test
        @DisplayName("a new key goes after the key before it, indented like its siblings; a new subtree in the file's indentation")
        void newKeys() {
            assertThat(edit(SPEC, t -> {
                ObjectNode spec = at(t, "spec");
                ObjectNode rebuilt = NODES.objectNode();
                rebuilt.set("replicas", spec.get("replicas"));
                rebuilt.put("paused", false);
                rebuilt.set("version", spec.get("version"));
                rebuilt.set("template", spec.get("template"));
                rebuilt.putObject("strategy").put("type", "RollingUpdate").putArray("order").add("a").add("b");
                t.set("spec", rebuilt);
            })).isEqualTo("""
                    spec:
                        # how many
                        replicas: 3   # fixed
                        paused: false
                        version: v1.29.6

                        template:
                            image: web
                        strategy:
                            type: RollingUpdate
                            order:
                            - a
                            - b
                    """);
        }

        @Test
        @DisplayName("new lists follow where the file puts its dashes")
        void listIndentationOfTheFile() {
            String text = "a:\n  list:\n    - x\n";
            assertThat(edit(text, t -> at(t, "a").putArray("more").add(1))).isEqualTo("a:\n  list:\n    - x\n  more:\n    - 1\n");
        }

        @Test
        @DisplayName("a removed key takes its lines; the comment above it stays")
        void removedKeys() {
            assertThat(edit(SPEC, t -> at(t, "spec").remove("replicas"))).isEqualTo("""
                    spec:
                        # how many
                        version: v1.29.6

                        template:
                            image: web
                    """);
            assertThat(edit(SPEC, t -> at(t, "spec").remove("template"))).isEqualTo("""
                    spec:
                        # how many
                        replicas: 3   # fixed
                        version: v1.29.6

                    """);
        }

        @Test
        @DisplayName("the last key removed leaves an empty mapping")
        void lastKeyRemoved() {
            assertThat(edit("a:\n  b: 1   # note\nc: 2\n", t -> at(t, "a").remove("b"))).isEqualTo("a: {}\nc: 2\n");
        }

        @Test
        @DisplayName("flow mappings gain and lose entries with their commas")
        void flowMappings() {
            String text = "labels: {stage: prod, region: eu}   # who\n";
            assertThat(edit(text, t -> at(t, "labels").put("team", "a b").remove("stage")))
                    .isEqualTo("labels: {region: eu, team: a b}   # who\n");
            assertThat(edit(text, t -> at(t, "labels").remove("region"))).isEqualTo("labels: {stage: prod}   # who\n");
            assertThat(edit("labels: {}\n", t -> at(t, "labels").put("a", "b"))).isEqualTo("labels:\n  a: b\n");
        }

        @Test
        @DisplayName("the first key of a list item removed: the next moves up onto the dash's line, comments go above it")
        void firstKeyOfAnItem() {
            String text = """
                    items:
                    - image: x
                      # the name
                      name: a
                    """;
            assertThat(edit(text, t -> ((ObjectNode) t.get("items").get(0)).remove("image"))).isEqualTo("""
                    items:
                      # the name
                    - name: a
                    """);
        }
    }

    @Nested
    @DisplayName("lists")
    class Lists {
        @Test
        @DisplayName("items edited in place keep their lines when an item of equal content could be matched elsewhere")
        void equalItemsDoNotStrandTheOthers() {
            String text = """
                    image:
                    - "true": 622
                    -
                      - a b   # note 1
                      - 8.2
                    - {}
                    """;
            assertThat(edit(text, t -> {
                ((ObjectNode) t.get("image").get(0)).remove("true");
                ((ArrayNode) t.get("image").get(1)).remove(1);
            })).isEqualTo("""
                    image:
                    - {}
                    -
                      - a b   # note 1
                    - {}
                    """);
        }

        @Test
        @DisplayName("an item replaced by one of another shape leaves the next item alone, even one of the same content")
        void itemOfAnotherShape() {
            String text = """
                    args:
                    - {}
                    # comment 4
                    - args: null   # note 5
                    image: false
                    """;
            assertThat(edit(text, t -> ((ArrayNode) t.get("args")).set(0, new com.fasterxml.jackson.databind.ObjectMapper()
                    .createArrayNode().add("x")))).isEqualTo("""
                    args:
                    # comment 4
                    - - x
                    - args: null   # note 5
                    image: false
                    """);
        }

        @Test
        @DisplayName("an item that gains a name is edited in place, its comments and quotes kept")
        void itemGainsAName() {
            String text = """
                    items:
                      - b: "x"
                        a: "*z"   # note
                    """;
            assertThat(edit(text, t -> ((ObjectNode) t.get("items").get(0)).put("name", "first"))).isEqualTo("""
                    items:
                      - b: "x"
                        a: "*z"   # note
                        name: "first"
                    """);
        }

        @Test
        @DisplayName("a new item goes after the item it follows, a removed one takes its lines")
        void blockItems() {
            String text = """
                    args:
                      - --a   # first
                      # second
                      - --b
                      - --c
                    """;
            assertThat(edit(text, t -> {
                ArrayNode args = (ArrayNode) t.get("args");
                args.remove(1);
                args.insert(0, "--zero");
                args.add("--d");
            })).isEqualTo("""
                    args:
                      - --zero
                      - --a   # first
                      # second
                      - --c
                      - --d
                    """);
        }

        @Test
        @DisplayName("items keyed by name are matched by name: a changed item is edited in place")
        void keyedItems() {
            String text = """
                    containers:
                    - name: web
                      image: web:1   # pinned
                    - name: sidecar
                      image: proxy:1
                    """;
            assertThat(edit(text, t -> {
                ArrayNode containers = (ArrayNode) t.get("containers");
                ((ObjectNode) containers.get(1)).put("image", "proxy:2");
                containers.remove(0);
            })).isEqualTo("""
                    containers:
                    - name: sidecar
                      image: proxy:2
                    """);
        }

        @Test
        @DisplayName("flow lists gain items in their siblings' quotes")
        void flowItems() {
            assertThat(edit("args: [\"-a\", \"-b\"]\n", t -> ((ArrayNode) t.get("args")).add("-c")))
                    .isEqualTo("args: [\"-a\", \"-b\", \"-c\"]\n");
            assertThat(edit("args: [a, b, c]\n", t -> ((ArrayNode) t.get("args")).remove(0)))
                    .isEqualTo("args: [b, c]\n");
        }

        @Test
        @DisplayName("every item removed leaves an empty list")
        void emptied() {
            assertThat(edit("a:\n- x\n- y\nb: 1\n", t -> t.putArray("a"))).isEqualTo("a: []\nb: 1\n");
        }
    }

    @Nested
    @DisplayName("values changing shape")
    class Shapes {
        @Test
        @DisplayName("a scalar becoming a mapping: the comment stays on the key's line, the block goes below it")
        void scalarToMapping() {
            assertThat(edit("a: old   # keep me\nb: 1\n", t -> t.putObject("a").put("k", 1).put("l", 2)))
                    .isEqualTo("a:   # keep me\n  k: 1\n  l: 2\nb: 1\n");
        }

        @Test
        @DisplayName("a mapping becoming a scalar or a multi-line text")
        void mappingToScalar() {
            assertThat(edit("a:   # note\n  k: 1\nb: 1\n", t -> t.put("a", "x"))).isEqualTo("a: x   # note\nb: 1\n");
            assertThat(edit("a:   # note\n  k: 1\nb: 1\n", t -> t.put("a", "one\ntwo\n")))
                    .isEqualTo("a: |   # note\n  one\n  two\nb: 1\n");
        }

        @Test
        @DisplayName("a list item becoming a mapping")
        void itemToMapping() {
            assertThat(edit("l:\n- a\n- b\n", t -> ((ArrayNode) t.get("l")).set(1, NODES.objectNode().put("p", 1).put("q", 2))))
                    .isEqualTo("l:\n- a\n- p: 1\n  q: 2\n");
        }
    }

    @Nested
    @DisplayName("documents and files")
    class Documents {
        private static final String TWO = """
                # first
                kind: A
                ---
                # second
                kind: B
                ---
                kind: C
                """;

        @Test
        @DisplayName("only the edited document changes; a document is removed with its lines and added after another")
        void documents() {
            TextEdits edits = TextEdits.of("two.yaml", TWO);
            assertThat(edits.set(1, FieldPath.of("kind"), NODES.textNode("B2")).edit().text())
                    .isEqualTo(TWO.replace("kind: B", "kind: B2"));
            edits = TextEdits.of("two.yaml", TWO);
            edits.removeDocument(1);
            edits.addAfter(2, NODES.objectNode().put("kind", "D").set("spec", NODES.objectNode().put("a", 1)));
            assertThat(edits.edit().text()).isEqualTo("""
                    # first
                    kind: A
                    ---
                    kind: C
                    ---
                    kind: D
                    spec:
                      a: 1
                    """);
        }

        @Test
        @DisplayName("Windows line breaks are kept, new lines get them too")
        void crlf() {
            assertThat(edit("a: 1\r\nb:\r\n  c: 2\r\n", t -> at(t, "b").put("d", 3).put("c", 4)))
                    .isEqualTo("a: 1\r\nb:\r\n  c: 4\r\n  d: 3\r\n");
        }

        @Test
        @DisplayName("a file without a final line break gets one only where a line is added after its end")
        void noFinalLineBreak() {
            assertThat(edit("a: 1", t -> t.put("a", 2))).isEqualTo("a: 2");
            assertThat(edit("a: 1", t -> t.put("b", 2))).isEqualTo("a: 1\nb: 2\n");
        }

        @Test
        @DisplayName("a byte order mark at the start stays, and positions after it are right")
        void byteOrderMark() {
            assertThat(edit("\uFEFFa: 1\nb: x\n", t -> t.put("b", "z"))).isEqualTo("\uFEFFa: 1\nb: z\n");
            assertThat(edit("f.json", "\uFEFF{\"a\": 1, \"b\": \"x\"}\n", t -> t.put("b", "y")))
                    .isEqualTo("\uFEFF{\"a\": 1, \"b\": \"y\"}\n");
        }

        @Test
        @DisplayName("JSON stays JSON in its own layout: one entry per line where it has one per line")
        void json() {
            String text = """
                    {
                      "a": 1,
                      "b": {"c": "x"},
                      "d": [
                        "p"
                      ]
                    }
                    """;
            assertThat(edit("f.json", text, t -> {
                t.remove("a");
                at(t, "b").put("e", "y");
                ((ArrayNode) t.get("d")).add("q");
                t.putObject("f").put("g", true);
            })).isEqualTo("""
                    {
                      "b": {"c": "x", "e": "y"},
                      "d": [
                        "p",
                        "q"
                      ],
                      "f": {
                        "g": true
                      }
                    }
                    """);
        }
    }

    @Nested
    @DisplayName("set and remove")
    class SetAndRemove {
        @Test
        @DisplayName("set creates the mappings on its way and finds list items by key")
        void set() {
            String text = "spec:\n  containers:\n  - name: web\n    image: web:1\n";
            EditedText edited = TextEdits.of("d.yaml", text)
                    .set(0, FieldPath.parse("spec.containers[name=web].image"), NODES.textNode("web:2"))
                    .set(0, FieldPath.parse("metadata.labels.team"), NODES.textNode("a"))
                    .edit();
            assertThat(edited.text()).isEqualTo("spec:\n  containers:\n  - name: web\n    image: web:2\nmetadata:\n  labels:\n    team: a\n");
            assertThat(edited.changedLines()).isEqualTo(4);
        }

        @Test
        @DisplayName("remove of what is not there changes nothing; an item that does not exist cannot be set")
        void removeAndMissing() {
            TextEdits edits = TextEdits.of("d.yaml", "a: 1\n").remove(0, FieldPath.parse("b.c"));
            assertThat(edits.edit().changed()).isFalse();
            assertThatThrownBy(() -> TextEdits.of("d.yaml", "l: [1]\n").set(0, FieldPath.parse("l[3]"), NODES.numberNode(1)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("l[3]");
        }

        @Test
        @DisplayName("a text that does not load is refused with its position")
        void badText() {
            assertThatThrownBy(() -> TextEdits.of("bad.yaml", "a: [1\n")).isInstanceOf(InputException.class)
                    .hasMessageStartingWith("bad.yaml:");
        }
    }

    @Nested
    @DisplayName("what is refused rather than written wrong")
    class Refusals {
        @Test
        @DisplayName("a value reached through an alias, or one that aliases copy, is left to a person")
        void aliases() {
            String text = "base: &b {k: 1}\ncopy: *b\nother: 3\n";
            assertThatThrownBy(() -> edit(text, t -> at(t, "copy").put("k", 2))).isInstanceOf(TextEditException.class)
                    .hasMessage("test.yaml:2: copy: cannot edit in place: it is an alias (*b) of a value written elsewhere in"
                            + " the file; change it by hand, or write the value out in place of the alias");
            assertThatThrownBy(() -> edit(text, t -> at(t, "base").put("k", 2))).isInstanceOf(TextEditException.class)
                    .hasMessageContaining("test.yaml:1: base: cannot edit in place: it is anchored (&b)");
            assertThatThrownBy(() -> edit(text, t -> t.remove("base"))).isInstanceOf(TextEditException.class)
                    .hasMessageContaining("holds the anchor &b");
            assertThat(edit(text, t -> t.put("other", 4))).isEqualTo("base: &b {k: 1}\ncopy: *b\nother: 4\n");
            assertThat(edit("a: &x 1\nb: 2\n", t -> t.put("a", 5))).as("an anchor no alias uses").isEqualTo("a: 5\nb: 2\n");
        }

        @Test
        @DisplayName("a value with a custom tag is left to a person")
        void customTags() {
            assertThatThrownBy(() -> edit("a: !vault x\n", t -> t.put("a", "y"))).isInstanceOf(TextEditException.class)
                    .hasMessageContaining("test.yaml:1: a: cannot edit in place: it carries the tag !vault");
        }

        @Test
        @DisplayName("an edit whose text would not read back as intended is refused (a |+ block before new lines)")
        void verified() {
            String text = "a: |+\n  kept\n\nb: 1\n";
            assertThatThrownBy(() -> edit(text, t -> {
                t.remove("b");
                t.put("c", 2);
            })).isInstanceOf(TextEditException.class).hasMessage("test.yaml: cannot edit in place: document 1 of the edited"
                    + " text would not read back as intended; nothing was changed: edit the file by hand");
        }
    }
}
