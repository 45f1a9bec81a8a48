package dev.upshift.release;

import dev.upshift.common.problem.SyntaxException;

import java.util.ArrayList;
import java.util.List;

/**
 * A cursor over a version or constraint text: the building blocks both parsers share.
 *
 * <p>Every method moves forward only and looks at each character a bounded number of times, so
 * parsing is linear in the input. Failures are {@link ParseFailure}s naming the 1-based character.
 */
final class Scanner {
    private static final String[] NO_IDENTIFIERS = new String[0];

    final String input;
    int pos;

    Scanner(String input) {
        this.input = input;
    }

    boolean atEnd() {
        return pos >= input.length();
    }

    /** The current character, or {@code 0} at the end of the input. */
    char peek() {
        return pos < input.length() ? input.charAt(pos) : 0;
    }

    boolean peekIs(char c) {
        return pos < input.length() && input.charAt(pos) == c;
    }

    boolean peekIs(int offset, char c) {
        int i = pos + offset;
        return i < input.length() && input.charAt(i) == c;
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    static boolean isIdentifierChar(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-';
    }

    /** Skips the whitespace Masterminds' {@code \s} knows (space, tab, CR, LF, form feed). */
    boolean skipWhitespace() {
        int start = pos;
        while (pos < input.length() && isWhitespace(input.charAt(pos))) {
            pos++;
        }
        return pos > start;
    }

    static boolean isWhitespace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
    }

    /**
     * Reads a non-negative decimal number that fits in a {@code long}.
     *
     * @param what what the number is, for messages ("major version")
     * @param allowLeadingZeros whether {@code 007} is read as 7 (lenient) or rejected (strict)
     */
    long number(String what, boolean allowLeadingZeros) {
        int start = pos;
        if (!isDigit(peek())) {
            throw unexpected("a digit");
        }
        if (!allowLeadingZeros && peek() == '0' && pos + 1 < input.length() && isDigit(input.charAt(pos + 1))) {
            throw new ParseFailure(start, "the " + what + " at character " + (start + 1)
                    + " has a leading zero, which SemVer forbids");
        }
        long value = 0;
        while (pos < input.length() && isDigit(input.charAt(pos))) {
            int digit = input.charAt(pos) - '0';
            if (value > (Long.MAX_VALUE - digit) / 10) {
                throw new ParseFailure(start, "the " + what + " at character " + (start + 1)
                        + " is too large (the maximum is " + Long.MAX_VALUE + ")");
            }
            value = value * 10 + digit;
            pos++;
        }
        return value;
    }

    /**
     * Reads dot-separated identifiers ({@code [0-9A-Za-z-]+}) and stops at the first character
     * that can continue neither; the caller decides whether that character may follow.
     *
     * @param prerelease whether numeric identifiers must not have leading zeros
     */
    String[] identifiers(boolean prerelease) {
        String kind = prerelease ? "a prerelease identifier" : "a build identifier";
        List<String> ids = new ArrayList<>(4);
        while (true) {
            int start = pos;
            boolean numeric = true;
            while (pos < input.length() && isIdentifierChar(input.charAt(pos))) {
                numeric &= isDigit(input.charAt(pos));
                pos++;
            }
            if (pos == start) {
                throw unexpected(kind + " ([0-9A-Za-z-])");
            }
            if (prerelease && numeric && pos - start > 1 && input.charAt(start) == '0') {
                throw new ParseFailure(start, "the numeric prerelease identifier \""
                        + input.substring(start, pos) + "\" at character " + (start + 1)
                        + " has a leading zero, which SemVer forbids");
            }
            ids.add(input.substring(start, pos));
            if (!peekIs('.')) {
                return ids.toArray(NO_IDENTIFIERS);
            }
            pos++;
        }
    }

    /** A failure at the current position: "unexpected 'c' at character N; expected ...". */
    ParseFailure unexpected(String expected) {
        return unexpectedAt(pos, expected);
    }

    ParseFailure unexpectedAt(int at, String expected) {
        String found = at >= input.length() ? "end of input" : describe(input, at);
        return new ParseFailure(at, "unexpected " + found + " at character " + (at + 1) + "; expected " + expected);
    }

    /** The character at {@code at} as a person can read it in a one-line message. */
    static String describe(String s, int at) {
        char c = s.charAt(at);
        if (c >= 0x21 && c <= 0x7e) {
            return "'" + c + "'";
        }
        if (c == ' ') {
            return "space";
        }
        return String.format(java.util.Locale.ROOT, "character U+%04X", s.codePointAt(at));
    }

    /** The input quoted for a message: escaped, and shortened when long. */
    static String quote(String s) {
        return SyntaxException.quote(s);
    }
}
