package dev.upshift.release;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.upshift.common.value.VersionChange;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A semantic version: {@code major.minor.patch}, optional prerelease identifiers and optional build
 * metadata, as defined by <a href="https://semver.org/spec/v2.0.0.html">SemVer 2.0.0</a>.
 *
 * <h2>Parsing</h2>
 *
 * <ul>
 *   <li>{@link #parse} is lenient the way Helm users expect (Masterminds/semver v3's
 *       {@code NewVersion}): an optional leading {@code v}; one or two numeric parts are padded
 *       ({@code 1.2} is 1.2.0, {@code 1} is 1.0.0) and may still carry a prerelease and build
 *       ({@code 1.2-rc.1+b7} is 1.2.0-rc.1+b7); leading zeros in the numeric parts are accepted and
 *       dropped ({@code 01.02.03} is 1.2.3), as Masterminds does by default.
 *   <li>{@link #parseStrict} accepts SemVer 2.0.0 only: no {@code v}, exactly three parts, no leading
 *       zeros in them.
 *   <li>Both reject leading zeros in numeric prerelease identifiers ({@code 1.0.0-rc.01}), empty
 *       identifiers, characters outside {@code [0-9A-Za-z-]}, whitespace anywhere, and numbers above
 *       {@link Long#MAX_VALUE}. Inputs longer than 256 characters are refused unread, and so is a
 *       version whose canonical text ({@link #toString()}) would be longer than 256 characters (a
 *       short form such as {@code 1-rc} is four characters longer written in full). Parsing is one
 *       linear pass.
 * </ul>
 *
 * <p>A malformed input throws {@link VersionFormatException} naming the character;
 * {@link #tryParse} returns {@link Optional#empty()} instead.
 *
 * <h2>Order</h2>
 *
 * <p><b>Precedence</b> ({@link #PRECEDENCE}, {@link #samePrecedence}) is SemVer's: major, minor and
 * patch compare numerically; a prerelease ranks below its release; prerelease identifiers compare
 * numerically when both are numeric, in ASCII order when both are not, and a numeric identifier ranks
 * below an alphanumeric one; when all shared identifiers are equal the shorter list ranks lower. Build
 * metadata is ignored: {@code 1.0.0+a} and {@code 1.0.0+b} have the same precedence.
 *
 * <p>The <b>natural order</b> ({@link #compareTo}) refines precedence so that it is consistent with
 * {@link #equals}: versions of equal precedence are ordered by build metadata, no build first, then
 * by the build text in ASCII order. {@code compareTo} does not allocate.
 *
 * <p>Instances are immutable and thread-safe. {@link #toString()} is the canonical SemVer text (no
 * {@code v}, three parts), so {@code Version.parse(v.toString()).equals(v)} and
 * {@code Version.parseStrict(v.toString()).equals(v)} hold for every version.
 */
@API(status = MAINTAINED, since = "0.1")
public final class Version implements Comparable<Version> {
    /** Orders versions by SemVer precedence, ignoring build metadata (not consistent with equals). */
    public static final Comparator<Version> PRECEDENCE = Version::comparePrecedence;

    static final String[] NO_IDENTIFIERS = new String[0];
    private static final String[] ZERO_IDENTIFIER = {"0"};
    private static final boolean[] NOT_NUMERIC = new boolean[0];

    private final long major;
    private final long minor;
    private final long patch;
    private final String[] pre;
    private final boolean[] preNumeric;
    private final String[] build;
    private final String buildText;
    private int hash;

    /** Trusts its arguments: callers have validated them. */
    Version(long major, long minor, long patch, String[] pre, String[] build) {
        this.major = major;
        this.minor = minor;
        this.patch = patch;
        this.pre = pre;
        this.build = build;
        this.buildText = build.length == 0 ? "" : String.join(".", build);
        this.preNumeric = pre.length == 0 ? NOT_NUMERIC : new boolean[pre.length];
        for (int i = 0; i < pre.length; i++) {
            preNumeric[i] = isNumeric(pre[i]);
        }
    }

    /**
     * Parses a version leniently, like Helm (see the class comment).
     *
     * @throws VersionFormatException if {@code text} is not a version
     */
    public static Version parse(String text) {
        return parse(text, false);
    }

    /**
     * Parses a version that must be exactly SemVer 2.0.0: {@code 1.2.3}, {@code 1.2.3-rc.1+build.5}.
     *
     * @throws VersionFormatException if {@code text} is not a SemVer 2.0.0 version
     */
    public static Version parseStrict(String text) {
        return parse(text, true);
    }

    /** Parses leniently like {@link #parse}; empty when {@code text} is not a version. */
    public static Optional<Version> tryParse(String text) {
        Objects.requireNonNull(text, "text");
        try {
            return Optional.of(VersionParser.parse(text, false));
        } catch (ParseFailure e) {
            return Optional.empty();
        }
    }

    private static Version parse(String text, boolean strict) {
        Objects.requireNonNull(text, "text");
        try {
            return VersionParser.parse(text, strict);
        } catch (ParseFailure e) {
            throw new VersionFormatException(text, e.position(), e.reason());
        }
    }

    /**
     * The release {@code major.minor.patch}, without prerelease or build.
     *
     * @throws IllegalArgumentException if a number is negative
     */
    public static Version of(long major, long minor, long patch) {
        if (major < 0 || minor < 0 || patch < 0) {
            throw new IllegalArgumentException("version numbers must not be negative: "
                    + major + "." + minor + "." + patch);
        }
        return new Version(major, minor, patch, NO_IDENTIFIERS, NO_IDENTIFIERS);
    }

    /** The major version, at least 0. */
    public long major() {
        return major;
    }

    /** The minor version, at least 0. */
    public long minor() {
        return minor;
    }

    /** The patch version, at least 0. */
    public long patch() {
        return patch;
    }

    /** The prerelease identifiers ({@code [rc, 1]} for {@code 1.0.0-rc.1}); empty for a release. */
    public List<String> prerelease() {
        return List.of(pre);
    }

    /** The build metadata identifiers ({@code [build, 5]} for {@code 1.0.0+build.5}); often empty. */
    public List<String> build() {
        return List.of(build);
    }

    /** Whether this version has prerelease identifiers, so it ranks below its release. */
    public boolean isPrerelease() {
        return pre.length > 0;
    }

    /** Whether both versions have the same precedence, that is, differ at most in build metadata. */
    public boolean samePrecedence(Version other) {
        return comparePrecedence(this, other) == 0;
    }

    /** Whether this version has higher precedence than {@code other} (build metadata ignored). */
    public boolean isNewerThan(Version other) {
        return comparePrecedence(this, other) > 0;
    }

    /** Whether this version has lower precedence than {@code other} (build metadata ignored). */
    public boolean isOlderThan(Version other) {
        return comparePrecedence(this, other) < 0;
    }

    /**
     * How far moving from this version to {@code to} goes, judged on major, minor and patch: a
     * different major is {@link VersionChange#MAJOR}, a different minor {@link VersionChange#MINOR},
     * any other difference in precedence (patch or prerelease) {@link VersionChange#PATCH}, and the
     * same precedence {@link VersionChange#NONE}. The direction does not matter.
     */
    public VersionChange changeTo(Version to) {
        if (major != to.major) {
            return VersionChange.MAJOR;
        }
        if (minor != to.minor) {
            return VersionChange.MINOR;
        }
        return samePrecedence(to) ? VersionChange.NONE : VersionChange.PATCH;
    }

    /**
     * Compares only the major and minor versions: negative, zero or positive as this version's
     * {@code major.minor} is lower than, equal to or higher than {@code other}'s. Useful for skew
     * rules such as "at most one minor version per hop".
     */
    public int compareMajorMinor(Version other) {
        int c = Long.compare(major, other.major);
        return c != 0 ? c : Long.compare(minor, other.minor);
    }

    /** The same {@code major.minor.patch} without prerelease and build: the release this version leads to. */
    public Version withoutPrerelease() {
        return pre.length == 0 && build.length == 0 ? this : of(major, minor, patch);
    }

    /** The same version without build metadata. */
    public Version withoutBuild() {
        return build.length == 0 ? this : new Version(major, minor, patch, pre, NO_IDENTIFIERS);
    }

    /**
     * The release {@code (major+1).0.0}.
     *
     * @throws ArithmeticException if the major version is {@link Long#MAX_VALUE}
     */
    public Version nextMajor() {
        return of(Math.addExact(major, 1), 0, 0);
    }

    /**
     * The release {@code major.(minor+1).0}.
     *
     * @throws ArithmeticException if the minor version is {@link Long#MAX_VALUE}
     */
    public Version nextMinor() {
        return of(major, Math.addExact(minor, 1), 0);
    }

    /**
     * The release {@code major.minor.(patch+1)}, also for a prerelease ({@code 1.2.3-rc.1} gives 1.2.4).
     *
     * @throws ArithmeticException if the patch version is {@link Long#MAX_VALUE}
     */
    public Version nextPatch() {
        return of(major, minor, Math.addExact(patch, 1));
    }

    /**
     * Orders by precedence, then by build metadata (none first, then the build text in ASCII
     * order). Consistent with {@link #equals}; allocation-free.
     */
    @Override
    public int compareTo(Version other) {
        int c = comparePrecedence(this, other);
        if (c != 0) {
            return c;
        }
        if (buildText.isEmpty() || other.buildText.isEmpty()) {
            return Boolean.compare(!buildText.isEmpty(), !other.buildText.isEmpty());
        }
        return buildText.compareTo(other.buildText);
    }

    /** SemVer precedence; allocation-free. */
    static int comparePrecedence(Version a, Version b) {
        if (a == b) {
            return 0;
        }
        if (a.major != b.major) {
            return a.major < b.major ? -1 : 1;
        }
        if (a.minor != b.minor) {
            return a.minor < b.minor ? -1 : 1;
        }
        if (a.patch != b.patch) {
            return a.patch < b.patch ? -1 : 1;
        }
        return comparePrerelease(a, b);
    }

    private static int comparePrerelease(Version a, Version b) {
        int na = a.pre.length;
        int nb = b.pre.length;
        if (na == 0 || nb == 0) {
            return Integer.compare(nb, na); // a release (no identifiers) ranks above any prerelease
        }
        for (int i = 0, n = Math.min(na, nb); i < n; i++) {
            int c = compareIdentifier(a.pre[i], a.preNumeric[i], b.pre[i], b.preNumeric[i]);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(na, nb);
    }

    private static int compareIdentifier(String x, boolean xNumeric, String y, boolean yNumeric) {
        if (xNumeric && yNumeric) {
            // No leading zeros, so the longer number is the larger; equal lengths compare by digits.
            return x.length() != y.length() ? Integer.compare(x.length(), y.length()) : x.compareTo(y);
        }
        if (xNumeric != yNumeric) {
            return xNumeric ? -1 : 1;
        }
        return x.compareTo(y);
    }

    private static boolean isNumeric(String id) {
        for (int i = 0; i < id.length(); i++) {
            if (!Scanner.isDigit(id.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** The lowest version with this {@code major.minor.patch}: its prerelease {@code 0}. */
    static Version lowestOf(long major, long minor, long patch) {
        return new Version(major, minor, patch, ZERO_IDENTIFIER, NO_IDENTIFIERS);
    }

    /** The immediate successor of a prerelease: the same identifiers followed by {@code 0}. */
    Version withZeroIdentifierAppended() {
        String[] longer = Arrays.copyOf(pre, pre.length + 1);
        longer[pre.length] = "0";
        return new Version(major, minor, patch, longer, NO_IDENTIFIERS);
    }

    /** Whether both versions have exactly the same prerelease identifiers (possibly none). */
    boolean samePrerelease(Version other) {
        return Arrays.equals(pre, other.pre);
    }

    /** Equal when major, minor, patch, prerelease and build metadata are all equal. */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        return o instanceof Version v
                && major == v.major
                && minor == v.minor
                && patch == v.patch
                && Arrays.equals(pre, v.pre)
                && buildText.equals(v.buildText);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = Long.hashCode(major);
            h = 31 * h + Long.hashCode(minor);
            h = 31 * h + Long.hashCode(patch);
            h = 31 * h + Arrays.hashCode(pre);
            h = 31 * h + buildText.hashCode();
            hash = h;
        }
        return h;
    }

    /** The canonical SemVer text: {@code major.minor.patch[-prerelease][+build]}, no {@code v}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(24).append(major).append('.').append(minor).append('.').append(patch);
        if (pre.length > 0) {
            s.append('-').append(String.join(".", pre));
        }
        if (build.length > 0) {
            s.append('+').append(buildText);
        }
        return s.toString();
    }
}
