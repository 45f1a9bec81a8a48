package dev.upshift.common.source;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import dev.upshift.common.problem.SecretMask;
import dev.upshift.common.problem.SourceLocation;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Turns what the parsing libraries say into messages for the person who wrote the input: one line,
 * no Java class or method names, and the limit by its meaning rather than by the library's setting.
 */
final class LoadMessages {
    /** A qualified Java name ({@code org.yaml.snakeyaml.events.SequenceStartEvent}), with what follows in brackets. */
    private static final Pattern JAVA_NAME = Pattern.compile(
            "<?\\b(?:java|javax|com|org|sun|jdk)\\.[\\w$]+(?:\\.[\\w$]+)+(?:\\([^)]*\\))?>?");
    private static final Pattern METHOD_HINT = Pattern.compile(",? ?from `[^`]*`");
    /**
     * What a library message quotes of the input: {@code 'hunter2'}, {@code "x"}, a character's
     * code ({@code (code 104)}, {@code CTRL-CHAR, code 1}), a character and its code
     * ({@code q(113)}), what SnakeYAML found instead of an escape's digits ({@code found: ZZ}).
     */
    private static final Pattern QUOTED = Pattern.compile(
            "'([^']*)'|\"([^\"]*)\"|\\s*\\(code \\d+\\)|(\\S+)\\(\\d+\\)|(?<=found: )(\\S+)|(?<=CTRL-CHAR), code \\d+");
    private static final Set<String> WORDS = Set.of("null", "true", "false");

    private LoadMessages() {}

    /** A limit of the parsing library, in the loader's words. */
    static String limit(StreamConstraintsException e, LoadLimits limits) {
        String m = String.valueOf(e.getOriginalMessage());
        if (m.contains("nesting depth")) {
            return "nesting is deeper than the limit of " + limits.maxDepth() + " levels";
        }
        if (m.startsWith("Number value length") || m.contains("Number length")) {
            return "a number longer than the limit of " + Scalars.MAX_NUMBER_LENGTH
                    + " characters (quote it if it is text)";
        }
        if (m.startsWith("Name length")) {
            return "a key longer than the limit of " + StreamReadConstraints.DEFAULT_MAX_NAME_LEN + " characters";
        }
        if (m.startsWith("String value length") || m.startsWith("Document length")) {
            return "input is larger than the limit of " + DocumentLoader.humanBytes(limits.maxBytes());
        }
        return "input exceeds a limit: " + firstLine(m);
    }

    /** Whether the limit concerns one value (a number too long) rather than the input as a whole. */
    static boolean concernsValue(StreamConstraintsException e) {
        String m = String.valueOf(e.getOriginalMessage());
        return m.startsWith("Number value length") || m.contains("Number length");
    }

    /** A syntax error the streaming parser reported. */
    static String syntax(JsonProcessingException e) {
        if (isComplexKey(e)) {
            return "a key must be a plain value such as text, not a list or a mapping (YAML complex keys are not supported)";
        }
        String m = e.getOriginalMessage();
        return "invalid syntax: " + (m == null ? "unreadable input" : firstLine(m));
    }

    /** Whether the parser met a list or a mapping where a key belongs ({@code ? [a, b]}). */
    static boolean isComplexKey(JsonProcessingException e) {
        String m = e.getOriginalMessage();
        return m != null && m.startsWith("Expected a field name") && (m.contains("SequenceStartEvent")
                || m.contains("MappingStartEvent"));
    }

    /** A syntax error SnakeYAML reported, with where the construct it was reading started. */
    static String yamlSyntax(MarkedYAMLException e) {
        StringBuilder message = new StringBuilder("invalid syntax: ").append(firstLine(e.getProblem()));
        if (e.getContext() != null) {
            message.append(" (").append(clean(e.getContext().strip()));
            Mark started = e.getContextMark();
            if (started != null) {
                message.append(" that starts at line ").append(started.getLine() + 1)
                        .append(", column ").append(started.getColumn() + 1);
            }
            message.append(')');
        }
        return message.toString();
    }

    /**
     * A library message with what it quotes of the input masked ({@link SecretMask}) and character
     * codes dropped, for a problem in a Secret's data; the words it expects ({@code 'null'},
     * {@code 'true'}, {@code 'false'}) stay.
     */
    static String masked(String message) {
        return QUOTED.matcher(message).replaceAll(m -> {
            String quoted = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2)
                    : m.group(3) != null ? m.group(3) : m.group(4);
            if (quoted == null) {
                return "";
            }
            return Matcher.quoteReplacement(WORDS.contains(quoted) ? m.group() : SecretMask.of(quoted));
        });
    }

    static SourceLocation markLocation(String source, MarkedYAMLException e) {
        Mark at = e.getProblemMark();
        return new SourceLocation(source, at.getLine() + 1, at.getColumn() + 1);
    }

    /**
     * The meaningful lines of a library message joined into one (the excerpt and caret lines and
     * Jackson's source description dropped), Java names removed, cut at about 200 characters.
     */
    static String firstLine(String message) {
        if (message == null) {
            return "unreadable input";
        }
        String[] lines = message.strip().split("\\R");
        StringBuilder out = new StringBuilder();
        for (String line : lines) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("in ") || l.startsWith("^") || l.startsWith("at [Source")) {
                continue;
            }
            if (out.length() > 0) {
                out.append("; ");
            }
            out.append(l);
            if (out.length() > 200) {
                break;
            }
        }
        String joined = clean(out.length() == 0 ? lines[0] : out.toString());
        return joined.length() <= 240 ? joined : joined.substring(0, 237) + "...";
    }

    private static String clean(String text) {
        String s = METHOD_HINT.matcher(text).replaceAll("");
        return JAVA_NAME.matcher(s).replaceAll("something else").strip();
    }
}
