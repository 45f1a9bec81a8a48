package dev.upshift.diff.source;

import dev.upshift.diff.problem.InputException;
import dev.upshift.diff.problem.Problem;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.util.List;

/**
 * Coverage-guided fuzzing of the document loader (Jazzer). Whatever the bytes, loading ends in
 * documents or in an {@link InputException} whose problems all name the source and no Java class;
 * a loaded document is a mapping whose positions can be looked up. Plain {@code mvn test} replays
 * the seeds in {@code src/test/resources/dev/upshift/diff/source/DocumentLoaderFuzzTestInputs/};
 * docs/security.md gives the command for a long fuzzing run.
 */
class DocumentLoaderFuzzTest {
    private static final DocumentLoader LOADER = DocumentLoader.withLimits(LoadLimits.defaults()
            .withMaxBytes(64 * 1024).withMaxNodes(10_000).withMaxExpandedBytes(256 * 1024).withMaxDocuments(100));

    @FuzzTest(maxDuration = "20s")
    void loadsOrRejectsWithProblemsInTheInputsTerms(FuzzedDataProvider data) {
        String source = data.consumeBoolean() ? "f.json" : "f.yaml";
        byte[] bytes = data.consumeRemainingAsBytes();
        List<SourceDocument> documents;
        try {
            documents = LOADER.load(source, new ByteArrayInputStream(bytes));
        } catch (InputException e) {
            assertThat(e.errors()).isNotEmpty();
            for (Problem p : e.problems()) {
                assertThat(p.location().source()).isEqualTo(source);
                assertThat(p.message()).doesNotContain("com.fasterxml").doesNotContain("org.yaml").doesNotContain("java.")
                        .doesNotContain("Exception");
            }
            return;
        }
        for (SourceDocument d : documents) {
            assertThat(d.root().isObject()).isTrue();
            assertThat(d.location().source()).isEqualTo(source);
            d.root().fieldNames().forEachRemaining(name -> d.locate("/" + dev.upshift.diff.patch.JsonPointers.escape(name)));
        }
    }
}
