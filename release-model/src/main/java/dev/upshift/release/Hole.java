package dev.upshift.release;

/**
 * The versions one {@code !=} term excludes.
 *
 * <p>Most are a range of precedence ({@code !=1.2.3} one point, {@code !=1.x} every version with
 * major 1). {@code !=1.2.x} is not a range in Masterminds: it excludes the versions with major 1 and
 * minor 2 whose prerelease is exactly the term's (none for {@code !=1.2.x}, so {@code 1.2.5-rc.1}
 * is not excluded; {@code rc.1} for {@code !=1.2.x-rc.1}). That is a "family" hole.
 */
final class Hole {
    private final Version lower; // range: first excluded (inclusive); family: major, minor and prerelease
    private final Version upper; // range: end, null when unbounded; family: unused
    private final boolean upperInclusive;
    private final boolean family;

    private Hole(Version lower, Version upper, boolean upperInclusive, boolean family) {
        this.lower = lower;
        this.upper = upper;
        this.upperInclusive = upperInclusive;
        this.family = family;
    }

    /** Excludes the versions of the same precedence as {@code v}. */
    static Hole point(Version v) {
        return new Hole(v, v, true, false);
    }

    /** Excludes {@code [lower, upper)}; {@code upper} null means no end. */
    static Hole range(Version lower, Version upper) {
        return new Hole(lower, upper, false, false);
    }

    /** Excludes {@code major.minor.*} versions whose prerelease is exactly {@code template}'s. */
    static Hole family(Version template) {
        return new Hole(template, null, false, true);
    }

    boolean contains(Version v) {
        if (family) {
            return v.major() == lower.major() && v.minor() == lower.minor() && v.samePrerelease(lower);
        }
        if (Version.comparePrecedence(v, lower) < 0) {
            return false;
        }
        if (upper == null) {
            return true;
        }
        int c = Version.comparePrecedence(v, upper);
        return c < 0 || (c == 0 && upperInclusive);
    }

    /**
     * The lowest candidate above {@code v}, which this hole contains, that the hole does not
     * exclude; null when there is none.
     */
    Version skip(Version v, boolean releasesOnly) {
        if (!family) {
            return upper == null ? null : LowestMatch.atOrAbove(upper, !upperInclusive, releasesOnly);
        }
        if (releasesOnly) {
            // A release in the hole means the hole takes every release major.minor.*
            return LowestMatch.nextRelease(v.major(), v.minor(), Long.MAX_VALUE);
        }
        return LowestMatch.atOrAbove(v, false, false);
    }
}
