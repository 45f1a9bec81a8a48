package dev.upshift.diff.render;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.merge.MergeResult;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A unified diff per changed document, between the canonical YAML (keys sorted, see
 * {@link YamlWriter}) of the cluster's document and of the merged one, with three lines of
 * context. Documents are named kubectl-style, {@code apps/v1/Deployment/ns/name}, under
 * {@code current/} and {@code merged/}; a new document is diffed against {@code /dev/null}, and a
 * removed one to it. Sensitive values show as their masks unless asked otherwise
 * ({@link SecretValues}), so that a value that changed shows as a changed fingerprint.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class UnifiedDiff {
    private static final int CONTEXT = 3;

    private UnifiedDiff() {}

    /** The diffs of every changed document, in identity order; empty text when nothing changes. Masked. */
    public static String render(MergeResult result) {
        return render(result, SecretValues.MASKED);
    }

    /** The diffs, with sensitive values masked or shown as {@code secrets} says. */
    public static String render(MergeResult shown, SecretValues secrets) {
        MergeResult result = secrets == SecretValues.MASKED ? shown.masked() : shown;
        StringBuilder out = new StringBuilder();
        for (DocumentId id : result.changedDocuments()) {
            Optional<Document> current = result.current().get(id);
            Optional<Document> merged = result.documents().get(id);
            List<String> before = lines(current);
            List<String> after = lines(merged);
            Patch<String> patch = DiffUtils.diff(before, after);
            if (patch.getDeltas().isEmpty()) {
                continue;
            }
            String from = current.map(d -> "current/" + d.displayName()).orElse("/dev/null");
            String to = merged.map(d -> "merged/" + d.displayName()).orElse("/dev/null");
            for (String line : UnifiedDiffUtils.generateUnifiedDiff(from, to, before, patch, CONTEXT)) {
                out.append(line).append('\n');
            }
        }
        return out.toString();
    }

    private static List<String> lines(Optional<Document> doc) {
        if (doc.isEmpty()) {
            return List.of();
        }
        String yaml = YamlWriter.write(doc.get().tree(), YamlWriter.KeyOrder.SORTED);
        return List.of(yaml.substring(0, yaml.length() - 1).split("\n", -1));
    }
}
