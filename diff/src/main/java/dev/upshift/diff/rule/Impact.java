package dev.upshift.diff.rule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * What a change costs the cluster, in increasing order; the highest impact of an upgrade's changes
 * feeds the choice of strategy and tells maintenance exclusions whether an upgrade changes nodes.
 *
 * <p>Impact is how disruptive a change is for what runs, judged per field by the field rules; it is
 * not {@link dev.upshift.common.value.VersionChange}, which is how far a version moves. The two are
 * independent: a patch release may replace every machine, and a major one may touch nothing that
 * runs.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Impact {
    /** Nothing running is touched (a label, an annotation, a field only controllers read). */
    NONE("none"),
    /** Machines are reconfigured where they stand. */
    IN_PLACE("inPlace"),
    /** Machines are replaced one by one (a rolling update). */
    ROLLING("rolling"),
    /** Infrastructure is replaced (new machines of another type, a new network). */
    REPLACE("replace");

    private final String word;

    Impact(String word) {
        this.word = word;
    }

    /** How documents write it ({@code none}, {@code inPlace}, {@code rolling}, {@code replace}). */
    public String word() {
        return word;
    }

    /** The higher of two impacts. */
    public Impact max(Impact other) {
        return compareTo(other) >= 0 ? this : other;
    }

    /** The words documents use, for readers. */
    public static Map<String, Impact> words() {
        Map<String, Impact> out = new LinkedHashMap<>();
        for (Impact i : values()) {
            out.put(i.word, i);
        }
        return out;
    }

    @Override
    public String toString() {
        return word;
    }
}
