package dev.upshift.schedule;

import java.util.Objects;

/**
 * What an upgrade changes, as far as maintenance exclusions care: how far the release moves
 * ({@link Level}) and whether nodes are rolled or replaced.
 *
 * <p>The diff module derives {@code changesNodes} from a change list's highest impact: {@code
 * rolling} or {@code replace} change nodes, {@code none} and {@code inPlace} do not.
 *
 * @param level how far the release moves, or {@link Level#CONFIG} for a configuration change
 * @param changesNodes whether the upgrade rolls or replaces nodes
 */
public record UpgradeKind(Level level, boolean changesNodes) {

    /** How far an upgrade moves a cluster's release. */
    public enum Level {
        /** Same major.minor, newer patch. */
        PATCH,
        /** Same major, newer minor. */
        MINOR,
        /** Newer major. */
        MAJOR,
        /** Same release, changed configuration values. */
        CONFIG
    }

    /** A patch upgrade that leaves nodes alone. */
    public static final UpgradeKind PATCH = new UpgradeKind(Level.PATCH, false);
    /** A minor upgrade that leaves nodes alone. */
    public static final UpgradeKind MINOR = new UpgradeKind(Level.MINOR, false);
    /** A major upgrade that leaves nodes alone. */
    public static final UpgradeKind MAJOR = new UpgradeKind(Level.MAJOR, false);
    /** A configuration change that leaves nodes alone. */
    public static final UpgradeKind CONFIG = new UpgradeKind(Level.CONFIG, false);

    /** Validates the parts. */
    public UpgradeKind {
        Objects.requireNonNull(level, "level");
    }

    /** The same kind of upgrade, rolling or replacing nodes. */
    public UpgradeKind changingNodes() {
        return new UpgradeKind(level, true);
    }

    /** Whether the release moves by a minor or major version. */
    public boolean isMinorOrMajor() {
        return level == Level.MINOR || level == Level.MAJOR;
    }

    /**
     * Which exclusions apply, as an index: 0 only {@code noUpgrades}; 1 also
     * {@code noMinorOrNodeUpgrades}; 2 every scope. Kinds with the same index are blocked by the
     * same exclusions, which is what lets the index keep three interval arrays per schedule.
     */
    int restriction() {
        if (isMinorOrMajor()) {
            return 2;
        }
        return changesNodes ? 1 : 0;
    }

    /** {@code patch}, {@code minor+nodes}, ... for messages. */
    @Override
    public String toString() {
        return level.name().toLowerCase(java.util.Locale.ROOT) + (changesNodes ? "+nodes" : "");
    }
}
