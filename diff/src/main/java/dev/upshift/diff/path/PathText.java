package dev.upshift.diff.path;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.tree.JsonText;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Writes paths in the dotted syntax {@link PathSyntax} reads, quoting only what would otherwise
 * read differently, and values in go-patch form. Not API.
 */
@API(status = INTERNAL, since = "0.1")
public final class PathText {
    private PathText() {}


    /** The dotted form of a list of elements. */
    public static String dotted(List<PathElement> elements) {
        StringBuilder out = new StringBuilder();
        for (PathElement e : elements) {
            if (e instanceof PathElement.Field f && isPlainName(f.name())) {
                if (out.length() > 0) {
                    out.append('.');
                }
                out.append(f.name());
            } else {
                out.append(render(e));
            }
        }
        return out.toString();
    }

    /** One element as it stands in a dotted path (a field without its leading dot). */
    public static String render(PathElement e) {
        if (e instanceof PathElement.Field f) {
            return isPlainName(f.name()) ? f.name() : "[" + JsonText.quote(f.name()) + "]";
        }
        if (e instanceof PathElement.Index i) {
            return "[" + i.index() + "]";
        }
        if (e instanceof PathElement.Value v) {
            return "[=" + renderValue(v.value()) + "]";
        }
        PathElement.Key k = (PathElement.Key) e;
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < k.names().size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            String n = k.names().get(i);
            out.append(isPlainKeyName(n) ? n : JsonText.quote(n)).append('=').append(renderValue(k.values().get(i)));
        }
        return out.append(']').toString();
    }

    private static String renderValue(JsonNode v) {
        if (v.isTextual()) {
            String s = v.textValue();
            return isPlainValue(s) ? s : JsonText.quote(s);
        }
        return JsonText.canonical(v);
    }

    /** The value as go-patch writes it in a {@code name=value} step (text unquoted). */
    public static String goPatchValue(JsonNode v) {
        return v.isTextual() ? v.textValue() : JsonText.canonical(v);
    }

    private static boolean isPlainName(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char ch = name.charAt(i);
            if (ch == '.' || ch == '[' || ch == ']' || ch == '"' || ch == '*'
                    || Character.isWhitespace(ch) || Character.isISOControl(ch)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isPlainKeyName(String name) {
        // a bracket that starts with '*' or a digit reads as [*] or an index
        if (name.isEmpty() || name.charAt(0) == '*' || Character.isDigit(name.charAt(0))) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char ch = name.charAt(i);
            if ("=,[]\"".indexOf(ch) >= 0 || Character.isWhitespace(ch) || Character.isISOControl(ch)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isPlainValue(String s) {
        if (s.isEmpty() || Character.isWhitespace(s.charAt(0)) || Character.isWhitespace(s.charAt(s.length() - 1))) {
            return false;
        }
        char first = s.charAt(0);
        if (first == '"' || first == '{' || first == '[') {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == ',' || ch == ']' || Character.isISOControl(ch)) {
                return false;
            }
        }
        try {
            return PathSyntax.scalar(s).isTextual();
        } catch (NumberFormatException e) {
            // a text such as 1e1000 reads as a number the syntax refuses: quoted, it stays a text
            return false;
        }
    }
}
