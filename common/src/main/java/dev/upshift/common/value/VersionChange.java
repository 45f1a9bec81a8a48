package dev.upshift.common.value;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * How far a version moves: not at all, by a patch, a minor or a major version, in increasing
 * order. The release model judges it between two releases (and between two versions of the
 * {@code kubernetes} component); the schedule module's maintenance-exclusion scopes judge upgrades
 * by it.
 *
 * <p>Not to be confused with {@code dev.upshift.diff.rule.Impact}, which says how disruptive a
 * change to a document is for what runs (in place, rolling, replacing machines): a patch upgrade
 * may replace every node, and a major one may touch nothing running.
 */
@API(status = MAINTAINED, since = "0.1")
public enum VersionChange {
    /** The same version (for an upgrade: only configuration values change). */
    NONE("none"),
    /** Same major and minor, another patch (or prerelease). */
    PATCH("patch"),
    /** Same major, another minor. */
    MINOR("minor"),
    /** Another major. */
    MAJOR("major");

    private final String word;

    VersionChange(String word) {
        this.word = word;
    }

    /** The larger of two changes. */
    public VersionChange max(VersionChange other) {
        return compareTo(other) >= 0 ? this : other;
    }

    /** Whether the minor or major version moves. */
    public boolean isMinorOrMajor() {
        return this == MINOR || this == MAJOR;
    }

    /** The word plans and reports use: {@code none}, {@code patch}, {@code minor} or {@code major}. */
    public String word() {
        return word;
    }

    /** The {@link #word()}. */
    @Override
    public String toString() {
        return word;
    }
}
