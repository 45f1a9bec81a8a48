package dev.upshift.core.plan;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.problem.UpshiftException;
import dev.upshift.common.value.VersionChange;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.FieldChange;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.path.PathElement;
import dev.upshift.release.Release;
import dev.upshift.release.Version;
import java.util.Map;
import java.util.Optional;

/**
 * How far a configuration change (a drift repair, or the change a cluster's values make on its
 * release) moves a Kubernetes version: what maintenance exclusions judge it by (docs/planning.md,
 * "Kinds and exclusion scopes"), since a repair that sets a control plane's {@code spec.version}
 * back from v1.31.0 to v1.30.1 moves Kubernetes a minor as surely as a release upgrade does.
 *
 * <p>A <b>Kubernetes version field</b> is one where the release puts its {@code kubernetes}
 * component's version: a field whose value in the change's result is that version (with or
 * without a {@code v}, build metadata aside), or one the release's own {@code defaults} set to it
 * (so that a cluster's values that set another version there are judged too). Other fields that
 * hold versions (an add-on chart's, etcd's) are not Kubernetes': their minor changes are not what
 * {@code noMinorUpgrades} means. At such a field the move is the cluster's value to the result's,
 * back or forth alike ({@link Version#changeTo}); a cluster value that is absent or no version is
 * judged {@link VersionChange#MINOR}: how far it moves cannot be told, and an exclusion that holds
 * minor upgrades should hold it.
 */
final class KubernetesMove {
    private final Release release;
    private final Version kubernetes;
    private final DocumentSet current;
    /** The release's defaults alone over the cluster's documents: found when first needed. */
    private DocumentSet owned;

    private KubernetesMove(Release release, Version kubernetes, DocumentSet current) {
        this.release = release;
        this.kubernetes = kubernetes;
        this.current = current;
    }

    /**
     * The largest move of a Kubernetes version field among the merge's changes to the cluster;
     * {@link VersionChange#NONE} when there is none, or the release names no {@code kubernetes}.
     *
     * @param release the release the cluster stays at
     * @param merge the configuration change's merge
     * @param current the cluster's documents
     */
    static VersionChange of(Release release, MergeResult merge, DocumentSet current) {
        Optional<Version> kubernetes = release.kubernetes();
        if (kubernetes.isEmpty()) {
            return VersionChange.NONE;
        }
        KubernetesMove m = new KubernetesMove(release, kubernetes.get(), current);
        VersionChange out = VersionChange.NONE;
        for (FieldChange c : merge.clusterChanges()) {
            out = out.max(m.walk(c.document(), c.path(), c.current().orElse(null), c.result().orElse(null)));
        }
        return out;
    }

    /** The largest move under one value of the result, paired with the cluster's value at the same place. */
    private VersionChange walk(DocumentId doc, FieldPath path, JsonNode was, JsonNode now) {
        if (now == null) {
            return VersionChange.NONE;
        }
        if (now.isTextual()) {
            return leaf(doc, path, was, now.textValue());
        }
        VersionChange out = VersionChange.NONE;
        if (now.isObject()) {
            for (Map.Entry<String, JsonNode> e : now.properties()) {
                JsonNode before = was != null && was.isObject() ? was.get(e.getKey()) : null;
                out = out.max(walk(doc, path.field(e.getKey()), before, e.getValue()));
            }
        } else if (now.isArray()) {
            for (int i = 0; i < now.size(); i++) {
                JsonNode before = was != null && was.isArray() && i < was.size() ? was.get(i) : null;
                out = out.max(walk(doc, path.child(new PathElement.Index(i)), before, now.get(i)));
            }
        }
        return out;
    }

    private VersionChange leaf(DocumentId doc, FieldPath path, JsonNode was, String now) {
        Optional<Version> to = Version.tryParse(now);
        if (to.isEmpty() || !to.get().samePrecedence(kubernetes) && !setByRelease(doc, path)) {
            return VersionChange.NONE;
        }
        Optional<Version> from = was != null && was.isTextual() ? Version.tryParse(was.textValue()) : Optional.empty();
        return from.map(f -> f.changeTo(to.get())).orElse(VersionChange.MINOR);
    }

    /** Whether the release's own defaults set the field to its Kubernetes version. */
    private boolean setByRelease(DocumentId doc, FieldPath path) {
        if (owned == null) {
            try {
                owned = release.defaults().applyTo(current, "release " + release.version() + " defaults");
            } catch (UpshiftException e) {
                owned = DocumentSet.empty(); // the merge applied them: not reached in practice
            }
        }
        return owned.get(doc).flatMap(d -> path.resolve(d.tree())).filter(JsonNode::isTextual)
                .flatMap(v -> Version.tryParse(v.textValue())).filter(v -> v.samePrecedence(kubernetes)).isPresent();
    }
}
