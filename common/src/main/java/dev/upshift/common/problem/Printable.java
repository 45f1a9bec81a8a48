package dev.upshift.common.problem;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * Text from outside (a file name, a value) made safe to print on a terminal: every character a
 * terminal would act on instead of showing is written as an escape, so that a file named with an
 * escape sequence or a line end can neither colour, move nor split what Upshift prints, and a
 * reader sees that the name holds such a character.
 */
@API(status = MAINTAINED, since = "0.1")
public final class Printable {
    private Printable() {}

    /**
     * The text with control characters (U+0000 to U+001F, U+007F to U+009F) written as {@code \n},
     * {@code \r}, {@code \t} or {@code \xHH}, the characters that reorder text on screen (bidirectional
     * marks, embeddings, overrides and isolates) and lone surrogates as a backslash, {@code u} and four
     * hexadecimal digits; every other character, a backslash included, as it is. Text without such
     * characters is returned as given.
     */
    public static String of(String text) {
        return escape(text, false);
    }

    /**
     * The same for text that is already lines of output, written in pieces: line ends (LF and CR,
     * which a patch of a file with CRLF line ends carries) and tabs are kept, and surrogates are left
     * alone (a piece may end between the two halves of a pair).
     */
    public static String lines(String text) {
        return escape(text, true);
    }

    private static String escape(String text, boolean lines) {
        int i = 0;
        while (i < text.length() && !escaped(text, i, lines)) {
            i++;
        }
        if (i == text.length()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 8).append(text, 0, i);
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!escaped(text, i, lines)) {
                out.append(c);
            } else if (c == '\n') {
                out.append("\\n");
            } else if (c == '\r') {
                out.append("\\r");
            } else if (c == '\t') {
                out.append("\\t");
            } else if (c <= 0x9f) {
                out.append(String.format(Locale.ROOT, "\\x%02x", (int) c));
            } else {
                out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            }
        }
        return out.toString();
    }

    private static boolean escaped(String text, int i, boolean lines) {
        char c = text.charAt(i);
        if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
            return !(lines && (c == '\n' || c == '\r' || c == '\t'));
        }
        if (c == 0x061c || c == 0x200e || c == 0x200f || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) {
            return true;
        }
        if (lines) {
            return false;
        }
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1));
        }
        return Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(text.charAt(i - 1)));
    }
}
