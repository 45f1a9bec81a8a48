package dev.upshift.diff.render;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.tree.JsonText;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.merge.FieldChange;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.rule.FieldRule;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The whole result as one stable JSON object, for tools:
 *
 * <pre>
 * {
 *   "blocked": false, "highestImpact": "rolling", "threeWay": true,
 *   "changes": [ { "document": "apps/v1/Deployment/ns/web", "group", "kind", "namespace", "name",
 *                  "path": "spec.replicas", "goPatch": "/spec/replicas",
 *                  "reason": "RELEASE_CHANGED", "resolution": "TARGET", "impact": "inPlace",
 *                  "base", "current", "target", "result" (null when absent),
 *                  "rule": null | { "match", "path", "location" }, "message", "sensitive" } ],
 *   "documents": [ the merged documents that differ from the cluster's, in identity order ],
 *   "removed": [ kubectl-style names of the documents the merge removes ]
 * }
 * </pre>
 * Documents the merge leaves as they are do not repeat here; the YAML rendering has them all. The
 * values and documents are the real ones, sensitive values included (this output is for tools that
 * apply or check it); {@code sensitive} marks the changes that hold one, and their messages show
 * masks.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ResultJson {
    private ResultJson() {}

    /** The result as a JSON tree. */
    public static ObjectNode tree(MergeResult result) {
        ObjectNode root = JsonTrees.NODES.objectNode();
        root.put("blocked", result.isBlocked());
        root.put("highestImpact", result.highestImpact().word());
        root.put("threeWay", result.isThreeWay());
        ArrayNode changes = root.putArray("changes");
        for (FieldChange c : result.changes()) {
            ObjectNode e = changes.addObject();
            e.put("document", name(result, c));
            DocumentEntry.identity(e, c.document());
            e.put("path", c.path().toString());
            e.put("goPatch", c.path().toGoPatch());
            e.put("reason", c.reason().name());
            e.put("resolution", c.resolution().name());
            e.put("impact", c.impact().word());
            e.set("base", c.base().orElse(JsonTrees.NODES.nullNode()));
            e.set("current", c.current().orElse(JsonTrees.NODES.nullNode()));
            e.set("target", c.target().orElse(JsonTrees.NODES.nullNode()));
            e.set("result", c.result().orElse(JsonTrees.NODES.nullNode()));
            e.set("rule", c.rule().map(ResultJson::rule).orElse(JsonTrees.NODES.nullNode()));
            e.put("message", c.message());
            e.put("sensitive", c.sensitive());
        }
        ArrayNode documents = root.putArray("documents");
        ArrayNode removed = root.putArray("removed");
        for (DocumentId id : result.changedDocuments()) {
            Optional<Document> merged = result.documents().get(id);
            if (merged.isPresent()) {
                documents.add(merged.get().tree());
            } else {
                removed.add(result.current().get(id).map(Document::displayName).orElse(id.toString()));
            }
        }
        return root;
    }

    /** The result as JSON text. */
    public static String render(MergeResult result) {
        return JsonText.pretty(tree(result));
    }

    private static String name(MergeResult r, FieldChange c) {
        return r.current().get(c.document()).or(() -> r.documents().get(c.document()))
                .or(() -> r.target().get(c.document())).map(Document::displayName).orElse(c.document().toString());
    }

    private static JsonNode rule(FieldRule r) {
        ObjectNode o = JsonTrees.NODES.objectNode();
        ObjectNode match = o.putObject("match");
        r.match().apiVersion().ifPresent(v -> match.put("apiVersion", v));
        r.match().kind().ifPresent(v -> match.put("kind", v));
        r.match().name().ifPresent(v -> match.put("name", v));
        o.put("path", r.path().text());
        o.put("location", r.location().toString());
        return o;
    }
}
