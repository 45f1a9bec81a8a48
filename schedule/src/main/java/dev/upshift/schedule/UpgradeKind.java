package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.upshift.common.value.VersionChange;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What an upgrade changes, as far as maintenance exclusions care: how far the version moves and
 * whether nodes are rolled or replaced. A configuration-only upgrade (same release, changed values)
 * moves no version: its {@link VersionChange} is {@link VersionChange#NONE}.
 *
 * <p>For a release upgrade the version judged is the {@code kubernetes} component's, as GKE's
 * exclusion scopes mean it (DESIGN.md section 8). The diff module derives {@code changesNodes}
 * from a change list's highest {@code dev.upshift.diff.rule.Impact}: {@code rolling} or
 * {@code replace} change nodes, {@code none} and {@code inPlace} do not.
 *
 * @param versionChange how far the version moves; {@link VersionChange#NONE} for a configuration change
 * @param changesNodes whether the upgrade rolls or replaces nodes
 */
@API(status = MAINTAINED, since = "0.1")
public record UpgradeKind(VersionChange versionChange, boolean changesNodes) {

    /** A patch upgrade that leaves nodes alone. */
    public static final UpgradeKind PATCH = new UpgradeKind(VersionChange.PATCH, false);
    /** A minor upgrade that leaves nodes alone. */
    public static final UpgradeKind MINOR = new UpgradeKind(VersionChange.MINOR, false);
    /** A major upgrade that leaves nodes alone. */
    public static final UpgradeKind MAJOR = new UpgradeKind(VersionChange.MAJOR, false);
    /** A configuration change (no version moves) that leaves nodes alone. */
    public static final UpgradeKind CONFIG = new UpgradeKind(VersionChange.NONE, false);

    /** Validates the parts. */
    public UpgradeKind {
        Objects.requireNonNull(versionChange, "versionChange");
    }

    /** The upgrade that moves the version this far and leaves nodes alone ({@link #CONFIG} for {@code NONE}). */
    public static UpgradeKind of(VersionChange versionChange) {
        return new UpgradeKind(versionChange, false);
    }

    /** The same kind of upgrade, rolling or replacing nodes. */
    public UpgradeKind changingNodes() {
        return new UpgradeKind(versionChange, true);
    }

    /** Whether only configuration values change: no version moves. */
    public boolean isConfigOnly() {
        return versionChange == VersionChange.NONE;
    }

    /** Whether the version moves by a minor or major version. */
    public boolean isMinorOrMajor() {
        return versionChange.isMinorOrMajor();
    }

    /** The class of kinds that exclusions block alike, which the index keeps one interval set for. */
    UpgradeClass upgradeClass() {
        if (isMinorOrMajor()) {
            return UpgradeClass.MINOR_OR_MAJOR;
        }
        return changesNodes ? UpgradeClass.NODE_CHANGING : UpgradeClass.PATCH_OR_CONFIG;
    }

    /** {@code patch}, {@code minor+nodes}, {@code config}, ... for messages. */
    @Override
    public String toString() {
        return (isConfigOnly() ? "config" : versionChange.word()) + (changesNodes ? "+nodes" : "");
    }
}
