package dev.upshift.common.problem;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * A text that does not parse as what it should be: a version, a constraint, a duration, a path.
 *
 * <p>The message names the kind of text, the input, what is wrong and at which character (1-based),
 * for example {@code invalid version "1.2.x3": unexpected 'x' at character 5; expected a digit}.
 * The same facts are available one by one: {@link #input()}, {@link #position()} (0-based) and
 * {@link #reason()}, so that a caller that read the text from a document can report the
 * document's own line and column instead.
 */
@API(status = MAINTAINED, since = "0.1")
public class SyntaxException extends UpshiftException {
    private static final long serialVersionUID = 1L;

    private final String input;
    private final int position;
    private final String reason;

    /**
     * Creates the exception.
     *
     * @param what the kind of text, as in "invalid <i>what</i>" ({@code version}, {@code constraint})
     * @param input the whole text being parsed
     * @param position the 0-based index where parsing failed (the input's length if it ended early)
     * @param reason what is wrong, naming the character
     */
    public SyntaxException(String what, String input, int position, String reason) {
        super("invalid " + what + " " + quote(input) + ": " + reason);
        this.input = input;
        this.position = position;
        this.reason = reason;
    }

    /**
     * The exception for a text longer than {@code max} characters, which is refused before it is
     * parsed: its reason reads {@code is 1,000,000 characters; at most 64}, and its position is
     * {@code max}, the first character past the limit.
     *
     * @param what the kind of text, as in the constructor
     * @param input the whole text
     * @param max the most characters such a text may have
     */
    public static SyntaxException tooLong(String what, String input, int max) {
        return new SyntaxException(what, input, max, lengthProblem(input.length(), max));
    }

    /** {@code is 1,000,000 characters; at most 64}: how Upshift words a text over its length limit. */
    public static String lengthProblem(int length, int max) {
        return String.format(Locale.ROOT, "is %,d characters; at most %,d", length, max);
    }

    /** The whole text that was being parsed, as given. */
    public String input() {
        return input;
    }

    /**
     * The 0-based index (in UTF-16 units) of the character where parsing failed; equal to the
     * input's length when the input ended too early.
     */
    public int position() {
        return position;
    }

    /** What is wrong, without the leading {@code invalid ... "..."}. */
    public String reason() {
        return reason;
    }

    /**
     * The text in double quotes, with quotes, backslashes and characters outside printable ASCII
     * escaped; a text over 80 characters shows its first 60 and its length.
     */
    public static String quote(String s) {
        StringBuilder out = new StringBuilder(Math.min(s.length(), 80) + 16).append('"');
        int shown = s.length() > 80 ? 60 : s.length();
        for (int i = 0; i < shown; i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7e) {
                out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        if (shown < s.length()) {
            out.append("...\" (").append(s.length()).append(" characters)");
            return out.toString();
        }
        return out.append('"').toString();
    }

    /** The text as it is when it has at most {@code max} characters, else its first {@code max - 3} and {@code ...}. */
    public static String abbreviate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 3) + "...";
    }
}
