package dev.upshift.examples.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * The one JSON writer of the commands' own output ({@code path} and {@code windows}): Jackson's
 * pretty layout, with {@code \n} line ends on every platform. The {@code diff} renderings have their
 * own, documented layout in the diff module.
 */
final class Json {
    /** The node factory the commands build their output with. */
    static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectWriter WRITER = new ObjectMapper()
            .writer(new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n")));

    private Json() {}

    static String pretty(JsonNode node) {
        try {
            return WRITER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render JSON", e);
        }
    }
}
