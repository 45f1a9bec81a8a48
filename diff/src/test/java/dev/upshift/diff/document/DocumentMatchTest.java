package dev.upshift.diff.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.Optional;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DocumentMatchTest {
    /** A text that counts how often its characters are read: the work of matching. */
    private static final class CountedText implements CharSequence {
        private final String text;
        long reads;

        CountedText(String text) {
            this.text = text;
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public char charAt(int index) {
            reads++;
            return text.charAt(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            throw new UnsupportedOperationException();
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /** The oracle: the glob as a regular expression, each piece quoted, {@code *} as {@code .*}. */
    private static boolean byRegex(String glob, String text) {
        String regex = Stream.of(glob.split("\\*", -1)).map(Pattern::quote).collect(Collectors.joining(".*"));
        return Pattern.compile(regex, Pattern.DOTALL).matcher(text).matches();
    }

    private static String random(Random r, String alphabet, int length) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < length; i++) {
            b.append(alphabet.charAt(r.nextInt(alphabet.length())));
        }
        return b.toString();
    }

    @Test
    @DisplayName("globs match as the equivalent regular expression does")
    void globsMatchAsRegularExpressionsDo() {
        qt().withExamples(5_000).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            String glob = random(r, "abc**", r.nextInt(7));
            String text = random(r, "abc", r.nextInt(13));
            assertThat(DocumentMatch.globMatches(glob, text)).as("'%s' on '%s'", glob, text).isEqualTo(byRegex(glob, text));
        });
        for (String[] c : new String[][] {{"*", ""}, {"a*", "a"}, {"*a", "ba"}, {"ab*ba", "aba"}, {"ab*ba", "abba"},
            {"a*b*c", "aXbYc"}, {"a**c", "ac"}, {"*aab", "aaab"}, {"*abab*", "aabaabab"}, {"md-*", "md-0"}}) {
            assertThat(DocumentMatch.globMatches(c[0], c[1])).as(c[0] + " on " + c[1]).isEqualTo(byRegex(c[0], c[1]));
        }
    }

    @Test
    @DisplayName("matching a glob reads each character of the text a bounded number of times")
    void matchingIsLinear() {
        // issue 10, item 5: '*' + 'a' x 250,000 + 'b' on a million-character name ran for over a minute
        String glob = "*" + "a".repeat(250_000) + "b";
        CountedText name = new CountedText("a".repeat(1_000_000));
        assertThat(DocumentMatch.globMatches(glob, name)).isFalse();
        assertThat(name.reads).isLessThanOrEqualTo(2L * (1_000_000 + glob.length()));

        CountedText many = new CountedText("ab".repeat(100_000) + "c");
        assertThat(DocumentMatch.globMatches("*a*b*ab*abab*c", many)).isTrue();
        assertThat(many.reads).isLessThanOrEqualTo(2L * many.length());
    }

    @Test
    @DisplayName("a glob has at most 512 characters")
    void globsHaveALengthLimit() {
        String atLimit = "*".repeat(DocumentMatch.MAX_GLOB_LENGTH);
        assertThat(DocumentMatch.any().withName(atLimit).name()).isEqualTo(Optional.of(atLimit));
        assertThatThrownBy(() -> DocumentMatch.kind("x" + atLimit)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a match part is 513 characters; at most 512");
    }
}
