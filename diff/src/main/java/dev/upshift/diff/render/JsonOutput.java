package dev.upshift.diff.render;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.tree.JsonText;

/**
 * Upshift's JSON layout, the one every JSON rendering uses ({@link ResultJson},
 * {@link JsonPatches}, {@link MergePatches}), for tools that print JSON of their own beside them:
 * two-space indentation, {@code "key": value}, members in the tree's order, empty containers as
 * {@code {}} and {@code []}, {@code \n} line ends on every platform and a final newline. Strings
 * escape every control character, so the text survives terminals; NaN and the infinities, which
 * JSON lacks, are written {@code null}.
 *
 * <pre>{@code
 * ObjectNode o = JsonNodeFactory.instance.objectNode().put("found", true);
 * JsonOutput.pretty(o);                             // "{\n  \"found\": true\n}\n"
 * }</pre>
 */
public final class JsonOutput {
    private JsonOutput() {}

    /** The tree as pretty JSON text, ending with a newline. */
    public static String pretty(JsonNode tree) {
        return JsonText.pretty(tree);
    }
}
