package dev.upshift.diff.edit;

/** Line arithmetic on a text, by char offset. */
final class Lines {
    private Lines() {}

    /** The offset where the line holding {@code at} starts. */
    static int lineStart(String text, int at) {
        return text.lastIndexOf('\n', at - 1) + 1;
    }

    /** The offset of the line break ending the line holding {@code at} ({@code \r\n}'s {@code \r}), or the text's end. */
    static int lineEnd(String text, int at) {
        int n = text.indexOf('\n', at);
        if (n < 0) {
            return text.length();
        }
        return n > 0 && text.charAt(n - 1) == '\r' && n - 1 >= at ? n - 1 : n;
    }

    /** The offset where the line after the one holding {@code at} starts, or the text's end. */
    static int nextLine(String text, int at) {
        int n = text.indexOf('\n', at);
        return n < 0 ? text.length() : n + 1;
    }

    /** Whether only spaces stand between the start of its line and {@code at}. */
    static boolean startsLine(String text, int at) {
        for (int i = lineStart(text, at); i < at; i++) {
            if (text.charAt(i) != ' ') {
                return false;
            }
        }
        return true;
    }

    /** The 0-based column of {@code at}, in chars. */
    static int column(String text, int at) {
        return at - lineStart(text, at);
    }

    /** The 1-based line number of {@code at}. */
    static int lineNumber(String text, int at) {
        int line = 1;
        for (int i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) {
            line++;
        }
        return line;
    }

    /**
     * Where a comment starts between {@code from} and {@code to} on one line of YAML outside quotes
     * (a {@code #} at the start or after a space or tab), or -1.
     */
    static int commentStart(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            if (text.charAt(i) == '#' && (i == 0 || text.charAt(i - 1) == ' ' || text.charAt(i - 1) == '\t'
                    || text.charAt(i - 1) == '\n')) {
                return i;
            }
        }
        return -1;
    }
}
