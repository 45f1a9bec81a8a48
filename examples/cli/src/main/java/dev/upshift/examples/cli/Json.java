package dev.upshift.examples.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.upshift.diff.render.JsonOutput;

/**
 * The JSON of the commands' own output ({@code path}, {@code windows}), in the one layout of every
 * Upshift JSON rendering ({@link JsonOutput}), so that {@code diff --output json} and these read
 * alike.
 */
final class Json {
    /** The node factory the commands build their output with. */
    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Json() {}

    /** Pretty JSON text, ending with a newline. */
    static String pretty(JsonNode node) {
        return JsonOutput.pretty(node);
    }
}
