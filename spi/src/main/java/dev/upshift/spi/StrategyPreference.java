package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Which way a {@link ClusterUpgrade} prefers its clusters' machines to be changed
 * ({@code spec.strategy}; seed 004, DESIGN.md section 7). It is a preference: the engine offers the
 * work to the {@link UpgradeStrategy} adapters in turn, and when every one declines, the rolling
 * fallback applies.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum StrategyPreference {
    /**
     * Replace machines one by one: publish the change and let the cluster's controllers roll it out
     * ({@code rolling}, the default). No strategy adapter is asked.
     */
    ROLLING("rolling"),
    /**
     * Change machines where they stand ({@code inPlace}): strategy adapters that upgrade in place are
     * offered the work first.
     */
    IN_PLACE("inPlace"),
    /** Let an external strategy adapter carry the upgrade out, however it does it ({@code external}). */
    EXTERNAL("external");

    private final String word;

    StrategyPreference(String word) {
        this.word = word;
    }

    /** The word documents use ({@code rolling}, {@code inPlace}, {@code external}). */
    public String word() {
        return word;
    }

    /** The words documents use, in declaration order, for readers. */
    public static Map<String, StrategyPreference> words() {
        Map<String, StrategyPreference> out = new LinkedHashMap<>();
        for (StrategyPreference p : values()) {
            out.put(p.word, p);
        }
        return out;
    }

    @Override
    public String toString() {
        return word;
    }
}
