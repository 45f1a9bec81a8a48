package dev.upshift.common.source;

import static dev.upshift.testing.UserMessages.assertNamesNoJavaClass;
import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.common.tree.JsonPointers;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * Coverage-guided fuzzing of the document loader (Jazzer), held to the contracts of
 * {@link DocumentLoader} and {@link LoadLimits}. Whatever the bytes, loading ends in documents or
 * in an {@link InputException}, never another exception, never running out of memory or stack:
 * <ul>
 *   <li>every problem names the source, has a line and column inside the input (only an input over
 *       the size limit is reported without one) and names no Java class;
 *   <li>every document is a mapping; the documents, their values, their nesting and their text stay
 *       within the limits, aliases expanded; no value is binary or a non-finite number;
 *   <li>the position of every value lies inside the input.
 * </ul>
 * The limits are small (the fuzzer chooses among a few depths) so that inputs of a few kilobytes
 * reach them. Plain {@code mvn test} replays the seeds in
 * {@code src/test/resources/dev/upshift/common/source/DocumentLoaderFuzzTestInputs/}; docs/fuzzing.md
 * says how to fuzz.
 */
class DocumentLoaderFuzzTest {
    private static final int[] DEPTHS = {4, 128, LoadLimits.MAX_DEPTH};
    private static final LoadLimits LIMITS = LoadLimits.defaults()
            .withMaxBytes(64 * 1024).withMaxNodes(10_000).withMaxExpandedBytes(256 * 1024).withMaxDocuments(100);

    @FuzzTest(maxDuration = "1m")
    void loadsOrRejectsWithinTheLimitsAndInTheInputsTerms(FuzzedDataProvider data) {
        String source = data.consumeBoolean() ? "f.json" : "f.yaml";
        LoadLimits limits = LIMITS.withMaxDepth(DEPTHS[data.consumeInt(0, DEPTHS.length - 1)]);
        byte[] bytes = data.consumeRemainingAsBytes();
        String text = new String(bytes, StandardCharsets.UTF_8);
        int lines = (int) text.lines().count() + 1;
        List<SourceDocument> documents;
        try {
            documents = DocumentLoader.withLimits(limits).load(source, new ByteArrayInputStream(bytes));
        } catch (InputException e) {
            assertThat(e.errors()).isNotEmpty();
            for (Problem p : e.problems()) {
                SourceLocation at = p.location();
                assertThat(at.source()).isEqualTo(source);
                if (bytes.length <= limits.maxBytes()) {
                    assertThat(at.line()).as("line of %s", p).isBetween(1, lines);
                    assertThat(at.column()).as("column of %s", p).isPositive();
                }
                assertNamesNoJavaClass(p.message(), text);
                assertNamesNoJavaClass(p.field(), text);
            }
            return;
        }
        assertThat(documents.size()).isLessThanOrEqualTo(limits.maxDocuments());
        Tally tally = new Tally();
        for (SourceDocument d : documents) {
            assertThat(d.root().isObject()).isTrue();
            assertThat(d.location().source()).isEqualTo(source);
            walk(d, limits, tally, lines);
        }
        assertThat(tally.values).as("values").isLessThanOrEqualTo(limits.maxNodes());
        assertThat(tally.expandedBytes).as("expanded text").isLessThanOrEqualTo(limits.maxExpandedBytes());
    }

    private static final class Tally {
        long values;
        long expandedBytes;
    }

    /** How many values of an input have their position checked: building pointers costs. */
    private static final int LOCATED = 200;

    /** Checks every value of a document, without recursion (a tree may be 1,000 levels deep). */
    private static void walk(SourceDocument d, LoadLimits limits, Tally tally, int lines) {
        record At(JsonNode node, String pointer, int depth) {}
        Deque<At> work = new ArrayDeque<>();
        work.push(new At(d.root(), "", 1));
        while (!work.isEmpty()) {
            At at = work.pop();
            JsonNode node = at.node();
            tally.values++;
            assertThat(node.isBinary() || node.isPojo() || node.isMissingNode()).as("value at %s", at.pointer()).isFalse();
            if (node.isNumber()) {
                assertThat(node.isDouble() || node.isFloat() ? Double.isFinite(node.doubleValue()) : true).isTrue();
            }
            if (node.isTextual()) {
                tally.expandedBytes += node.textValue().getBytes(StandardCharsets.UTF_8).length;
            } else {
                tally.expandedBytes++;
            }
            boolean located = at.pointer() != null && tally.values <= LOCATED;
            if (located) {
                assertThat(d.locate(at.pointer()).line()).as("line of %s", at.pointer()).isBetween(1, lines);
            }
            if (node.isContainerNode()) {
                assertThat(at.depth()).as("depth at %s", at.pointer()).isLessThanOrEqualTo(limits.maxDepth());
            }
            if (node.isObject()) {
                for (Map.Entry<String, JsonNode> member : node.properties()) {
                    tally.expandedBytes += member.getKey().getBytes(StandardCharsets.UTF_8).length;
                    work.push(new At(member.getValue(), located ? at.pointer() + "/" + JsonPointers.escape(member.getKey()) : null,
                            at.depth() + 1));
                }
            } else if (node.isArray()) {
                for (int i = 0; i < node.size(); i++) {
                    work.push(new At(node.get(i), located ? at.pointer() + "/" + i : null, at.depth() + 1));
                }
            }
        }
    }
}
