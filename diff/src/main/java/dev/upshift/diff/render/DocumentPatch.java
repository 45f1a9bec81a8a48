package dev.upshift.diff.render;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.merge.MergeResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The change to one document as a patch.
 *
 * @param id the document
 * @param name the document's kubectl-style name ({@code apps/v1/Deployment/ns/name})
 * @param action what happens to the document
 * @param patch the patch: for {@link Action#PATCH}, against the cluster's document; for
 *     {@link Action#CREATE}, one that builds the document from nothing; empty for
 *     {@link Action#DELETE}, and for a merge patch that cannot express the change
 * @param note why the patch is missing, when it is ({@code ""} otherwise)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record DocumentPatch(DocumentId id, String name, Action action, Optional<JsonNode> patch, String note) {

    /** What happens to a document. */
    public enum Action {
        /** The document exists and changes. */
        PATCH,
        /** The document is new. */
        CREATE,
        /** The document goes away. */
        DELETE;

        /** The lower-case word used in JSON output. */
        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Makes the patch of a document that exists after the merge (its cluster version, if any, and the merged one). */
    @FunctionalInterface
    interface Maker {
        DocumentPatch make(DocumentId id, Optional<Document> current, Document merged);
    }

    /**
     * One patch per changed document of a result, in identity order: a {@link Action#DELETE} with
     * {@code deleteNote} for documents the merge removes, {@code maker}'s patch for the others.
     */
    static List<DocumentPatch> forChangedDocuments(MergeResult result, String deleteNote, Maker maker) {
        List<DocumentPatch> out = new ArrayList<>();
        for (DocumentId id : result.changedDocuments()) {
            Optional<Document> current = result.current().get(id);
            Optional<Document> merged = result.documents().get(id);
            out.add(merged.isEmpty()
                    ? new DocumentPatch(id, current.orElseThrow().displayName(), Action.DELETE, Optional.empty(), deleteNote)
                    : maker.make(id, current, merged.get()));
        }
        return out;
    }

    /** Validates the parts. */
    public DocumentPatch {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(patch, "patch");
        Objects.requireNonNull(note, "note");
    }
}
