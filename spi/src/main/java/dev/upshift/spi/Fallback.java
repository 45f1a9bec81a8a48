package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * What a {@link ClusterUpgrade} does when it prefers {@link StrategyPreference#IN_PLACE in-place} or
 * {@link StrategyPreference#EXTERNAL external} work and every {@link UpgradeStrategy} declines an
 * owner's machines ({@code spec.fallback}; seed 004).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Fallback {
    /** Publish the change and let the cluster's controllers replace the machines ({@code rolling}, the default). */
    ROLLING("rolling"),
    /**
     * Fail closed ({@code none}): the cluster is blocked with {@code STRATEGY_DECLINED} and every
     * strategy's reason, and nothing is published.
     */
    NONE("none");

    private final String word;

    Fallback(String word) {
        this.word = word;
    }

    /** The word documents use ({@code rolling}, {@code none}). */
    public String word() {
        return word;
    }

    /** The words documents use, in declaration order, for readers. */
    public static Map<String, Fallback> words() {
        Map<String, Fallback> out = new LinkedHashMap<>();
        for (Fallback f : values()) {
            out.put(f.word, f);
        }
        return out;
    }

    @Override
    public String toString() {
        return word;
    }
}
