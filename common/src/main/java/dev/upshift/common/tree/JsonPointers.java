package dev.upshift.common.tree;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.problem.SyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * JSON Pointers (RFC 6901): parsing, formatting, escaping and resolving against a document. The one
 * implementation of RFC 6901's escaping in Upshift: every pointer it writes is escaped here.
 *
 * <p>A pointer is either the empty string (the whole document) or a sequence of {@code /}-prefixed
 * reference tokens in which {@code ~0} stands for {@code ~} and {@code ~1} for {@code /}; any other
 * use of {@code ~} is invalid. An array item is named by its index in decimal without leading zeros
 * ({@code 0}, {@code 12}); {@code -} names the position after the last item, which only
 * {@code add} can use.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class JsonPointers {
    private JsonPointers() {}

    /**
     * Escapes one reference token: {@code ~} becomes {@code ~0}, then {@code /} becomes {@code ~1}.
     *
     * @param token a member name or array index, unescaped
     * @return the token as it appears in a pointer
     */
    public static String escape(String token) {
        Objects.requireNonNull(token, "token");
        if (token.indexOf('~') < 0 && token.indexOf('/') < 0) {
            return token;
        }
        return token.replace("~", "~0").replace("/", "~1");
    }

    /**
     * Unescapes one reference token: {@code ~1} becomes {@code /}, then {@code ~0} becomes {@code ~}
     * (in that order, so that {@code ~01} is {@code ~1}). The token's syntax is not checked; use
     * {@link #parse} for text from outside.
     *
     * @param token a reference token as it appears in a pointer
     * @return the member name or array index it stands for
     */
    public static String unescape(String token) {
        Objects.requireNonNull(token, "token");
        if (token.indexOf('~') < 0) {
            return token;
        }
        return token.replace("~1", "/").replace("~0", "~");
    }

    /**
     * Formats unescaped reference tokens as a pointer; no tokens give {@code ""}, the whole document.
     *
     * @param tokens member names or array indices, unescaped, outermost first
     * @return the pointer, each token escaped and prefixed with {@code /}
     */
    public static String format(List<String> tokens) {
        StringBuilder pointer = new StringBuilder();
        for (String token : tokens) {
            pointer.append('/').append(escape(token));
        }
        return pointer.toString();
    }

    /**
     * Parses a pointer into its unescaped reference tokens, outermost first.
     *
     * @param pointer an RFC 6901 pointer in its JSON string form (not the URI fragment form)
     * @return the tokens; empty for {@code ""}
     * @throws SyntaxException if the pointer does not start with {@code /} or has a {@code ~} not
     *     followed by {@code 0} or {@code 1}; the message gives the character position (from 1)
     */
    public static List<String> parse(String pointer) {
        Objects.requireNonNull(pointer, "pointer");
        Optional<SyntaxException> error = syntaxError(pointer);
        if (error.isPresent()) {
            throw error.get();
        }
        return tokens(pointer);
    }

    /**
     * Finds the value a pointer names in a document, without changing the document.
     *
     * @param document the document to look into
     * @param pointer an RFC 6901 pointer
     * @return the value (the document itself for {@code ""}); empty when a member is missing, an
     *     index is out of range or not a valid index, or the pointer goes past a scalar
     * @throws SyntaxException if the pointer's syntax is invalid
     */
    public static Optional<JsonNode> resolve(JsonNode document, String pointer) {
        Objects.requireNonNull(document, "document");
        JsonNode node = document;
        for (String token : parse(pointer)) {
            if (node.isObject()) {
                node = node.get(token);
            } else if (node.isArray()) {
                long index = arrayIndex(token);
                node = index >= 0 && index < node.size() ? node.get((int) index) : null;
            } else {
                node = null;
            }
            if (node == null) {
                return Optional.empty();
            }
        }
        return Optional.of(node);
    }

    /** Whether a text is a syntactically valid JSON Pointer (RFC 6901), so {@link #parse} will not throw. */
    public static boolean isValid(String pointer) {
        return syntaxError(pointer).isEmpty();
    }

    /** What is wrong with a pointer's syntax, if anything (returned, not thrown). */
    public static Optional<SyntaxException> syntaxError(String pointer) {
        if (!pointer.isEmpty() && pointer.charAt(0) != '/') {
            return Optional.of(new SyntaxException("JSON pointer", pointer, 0, "must be empty or start with '/'"));
        }
        for (int i = 0; i < pointer.length(); i++) {
            if (pointer.charAt(i) != '~') {
                continue;
            }
            char next = i + 1 < pointer.length() ? pointer.charAt(i + 1) : 0;
            if (next != '0' && next != '1') {
                return Optional.of(new SyntaxException("JSON pointer", pointer, i, "'~' at character " + (i + 1)
                        + " must be followed by '0' or '1' (write '~0' for '~', '~1' for '/')"));
            }
        }
        return Optional.empty();
    }

    /** The unescaped tokens of a pointer whose syntax is valid. */
    public static List<String> tokens(String pointer) {
        List<String> tokens = new ArrayList<>();
        int start = 1;
        while (start <= pointer.length()) {
            int end = pointer.indexOf('/', start);
            if (end < 0) {
                end = pointer.length();
            }
            tokens.add(unescape(pointer.substring(start, end)));
            start = end + 1;
        }
        return tokens;
    }

    /**
     * The index a token names if it is a valid array index ({@code 0} or digits without a leading
     * zero), as a long so that huge indices stay comparable; -1 for anything else, {@code -} included.
     */
    public static long arrayIndex(String token) {
        if (token.isEmpty() || token.length() > 18 || (token.length() > 1 && token.charAt(0) == '0')) {
            return token.length() > 18 && allDigits(token) && token.charAt(0) != '0' ? Long.MAX_VALUE : -1;
        }
        return allDigits(token) ? Long.parseLong(token) : -1;
    }

    /** Whether a token is made of ASCII digits only, and is not empty. */
    public static boolean allDigits(String token) {
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return !token.isEmpty();
    }
}
