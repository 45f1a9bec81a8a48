package dev.upshift.common.source;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.tree.JsonTrees;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/** Reads the scalar at the parser's current token into a node, refusing what JSON cannot hold. */
final class Scalars {
    /** The longest number the loader reads (Jackson's default, kept so that YAML and JSON agree). */
    static final int MAX_NUMBER_LENGTH = 1_000;

    private static final Set<String> NOT_FINITE = Set.of(".inf", "+.inf", "-.inf", ".nan");

    /** YAML 1.1 integers and floats as Kubernetes reads them, for plain scalars too long to be parsed as one. */
    private static final Pattern NUMBER = Pattern.compile(
            "[-+]?(?:0x[0-9a-fA-F_]+|0o?[0-7_]+|[0-9][0-9_]*(?:\\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\\.[0-9_]+(?:[eE][-+]?[0-9]+)?)");

    /**
     * A scalar the loader refuses: its text, and what is wrong with it in words that follow the
     * text ({@code " is out of range: ..."}), so that the message can show the text or its mask;
     * no text when the message names none.
     */
    static final class Rejected extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final String text;
        final String problem;

        Rejected(String text, String problem) {
            super(null, null, false, false);
            this.text = text;
            this.problem = problem;
        }

        /** The message, the text shown as {@code shown} says (quoted and cut, or masked). */
        String message(UnaryOperator<String> shown) {
            return text == null ? problem : shown.apply(text) + problem;
        }
    }

    private final JsonParser parser;
    private final AnchorAwareYamlFactory.Parser yaml;

    Scalars(JsonParser parser, AnchorAwareYamlFactory.Parser yaml) {
        this.parser = parser;
        this.yaml = yaml;
    }

    JsonNode read(JsonToken token) throws IOException {
        return switch (token) {
            case VALUE_STRING -> text();
            case VALUE_TRUE -> TreeBuilder.NODES.booleanNode(true);
            case VALUE_FALSE -> TreeBuilder.NODES.booleanNode(false);
            case VALUE_NULL -> TreeBuilder.NODES.nullNode();
            case VALUE_NUMBER_INT -> integer();
            case VALUE_NUMBER_FLOAT -> decimal();
            case VALUE_EMBEDDED_OBJECT -> throw new Rejected(null, "binary values (!!binary) are not supported;"
                    + " write the data as text, for example base64 in a string");
            default -> throw new Rejected(null, "unsupported value; only mappings, lists, text, numbers, booleans"
                    + " and null are allowed");
        };
    }

    private JsonNode text() throws IOException {
        String text = parser.getText();
        if (yaml != null && text.isEmpty() && yaml.isPlainScalar()) {
            // "annotations:" with nothing after it: YAML's empty plain scalar is null, as Kubernetes
            // reads it (Jackson's EMPTY_STRING_AS_NULL would also turn a quoted '' into null)
            return TreeBuilder.NODES.nullNode();
        }
        if (yaml != null && text.length() > MAX_NUMBER_LENGTH && yaml.isPlainScalar() && NUMBER.matcher(text).matches()) {
            throw tooLong();
        }
        return TreeBuilder.NODES.textNode(text);
    }

    private JsonNode integer() throws IOException {
        return switch (parser.getNumberType()) {
            case INT -> TreeBuilder.NODES.numberNode(parser.getIntValue());
            case LONG -> TreeBuilder.NODES.numberNode(parser.getLongValue());
            default -> TreeBuilder.NODES.numberNode(parser.getBigIntegerValue());
        };
    }

    private JsonNode decimal() throws IOException {
        String text = parser.getText();
        if (text.length() > MAX_NUMBER_LENGTH) {
            throw tooLong();
        }
        if (NOT_FINITE.contains(text.toLowerCase(Locale.ROOT))) {
            throw new Rejected(text, " is not a number Upshift accepts: infinity and NaN have no JSON form;"
                    + " quote it if it is text");
        }
        try {
            BigDecimal value = new BigDecimal(text.replace("_", ""));
            if (!JsonTrees.fitsWrittenOut(value)) {
                // 1e100000053 is short text, but its digits written out would be a hundred million long
                throw new Rejected(text, " is out of range: a number may"
                        + " have at most " + JsonTrees.MAX_DIGITS + " digits before or after its point, written out"
                        + " (quote it if it is text)");
            }
            return TreeBuilder.NODES.numberNode(value);
        } catch (NumberFormatException e) {
            try {
                return TreeBuilder.NODES.numberNode(parser.getDoubleValue());
            } catch (JsonProcessingException notANumber) {
                throw new Rejected(text, " is not a number; quote it if it is text");
            }
        }
    }

    private static Rejected tooLong() {
        return new Rejected(null, "a number longer than the limit of " + MAX_NUMBER_LENGTH + " characters (quote it if it is text)");
    }
}
