package dev.upshift.diff.path;

import static dev.upshift.testing.UserMessages.assertSyntaxError;
import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.upshift.common.problem.SyntaxException;
import java.util.Optional;

/**
 * Coverage-guided fuzzing of the dotted path syntax (Jazzer), held to the contracts of
 * {@link FieldPath} and {@link PathPattern}: any text parses as a path, as a pattern, or is refused
 * with a {@link SyntaxException} that points into it, never another exception; a path's dotted form
 * parses back to an equal path and prints the same; a text that is a path without indices is also a
 * pattern (the same syntax, wildcards aside) and that pattern matches and covers the path; matching
 * never fails. Plain {@code mvn test} replays the seeds in
 * {@code src/test/resources/dev/upshift/diff/path/FieldPathFuzzTestInputs/}; docs/fuzzing.md says how
 * to fuzz.
 */
class FieldPathFuzzTest {
    private static final PathPattern EVERYTHING = PathPattern.parse("**");

    @FuzzTest(maxDuration = "1m")
    void pathsAndPatternsParseOrAreRefusedAndReadBackWhatTheyPrint(FuzzedDataProvider data) {
        String text = data.consumeRemainingAsString();
        Optional<FieldPath> path = parse(text, FieldPath::parse);
        Optional<PathPattern> pattern = parse(text, PathPattern::parse);
        path.ifPresent(p -> {
            String printed = p.toString();
            FieldPath again = FieldPath.parse(printed);
            assertThat(again).isEqualTo(p);
            assertThat(again.toString()).isEqualTo(printed);
            assertThat(again.compareTo(p)).isZero();
            assertThat(p.toGoPatch()).startsWith("/");
            assertThat(p.contains(p)).isTrue();
            assertThat(p.parent().contains(p)).isTrue();
            assertThat(EVERYTHING.matches(p)).isTrue();
            if (!text.isEmpty() && p.elements().stream().noneMatch(e -> e instanceof PathElement.Index)) {
                assertThat(pattern).as("the path %s read as a pattern", text).isPresent();
                assertThat(pattern.get().matches(p)).as("%s matches itself", text).isTrue();
                assertThat(pattern.get().covers(p)).isTrue();
            }
        });
        pattern.ifPresent(q -> {
            assertThat(q.text()).isEqualTo(text);
            assertThat(q.compareSpecificity(q)).isZero();
            assertThat(q.literalSteps() + q.deepWildcards() + q.singleWildcards()).isPositive();
            q.endsWithItem();
            path.ifPresent(p -> {
                for (FieldPath prefix = p; ; prefix = prefix.parent()) {
                    if (q.matches(prefix)) {
                        assertThat(q.covers(p)).as("%s matches %s, so it covers %s", q, prefix, p).isTrue();
                    }
                    if (prefix.isRoot()) {
                        break;
                    }
                }
            });
        });
    }

    private interface Parser<T> {
        T parse(String text);
    }

    private static <T> Optional<T> parse(String text, Parser<T> parser) {
        try {
            return Optional.of(parser.parse(text));
        } catch (SyntaxException e) {
            assertSyntaxError(e.input(), e.position(), e.reason(), e.getMessage(), text);
            return Optional.empty();
        }
    }
}
