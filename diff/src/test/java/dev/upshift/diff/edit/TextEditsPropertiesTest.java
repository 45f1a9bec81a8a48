package dev.upshift.diff.edit;

import static dev.upshift.common.tree.JsonTrees.Equality.NUMERIC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.merge.ThreeWayMerge;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.testing.Content;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The editor's invariants over generated documents written in assorted styles with comments
 * ({@link StyledYaml}) and random changes ({@link EditCases}): the edited text reads back as exactly
 * the intended documents, every line outside the changed fields is kept, and editing again
 * changes nothing.
 */
class TextEditsPropertiesTest {
    private static final DocumentLoader LOADER = DocumentLoader.create();

    @Test
    @DisplayName("the styled generator writes what it means (the oracle's own check)")
    void generatorRoundTrips() {
        qt().withExamples(300).forAll(EditCases.cases(false, true)).checkAssert(c -> {
            List<SourceDocument> docs = LOADER.load("case.yaml", c.rendered().text());
            assertThat(docs).hasSize(2);
            assertThat(Content.of(docs.get(0).root())).isEqualTo(Content.of(c.original()));
        });
    }

    @Test
    @DisplayName("a document edited to a target reads back as the target, the other document as it was")
    void editedTextReadsBackAsTheTarget() {
        qt().withExamples(2000).forAll(EditCases.cases(false, true)).checkAssert(c -> {
            String edited = TextEdits.of("case.yaml", c.rendered().text()).replace(0, c.target()).edit().text();
            List<SourceDocument> docs = LOADER.load("case.yaml", edited);
            assertThat(docs).hasSize(2);
            assertThat(JsonTrees.equal(docs.get(0).root(), c.target(), NUMERIC)).as("%s\n--- edited\n%s", c, edited).isTrue();
            assertThat(docs.get(1).root().toString()).isEqualTo("{\"kind\":\"Other\"}");
        });
    }

    @Test
    @DisplayName("every line outside the changed fields is kept, in order")
    void onlyTheChangedFieldsLinesChange() {
        qt().withExamples(2000).forAll(EditCases.cases(false, true)).checkAssert(c -> {
            String edited = TextEdits.of("case.yaml", c.rendered().text()).replace(0, c.target()).edit().text();
            assertKeepsLinesOutside(c, edited);
        });
    }

    @Test
    @DisplayName("a text with Windows line breaks keeps them, in the lines it keeps and the lines it writes")
    void windowsLineBreaks() {
        qt().withExamples(500).forAll(EditCases.cases(false, false)).checkAssert(c -> {
            String crlf = c.rendered().text().replace("\n", "\r\n");
            String edited = TextEdits.of("case.yaml", crlf).replace(0, c.target()).edit().text();
            assertThat(JsonTrees.equal(LOADER.load("case.yaml", edited).get(0).root(), c.target(), NUMERIC)).as("%s", c).isTrue();
            assertThat(edited.replace("\r\n", "")).as("%s\n--- edited\n%s", c, edited).doesNotContain("\n");
        });
    }

    @Test
    @DisplayName("editing the edited text to the same target changes nothing")
    void editsAreIdempotent() {
        qt().withExamples(1000).forAll(EditCases.cases(false, false)).checkAssert(c -> {
            String edited = TextEdits.of("case.yaml", c.rendered().text()).replace(0, c.target()).edit().text();
            EditedText again = TextEdits.of("case.yaml", edited).replace(0, c.target()).edit();
            assertThat(again.text()).as("%s", c).isEqualTo(edited);
            assertThat(again.changed()).isFalse();
        });
    }

    @Test
    @DisplayName("JSON edited to a target reads back as the target, stays JSON, and editing it again changes nothing")
    void jsonEditsReadBackAndAreIdempotent() {
        qt().withExamples(1000).forAll(EditCases.jsonCases()).checkAssert(c -> {
            String edited = TextEdits.of("case.json", c.rendered().text()).replace(0, c.target()).edit().text();
            JsonNode read = LOADER.load("case.json", edited).get(0).root();
            assertThat(JsonTrees.equal(read, c.target(), NUMERIC)).as("%s\n--- edited\n%s", c, edited).isTrue();
            assertThat(TextEdits.of("case.json", edited).replace(0, c.target()).edit().changed()).isFalse();
        });
    }

    @Test
    @DisplayName("a random merge applied to the text reads back as the merged document, server noise kept")
    void mergesApplyToTheText() {
        qt().withExamples(1000).forAll(EditCases.cases(true, true)).checkAssert(c -> {
            String text = withStatus(c.rendered().text());
            List<SourceDocument> loaded = LOADER.load("case.yaml", text);
            DocumentSet current = DocumentSet.read(loaded.subList(0, 1));
            DocumentSet target = DocumentSet.of(List.of(c.target()));
            MergeResult merge = ThreeWayMerge.withRules(FieldRules.none()).merge(current, current, target);
            ObjectNode merged = merge.documents().documents().get(0).tree();

            String edited = TextEdits.of("case.yaml", text).apply(merge).edit().text();

            List<SourceDocument> after = LOADER.load("case.yaml", edited);
            JsonNode read = after.get(0).root();
            assertThat(read.get("status")).as("noise kept").isEqualTo(loaded.get(0).root().get("status"));
            assertThat(JsonTrees.equal(DocumentSet.read(after.subList(0, 1)).documents().get(0).tree(), merged, NUMERIC))
                    .as("%s\n--- merged\n%s\n--- edited\n%s", c, merged, edited).isTrue();
            if (JsonTrees.equal(merged, c.target(), NUMERIC)) {
                assertKeepsLinesOutside(c, edited.replace(STATUS, ""));
            }
            assertThat(TextEdits.of("case.yaml", edited).apply(merge).edit().changed()).as("applied twice").isFalse();
        });
    }

    private static final String STATUS = "status:\n  ready: true   # written by a controller\n";

    /** The text with a {@code status} (server noise the merge never sees) after the header comment. */
    private static String withStatus(String text) {
        int afterHeader = text.indexOf('\n') + 1;
        return text.substring(0, afterHeader) + STATUS + text.substring(afterHeader);
    }

    /** The original's lines outside the allowed ones appear in the edited text, in order. */
    static void assertKeepsLinesOutside(EditCases.Case c, String edited) {
        List<String> before = c.rendered().text().lines().toList();
        List<String> after = edited.lines().toList();
        int j = 0;
        for (int i = 0; i < before.size(); i++) {
            if (c.allowed().contains(i)) {
                continue;
            }
            while (j < after.size() && !after.get(j).equals(before.get(i))) {
                j++;
            }
            assertThat(j).as("line %d (%s) kept in order%s\n--- edited\n%s", i + 1, before.get(i), c, edited).isLessThan(after.size());
            j++;
        }
    }
}
