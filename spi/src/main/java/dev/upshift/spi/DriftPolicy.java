package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * What the planner does with a cluster of a {@link ClusterUpgrade} that is at its release but whose
 * documents differ from what that release puts on them, at fields the release owns
 * ({@code spec.drift}; docs/planning.md, "Drift").
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum DriftPolicy {
    /**
     * Report it ({@code report}, the default): the plan shows the cluster blocked with the reason
     * {@code DRIFTED}, and nothing changes until a person acts.
     */
    REPORT("report"),
    /**
     * Repair it ({@code repair}): the repair is planned as a configuration upgrade to the cluster's
     * own release, under the same windows, exclusions, freezes, hooks, strategies and publishers
     * as any upgrade.
     */
    REPAIR("repair");

    private final String word;

    DriftPolicy(String word) {
        this.word = word;
    }

    /** The word documents use ({@code report}, {@code repair}). */
    public String word() {
        return word;
    }

    /** The words documents use, in declaration order, for readers. */
    public static Map<String, DriftPolicy> words() {
        Map<String, DriftPolicy> out = new LinkedHashMap<>();
        for (DriftPolicy p : values()) {
            out.put(p.word, p);
        }
        return out;
    }

    @Override
    public String toString() {
        return word;
    }
}
