package dev.upshift.release;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * A version constraint in the language Helm and Flux users know: that of Masterminds/semver v3,
 * whose matching this class reproduces, including its rule for prereleases and its corner cases.
 *
 * <h2>Syntax</h2>
 *
 * <p>A constraint is one or more <em>groups</em> joined by {@code ||} (OR); a group is one or more
 * <em>terms</em> joined by a comma or by whitespace (AND): {@code >=1.2 <2, !=1.4.0 || ^3.1}. A term
 * is an optional operator and a version. A version may start with {@code v}, may be short
 * ({@code 1.2}, {@code 1}) and may use {@code x}, {@code X} or {@code *} for any part (parts after a
 * wildcard are ignored: {@code 1.x.3} is {@code 1.x}). A prerelease and build metadata may follow;
 * build metadata never affects matching. A <em>hyphen range</em> {@code 1.2 - 1.4.5} needs whitespace
 * around the {@code -}, takes two versions without operators and must start its group or follow a
 * comma or another hyphen range (Helm rejects {@code >1 2 - 3} but accepts {@code >1, 2 - 3}).
 * {@code ==} is not an operator.
 *
 * <h2>What each term accepts</h2>
 *
 * <p>Ranges are in precedence order. {@code <1.3.0-0} reads "below every 1.3.0 version, its
 * prereleases included": {@code 1.3.0-0} is the lowest version there is with {@code major.minor.patch}
 * 1.3.0.
 *
 * <table>
 *   <caption>Terms and the ranges they accept</caption>
 *   <tr><th>term</th><th>accepts</th></tr>
 *   <tr><td>{@code 1.2.3}, {@code =1.2.3}</td><td>exactly 1.2.3 (any build metadata)</td></tr>
 *   <tr><td>{@code 1.2}, {@code =1.2}, {@code 1.2.x}</td><td>{@code >=1.2.0 <1.3.0-0}</td></tr>
 *   <tr><td>{@code 1}, {@code =1}, {@code 1.x}</td><td>{@code >=1.0.0 <2.0.0-0}</td></tr>
 *   <tr><td>{@code *}, {@code x}, {@code =*}</td><td>everything</td></tr>
 *   <tr><td>{@code !=1.2.3}</td><td>everything but 1.2.3</td></tr>
 *   <tr><td>{@code !=1.2}, {@code !=1.2.x}</td><td>everything but the releases 1.2.z (see the corner cases)</td></tr>
 *   <tr><td>{@code !=1}, {@code !=1.x}</td><td>everything but {@code >=1.0.0-0 <2.0.0-0}</td></tr>
 *   <tr><td>{@code >1.2.3}</td><td>above 1.2.3</td></tr>
 *   <tr><td>{@code >1.2}, {@code >1.2.x}</td><td>{@code >=1.3.0-0}</td></tr>
 *   <tr><td>{@code >1}, {@code >1.x}</td><td>{@code >=2.0.0-0}</td></tr>
 *   <tr><td>{@code >=1.2}, {@code =>1.2.x}</td><td>{@code >=1.2.0} (not widened)</td></tr>
 *   <tr><td>{@code <1.2}, {@code <1.2.x}</td><td>{@code <1.2.0} (not widened)</td></tr>
 *   <tr><td>{@code <=1.2.3}, {@code =<1.2.3}</td><td>up to 1.2.3 inclusive</td></tr>
 *   <tr><td>{@code <=1.2}, {@code <=1.2.x}</td><td>{@code <1.3.0-0}</td></tr>
 *   <tr><td>{@code <=1}, {@code <=1.x}</td><td>{@code <2.0.0-0}</td></tr>
 *   <tr><td>{@code ~1.2.3}, {@code ~>1.2.3}</td><td>{@code >=1.2.3 <1.3.0-0}</td></tr>
 *   <tr><td>{@code ~1.2}, {@code ~1.2.x}</td><td>{@code >=1.2.0 <1.3.0-0}</td></tr>
 *   <tr><td>{@code ~1}, {@code ~1.x}</td><td>{@code >=1.0.0 <2.0.0-0}</td></tr>
 *   <tr><td>{@code ^1.2.3}</td><td>{@code >=1.2.3 <2.0.0-0}</td></tr>
 *   <tr><td>{@code ^1.2}, {@code ^1}, {@code ^1.x}</td><td>{@code >=1.2.0 <2.0.0-0}, {@code >=1.0.0 <2.0.0-0}</td></tr>
 *   <tr><td>{@code ^0.2.3}, {@code ^0.2}</td><td>{@code >=0.2.3 <0.3.0-0}, {@code >=0.2.0 <0.3.0-0}</td></tr>
 *   <tr><td>{@code ^0.0.3}</td><td>{@code >=0.0.3 <0.0.4-0}</td></tr>
 *   <tr><td>{@code ^0.0}, {@code ^0.0.x}</td><td>{@code >=0.0.0 <0.1.0-0}</td></tr>
 *   <tr><td>{@code ^0}, {@code ^0.x}</td><td>{@code >=0.0.0 <1.0.0-0}</td></tr>
 *   <tr><td>{@code 1.2 - 1.4.5}</td><td>{@code >=1.2.0 <=1.4.5}</td></tr>
 *   <tr><td>{@code 1.2 - 1.4}</td><td>{@code >=1.2.0 <1.5.0-0} (the upper end is {@code <=1.4})</td></tr>
 * </table>
 *
 * <h2>Prereleases</h2>
 *
 * <p>A prerelease version matches a group only if some term of that group names a prerelease
 * ({@code >=1.2.0-rc.1 <2}); it then matches like any other version, whatever its
 * {@code major.minor.patch} ({@code ~1.2.3-beta.2} accepts 1.2.4-beta.2). So {@code >=1.0} does not
 * accept 1.5.0-rc.1, and {@code >=1.0 <2 || >=3.0.0-0} accepts 3.1.0-rc.1 but not 1.5.0-rc.1.
 * {@link #includingPrereleases()} lifts the rule for every group (Masterminds'
 * {@code IncludePrerelease}).
 *
 * <h2>Corner cases kept from Masterminds</h2>
 *
 * <ul>
 *   <li>{@code ~0.0.0} and {@code ~*} accept everything, while {@code ~0} is {@code <1.0.0-0}.
 *   <li>{@code ^*} accepts only 0.0.0; {@code <=*} only 0.0.z; {@code >*} and {@code !=*} everything
 *       but 0.0.0 ({@code *} stands for 0.0.0 there). Write {@code *} or {@code >=0.0.0} for "any".
 *   <li>{@code !=1.2.x} excludes the releases 1.2.z but no prerelease of them, while
 *       {@code !=1.2.x-rc.1} excludes exactly the 1.2.z-rc.1 versions; {@code !=1.x} excludes every
 *       1.y.z, prereleases included.
 *   <li>Leading zeros in numbers are ignored ({@code >=01.2} is {@code >=1.2}); a blank constraint is
 *       an error.
 * </ul>
 *
 * <p>Every constraint this class accepts, Masterminds accepts with the same meaning. The reverse
 * fails only for odd texts, which this class rejects: numbers beyond a {@code long} (Masterminds:
 * 64 bits unsigned); {@code |} inside a version; a {@code ||} touching a hyphen range with no
 * whitespace between where Masterminds would misread or reject it ({@code 3||1 - 2} is
 * {@code >=3 || 1 <=2} there, {@code 1 - 2.0.0||3.4} an error); a hyphen range's upper version
 * followed directly by an operator ({@code 1 - 2>3}); inputs over 1,024 characters, as written or
 * as {@link #toString()} writes them out. Numeric
 * prerelease identifiers of any length compare as numbers (Masterminds compares those over 20 digits
 * as text).
 *
 * <h2>Canonical text</h2>
 *
 * <p>{@link #toString()} gives each term as operator and version with no space between, terms
 * joined by one space and groups by {@code " || "}: {@code >= 1.2, <2.x || ~>v3.1} becomes
 * {@code >=1.2.0 <2.0.0 || ~3.1.x}. {@code =} is written as nothing, {@code =>}, {@code =<} and
 * {@code ~>} as {@code >=}, {@code <=} and {@code ~}; the {@code v} prefix, leading zeros and build
 * metadata go; open parts are written {@code x} ({@code *} when all are open) except after
 * {@code >=} and {@code <}, which are not widened and get the full version; a hyphen range becomes
 * its two terms {@code >=a <=b}. Parsing the canonical text gives an equal constraint.
 *
 * <p>Instances are immutable and thread-safe. {@link #matches(Version)} allocates nothing: parsing
 * compiles each group into two bounds and a list of {@code !=} holes.
 */
@API(status = MAINTAINED, since = "0.1")
public final class VersionConstraint {
    private final List<List<Term>> groups;
    private final AndGroup[] compiled;
    private final boolean includePrereleases;

    private VersionConstraint(List<List<Term>> groups, AndGroup[] compiled, boolean includePrereleases) {
        this.groups = groups;
        this.compiled = compiled;
        this.includePrereleases = includePrereleases;
    }

    /**
     * Parses a constraint (see the class comment for the language).
     *
     * @throws ConstraintFormatException if {@code text} is blank, longer than 1,024 characters (as
     *     written, or written out in full as {@link #toString()} does) or not a constraint; the
     *     message names the character
     */
    public static VersionConstraint parse(String text) {
        Objects.requireNonNull(text, "text");
        try {
            return compile(ConstraintParser.parse(text));
        } catch (ParseFailure e) {
            throw new ConstraintFormatException(text, e.position(), e.reason());
        }
    }

    /** Parses like {@link #parse}; empty when {@code text} is not a constraint. */
    public static Optional<VersionConstraint> tryParse(String text) {
        Objects.requireNonNull(text, "text");
        try {
            return Optional.of(compile(ConstraintParser.parse(text)));
        } catch (ParseFailure e) {
            return Optional.empty();
        }
    }

    private static VersionConstraint compile(List<List<Term>> parsed) {
        List<List<Term>> groups = parsed.stream().map(List::copyOf).toList();
        AndGroup[] compiled = groups.stream().map(AndGroup::compile).toArray(AndGroup[]::new);
        return new VersionConstraint(groups, compiled, false);
    }

    /**
     * Whether {@code version} satisfies this constraint: some group accepts it, and if it is a
     * prerelease, that group names a prerelease or prereleases are included. Allocation-free.
     */
    public boolean matches(Version version) {
        boolean prerelease = version.isPrerelease();
        for (AndGroup group : compiled) {
            if (prerelease && !includePrereleases && !group.namesPrerelease()) {
                continue;
            }
            if (group.contains(version)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The compiled AND groups: a version can match only inside one of their ranges (the upgrade
     * graph narrows its candidates with them). Not a copy: callers must not change the array.
     */
    AndGroup[] andGroups() {
        return compiled;
    }

    /**
     * Parses {@code version} leniently ({@link Version#parse}) and tells whether it satisfies this
     * constraint.
     *
     * @throws VersionFormatException if {@code version} is not a version
     */
    public boolean matches(String version) {
        return matches(Version.parse(version));
    }

    /**
     * A copy that lets prereleases match every group, as if each named a prerelease (Masterminds'
     * {@code IncludePrerelease}). It matches every version this constraint matches, and more. The
     * choice is not part of {@link #toString()}: after re-parsing, call this method again.
     */
    public VersionConstraint includingPrereleases() {
        return includePrereleases ? this : new VersionConstraint(groups, compiled, true);
    }

    /** Whether this is a copy made by {@link #includingPrereleases()}. */
    public boolean includesPrereleases() {
        return includePrereleases;
    }

    /**
     * Whether no version at all satisfies this constraint, for example {@code >2 <1},
     * {@code >1.2 <1.3} (only prereleases of 1.3.0 lie between, and none is named) or
     * {@code 1.2.3 !=1.2.3}.
     *
     * <p>The answer is exact for the versions this library can represent (numbers up to
     * {@link Long#MAX_VALUE}, so {@code >9223372036854775807.x} accepts nothing): each group is
     * searched for its lowest accepted version, {@code !=} holes included, under the prerelease rule
     * that applies to it. It says nothing of which versions exist in a catalog: {@code >=1.2.1
     * <1.2.2} accepts 1.2.1 even if no such release is known.
     */
    public boolean acceptsNothing() {
        return lowestMatch().isEmpty();
    }

    /** The lowest version this constraint accepts, if any: the witness behind {@link #acceptsNothing()}. */
    Optional<Version> lowestMatch() {
        Version lowest = null;
        for (AndGroup group : compiled) {
            Version candidate = group.lowestMatch(!includePrereleases && !group.namesPrerelease());
            if (candidate != null && (lowest == null || candidate.isOlderThan(lowest))) {
                lowest = candidate;
            }
        }
        return Optional.ofNullable(lowest);
    }

    /**
     * Equal when both have the same groups of the same terms in the same order (as their canonical
     * texts show) and the same {@link #includesPrereleases()}. Constraints that are written
     * differently may be unequal and still accept the same versions.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof VersionConstraint c
                && includePrereleases == c.includePrereleases
                && groups.equals(c.groups);
    }

    @Override
    public int hashCode() {
        return 31 * groups.hashCode() + Boolean.hashCode(includePrereleases);
    }

    /** The canonical text described in the class comment; {@code parse(c.toString())} equals {@code c}. */
    @Override
    public String toString() {
        return groups.stream()
                .map(g -> g.stream().map(Term::toString).collect(Collectors.joining(" ")))
                .collect(Collectors.joining(" || "));
    }
}
