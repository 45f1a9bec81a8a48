package dev.upshift.release;

import java.util.ArrayList;
import java.util.List;

/**
 * One AND group of a constraint, compiled for matching: the intersection of its terms' ranges as a
 * lower and an upper bound, plus the holes its {@code !=} terms punch.
 *
 * <p>Every operator except {@code !=} accepts one range of precedence, so the intersection is again
 * one range. Ranges that end "below every version of x.y.z" use the lowest such version,
 * {@code x.y.z-0}, as an exclusive bound. Matching compares against two bounds and checks the holes;
 * it allocates nothing. The prerelease rule is applied by {@link VersionConstraint}, not here.
 */
final class AndGroup {
    private final boolean namesPrerelease;
    private final boolean impossible;
    private final Version lower; // null: no lower bound
    private final boolean lowerInclusive;
    private final Version upper; // null: no upper bound
    private final boolean upperInclusive;
    private final Hole[] holes;

    private AndGroup(Builder b) {
        this.namesPrerelease = b.namesPrerelease;
        this.impossible = b.impossible;
        this.lower = b.lower;
        this.lowerInclusive = b.lowerInclusive;
        this.upper = b.upper;
        this.upperInclusive = b.upperInclusive;
        this.holes = b.holes.toArray(new Hole[0]);
    }

    static AndGroup compile(List<Term> terms) {
        Builder b = new Builder();
        for (Term t : terms) {
            b.namesPrerelease |= t.namesPrerelease();
            b.add(t);
        }
        return new AndGroup(b);
    }

    /** Whether a term of this group names a prerelease, which lets prereleases match it. */
    boolean namesPrerelease() {
        return namesPrerelease;
    }

    /** Whether {@code v} lies in this group's range and in none of its holes (prerelease rule aside). */
    boolean contains(Version v) {
        if (impossible) {
            return false;
        }
        if (lower != null) {
            int c = Version.comparePrecedence(v, lower);
            if (c < 0 || (c == 0 && !lowerInclusive)) {
                return false;
            }
        }
        if (upper != null) {
            int c = Version.comparePrecedence(v, upper);
            if (c > 0 || (c == 0 && !upperInclusive)) {
                return false;
            }
        }
        for (Hole hole : holes) {
            if (hole.contains(v)) {
                return false;
            }
        }
        return true;
    }

    /** The lowest version this group accepts, among releases only or among all versions; null if none. */
    Version lowestMatch(boolean releasesOnly) {
        if (impossible) {
            return null;
        }
        Version candidate = lower == null
                ? LowestMatch.lowest(releasesOnly)
                : LowestMatch.atOrAbove(lower, lowerInclusive, releasesOnly);
        int steps = 4 * (holes.length + 1) * (holes.length + 1);
        while (candidate != null && belowUpper(candidate)) {
            Hole hole = holeContaining(candidate);
            if (hole == null) {
                return candidate;
            }
            candidate = hole.skip(candidate, releasesOnly);
            if (--steps < 0) {
                throw new IllegalStateException("bug: the lowest-match search did not end");
            }
        }
        return null;
    }

    private boolean belowUpper(Version v) {
        if (upper == null) {
            return true;
        }
        int c = Version.comparePrecedence(v, upper);
        return c < 0 || (c == 0 && upperInclusive);
    }

    private Hole holeContaining(Version v) {
        for (Hole hole : holes) {
            if (hole.contains(v)) {
                return hole;
            }
        }
        return null;
    }

    /** {@code (major+1).0.0-0}, or null when major is the largest: no version is that high. */
    static Version majorAfter(long major) {
        return major == Long.MAX_VALUE ? null : Version.lowestOf(major + 1, 0, 0);
    }

    /** {@code major.(minor+1).0-0}, carrying into the major on overflow; null if none. */
    static Version minorAfter(long major, long minor) {
        return minor == Long.MAX_VALUE ? majorAfter(major) : Version.lowestOf(major, minor + 1, 0);
    }

    /** {@code major.minor.(patch+1)-0}, carrying on overflow; null if none. */
    static Version patchAfter(long major, long minor, long patch) {
        return patch == Long.MAX_VALUE ? minorAfter(major, minor) : Version.lowestOf(major, minor, patch + 1);
    }

    /** Intersects the terms' ranges one by one. */
    private static final class Builder {
        boolean namesPrerelease;
        boolean impossible;
        Version lower;
        boolean lowerInclusive = true;
        Version upper;
        boolean upperInclusive = true;
        final List<Hole> holes = new ArrayList<>(2);

        void add(Term t) {
            Version v = t.version();
            long major = v.major();
            long minor = v.minor();
            OpenParts w = t.open();
            switch (t.op()) {
                case EQ -> {
                    if (w == OpenParts.NONE) {
                        atLeast(v, true);
                        atMost(v, true);
                    } else {
                        tilde(v, w);
                    }
                }
                case TILDE -> tilde(v, w);
                case GT -> greaterThan(v, w);
                case GE -> atLeast(v, true);
                case LT -> atMost(v, false);
                case LE -> atMostWidened(v, w);
                case CARET -> caret(v, w);
                case NE -> holes.add(switch (w) {
                    case NONE, ALL -> Hole.point(v);
                    case MINOR -> Hole.range(Version.lowestOf(major, 0, 0), majorAfter(major));
                    case PATCH -> Hole.family(v);
                });
            }
        }

        /** {@code >}: above the version, or above every version a short one spans. */
        private void greaterThan(Version v, OpenParts w) {
            switch (w) {
                case NONE, ALL -> atLeast(v, false);
                case MINOR -> atLeastOrNothing(majorAfter(v.major()));
                case PATCH -> atLeastOrNothing(minorAfter(v.major(), v.minor()));
            }
        }

        /** {@code <=}: up to the version, or up to every version a short one spans ({@code <=*}: 0.0.z). */
        private void atMostWidened(Version v, OpenParts w) {
            switch (w) {
                case NONE -> atMost(v, true);
                case MINOR -> atMost(majorAfter(v.major()), false);
                case PATCH, ALL -> atMost(minorAfter(v.major(), v.minor()), false);
            }
        }

        /** {@code ^}: from the version up to the next change of its left-most non-zero part. */
        private void caret(Version v, OpenParts w) {
            atLeast(v, true);
            if (v.major() > 0 || w == OpenParts.MINOR) {
                atMost(majorAfter(v.major()), false);
            } else if (v.minor() > 0 || w == OpenParts.PATCH) {
                atMost(minorAfter(v.major(), v.minor()), false);
            } else {
                atMost(patchAfter(v.major(), v.minor(), v.patch()), false);
            }
        }

        /** {@code ~} and widened {@code =}: see the table in {@link VersionConstraint}. */
        private void tilde(Version v, OpenParts w) {
            atLeast(v, true);
            boolean zero = v.major() == 0 && v.minor() == 0 && v.patch() == 0;
            if (zero && (w == OpenParts.NONE || w == OpenParts.ALL)) {
                return; // Masterminds: ~0.0.0 and ~* accept everything from 0.0.0 up
            }
            if (w == OpenParts.MINOR) {
                atMost(majorAfter(v.major()), false);
            } else {
                atMost(minorAfter(v.major(), v.minor()), false);
            }
        }

        private void atLeastOrNothing(Version bound) {
            if (bound == null) {
                impossible = true; // e.g. >9223372036854775807.x: no major is larger
            } else {
                atLeast(bound, true);
            }
        }

        private void atLeast(Version bound, boolean inclusive) {
            int c = lower == null ? 1 : Version.comparePrecedence(bound, lower);
            if (c > 0 || (c == 0 && !inclusive)) {
                lower = bound;
                lowerInclusive = inclusive;
            }
        }

        /** A null bound means "no version is that high": no upper limit. */
        private void atMost(Version bound, boolean inclusive) {
            if (bound == null) {
                return;
            }
            int c = upper == null ? -1 : Version.comparePrecedence(bound, upper);
            if (c < 0 || (c == 0 && !inclusive)) {
                upper = bound;
                upperInclusive = inclusive;
            }
        }
    }
}
