package dev.upshift.diff.render;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.tree.JsonText;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.patch.MergePatch;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * RFC 7396 JSON merge patches, one per changed document, against the cluster's document.
 *
 * <p>A merge patch deletes a field by setting it to {@code null} and replaces lists whole, so it
 * cannot set a field to {@code null}: a document whose merged form holds a {@code null} field
 * (that the cluster's document does not already hold) gets no patch, with a note saying so. Lists
 * replaced whole also mean that a merge patch computed now overwrites any list item someone
 * changes before it is applied: prefer the JSON Patch where that matters.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class MergePatches {
    static final String INEXPRESSIBLE = "a merge patch cannot express this change: the merged document sets a"
            + " field to null, which a merge patch would delete instead; use the JSON Patch";

    private MergePatches() {}

    /** The merge patch of every changed document, in identity order. */
    public static List<DocumentPatch> of(MergeResult result) {
        return DocumentPatch.forChangedDocuments(result,
                "the document is removed; a merge patch cannot delete a document", (id, current, merged) -> {
                    JsonNode from = current.map(d -> (JsonNode) d.tree()).orElse(JsonTrees.NODES.objectNode());
                    Optional<JsonNode> patch = MergePatch.diff(from, merged.tree());
                    return new DocumentPatch(id, merged.displayName(),
                            current.isPresent() ? DocumentPatch.Action.PATCH : DocumentPatch.Action.CREATE, patch,
                            patch.isPresent() ? "" : INEXPRESSIBLE);
                });
    }

    /**
     * The patches as a JSON array of {@code {document, action, mergePatch}} entries; where no
     * merge patch can express the change, {@code mergePatch} is null and {@code note} says why.
     */
    public static String render(MergeResult result) {
        ArrayNode out = JsonTrees.NODES.arrayNode();
        for (DocumentPatch p : of(result)) {
            ObjectNode entry = DocumentEntry.fill(out.addObject(), p);
            if (p.action() != DocumentPatch.Action.DELETE) {
                entry.set("mergePatch", p.patch().orElse(JsonTrees.NODES.nullNode()));
            }
            if (!p.note().isEmpty()) {
                entry.put("note", p.note());
            }
        }
        return JsonText.pretty(out);
    }
}
