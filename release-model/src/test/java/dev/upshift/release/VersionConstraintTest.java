package dev.upshift.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class VersionConstraintTest {

    private static VersionConstraint c(String text) {
        return VersionConstraint.parse(text);
    }

    @Nested
    class Matching {
        @Test
        void matchesVersionsAndVersionTexts() {
            VersionConstraint constraint = c(">=19.2.0 <20.1.0");
            assertThat(constraint.matches(Version.parse("19.3.1"))).isTrue();
            assertThat(constraint.matches("v20.0")).isTrue();
            assertThat(constraint.matches("20.1.0")).isFalse();
        }

        @Test
        @Tag("jvm-bound")
        @DisplayName("matching and comparing allocate nothing")
        void matchingAllocatesNothing() {
            VersionConstraint constraint = c(">=1.2 <2 !=1.5.x || ^3.1.0-rc.1 || ~4.2, !=4.2.7");
            Version[] versions = {Version.parse("1.5.3"), Version.parse("3.2.0-rc.2"), Version.parse("4.2.9+b"),
                Version.parse("0.1.0-alpha"), Version.parse("1.9.9")};
            Assumptions.assumeTrue(AllocatedBytes.ofCurrentThread().isPresent(), "the JVM counts allocated bytes");
            int matched = 0;
            for (int round = 0; round < 2; round++) { // the first round warms up
                long before = AllocatedBytes.ofCurrentThread().getAsLong();
                for (int i = 0; i < 100_000; i++) {
                    Version v = versions[i % versions.length];
                    matched += constraint.matches(v) ? 1 : 0;
                    matched += v.compareTo(versions[(i + 1) % versions.length]) > 0 ? 1 : 0;
                }
                long allocated = AllocatedBytes.ofCurrentThread().getAsLong() - before;
                if (round == 1) {
                    // reading the counter reflectively allocates a little, and without the JIT's escape
                    // analysis (a coverage agent, another JDK) a few more: 16 KiB is that margin, while a
                    // byte per match would be 100 KB
                    assertThat(allocated).as("bytes for 100,000 matches and compares").isLessThan(16_384);
                }
            }
            assertThat(matched).isPositive();
        }

        @Test
        void matchingATextThatIsNoVersionThrows() {
            assertThatThrownBy(() -> c("*").matches("1.2.x"))
                    .isInstanceOf(VersionFormatException.class)
                    .hasMessageContaining("unexpected 'x' at character 5");
        }

        @Test
        @DisplayName("a prerelease matches only a group that names a prerelease")
        void prereleaseRuleIsPerGroup() {
            VersionConstraint constraint = c(">=1.0 <2 || >=3.0.0-0 <4");
            assertThat(constraint.matches("1.5.0-rc.1")).isFalse();
            assertThat(constraint.matches("3.5.0-rc.1")).isTrue();
            assertThat(constraint.matches("1.5.0")).isTrue();
        }

        @Test
        void includingPrereleasesLetsEveryGroupMatchPrereleases() {
            VersionConstraint constraint = c(">=1.0 <2");
            VersionConstraint including = constraint.includingPrereleases();
            assertThat(including.matches("1.5.0-rc.1")).isTrue();
            assertThat(including.matches("2.0.0-rc.1")).as("still below 2.0.0").isTrue();
            assertThat(including.matches("2.0.1-rc.1")).isFalse();
            assertThat(including.includesPrereleases()).isTrue();
            assertThat(constraint.includesPrereleases()).isFalse();
            assertThat(including.includingPrereleases()).isSameAs(including);
            assertThat(including).isNotEqualTo(constraint).hasToString(constraint.toString());
        }
    }

    @Nested
    class CanonicalText {
        @ParameterizedTest(name = "\"{0}\" is written \"{1}\"")
        @CsvSource(delimiter = ';', value = {
            "=1.2.3 ; 1.2.3",
            "v1.2.3+build.5 ; 1.2.3",
            "1.2 ; 1.2.x",
            "01.002 ; 1.2.x",
            "1.*.3 ; 1.x",
            "* ; *",
            "=x.x ; *",
            "x.2.3 ; *",
            "*-0 ; *-0",
            ">= 1.2 ; >=1.2.0",
            "=>1.x ; >=1.0.0",
            "<1.2.x ; <1.2.0",
            "=<1.2 ; <=1.2.x",
            "~>1.2 ; ~1.2.x",
            "^1 ; ^1.x",
            "!=1.2.x-rc.1 ; !=1.2.x-rc.1",
            "1.2 - 1.4.5 ; >=1.2.0 <=1.4.5",
            "1 - 2 ; >=1.0.0 <=2.x",
            ">=1,<2 || 3 ; >=1.0.0 <2.0.0 || 3.x",
            "  >1.2.3\t,   <2||4.5.6-rc.1 ; >1.2.3 <2.0.0 || 4.5.6-rc.1",
            ">= 1.2, <2.x || ~>v3.1 ; >=1.2.0 <2.0.0 || ~3.1.x",
        })
        void isCanonical(String text, String canonical) {
            VersionConstraint constraint = c(text);
            assertThat(constraint).hasToString(canonical);
            assertThat(c(canonical)).isEqualTo(constraint).hasSameHashCodeAs(constraint).hasToString(canonical);
        }

        @Test
        void differentlyWrittenEqualTermsAreEqual() {
            assertThat(c(">= 1.2, <2")).isEqualTo(c(">=1.2.0 <2.0.0"));
            assertThat(c("1.2")).isEqualTo(c("=1.2.X"));
            assertThat(c("1.2")).isNotEqualTo(c(">=1.2.0 <1.3.0-0"));
        }
    }

    @Nested
    class AcceptsNothing {
        @ParameterizedTest(name = "\"{0}\" accepts nothing")
        @ValueSource(strings = {
            ">2 <1",
            ">1.2 <1.3",
            "1.2.3 !=1.2.3",
            ">=1.0.0 <=1.0.0 !=1.0.0+build",
            ">=1.0.0-0 <2.0.0-0 !=1.x",
            ">=1.2.0 <1.3.0 !=1.2.x",
            ">=1.2.0 <1.2.3 !=1.2.0 !=1.2.1 !=1.2.2",
            ">9223372036854775807.x",
            ">9223372036854775807.9223372036854775807.9223372036854775807",
            "<0.0.0",
            "<*",
            ">2 <1 || >=3 <=2",
        })
        void whenNoVersionCanMatch(String text) {
            assertThat(c(text).acceptsNothing()).isTrue();
            assertThat(c(text).lowestMatch()).isEmpty();
        }

        @ParameterizedTest(name = "\"{0}\" accepts {1} first")
        @CsvSource(delimiter = ';', value = {
            "* ; 0.0.0",
            "^* ; 0.0.0",
            ">=1.2.1 <1.2.2 ; 1.2.1",
            ">1.2.3 ; 1.2.4",
            ">1.2.3-rc ; 1.2.3-rc.0",
            ">1.2 <1.3.0-rc ; 1.3.0-0",
            ">=1.0.0 <2 !=1.0.x ; 1.1.0",
            ">=1.0.0 <2 !=1.0.0 !=1.0.1 ; 1.0.2",
            ">=1.0.0-0 <2 !=1.0.x ; 1.0.0-0",
            ">2 <1 || ~3.1 ; 3.1.0",
            "!=1.x ; 0.0.0",
            ">=9223372036854775807.9223372036854775807.9223372036854775807 ; "
                    + "9223372036854775807.9223372036854775807.9223372036854775807",
        })
        void whenSomeVersionMatchesItKnowsTheLowest(String text, String lowest) {
            VersionConstraint constraint = c(text);
            assertThat(constraint.acceptsNothing()).isFalse();
            assertThat(constraint.lowestMatch()).contains(Version.parse(lowest));
            assertThat(constraint.matches(lowest)).isTrue();
        }

        @Test
        void includingPrereleasesCanMakeAnEmptyConstraintAcceptSomething() {
            VersionConstraint onlyPrereleasesBetween = c(">1.2 <1.3");
            assertThat(onlyPrereleasesBetween.includingPrereleases().acceptsNothing()).isFalse();
            assertThat(onlyPrereleasesBetween.includingPrereleases().lowestMatch())
                    .contains(Version.parse("1.3.0-0"));
            assertThat(c("<0.0.0").includingPrereleases().lowestMatch()).contains(Version.parse("0.0.0-0"));
        }
    }

    @Nested
    class Errors {
        @Test
        void messageNamesTheCharacter() {
            assertThatThrownBy(() -> c(">=1.2 <<3"))
                    .isInstanceOfSatisfying(ConstraintFormatException.class, e -> {
                        assertThat(e).hasMessage(
                                "invalid constraint \">=1.2 <<3\": unexpected '<' at character 8; expected a version");
                        assertThat(e.position()).isEqualTo(7);
                        assertThat(e.input()).isEqualTo(">=1.2 <<3");
                        assertThat(e.reason()).isEqualTo("unexpected '<' at character 8; expected a version");
                    });
        }

        @ParameterizedTest(name = "\"{0}\": {1}")
        @CsvSource(delimiter = ';', value = {
            "'' ; it is empty",
            "'   ' ; it is empty",
            "==1 ; is not an operator, write '=' or nothing",
            "!1 ; expected '=' (the operator is '!=')",
            ">=1 - 2 ; joins two versions without operators",
            ">1 2 - 3 ; a hyphen range must start its group or follow ','",
            "1||2 - 3 ; put whitespace between '||' and a hyphen range",
            "1 - 2.0.0||3.4 ; put whitespace between a hyphen range and '||'",
            "1 -2 ; expected whitespace after the '-' of a hyphen range",
            "1.2.3-01 ; has a leading zero",
            "99999999999999999999 ; the major version at character 1 is too large",
            "1.2.3 ||| ; unexpected '|' at character 9",
            "1.2.3.4 ; unexpected '.' at character 6",
        })
        void sayWhatIsWrong(String text, String reason) {
            assertThatThrownBy(() -> c(text))
                    .isInstanceOf(ConstraintFormatException.class)
                    .hasMessageContaining(reason);
        }

        @Test
        void tooLongInputIsRefusedClearly() {
            String text = ">=1.0.0 ".repeat(200);
            assertThatThrownBy(() -> c(text))
                    .isInstanceOf(ConstraintFormatException.class)
                    .hasMessageContaining("it is 1600 characters long; a constraint has at most 1024")
                    .hasMessageContaining("...\" (1600 characters)");
        }

        @Test
        @DisplayName("a constraint whose canonical text would pass 1,024 characters is refused, so that every canonical text parses back")
        void canonicalTextOverTheLimitIsRefused() {
            // found by ConstraintFuzzTest (its seed canonical-text-longer-than-the-limit): 1,036 characters written out
            String fits = "1.2,".repeat(169) + "1.2"; // 170 terms written "1.2.x", a space between: 1,019 characters
            assertThat(c(fits).toString()).isEqualTo("1.2.x ".repeat(170).strip()).hasSize(1019);
            assertThat(c(c(fits).toString())).isEqualTo(c(fits));
            assertThatThrownBy(() -> c(fits + ",1.2")).isInstanceOf(ConstraintFormatException.class).hasMessageContaining(
                    "written out in full (1.2 as 1.2.x, >=1 as >=1.0.0) it is 1025 characters long; a constraint has at most 1024");
        }

        @Test
        void nullIsRejected() {
            assertThatThrownBy(() -> c(null)).isInstanceOf(NullPointerException.class);
        }

        @Test
        @DisplayName("parsing is linear: the longest inputs cost work in proportion to their length")
        void parsingIsLinear() {
            String[] worst = {
                "1 ".repeat(512), "1.2.3 - 1.2.3, ".repeat(68), "x.".repeat(511) + "x", "||".repeat(512),
                "1.2.3-" + "a.".repeat(508) + "a", "1" + " ".repeat(1022) + "-", ">=".repeat(512)
            };
            Assumptions.assumeTrue(AllocatedBytes.ofCurrentThread().isPresent(), "the JVM counts allocated bytes");
            long small = allocatedParsing(worst, 1);
            long large = allocatedParsing(worst, 8);
            // the longest inputs (1 KiB, the limit) against an eighth of them: linear work allocates about
            // eight times as much, quadratic work 64 times
            assertThat(large).as("bytes allocated for 8 x the input").isLessThan(small * 16 + (64 << 10));
        }

        private long allocatedParsing(String[] texts, int eighths) {
            String[] longer = java.util.Arrays.stream(texts).map(t -> t.substring(0, t.length() * eighths / 8))
                    .toArray(String[]::new);
            for (String text : longer) {
                VersionConstraint.tryParse(text);
            }
            long before = AllocatedBytes.ofCurrentThread().getAsLong();
            for (String text : longer) {
                VersionConstraint.tryParse(text);
            }
            return AllocatedBytes.ofCurrentThread().getAsLong() - before;
        }
    }
}
