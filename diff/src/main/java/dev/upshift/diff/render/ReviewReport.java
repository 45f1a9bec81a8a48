package dev.upshift.diff.render;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.tree.JsonText;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.merge.ChangeReason;
import dev.upshift.diff.merge.FieldChange;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.merge.Resolution;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.rule.Impact;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.apiguardian.api.API;

/**
 * A review report for people: a summary line, then per document (in identity order) three groups
 * — what the release changes, which customisations are kept, and the conflicts — each line a
 * field, its values, the decision and why.
 *
 * <pre>
 * 1 document changes; 1 conflict (1 blocking); highest impact: rolling
 *
 * apps/v1/Deployment/default/web
 *   release changes
 *     ~ spec.template.spec.containers[name=web].image: "nginx:1.16" -> "nginx:1.17"  [rolling]
 *   kept customisations
 *     = spec.replicas: 5 (both releases: 1)
 *   conflicts
 *     ! spec.strategy.type: BLOCKED  old release "RollingUpdate", cluster "Recreate", new release ...
 * </pre>
 * Markers: {@code +} added, {@code ~} changed, {@code -} removed (or emptied by the merge),
 * {@code =} kept, {@code !} blocked, {@code ?} a conflict a rule resolved, {@code >} a template
 * replaced by a new one.
 *
 * <p>Sensitive values show as their masks ({@link dev.upshift.diff.merge.SensitiveValues}) unless
 * asked otherwise ({@link SecretValues#SHOWN}); a line whose words come from the change's message
 * then ends with {@code [in clear: ...]}, the values themselves.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ReviewReport {
    private static final int WIDTH = 100;

    private ReviewReport() {}

    /** The report, sensitive values masked. */
    public static String render(MergeResult result) {
        return render(result, SecretValues.MASKED);
    }

    /** The report, with sensitive values masked or shown as {@code secrets} says. */
    public static String render(MergeResult shown, SecretValues asked) {
        return render(shown, asked, c -> false);
    }

    /**
     * The report, with sensitive values masked or shown as {@code secrets} says, and the changes
     * {@code ownValues} accepts, among those the target brings (set, changed, removed, templates
     * replaced), listed under "the cluster's values" rather than "release changes": a cluster's own
     * {@code spec.values} are applied after its release's defaults, and a reviewer asks which of
     * the two a change comes from.
     */
    public static String render(MergeResult shown, SecretValues asked, Predicate<FieldChange> ownValues) {
        SecretValues secrets = shown.isMasked() ? SecretValues.MASKED : asked;
        MergeResult result = secrets == SecretValues.MASKED ? shown.masked() : shown;
        StringBuilder out = new StringBuilder();
        out.append(summary(result)).append('\n');
        if (!result.isThreeWay()) {
            out.append("no base given: every field where the cluster and the target differ is a conflict (no baseline)\n");
        }
        Map<DocumentId, List<FieldChange>> byDocument = new LinkedHashMap<>();
        for (FieldChange c : result.changes()) {
            byDocument.computeIfAbsent(c.document(), k -> new ArrayList<>()).add(c);
        }
        for (Map.Entry<DocumentId, List<FieldChange>> e : byDocument.entrySet()) {
            out.append('\n').append(title(result, e.getKey())).append('\n');
            namespaceNote(out, result, e.getKey());
            section(out, "drift, set back to the release's values", e.getValue(), c -> group(c) == Group.DRIFT, secrets);
            section(out, "release changes", e.getValue(), c -> group(c) == Group.RELEASE && !ownValues.test(c), secrets);
            section(out, "the cluster's values", e.getValue(), c -> group(c) == Group.RELEASE && ownValues.test(c), secrets);
            section(out, "kept customisations", e.getValue(), c -> group(c) == Group.KEPT, secrets);
            section(out, "conflicts", e.getValue(), c -> group(c) == Group.CONFLICT, secrets);
        }
        if (result.isBlocked()) {
            out.append("\nblocked: ").append(result.blocked().size())
                    .append(result.blocked().size() == 1 ? " field needs" : " fields need")
                    .append(" a decision before this upgrade can go ahead\n");
        }
        return out.toString();
    }

    private enum Group { DRIFT, RELEASE, KEPT, CONFLICT }

    /** The reasons whose line shows the values themselves; the others show the change's message. */
    private static final Set<ChangeReason> SHOWS_VALUES = EnumSet.of(ChangeReason.ADDED, ChangeReason.RELEASE_CHANGED,
            ChangeReason.RELEASE_REMOVED, ChangeReason.EMPTIED, ChangeReason.REFERENCE_MOVED,
            ChangeReason.CUSTOMISATION_KEPT, ChangeReason.DRIFTED);

    private static Group group(FieldChange c) {
        return switch (c.reason()) {
            case ADDED, RELEASE_CHANGED, RELEASE_REMOVED, EMPTIED, TEMPLATE_REPLACED, REFERENCE_MOVED -> Group.RELEASE;
            case DRIFTED -> Group.DRIFT;
            case CUSTOMISATION_KEPT -> Group.KEPT;
            default -> Group.CONFLICT;
        };
    }

    private static String summary(MergeResult r) {
        List<DocumentId> changed = r.changedDocuments();
        long added = changed.stream().filter(id -> r.current().get(id).isEmpty()).count();
        long removed = changed.stream().filter(id -> r.documents().get(id).isEmpty()).count();
        StringBuilder s = new StringBuilder();
        s.append(changed.size()).append(changed.size() == 1 ? " document changes" : " documents change");
        if (added + removed > 0) {
            s.append(" (").append(added).append(" added, ").append(removed).append(" removed)");
        }
        long drifted = r.changes().stream().filter(c -> c.reason() == ChangeReason.DRIFTED).count();
        if (drifted > 0) {
            s.append("; ").append(drifted).append(drifted == 1 ? " drifted field" : " drifted fields").append(" set back");
        }
        long kept = r.changes().stream().filter(c -> c.reason() == ChangeReason.CUSTOMISATION_KEPT).count();
        s.append("; ").append(kept).append(kept == 1 ? " customisation" : " customisations").append(" kept");
        int conflicts = (int) r.changes().stream().filter(c -> group(c) == Group.CONFLICT).count();
        s.append("; ").append(conflicts).append(conflicts == 1 ? " conflict" : " conflicts");
        s.append(" (").append(r.blocked().size()).append(" blocking)");
        return s.append("; highest impact: ").append(r.highestImpact()).toString();
    }

    private static String title(MergeResult r, DocumentId id) {
        Document current = r.current().get(id).orElse(null);
        Document merged = r.documents().get(id).orElse(null);
        if (current == null && merged != null) {
            return merged.displayName() + " (new)";
        }
        String name = r.displayName(id);
        return merged == null && current != null ? name + " (removed)" : name;
    }

    private static void namespaceNote(StringBuilder out, MergeResult r, DocumentId id) {
        List<Document> twins = r.current().contains(id) ? List.of() : r.inOtherNamespaces(id);
        if (!twins.isEmpty()) {
            out.append("  note: the cluster has no such document, but has ")
                    .append(String.join(" and ", twins.stream().map(Document::displayName).toList()))
                    .append(": does the rendered document lack metadata.namespace? Give the default namespace"
                            + " (upshift diff --namespace)\n");
        }
    }

    private static void section(StringBuilder out, String heading, List<FieldChange> changes,
            Predicate<FieldChange> which, SecretValues secrets) {
        List<FieldChange> in = changes.stream().filter(which).toList();
        if (in.isEmpty()) {
            return;
        }
        out.append("  ").append(heading).append('\n');
        for (FieldChange c : in) {
            FieldPath path = secrets == SecretValues.SHOWN ? c.path() : c.shownPath();
            out.append("    ").append(marker(c)).append(' ').append(path.isRoot() ? "(whole document)" : path)
                    .append(": ").append(line(c));
            if (secrets == SecretValues.SHOWN && c.sensitive() && !SHOWS_VALUES.contains(c.reason())) {
                out.append("  [in clear: ").append(inClear(c)).append(']');
            }
            if (c.impact() != Impact.NONE) {
                out.append("  [").append(c.impact()).append(']');
            }
            c.rule().ifPresent(rule -> out.append("  (rule ").append(rule.describe()).append(')'));
            out.append('\n');
        }
    }

    private static char marker(FieldChange c) {
        if (c.resolution() == Resolution.BLOCKED) {
            return '!';
        }
        return switch (c.reason()) {
            case ADDED -> '+';
            case RELEASE_CHANGED, REFERENCE_MOVED, DRIFTED -> '~';
            case TEMPLATE_REPLACED -> '>';
            case RELEASE_REMOVED, EMPTIED -> '-';
            case CUSTOMISATION_KEPT -> '=';
            default -> '?';
        };
    }

    private static String line(FieldChange c) {
        JsonNode b = c.base().orElse(null);
        JsonNode cur = c.current().orElse(null);
        JsonNode t = c.target().orElse(null);
        return switch (c.reason()) {
            case ADDED -> "set to " + show(t);
            case RELEASE_CHANGED -> show(cur) + " -> " + show(t);
            case DRIFTED -> (cur == null ? "nothing" : show(cur)) + " -> " + show(t);
            case RELEASE_REMOVED -> "removed (was " + show(cur) + ")";
            case EMPTIED -> "removed, emptied by the merge (was " + show(cur) + ")";
            case TEMPLATE_REPLACED -> c.message();
            case REFERENCE_MOVED -> show(cur) + " -> " + show(c.result().orElse(null)) + " (its template was replaced)";
            case CUSTOMISATION_KEPT -> show(cur) + " kept (both releases: " + show(b) + ")";
            default -> c.resolution().name() + "  " + c.message();
        };
    }

    /**
     * The values of a change in clear, for a person who asked to see them: {@code old release "a",
     * cluster "b", new release "c", result "c"}, each side that is present (or "nothing").
     */
    public static String inClear(FieldChange c) {
        List<String> parts = new ArrayList<>();
        c.base().ifPresent(b -> parts.add("old release " + show(b)));
        parts.add("cluster " + c.current().map(ReviewReport::show).orElse("nothing"));
        parts.add("new release " + c.target().map(ReviewReport::show).orElse("nothing"));
        parts.add("result " + c.result().map(ReviewReport::show).orElse("nothing"));
        return String.join(", ", parts);
    }

    private static String show(JsonNode v) {
        return JsonText.abbreviated(v, WIDTH);
    }
}
