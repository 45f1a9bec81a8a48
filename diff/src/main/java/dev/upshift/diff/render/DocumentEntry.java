package dev.upshift.diff.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.diff.document.DocumentId;

/** The fields that name a document in the JSON renderings (written by {@code JsonText.pretty}). */
final class DocumentEntry {
    private DocumentEntry() {}

    /** Fills the fields that name a document and its action. */
    static ObjectNode fill(ObjectNode entry, DocumentPatch p) {
        entry.put("document", p.name());
        identity(entry, p.id());
        entry.put("action", p.action().word());
        return entry;
    }

    static void identity(ObjectNode entry, DocumentId id) {
        entry.put("group", id.group()).put("kind", id.kind()).put("namespace", id.namespace()).put("name", id.name());
    }
}
