package dev.upshift.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class VersionTest {

    private static Version v(String text) {
        return Version.parse(text);
    }

    @Nested
    class Precedence {
        @Test
        @DisplayName("follows the example chain of SemVer 2.0.0 section 11")
        void specExampleChain() {
            List<String> chain = List.of("1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta",
                    "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0");
            List<Version> shuffled = new ArrayList<>(chain.stream().map(Version::parseStrict).toList());
            Collections.shuffle(shuffled, new java.util.Random(7));
            shuffled.sort(Version.PRECEDENCE);
            assertThat(shuffled).extracting(Version::toString).containsExactlyElementsOf(chain);
            for (int i = 0; i + 1 < chain.size(); i++) {
                assertThat(v(chain.get(i)).isOlderThan(v(chain.get(i + 1)))).as(chain.get(i)).isTrue();
            }
        }

        @ParameterizedTest(name = "{0} < {1}")
        @CsvSource({
            "1.9.0, 1.10.0",
            "1.0.0, 2.0.0",
            "2.0.0, 2.1.0",
            "2.1.0, 2.1.1",
            "0.0.9, 0.1.0",
            "1.0.0-2, 1.0.0-10",
            "1.0.0-a10, 1.0.0-a2",
            "1.0.0-999, 1.0.0-a",
            "1.0.0-rc.1, 1.0.0",
            "1.0.0-alpha, 1.0.0-alpha.0",
            "1.0.0-0, 1.0.0-0.0",
            "1.0.0-Z, 1.0.0-a",
            "1.0.0-1-2, 1.0.0-1a",
            "1.0.0-99999999999999999999999, 1.0.0-100000000000000000000000",
            "1.0.0, 1.0.1-0",
            "9223372036854775806.0.0, 9223372036854775807.0.0",
        })
        void ordersByPrecedence(String lower, String higher) {
            assertThat(v(lower).isOlderThan(v(higher))).isTrue();
            assertThat(v(higher).isNewerThan(v(lower))).isTrue();
            assertThat(Version.PRECEDENCE.compare(v(lower), v(higher))).isNegative();
            assertThat(v(lower).compareTo(v(higher))).isNegative();
            assertThat(v(higher).compareTo(v(lower))).isPositive();
        }

        @Test
        void buildMetadataIsIgnoredForPrecedenceButKeptAndOrdered() {
            Version plain = v("1.0.0");
            Version a = v("1.0.0+a");
            Version b = v("1.0.0+b");
            assertThat(a.samePrecedence(b)).isTrue();
            assertThat(Version.PRECEDENCE.compare(a, b)).isZero();
            assertThat(a).isNotEqualTo(b);
            assertThat(a.build()).containsExactly("a");
            assertThat(plain.compareTo(a)).as("no build first").isNegative();
            assertThat(a.compareTo(b)).as("then by build text").isNegative();
            assertThat(b.compareTo(a)).isPositive();
            assertThat(v("1.0.0-rc+z").compareTo(v("1.0.0+a"))).as("precedence before build").isNegative();
        }

        @Test
        void equalVersionsCompareToZeroAndHashAlike() {
            assertThat(v("v1.2.3-rc.1+b.7")).isEqualTo(v("1.2.3-rc.1+b.7")).hasSameHashCodeAs(v("1.2.3-rc.1+b.7"));
            assertThat(v("1.2.3-rc.1+b.7").compareTo(v("1.2.3-rc.1+b.7"))).isZero();
        }

        @Test
        void comparesMajorMinorOnly() {
            assertThat(v("1.29.4").compareMajorMinor(v("1.29.0-rc.1"))).isZero();
            assertThat(v("1.29.4").compareMajorMinor(v("1.30.0"))).isNegative();
            assertThat(v("2.0.0").compareMajorMinor(v("1.99.0"))).isPositive();
        }
    }

    @Nested
    class Parsing {
        @ParameterizedTest(name = "parse(\"{0}\") is {1}")
        @CsvSource({
            "1.2.3, 1.2.3",
            "v1.2.3, 1.2.3",
            "1.2, 1.2.0",
            "1, 1.0.0",
            "v2, 2.0.0",
            "1.2-rc.1, 1.2.0-rc.1",
            "1-beta+b7, 1.0.0-beta+b7",
            "01.02.03, 1.2.3",
            "0.0.0, 0.0.0",
            "1.2.3-0, 1.2.3-0",
            "1.2.3--, 1.2.3--",
            "1.2.3-0a, 1.2.3-0a",
            "1.2.3+001, 1.2.3+001",
            "1.2.3-x.7.z.92+exp.sha.5114f85, 1.2.3-x.7.z.92+exp.sha.5114f85",
            "9223372036854775807.9223372036854775807.9223372036854775807,"
                    + " 9223372036854775807.9223372036854775807.9223372036854775807",
        })
        void parsesLenientlyLikeHelm(String text, String canonical) {
            Version version = Version.parse(text);
            assertThat(version).hasToString(canonical);
            assertThat(Version.parse(version.toString())).isEqualTo(version);
            assertThat(Version.tryParse(text)).contains(version);
        }

        @Test
        void exposesItsParts() {
            Version version = Version.parseStrict("1.2.3-rc.1+build.5");
            assertThat(version.major()).isEqualTo(1);
            assertThat(version.minor()).isEqualTo(2);
            assertThat(version.patch()).isEqualTo(3);
            assertThat(version.prerelease()).containsExactly("rc", "1");
            assertThat(version.build()).containsExactly("build", "5");
            assertThat(version.isPrerelease()).isTrue();
            assertThat(Version.of(1, 2, 3).isPrerelease()).isFalse();
            assertThat(Version.of(1, 2, 3).prerelease()).isEmpty();
        }

        @ParameterizedTest(name = "parseStrict(\"{0}\") fails at character {1}")
        @CsvSource(delimiter = '|', value = {
            "v1.2.3 | 1 | SemVer has no 'v' prefix",
            "1.2 | 4 | expected '.' and a patch version",
            "1 | 2 | expected '.' and a minor version",
            "01.2.3 | 1 | the major version at character 1 has a leading zero",
            "1.02.3 | 3 | the minor version at character 3 has a leading zero",
            "1.2.03 | 5 | the patch version at character 5 has a leading zero",
            "1.2-rc.1 | 4 | expected '.' and a patch version",
        })
        void strictParsingIsSemVerOnly(String text, int character, String reason) {
            assertThat(Version.tryParse(text)).as("lenient parse accepts it").isPresent();
            assertThatThrownBy(() -> Version.parseStrict(text))
                    .isInstanceOfSatisfying(VersionFormatException.class, e -> {
                        assertThat(e.position()).isEqualTo(character - 1);
                        assertThat(e.reason()).contains(reason);
                        assertThat(e.input()).isEqualTo(text);
                    });
        }

        @Test
        @DisplayName("an error message says what is wrong at which character")
        void errorMessageNamesTheCharacter() {
            assertThatThrownBy(() -> Version.parse("1.2.x3"))
                    .isInstanceOf(VersionFormatException.class)
                    .hasMessage("invalid version \"1.2.x3\": unexpected 'x' at character 5; expected a digit");
        }

        static Stream<Arguments> malformed() {
            return Stream.of(
                    Arguments.of("", 0, "it is empty"),
                    Arguments.of(" 1.2.3", 0, "unexpected space at character 1"),
                    Arguments.of("1.2.3 ", 5, "unexpected space at character 6; expected '-', '+' or the end"),
                    Arguments.of("1.2.3.4", 5, "unexpected '.' at character 6"),
                    Arguments.of("1..2", 2, "unexpected '.' at character 3; expected a digit"),
                    Arguments.of("1.", 2, "unexpected end of input at character 3; expected a digit"),
                    Arguments.of(".1", 0, "unexpected '.' at character 1"),
                    Arguments.of("-1", 0, "unexpected '-' at character 1"),
                    Arguments.of("a.b.c", 0, "unexpected 'a' at character 1"),
                    Arguments.of("V1.2.3", 0, "unexpected 'V' at character 1"),
                    Arguments.of("vv1", 1, "unexpected 'v' at character 2"),
                    Arguments.of("1.2.3-", 6, "expected a prerelease identifier"),
                    Arguments.of("1.2.3+", 6, "expected a build identifier"),
                    Arguments.of("1.2.3-a..b", 8, "unexpected '.' at character 9; expected a prerelease identifier"),
                    Arguments.of("1.2.3-rc.", 9, "unexpected end of input at character 10"),
                    Arguments.of("1.2.3-01", 6, "\"01\" at character 7 has a leading zero"),
                    Arguments.of("1.2.3-rc.00", 9, "has a leading zero"),
                    Arguments.of("1.2.3-beta!", 10, "unexpected '!' at character 11; expected '.', '+' or the end"),
                    Arguments.of("1.2.3+a+b", 7, "unexpected '+' at character 8; expected '.' or the end"),
                    Arguments.of("1.2.3_4", 5, "unexpected '_' at character 6"),
                    Arguments.of("1.2.3-é", 6, "unexpected character U+00E9 at character 7"),
                    Arguments.of("\u0661.\u0662.\u0663", 0, "unexpected character U+0661 at character 1; expected a digit"),
                    Arguments.of("1.\uff12.3", 2, "unexpected character U+FF12 at character 3"),
                    Arguments.of("1.2.3\n", 5, "unexpected character U+000A at character 6"),
                    Arguments.of("9223372036854775808", 0, "the major version at character 1 is too large"),
                    Arguments.of("1.99999999999999999999.0", 2, "the minor version at character 3 is too large"),
                    Arguments.of("1.2.3" + "-a".repeat(126), 256, "it is 257 characters long; a version has at most 256"),
                    // found by VersionFuzzTest: 256 characters that toString() writes as 260, which would not parse back
                    Arguments.of("0-" + "a".repeat(254), 256, "written in full (major.minor.patch, no leading zeros) it is 260"
                            + " characters long; a version has at most 256"));
        }

        @ParameterizedTest(name = "\"{0}\" fails at index {1}")
        @MethodSource("malformed")
        void rejectsMalformedVersionsNamingTheCharacter(String text, int position, String reason) {
            assertThatThrownBy(() -> Version.parse(text))
                    .isInstanceOfSatisfying(VersionFormatException.class, e -> {
                        assertThat(e.position()).isEqualTo(position);
                        assertThat(e.reason()).contains(reason);
                        assertThat(e.getMessage()).startsWith("invalid version \"").contains(e.reason());
                        assertThat(e.input()).isEqualTo(text);
                    });
            assertThatThrownBy(() -> Version.parseStrict(text)).isInstanceOf(VersionFormatException.class);
            assertThat(Version.tryParse(text)).isEmpty();
        }

        @Test
        void longInputsAreShortenedInTheMessage() {
            String text = "1".repeat(300);
            assertThatThrownBy(() -> Version.parse(text))
                    .hasMessageStartingWith("invalid version \"" + "1".repeat(60) + "...\" (300 characters)");
        }

        @Test
        void nullIsRejected() {
            assertThatThrownBy(() -> Version.parse(null)).isInstanceOf(NullPointerException.class);
            assertThatThrownBy(() -> Version.tryParse(null)).isInstanceOf(NullPointerException.class);
        }
    }

    @Nested
    class Derived {
        @ParameterizedTest(name = "{0} to {1}: {2}")
        @CsvSource({
            "1.2.3, 1.2.3, none", "1.2.3, 1.2.3+build.7, none", "1.2.3, 1.2.4, patch", "1.2.3-rc.1, 1.2.3, patch",
            "1.2.3, 1.3.0, minor", "1.2.3, 1.1.9, minor", "1.2.3, 2.0.0, major", "2.0.0, 1.9.9, major"})
        @DisplayName("changeTo judges how far a version moves on major, minor and patch, in either direction")
        void changeToNamesHowFarTheVersionMoves(String from, String to, String change) {
            assertThat(v(from).changeTo(v(to)).word()).isEqualTo(change);
        }

        @Test
        void nextVersionsIncrementOnePartAndDropTheRest() {
            Version version = v("1.2.3-rc.1+b");
            assertThat(version.nextPatch()).hasToString("1.2.4");
            assertThat(version.nextMinor()).hasToString("1.3.0");
            assertThat(version.nextMajor()).hasToString("2.0.0");
        }

        @Test
        void nextVersionsRefuseToOverflow() {
            Version max = Version.of(Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE);
            assertThatThrownBy(max::nextMajor).isInstanceOf(ArithmeticException.class);
            assertThatThrownBy(max::nextMinor).isInstanceOf(ArithmeticException.class);
            assertThatThrownBy(max::nextPatch).isInstanceOf(ArithmeticException.class);
        }

        @Test
        void dropsPrereleaseOrBuild() {
            assertThat(v("1.2.3-rc.1+b").withoutPrerelease()).isEqualTo(Version.of(1, 2, 3));
            assertThat(v("1.2.3-rc.1+b").withoutBuild()).isEqualTo(v("1.2.3-rc.1"));
            Version release = Version.of(1, 2, 3);
            assertThat(release.withoutPrerelease()).isSameAs(release);
            assertThat(release.withoutBuild()).isSameAs(release);
        }

        @Test
        void ofRejectsNegativeNumbers() {
            assertThatThrownBy(() -> Version.of(1, -1, 0)).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
