package dev.upshift.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

class VersionPropertiesTest {
    private static final Gen<Version> SOME = Generators.versions().mix(Generators.smallVersions());

    @Test
    @DisplayName("compareTo is antisymmetric and consistent with equals and hashCode")
    void compareToIsAntisymmetricAndConsistentWithEquals() {
        qt().forAll(SOME, SOME).checkAssert((a, b) -> {
            assertThat(Integer.signum(a.compareTo(b))).isEqualTo(-Integer.signum(b.compareTo(a)));
            assertThat(a.compareTo(b) == 0).isEqualTo(a.equals(b));
            if (a.equals(b)) {
                assertThat(a.hashCode()).isEqualTo(b.hashCode());
            }
        });
    }

    @Test
    @DisplayName("compareTo is transitive, so sorting any three versions gives a chain")
    void compareToIsTransitive() {
        qt().forAll(SOME, SOME, SOME).checkAssert((a, b, c) -> {
            List<Version> sorted = new ArrayList<>(List.of(a, b, c));
            sorted.sort(null);
            assertThat(sorted.get(0).compareTo(sorted.get(1))).isNotPositive();
            assertThat(sorted.get(1).compareTo(sorted.get(2))).isNotPositive();
            assertThat(sorted.get(0).compareTo(sorted.get(2))).isNotPositive();
            sorted.sort(Version.PRECEDENCE);
            assertThat(Version.PRECEDENCE.compare(sorted.get(0), sorted.get(2))).isNotPositive();
        });
    }

    @Test
    @DisplayName("precedence ignores build metadata and agrees with a reading of the spec")
    void precedenceFollowsTheSpec() {
        qt().forAll(SOME, SOME).checkAssert((a, b) -> {
            int precedence = Integer.signum(Version.PRECEDENCE.compare(a, b));
            assertThat(precedence).as("%s vs %s", a, b).isEqualTo(referencePrecedence(a, b));
            assertThat(a.samePrecedence(b)).isEqualTo(precedence == 0);
            assertThat(Version.PRECEDENCE.compare(a.withoutBuild(), b.withoutBuild())).isEqualTo(
                    Version.PRECEDENCE.compare(a, b));
            if (precedence != 0) {
                assertThat(Integer.signum(a.compareTo(b))).as("compareTo refines precedence").isEqualTo(precedence);
            }
        });
    }

    @Test
    @DisplayName("the canonical text parses back, leniently and strictly, to an equal version")
    void canonicalTextRoundTrips() {
        qt().forAll(SOME).checkAssert(v -> {
            assertThat(Version.parse(v.toString())).isEqualTo(v);
            assertThat(Version.parseStrict(v.toString())).isEqualTo(v);
            assertThat(Version.parse("v" + v)).isEqualTo(v);
            assertThat(Version.tryParse(v.toString())).contains(v);
        });
    }

    @Test
    @DisplayName("lenient parsing pads short versions with zeros")
    void lenientParsingPads() {
        Gen<Long> n = Generators.numbers();
        qt().forAll(n, n).checkAssert((major, minor) -> {
            assertThat(Version.parse(major + "." + minor)).isEqualTo(Version.of(major, minor, 0));
            assertThat(Version.parse("v" + major)).isEqualTo(Version.of(major, 0, 0));
        });
    }

    @Test
    @DisplayName("any text either parses to a version that round-trips or fails at a character inside it")
    void anyTextParsesOrFailsAtAPosition() {
        Gen<String> junk = org.quicktheories.generators.SourceDSL.lists()
                .of(Generate.pick(List.of("1", "0", "01", ".", "-", "+", "v", "a", " ", "\u0661", "99999999999999999999")))
                .ofSizeBetween(0, 10).map(p -> String.join("", p));
        qt().forAll(junk).checkAssert(text -> {
            try {
                Version v = Version.parse(text);
                assertThat(Version.parse(v.toString())).isEqualTo(v);
            } catch (VersionFormatException e) {
                assertThat(e.position()).isBetween(0, text.length());
                assertThat(e.input()).isEqualTo(text);
            }
        });
    }

    /** SemVer 2.0.0 section 11, read independently of the implementation (numbers as BigInteger). */
    private static int referencePrecedence(Version a, Version b) {
        for (long[] pair : new long[][] {{a.major(), b.major()}, {a.minor(), b.minor()}, {a.patch(), b.patch()}}) {
            if (pair[0] != pair[1]) {
                return pair[0] < pair[1] ? -1 : 1;
            }
        }
        List<String> x = a.prerelease();
        List<String> y = b.prerelease();
        if (x.isEmpty() || y.isEmpty()) {
            return x.isEmpty() == y.isEmpty() ? 0 : x.isEmpty() ? 1 : -1;
        }
        for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
            boolean xn = x.get(i).chars().allMatch(Character::isDigit);
            boolean yn = y.get(i).chars().allMatch(Character::isDigit);
            int c = xn && yn ? new BigInteger(x.get(i)).compareTo(new BigInteger(y.get(i)))
                    : xn ? -1 : yn ? 1 : x.get(i).compareTo(y.get(i));
            if (c != 0) {
                return Integer.signum(c);
            }
        }
        return Integer.compare(x.size(), y.size());
    }
}
