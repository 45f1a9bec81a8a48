package dev.upshift.core.file;

import java.util.ArrayList;
import java.util.List;

/**
 * Git's wildcard matching of one path (or name) against one pattern: {@code *} is any run of
 * characters but {@code /}, {@code ?} one such character, {@code [abc]}, {@code [a-z]} and
 * {@code [!a-z]} a set, {@code \x} the character x; {@code **} between slashes (or at the start or
 * end) spans any number of folders. Matching fills a table of pattern position by text position,
 * so its work is bounded by their product, whatever the pattern.
 */
final class Glob {
    private enum Kind { CHAR, ANY, STAR, ANY_PATH, FOLDERS, SET }

    private record Token(Kind kind, char ch, String set, boolean negated) {
        boolean accepts(char c) {
            return switch (kind) {
                case CHAR -> c == ch;
                case ANY -> c != '/';
                case SET -> c != '/' && inSet(c) != negated;
                default -> throw new IllegalStateException(kind.name());
            };
        }

        private boolean inSet(char c) {
            for (int i = 0; i < set.length(); i++) {
                if (i + 2 < set.length() && set.charAt(i + 1) == '-') {
                    if (c >= set.charAt(i) && c <= set.charAt(i + 2)) {
                        return true;
                    }
                    i += 2;
                } else if (set.charAt(i) == c) {
                    return true;
                }
            }
            return false;
        }
    }

    private Glob() {}

    static boolean matches(String pattern, String text) {
        List<Token> tokens = tokens(pattern);
        int n = tokens.size();
        int m = text.length();
        boolean[] next = new boolean[m + 1];
        boolean[] cur = new boolean[m + 1];
        next[m] = true;
        for (int i = n - 1; i >= 0; i--) {
            Token t = tokens.get(i);
            for (int j = m; j >= 0; j--) {
                cur[j] = switch (t.kind()) {
                    case STAR -> next[j] || (j < m && text.charAt(j) != '/' && cur[j + 1]);
                    case ANY_PATH -> next[j] || (j < m && cur[j + 1]);
                    case FOLDERS -> next[j] || folderThen(text, j, cur);
                    default -> j < m && t.accepts(text.charAt(j)) && next[j + 1];
                };
            }
            boolean[] swap = next;
            next = cur;
            cur = swap;
        }
        return next[0];
    }

    /** {@code **}{@code /} at {@code j}: one more whole folder name and its slash, then the same token again. */
    private static boolean folderThen(String text, int j, boolean[] row) {
        int slash = text.indexOf('/', j);
        return slash >= 0 && row[slash + 1];
    }

    private static List<Token> tokens(String p) {
        List<Token> out = new ArrayList<>();
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '*' && p.startsWith("**", i) && (i == 0 || p.charAt(i - 1) == '/')
                    && (i + 2 == p.length() || p.charAt(i + 2) == '/')) {
                boolean atEnd = i + 2 == p.length();
                out.add(new Token(atEnd ? Kind.ANY_PATH : Kind.FOLDERS, c, null, false));
                i += atEnd ? 1 : 2;
            } else if (c == '*') {
                while (i + 1 < p.length() && p.charAt(i + 1) == '*') {
                    i++;
                }
                out.add(new Token(Kind.STAR, c, null, false));
            } else if (c == '?') {
                out.add(new Token(Kind.ANY, c, null, false));
            } else if (c == '[' && p.indexOf(']', i + 2) > 0) {
                int close = p.indexOf(']', i + 2);
                boolean negated = p.charAt(i + 1) == '!' || p.charAt(i + 1) == '^';
                out.add(new Token(Kind.SET, c, p.substring(i + (negated ? 2 : 1), close), negated));
                i = close;
            } else if (c == '\\' && i + 1 < p.length()) {
                out.add(new Token(Kind.CHAR, p.charAt(++i), null, false));
            } else {
                out.add(new Token(Kind.CHAR, c, null, false));
            }
        }
        return out;
    }
}
