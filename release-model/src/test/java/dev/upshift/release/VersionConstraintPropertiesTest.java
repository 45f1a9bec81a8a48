package dev.upshift.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

class VersionConstraintPropertiesTest {
    private static final Gen<String> CONSTRAINTS = Generators.constraintTexts();
    private static final Gen<Version> VERSIONS = Generators.smallVersions().mix(Generators.versions(), 20);

    @Test
    @DisplayName("the canonical text parses to an equal constraint that matches the same versions")
    void canonicalTextRoundTrips() {
        qt().forAll(CONSTRAINTS, VERSIONS).checkAssert((text, v) -> {
            VersionConstraint c = VersionConstraint.parse(text);
            VersionConstraint again = VersionConstraint.parse(c.toString());
            assertThat(again).isEqualTo(c);
            assertThat(again.toString()).isEqualTo(c.toString());
            assertThat(again.matches(v)).as("%s on %s", c, v).isEqualTo(c.matches(v));
            assertThat(again.includingPrereleases().matches(v)).isEqualTo(c.includingPrereleases().matches(v));
        });
    }

    @Test
    @DisplayName("including prereleases matches a superset, and the same releases")
    void includingPrereleasesMatchesASuperset() {
        qt().forAll(CONSTRAINTS, VERSIONS).checkAssert((text, v) -> {
            VersionConstraint c = VersionConstraint.parse(text);
            if (c.matches(v)) {
                assertThat(c.includingPrereleases().matches(v)).as("%s on %s", c, v).isTrue();
            }
            if (!v.isPrerelease()) {
                assertThat(c.includingPrereleases().matches(v)).isEqualTo(c.matches(v));
            }
        });
    }

    @Test
    @DisplayName("the lowest match matches, and no matching version is lower")
    void lowestMatchIsExact() {
        qt().forAll(CONSTRAINTS, VERSIONS).checkAssert((text, v) -> {
            for (VersionConstraint c : new VersionConstraint[] {
                VersionConstraint.parse(text), VersionConstraint.parse(text).includingPrereleases()}) {
                Optional<Version> lowest = c.lowestMatch();
                assertThat(c.acceptsNothing()).isEqualTo(lowest.isEmpty());
                lowest.ifPresent(l -> assertThat(c.matches(l)).as("%s on its lowest %s", c, l).isTrue());
                if (c.matches(v)) {
                    assertThat(lowest).as("%s matches %s", c, v).isPresent();
                    assertThat(v.isOlderThan(lowest.get())).as("%s: %s below %s", c, v, lowest.get()).isFalse();
                }
            }
        });
    }

    @Test
    @DisplayName(">=v matches v and nothing lower; <v matches only lower versions")
    void comparisonOperatorsFollowPrecedence() {
        qt().forAll(VERSIONS, VERSIONS).checkAssert((v, w) -> {
            boolean gate = !w.isPrerelease() || v.isPrerelease();
            assertThat(VersionConstraint.parse(">=" + v).matches(v)).isTrue();
            assertThat(VersionConstraint.parse(">=" + v).matches(w)).isEqualTo(gate && !w.isOlderThan(v));
            assertThat(VersionConstraint.parse(">" + v).matches(w)).isEqualTo(gate && w.isNewerThan(v));
            assertThat(VersionConstraint.parse("<" + v).matches(w)).isEqualTo(gate && w.isOlderThan(v));
            assertThat(VersionConstraint.parse("<=" + v).matches(w)).isEqualTo(gate && !w.isNewerThan(v));
            assertThat(VersionConstraint.parse("=" + v).matches(w)).isEqualTo(gate && w.samePrecedence(v));
            assertThat(VersionConstraint.parse("!=" + v).matches(w)).isEqualTo(gate && !w.samePrecedence(v));
        });
    }

    @Test
    @DisplayName("~ and ^ accept the ranges the table in VersionConstraint gives")
    void tildeAndCaretFollowTheTable() {
        Gen<Version> releases = Generators.smallVersions().map(Version::withoutPrerelease);
        qt().forAll(releases, releases).checkAssert((v, w) -> {
            long major = v.major();
            long minor = v.minor();
            long patch = v.patch();
            boolean allZero = major == 0 && minor == 0 && patch == 0;
            assertThat(matches("~" + v, w)).as("~%s on %s", v, w)
                    .isEqualTo(allZero || matches(">=" + v + " <" + major + "." + (minor + 1), w));
            assertThat(matches("~" + major + "." + minor, w)).isEqualTo(
                    matches(">=" + major + "." + minor + " <" + major + "." + (minor + 1), w));
            assertThat(matches("~" + major, w)).isEqualTo(matches(">=" + major + " <" + (major + 1), w));
            String caretUpper = major > 0 ? (major + 1) + ".0.0"
                    : minor > 0 ? "0." + (minor + 1) + ".0" : "0.0." + (patch + 1);
            assertThat(matches("^" + v, w)).as("^%s on %s", v, w).isEqualTo(
                    matches(">=" + v + " <" + caretUpper, w));
            assertThat(matches("^" + major, w)).isEqualTo(matches(">=" + major + " <" + (major + 1), w));
        });
    }

    @Test
    @DisplayName("any text either parses to a constraint that round-trips or fails at a character inside it")
    void anyTextParsesOrFailsAtAPosition() {
        qt().forAll(Generators.constraintJunk(), VERSIONS).checkAssert((text, v) -> {
            try {
                VersionConstraint c = VersionConstraint.parse(text);
                assertThat(VersionConstraint.parse(c.toString()).matches(v)).isEqualTo(c.matches(v));
            } catch (ConstraintFormatException e) {
                assertThat(e.position()).isBetween(0, text.length());
                assertThat(e.input()).isEqualTo(text);
                assertThat(e.getMessage()).contains(e.reason());
            }
        });
    }

    private static boolean matches(String constraint, Version v) {
        return VersionConstraint.parse(constraint).matches(v);
    }
}
