package dev.upshift.common.problem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.strings;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SuggestionsTest {

    @Test
    @DisplayName("the distance is the optimal string alignment distance, checked against its recursive definition")
    void distanceMatchesTheRecursiveDefinition() {
        qt().forAll(strings().betweenCodePoints('a', 'd').ofLengthBetween(0, 7),
                strings().betweenCodePoints('a', 'd').ofLengthBetween(0, 7))
                .checkAssert((a, b) -> assertThat(Suggestions.distance(a, b)).isEqualTo(new Osa(a, b).d(a.length(), b.length())));
    }

    @Test
    @DisplayName("a word longer than 256 characters gets no suggestion and costs no comparison (a 200,000-character zone took 6 s)")
    void longWordsAreNotCompared() {
        String word = "europe/berlin".repeat(20).substring(0, Suggestions.MAX_WORD_LENGTH);
        String typo = word.substring(0, 100) + "x" + word.substring(101);
        assertThat(Suggestions.closest(typo, List.of("UTC", word))).contains(word);
        List<String> untouchable = new java.util.AbstractList<>() {
            @Override
            public String get(int index) {
                throw new AssertionError("a candidate was looked at");
            }

            @Override
            public int size() {
                return 600;
            }
        };
        assertThat(Suggestions.closest(typo + "x", untouchable)).isEmpty();
        assertThat(Suggestions.closest("x".repeat(200_000), untouchable)).isEmpty(); // issue 10, item 5
    }

    @Test
    @DisplayName("a candidate whose length differs from the word's by more than the allowed edits is never suggested")
    void candidatesOfFarOffLengthsAreSkipped() {
        assertThat(Suggestions.closest("abcdef", List.of("abcdefgh", "abcdefghi"))).contains("abcdefgh");
        assertThat(Suggestions.closest("abcdef", List.of("abcdefghi"))).isEmpty();
        assertThat(Suggestions.closest("abcdefghijkl", List.of("abcd" + "x".repeat(100_000)))).isEmpty();
    }

    @Test
    void suggestsTheClosestCandidateForSlipsOfEveryKind() {
        List<String> options = List.of("--catalog", "--from", "--to", "--now", "--output");
        assertThat(Suggestions.closest("--catalg", options)).contains("--catalog");
        assertThat(Suggestions.closest("--nwo", options)).contains("--now");
        assertThat(Suggestions.closest("--ouptut", options)).contains("--output");
        assertThat(Suggestions.closest("--verbose", options)).isEmpty();
        assertThat(Suggestions.closest("pth", List.of("demo", "diff", "path"))).contains("path");
        assertThat(Suggestions.closest("Relase", List.of("Release", "FieldRules"))).contains("Release");
    }

    @Test
    @DisplayName("every suggestion is written one way: each name in single quotes, the last after 'or'")
    void suggestionsReadOneWay() {
        assertThat(Suggestions.didYouMean("prod")).isEqualTo("; did you mean 'prod'?");
        assertThat(Suggestions.didYouMean(List.of("1.0.0", "1.1.0"))).isEqualTo("; did you mean '1.0.0' or '1.1.0'?");
        assertThat(Suggestions.didYouMean(List.of("a", "b", "c"))).isEqualTo("; did you mean 'a', 'b' or 'c'?");
        assertThat(Suggestions.didYouMean(List.of())).isEmpty();
        assertThat(Suggestions.hint("Relase", List.of("Release", "FieldRules"), "; expected one of: "))
                .isEqualTo("; did you mean 'Release'?");
        assertThat(Suggestions.hint("Nothing", List.of("Release", "FieldRules"), "; expected one of: "))
                .isEqualTo("; expected one of: Release, FieldRules");
    }

    @Test
    @DisplayName("several suggestions are the closest names in turn, closest first, ties in the candidates' order")
    void severalSuggestionsAreTheClosestInTurn() {
        List<String> clusters = List.of("dev-3", "dev-1", "prod-1", "dev-2", "dev-10");

        assertThat(Suggestions.closest("dev-0", clusters, 3)).containsExactly("dev-3", "dev-1", "dev-2");
        assertThat(Suggestions.closest("dev-10", clusters, 3)).containsExactly("dev-10", "dev-1", "dev-3");
        assertThat(Suggestions.closest("staging", clusters, 3)).isEmpty();
        assertThat(Suggestions.closest("dev-0", clusters, 0)).isEmpty();
        qt().forAll(strings().betweenCodePoints('a', 'c').ofLengthBetween(1, 4)).checkAssert(word -> {
            List<String> names = List.of("a", "ab", "abc", "b", "ba", "cab", "ccc");
            List<String> few = Suggestions.closest(word, names, 3);
            assertThat(few).hasSizeLessThanOrEqualTo(3).doesNotHaveDuplicates();
            assertThat(few.stream().findFirst()).isEqualTo(Suggestions.closest(word, names));
        });
    }

    /** The recursive definition, memoised: the oracle. */
    private record Osa(String a, String b, Map<Long, Integer> memo) {
        Osa(String a, String b) {
            this(a, b, new HashMap<>());
        }

        int d(int i, int j) {
            if (i == 0 || j == 0) {
                return Math.max(i, j);
            }
            Integer known = memo.get(((long) i << 32) | j);
            if (known != null) {
                return known;
            }
            int best = Math.min(Math.min(d(i - 1, j) + 1, d(i, j - 1) + 1),
                    d(i - 1, j - 1) + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
            if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                best = Math.min(best, d(i - 2, j - 2) + 1);
            }
            memo.put(((long) i << 32) | j, best);
            return best;
        }
    }
}
