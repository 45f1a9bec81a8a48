package dev.upshift.diff.path;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.upshift.common.problem.SyntaxException;
import dev.upshift.common.tree.JsonTrees;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * The dotted path syntax shared by {@link FieldPath} and {@link PathPattern}: parsing, with the
 * character where a text stops making sense ({@link PathText} writes it). Not API.
 *
 * <pre>
 * path     := first ( '.' field | '[' bracket ']' )*
 * first    := field | '[' bracket ']'
 * field    := plain name | '*' | '**'                      (wildcards only in patterns)
 * bracket  := '*' | digits | "quoted field" | '=' value | key '=' value ( ',' key '=' value )*
 * value    := "json string" | json object or list | plain text (read as number, true, false or
 *             null when it is written as one)
 * </pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class PathSyntax {
    // decimals read exactly, as the loader reads them, so that a set item's value prints and reads back alike
    private static final ObjectMapper JSON = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();
    private static final Pattern NUMBER = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");
    public static final int MAX_SEGMENTS = 63;

    private final String text;
    private final boolean patterns;
    private int pos;

    private PathSyntax(String text, boolean patterns) {
        this.text = text;
        this.patterns = patterns;
    }

    /**
     * Parses a field path; the empty text is the root.
     *
     * @throws SyntaxException naming the character where the text is wrong (wildcards included)
     */
    public static List<PathElement> parsePath(String text) {
        List<PathElement> out = new ArrayList<>();
        for (PatternStep step : new PathSyntax(text, false).steps()) {
            out.add(step.literal().orElseThrow());
        }
        return out;
    }

    /**
     * Parses a path pattern.
     *
     * @throws SyntaxException naming the character where the text is wrong
     */
    public static List<PatternStep> parsePattern(String text) {
        return new PathSyntax(text, true).steps();
    }

    private List<PatternStep> steps() {
        List<PatternStep> out = new ArrayList<>();
        if (text.isEmpty() && patterns) {
            throw new SyntaxException(what(), text, 0, "the pattern is empty; write '**' to mean every field");
        }
        while (pos < text.length()) {
            if (text.charAt(pos) == '[') {
                out.add(bracket());
            } else {
                if (!out.isEmpty()) {
                    if (text.charAt(pos) != '.') {
                        throw error("expected '.' or '['");
                    }
                    pos++;
                }
                out.add(field());
            }
            if (out.size() > MAX_SEGMENTS) {
                throw error("a path may have at most " + MAX_SEGMENTS + " steps");
            }
        }
        return List.copyOf(out);
    }

    private PatternStep field() {
        int start = pos;
        while (pos < text.length() && text.charAt(pos) != '.' && text.charAt(pos) != '[') {
            char ch = text.charAt(pos);
            if (ch == ']' || ch == '"' || Character.isWhitespace(ch) || Character.isISOControl(ch)) {
                throw error("unexpected '" + printable(ch) + "' in a field name", "quote such names as [\"name\"]");
            }
            pos++;
        }
        String name = text.substring(start, pos);
        if (name.isEmpty()) {
            pos = start;
            throw error("expected a field name");
        }
        if (name.equals("*") || name.equals("**")) {
            if (!patterns) {
                pos = start;
                throw error("wildcards are only allowed in patterns");
            }
            return name.equals("*") ? PathWildcard.ANY_STEP : PathWildcard.ANY_DEPTH;
        }
        if (name.indexOf('*') >= 0) {
            pos = start + name.indexOf('*');
            throw error("'*' must stand alone as a step ('*' or '**')", "quote a field name containing it as [\"name\"]");
        }
        return literal(new PathElement.Field(name));
    }

    private static PatternStep literal(PathElement e) {
        return new PatternStep.Literal(e);
    }

    private PatternStep bracket() {
        int open = pos++;
        if (pos >= text.length()) {
            throw error("unclosed '['");
        }
        char ch = text.charAt(pos);
        PatternStep step;
        if (ch == '*') {
            pos++;
            if (!patterns) {
                pos = open + 1;
                throw error("wildcards are only allowed in patterns");
            }
            step = PathWildcard.ANY_ITEM;
        } else if (Character.isDigit(ch)) {
            step = literal(index());
        } else if (ch == '"') {
            String quoted = jsonString();
            step = literal(pos < text.length() && text.charAt(pos) == '=' ? key(quoted) : new PathElement.Field(quoted));
        } else if (ch == '=') {
            pos++;
            step = literal(new PathElement.Value(value()));
        } else {
            step = literal(key(null));
        }
        expect(']');
        return step;
    }

    private PathElement index() {
        int start = pos;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        if (patterns) {
            pos = start;
            throw error("a pattern matches list items by key, not position", "write [*] or [name=value]");
        }
        String digits = text.substring(start, pos);
        int significant = 0;
        while (significant < digits.length() - 1 && digits.charAt(significant) == '0') {
            significant++;
        }
        digits = digits.substring(significant);
        if (digits.length() > 10 || Long.parseLong(digits) > Integer.MAX_VALUE) {
            pos = start;
            throw error("index too large");
        }
        return new PathElement.Index(Integer.parseInt(digits));
    }

    private PathElement.Key key(String firstName) {
        List<String> names = new ArrayList<>();
        List<JsonNode> values = new ArrayList<>();
        while (true) {
            String name = names.isEmpty() && firstName != null ? firstName : keyName();
            if (names.contains(name)) {
                throw error("key field '" + name + "' named twice");
            }
            names.add(name);
            expect('=');
            int at = pos;
            JsonNode value = value();
            if (value.isContainerNode()) {
                pos = at;
                throw error("a key field's value must be text, a number, true, false or null", "write [=value] for a set item");
            }
            values.add(value);
            if (pos < text.length() && text.charAt(pos) == ',') {
                pos++;
                continue;
            }
            return new PathElement.Key(names, values);
        }
    }

    private String keyName() {
        if (pos < text.length() && text.charAt(pos) == '"') {
            return jsonString();
        }
        int start = pos;
        while (pos < text.length() && "=,[]\"".indexOf(text.charAt(pos)) < 0 && !Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
        if (pos == start) {
            throw error("expected a key field name, '*', an index, a quoted field name or '=value'");
        }
        return text.substring(start, pos);
    }

    private JsonNode value() {
        if (pos >= text.length()) {
            throw error("expected a value");
        }
        char ch = text.charAt(pos);
        if (ch == '"') {
            return JsonTrees.NODES.textNode(jsonString());
        }
        if (ch == '{' || ch == '[') {
            return jsonValue();
        }
        int start = pos;
        while (pos < text.length() && text.charAt(pos) != ',' && text.charAt(pos) != ']') {
            pos++;
        }
        String raw = text.substring(start, pos);
        if (raw.isEmpty()) {
            throw error("expected a value");
        }
        try {
            return scalar(raw);
        } catch (NumberFormatException e) {
            pos = start;
            throw error("number out of range");
        }
    }

    /** A plain (unquoted) value as the syntax reads it: a number, true, false, null or text. */
    static JsonNode scalar(String raw) {
        switch (raw) {
            case "true":
                return JsonTrees.NODES.booleanNode(true);
            case "false":
                return JsonTrees.NODES.booleanNode(false);
            case "null":
                return JsonTrees.NODES.nullNode();
            default:
                if (NUMBER.matcher(raw).matches()) {
                    BigDecimal d = new BigDecimal(raw);
                    if (!JsonTrees.fitsWrittenOut(d)) {
                        throw new NumberFormatException("out of range: " + raw);
                    }
                    return JsonTrees.normalize(JsonTrees.NODES.numberNode(d));
                }
                return JsonTrees.NODES.textNode(raw);
        }
    }

    private String jsonString() {
        int start = pos++;
        while (pos < text.length() && text.charAt(pos) != '"') {
            if (text.charAt(pos) == '\\') {
                pos++;
            }
            pos++;
        }
        if (pos >= text.length()) {
            pos = start;
            throw error("unclosed quote");
        }
        pos++;
        try {
            return JSON.readTree(text.substring(start, pos)).textValue();
        } catch (JsonProcessingException e) {
            pos = start;
            throw error("invalid quoted text", "JSON string syntax expected");
        }
    }

    private JsonNode jsonValue() {
        int start = pos;
        int depth = 0;
        boolean inString = false;
        for (; pos < text.length(); pos++) {
            char ch = text.charAt(pos);
            if (inString) {
                if (ch == '\\') pos++;
                else if (ch == '"') inString = false;
            } else if (ch == '"') {
                inString = true;
            } else if (ch == '{' || ch == '[') {
                depth++;
            } else if ((ch == '}' || ch == ']') && --depth == 0) {
                pos++;
                break;
            }
        }
        pos = Math.min(pos, text.length()); // a backslash at the very end skips past it
        try {
            JsonNode value = JSON.readTree(text.substring(start, pos));
            if (value.isNumber() && !value.isIntegralNumber() && !JsonTrees.fitsWrittenOut(value.decimalValue())) {
                throw new NumberFormatException("out of range");
            }
            return value;
        } catch (JsonProcessingException | NumberFormatException e) {
            // a number past what a decimal holds (an exponent of 25 digits) is not a JsonProcessingException
            pos = start;
            throw error("invalid JSON value");
        }
    }

    private void expect(char ch) {
        if (pos >= text.length() || text.charAt(pos) != ch) {
            throw error("expected '" + ch + "'");
        }
        pos++;
    }

    private String what() {
        return patterns ? "path pattern" : "path";
    }

    private SyntaxException error(String problem) {
        return error(problem, null);
    }

    /** {@code problem at character N; hint}, at the current position. */
    private SyntaxException error(String problem, String hint) {
        String at = pos >= text.length() ? " at the end" : " at character " + (pos + 1);
        String reason = problem + at + (hint == null ? "" : "; " + hint);
        return new SyntaxException(what(), text, Math.min(pos, text.length()), reason);
    }

    private static String printable(char ch) {
        return Character.isISOControl(ch) || Character.isWhitespace(ch)
                ? String.format(Locale.ROOT, "\\u%04x", (int) ch) : String.valueOf(ch);
    }
}
