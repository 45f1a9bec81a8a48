package dev.upshift.common.problem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.strings;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

class PrintableTest {
    private static final Pattern ESCAPE = Pattern.compile("\\\\(?:x([0-9a-f]{2})|u([0-9a-f]{4})|([nrt]))");

    /** Text that mixes every kind of character, controls and bidirectional ones often. */
    private static Gen<String> texts() {
        Gen<String> odd = Generate.pick(java.util.List.of("\u001b[31m", "\n", "\r", "\t", "\u0000", "\u007f", "\u0085",
                "\u202e", "\u2066", "\u200f", "\u061c", "\ud800", "\udc00", "\ud83d\ude00", "é", "a"));
        return Generate.oneOf(strings().allPossible().ofLengthBetween(0, 12), strings().ascii().ofLengthBetween(0, 12),
                odd.zip(strings().basicLatinAlphabet().ofLengthBetween(0, 3), String::concat).zip(odd, String::concat));
    }

    /** The characters a terminal acts on, by the JDK's own tables rather than Printable's ranges. */
    private static boolean acts(String s, int i) {
        char c = s.charAt(i);
        if (Character.getType(c) == Character.CONTROL) {
            return true;
        }
        byte d = Character.getDirectionality(c);
        if (d == Character.DIRECTIONALITY_LEFT_TO_RIGHT_EMBEDDING || d == Character.DIRECTIONALITY_RIGHT_TO_LEFT_EMBEDDING
                || d == Character.DIRECTIONALITY_LEFT_TO_RIGHT_OVERRIDE || d == Character.DIRECTIONALITY_RIGHT_TO_LEFT_OVERRIDE
                || d == Character.DIRECTIONALITY_POP_DIRECTIONAL_FORMAT || d == Character.DIRECTIONALITY_LEFT_TO_RIGHT_ISOLATE
                || d == Character.DIRECTIONALITY_RIGHT_TO_LEFT_ISOLATE || d == Character.DIRECTIONALITY_FIRST_STRONG_ISOLATE
                || d == Character.DIRECTIONALITY_POP_DIRECTIONAL_ISOLATE) {
            return true;
        }
        return c == '\u200e' || c == '\u200f' || c == '\u061c'
                || Character.isSurrogate(c) && !Character.isSurrogatePair(
                        Character.isHighSurrogate(c) ? c : i > 0 ? s.charAt(i - 1) : 'x',
                        Character.isHighSurrogate(c) ? (i + 1 < s.length() ? s.charAt(i + 1) : 'x') : c);
    }

    private static String unescape(String s) {
        Matcher m = ESCAPE.matcher(s);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String replacement = m.group(1) != null ? String.valueOf((char) Integer.parseInt(m.group(1), 16))
                    : m.group(2) != null ? String.valueOf((char) Integer.parseInt(m.group(2), 16))
                    : switch (m.group(3)) {
                        case "n" -> "\n";
                        case "r" -> "\r";
                        default -> "\t";
                    };
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        return m.appendTail(out).toString();
    }

    @Test
    @DisplayName("nothing a terminal acts on is left, and text without a backslash reads back as it was")
    void escapesAllAndOnly() {
        qt().forAll(texts()).checkAssert(s -> {
            String shown = Printable.of(s);
            for (int i = 0; i < shown.length(); i++) {
                assertThat(acts(shown, i)).as("%s at %d", shown, i).isFalse();
            }
            if (s.indexOf('\\') < 0) {
                assertThat(unescape(shown)).isEqualTo(s);
            }
            boolean clean = true;
            for (int i = 0; i < s.length(); i++) {
                clean &= !acts(s, i);
            }
            if (clean) {
                assertThat(shown).isSameAs(s);
            }
        });
    }

    @Test
    @DisplayName("lines keep line ends, tabs and surrogate halves, and escape the rest")
    void linesKeepLineEnds() {
        qt().forAll(texts()).checkAssert(s -> {
            String shown = Printable.lines(s);
            for (int i = 0; i < shown.length(); i++) {
                char c = shown.charAt(i);
                if (c != '\n' && c != '\r' && c != '\t' && !Character.isSurrogate(c)) {
                    assertThat(acts(shown, i)).as("%s at %d", shown, i).isFalse();
                }
            }
            if (s.indexOf('\\') < 0) {
                assertThat(unescape(shown)).isEqualTo(s);
            }
        });
        assertThat(Printable.lines("a\u001b[1m\n\tb\ud800")).isEqualTo("a\\x1b[1m\n\tb\ud800");
    }

    @Test
    @DisplayName("the escapes, one per kind")
    void examples() {
        assertThat(Printable.of("clusters/a\u001b[31m\nb\t\u0000\u007f\u0085\u202e.yaml"))
                .isEqualTo("clusters/a\\x1b[31m\\nb\\t\\x00\\x7f\\x85\\u202e.yaml");
        assertThat(Printable.of("a\ud800b\ud83d\ude00")).isEqualTo("a\\ud800b\ud83d\ude00");
        assertThat(Printable.of("C:\\fleet\\é.yaml")).isEqualTo("C:\\fleet\\é.yaml");
    }
}
