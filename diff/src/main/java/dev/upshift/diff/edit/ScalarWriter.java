package dev.upshift.diff.edit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.tree.JsonText;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.edit.Syntax.Scalar;
import dev.upshift.diff.edit.Syntax.ScalarStyle;
import dev.upshift.diff.render.YamlWriter;
import java.math.BigDecimal;

/**
 * Writes scalars: a changed one in the style it had while that style still reads back as the new
 * value, a new one in the style of the file; JSON in JSON files.
 */
final class ScalarWriter {
    private static final String FLOW_INDICATORS = ",[]{}";

    private final Layout layout;

    ScalarWriter(Layout layout) {
        this.layout = layout;
    }

    /**
     * A scalar written anew, on one line unless it is text that a literal block shows best (only in
     * block context, then as {@code |} and lines indented by {@code indent}).
     */
    String write(JsonNode v, boolean flow, int indent) {
        if (!v.isTextual()) {
            return nonText(v);
        }
        String s = v.textValue();
        if (layout.json()) {
            return JsonText.quote(s);
        }
        if (plain(s, flow)) {
            return s;
        }
        if (!flow && literalFits(s)) {
            return literal(s, indent);
        }
        return quoted(s, layout.singleQuotes());
    }

    /** A changed scalar, in its old style when that style can hold the new value. */
    String rewrite(Scalar old, JsonNode v, boolean flow, int indent) {
        return like(old.style, v, flow, indent);
    }

    /** A scalar in the given style when that style can hold it (a new item among quoted siblings). */
    String like(ScalarStyle style, JsonNode v, boolean flow, int indent) {
        if (!v.isTextual() || layout.json()) {
            return write(v, flow, indent);
        }
        String s = v.textValue();
        return switch (style) {
            case PLAIN -> plain(s, flow) ? s : quoted(s, layout.singleQuotes());
            case SINGLE -> quoted(s, true);
            case DOUBLE -> quoted(s, false);
            case LITERAL, FOLDED -> literalFits(s) ? literal(s, indent) : quoted(s, layout.singleQuotes());
        };
    }

    /** A mapping key. */
    String key(String k, boolean flow) {
        if (layout.json()) {
            return JsonText.quote(k);
        }
        return plain(k, flow) ? k : quoted(k, layout.singleQuotes());
    }

    private static boolean plain(String s, boolean flow) {
        if (!YamlWriter.isPlain(s)) {
            return false;
        }
        if (flow) {
            for (int i = 0; i < s.length(); i++) {
                if (FLOW_INDICATORS.indexOf(s.charAt(i)) >= 0) {
                    return false;
                }
            }
        }
        return true;
    }

    private static String quoted(String s, boolean single) {
        if (single && singleFits(s)) {
            return "'" + s.replace("'", "''") + "'";
        }
        return JsonText.quote(s);
    }

    private static boolean singleFits(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (!printable(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a literal block holds {@code s} exactly: several lines, printable, no line break but
     * {@code \n}, the first line not starting with a space (that would need an indentation
     * indicator), the last not blank, and at most one line break at the end (clip or strip chomping).
     */
    static boolean literalFits(String s) {
        int body = s.endsWith("\n") ? s.length() - 1 : s.length();
        if (s.indexOf('\n') < 0 || body == 0 || s.charAt(0) == ' ' || s.charAt(0) == '\t' || s.charAt(body - 1) == '\n') {
            return false;
        }
        int lastLine = s.lastIndexOf('\n', body - 1) + 1;
        if (s.substring(lastLine, body).isBlank()) {
            return false;
        }
        for (int i = 0; i < body; i++) {
            char c = s.charAt(i);
            if (c != '\n' && c != '\t' && !printable(c)) {
                return false;
            }
        }
        return true;
    }

    private String literal(String s, int indent) {
        boolean clip = s.endsWith("\n");
        String body = clip ? s.substring(0, s.length() - 1) : s;
        StringBuilder out = new StringBuilder(s.length() + 16).append(clip ? "|" : "|-");
        for (String line : body.split("\n", -1)) {
            out.append(layout.newline());
            if (!line.isEmpty()) {
                JsonText.indent(indent, out);
                out.append(line);
            }
        }
        return out.toString();
    }

    private static boolean printable(char c) {
        return c >= 0x20 && c != 0x7f && !(c >= 0x80 && c <= 0x9f) && c != 0x2028 && c != 0x2029 && c != 0xfeff;
    }

    private static String nonText(JsonNode v) {
        if (v.isBoolean()) {
            return v.booleanValue() ? "true" : "false";
        }
        if (v.isNumber()) {
            if (JsonTrees.isNonFinite(v)) {
                throw new TextEditException("cannot write the number " + v.asText() + ": infinity and NaN have no"
                        + " JSON form");
            }
            if (v.isIntegralNumber()) {
                return v.bigIntegerValue().toString();
            }
            BigDecimal d = JsonTrees.decimal(v);
            String text = d.toString();
            return text.indexOf('E') < 0 ? text : d.toPlainString();
        }
        if (v.isNull() || v.isMissingNode()) {
            return "null";
        }
        if (v.isObject()) {
            return "{}";
        }
        if (v.isArray()) {
            return "[]";
        }
        throw new TextEditException("cannot write " + JsonTrees.describe(v) + " into a document");
    }
}
