package dev.upshift.release;

/**
 * Finds the lowest version an AND group accepts, which tells whether it accepts any.
 *
 * <p>The search walks up from the group's lower bound: take the lowest candidate version at or
 * above it; while a {@code !=} hole contains the candidate, jump to the lowest candidate past that
 * hole; stop when the candidate passes the upper bound (nothing matches) or no hole contains it
 * (it matches). Candidates are all versions, or only releases when the group does not let
 * prereleases match. Versions are discrete in precedence (the successor of {@code 1.2.3} is
 * {@code 1.2.4-0}, of {@code 1.2.3-rc} is {@code 1.2.3-rc.0}), so the answer is exact, not an
 * approximation. Each range hole is jumped at most once, so the walk ends after a number of steps
 * bounded by the square of the number of holes.
 */
final class LowestMatch {
    private static final Version LOWEST_RELEASE = Version.of(0, 0, 0);
    private static final Version LOWEST_VERSION = Version.lowestOf(0, 0, 0);

    private LowestMatch() {}

    /** The lowest candidate of all: {@code 0.0.0}, or {@code 0.0.0-0} when prereleases count. */
    static Version lowest(boolean releasesOnly) {
        return releasesOnly ? LOWEST_RELEASE : LOWEST_VERSION;
    }

    /**
     * The lowest candidate at or above {@code bound} ({@code inclusive}) or strictly above it; null
     * when there is none (every number is already {@link Long#MAX_VALUE}).
     */
    static Version atOrAbove(Version bound, boolean inclusive, boolean releasesOnly) {
        if (releasesOnly) {
            if (bound.isPrerelease()) {
                return Version.of(bound.major(), bound.minor(), bound.patch());
            }
            return inclusive ? bound.withoutBuild() : nextRelease(bound.major(), bound.minor(), bound.patch());
        }
        if (inclusive) {
            return bound.withoutBuild();
        }
        if (bound.isPrerelease()) {
            return bound.withZeroIdentifierAppended();
        }
        return AndGroup.patchAfter(bound.major(), bound.minor(), bound.patch());
    }

    /** The lowest release above {@code major.minor.patch}, carrying on overflow; null if none. */
    static Version nextRelease(long major, long minor, long patch) {
        if (patch < Long.MAX_VALUE) {
            return Version.of(major, minor, patch + 1);
        }
        if (minor < Long.MAX_VALUE) {
            return Version.of(major, minor + 1, 0);
        }
        return major < Long.MAX_VALUE ? Version.of(major + 1, 0, 0) : null;
    }
}
