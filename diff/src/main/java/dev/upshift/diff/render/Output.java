package dev.upshift.diff.render;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.diff.DocumentId;

/** JSON text output shared by the renderers: two-space indentation, {@code \n} line ends on every platform. */
final class Output {
    private static final ObjectWriter PRETTY;

    static {
        Separators separators = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER);
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter(separators)
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(new DefaultIndenter("  ", "\n"));
        PRETTY = new ObjectMapper().writer(printer);
    }

    private Output() {}

    /** Pretty JSON text ending with a newline. */
    static String json(JsonNode node) {
        try {
            return PRETTY.writeValueAsString(node) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Fills the fields that name a document and its action. */
    static ObjectNode documentEntry(ObjectNode entry, DocumentPatch p) {
        entry.put("document", p.name());
        identity(entry, p.id());
        entry.put("action", p.action().word());
        return entry;
    }

    static void identity(ObjectNode entry, DocumentId id) {
        entry.put("group", id.group()).put("kind", id.kind()).put("namespace", id.namespace()).put("name", id.name());
    }
}
