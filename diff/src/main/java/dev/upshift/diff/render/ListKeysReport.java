package dev.upshift.diff.render;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.merge.ListDecision;
import dev.upshift.diff.merge.MergeResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * How the merge matched the items of each list it had to match, and what decided it, for people
 * (and for {@code upshift diff --explain-keys}):
 *
 * <pre>
 * apps/v1/Deployment/kube-system/coredns
 *   spec.template.spec.containers: keyed by name  (built in: Kubernetes 1.36: core.v1.PodSpec.containers)
 *   spec.template.spec.containers[name=coredns].ports: keyed by containerPort, protocol (protocol defaults to TCP)  (built in: ...)
 * </pre>
 *
 * Documents in identity order, lists in path order; the same result gives the same bytes. A path
 * that names a sensitive value (a list below an item whose key field is sensitive) shows its mask.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ListKeysReport {
    private ListKeysReport() {}

    /** The report; a single line saying so when no list needed matching. */
    public static String render(MergeResult unmasked) {
        MergeResult result = unmasked.masked();
        if (result.listDecisions().isEmpty()) {
            return "no list needed matching: wherever the cluster and the target have a list, the two are equal\n";
        }
        Map<DocumentId, List<ListDecision>> byDocument = new LinkedHashMap<>();
        for (ListDecision d : result.listDecisions()) {
            byDocument.computeIfAbsent(d.document(), k -> new ArrayList<>()).add(d);
        }
        StringBuilder out = new StringBuilder();
        for (Map.Entry<DocumentId, List<ListDecision>> e : byDocument.entrySet()) {
            out.append(out.isEmpty() ? "" : "\n").append(name(result, e.getKey())).append('\n');
            for (ListDecision d : e.getValue()) {
                out.append("  ").append(d.path()).append(": ").append(d.matching())
                        .append("  (").append(source(d)).append(")\n");
            }
        }
        return out.toString();
    }

    private static String source(ListDecision d) {
        return switch (d.decidedBy()) {
            case RULE -> d.explanation();
            case BUILT_IN -> "built in: " + d.explanation();
            case NAME_FIELD, NO_KEY -> "no rule or built-in entry: " + (d.decidedBy() == ListDecision.DecidedBy.NAME_FIELD
                    ? "every item is a mapping with a unique name" : "not every item is a mapping with a unique name");
        };
    }

    private static String name(MergeResult r, DocumentId id) {
        return r.current().get(id).or(() -> r.target().get(id)).map(Document::displayName).orElse(id.toString());
    }
}
