package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Which upgrades a maintenance exclusion blocks, as GKE's exclusion scopes do. Patch upgrades and
 * configuration changes that leave nodes alone are blocked only by {@link #NO_UPGRADES}.
 */
@API(status = MAINTAINED, since = "0.1")
public enum ExclusionScope {
    /** Blocks every upgrade and configuration change ({@code noUpgrades}, the default). */
    NO_UPGRADES("noUpgrades"),
    /** Blocks minor and major upgrades ({@code noMinorUpgrades}). */
    NO_MINOR_UPGRADES("noMinorUpgrades"),
    /** Blocks minor and major upgrades and anything that rolls or replaces nodes ({@code noMinorOrNodeUpgrades}). */
    NO_MINOR_OR_NODE_UPGRADES("noMinorOrNodeUpgrades");

    private final String word;

    ExclusionScope(String word) {
        this.word = word;
    }

    /** The word documents use ({@code noUpgrades}, ...). */
    public String word() {
        return word;
    }

    /** Whether an exclusion of this scope blocks an upgrade of the given kind. */
    public boolean blocks(UpgradeKind kind) {
        return switch (this) {
            case NO_UPGRADES -> true;
            case NO_MINOR_UPGRADES -> kind.isMinorOrMajor();
            case NO_MINOR_OR_NODE_UPGRADES -> kind.isMinorOrMajor() || kind.changesNodes();
        };
    }

    /**
     * Whether this scope blocks the kinds of a class: what the index uses, and the same answer as
     * {@link #blocks(UpgradeKind)} for every kind of the class.
     */
    boolean blocks(UpgradeClass upgrades) {
        return switch (this) {
            case NO_UPGRADES -> true;
            case NO_MINOR_OR_NODE_UPGRADES -> upgrades != UpgradeClass.PATCH_OR_CONFIG;
            case NO_MINOR_UPGRADES -> upgrades == UpgradeClass.MINOR_OR_MAJOR;
        };
    }

    /** The document words, in declaration order. */
    static Map<String, ExclusionScope> words() {
        Map<String, ExclusionScope> words = new LinkedHashMap<>();
        for (ExclusionScope s : values()) {
            words.put(s.word, s);
        }
        return words;
    }

    @Override
    public String toString() {
        return word;
    }
}
