package dev.upshift.diff.render;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.diff.document.Document;
import dev.upshift.diff.merge.FieldChange;
import dev.upshift.diff.merge.MergeResult;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.apiguardian.api.API;

/**
 * The ways a {@link MergeResult} can be shown, all made from its change list and merged
 * documents, all deterministic (the same result renders to the same bytes).
 *
 * <p>{@link #REPORT} and {@link #UNIFIED} are for people: they mask sensitive values unless asked
 * otherwise ({@link SecretValues}). The others are meant to be applied, and carry the real values
 * ({@link #carriesSecrets()}).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum ChangeFormat {
    /** {@link ReviewReport}: for people. */
    REPORT("report"),
    /** {@link UnifiedDiff}: canonical YAML, per document. */
    UNIFIED("unified"),
    /** {@link JsonPatches}: RFC 6902, per document, against the cluster. */
    JSON_PATCH("json-patch"),
    /** {@link MergePatches}: RFC 7396, per document, where it can express the change. */
    MERGE_PATCH("merge-patch"),
    /** The merged documents as YAML, keys in the cluster's order, separated by {@code ---}. */
    YAML("yaml"),
    /** {@link ResultJson}: the decisions and the merged documents, for tools. */
    JSON("json");

    private final String word;

    ChangeFormat(String word) {
        this.word = word;
    }

    /** The name used on command lines ({@code json-patch}). */
    public String word() {
        return word;
    }

    /** The rendering with this name. */
    public static Optional<ChangeFormat> byWord(String word) {
        return Arrays.stream(values()).filter(r -> r.word.equals(word)).findFirst();
    }

    /** Every name, in order. */
    public static List<String> words() {
        return Arrays.stream(values()).map(ChangeFormat::word).toList();
    }

    /**
     * Whether this rendering is meant to be applied, and so carries sensitive values in clear
     * ({@link #JSON_PATCH}, {@link #MERGE_PATCH}, {@link #YAML}, {@link #JSON}).
     */
    public boolean carriesSecrets() {
        return this != REPORT && this != UNIFIED;
    }

    /** Renders a result; a rendering for people masks its sensitive values. */
    public String render(MergeResult result) {
        return render(result, SecretValues.MASKED);
    }

    /**
     * Renders a result; {@code secrets} says whether a rendering for people shows sensitive values
     * (renderings meant to be applied always do).
     */
    public String render(MergeResult result, SecretValues secrets) {
        return render(result, secrets, c -> false);
    }

    /**
     * Renders a result; the {@link #REPORT} lists the changes {@code ownValues} accepts under "the
     * cluster's values" rather than "release changes" (the other renderings do not group changes).
     */
    public String render(MergeResult result, SecretValues secrets, Predicate<FieldChange> ownValues) {
        return switch (this) {
            case REPORT -> ReviewReport.render(result, secrets, ownValues);
            case UNIFIED -> UnifiedDiff.render(result, secrets);
            case JSON_PATCH -> JsonPatches.render(result);
            case MERGE_PATCH -> MergePatches.render(result);
            case YAML -> YamlWriter.writeAll(result.documents().documents().stream().map(Document::tree).toList(),
                    YamlWriter.KeyOrder.AS_IS);
            case JSON -> ResultJson.render(result);
        };
    }
}
