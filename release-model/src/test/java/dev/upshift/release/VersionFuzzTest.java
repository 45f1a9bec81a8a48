package dev.upshift.release;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Optional;

/**
 * Coverage-guided fuzzing of the version and constraint parsers (Jazzer): any text parses or is
 * refused with the parser's own exception, never another; what parses prints a canonical text that
 * parses back to an equal value; matching never fails. Plain {@code mvn test} replays the seeds in
 * {@code src/test/resources/dev/upshift/release/VersionFuzzTestInputs/}; docs/security.md gives the
 * command for a long fuzzing run.
 */
class VersionFuzzTest {

    @FuzzTest(maxDuration = "10s")
    void versionsParseOrAreRefusedAndPrintCanonically(FuzzedDataProvider data) {
        String text = data.consumeRemainingAsString();
        Version v;
        try {
            v = Version.parse(text);
        } catch (VersionFormatException e) {
            assertThat(Version.tryParse(text)).isEmpty();
            return;
        }
        assertThat(Version.parse(v.toString())).isEqualTo(v);
        assertThat(Version.tryParse(text)).contains(v);
    }

    @FuzzTest(maxDuration = "10s")
    void constraintsParseOrAreRefusedAndMatchWithoutFailing(FuzzedDataProvider data) {
        String version = data.consumeString(40);
        String text = data.consumeRemainingAsString();
        VersionConstraint c;
        try {
            c = VersionConstraint.parse(text);
        } catch (ConstraintFormatException e) {
            assertThat(VersionConstraint.tryParse(text)).isEmpty();
            return;
        }
        assertThat(VersionConstraint.parse(c.toString())).isEqualTo(c);
        Optional<Version> v = Version.tryParse(version);
        if (v.isPresent()) {
            boolean matches = c.matches(v.get());
            assertThat(c.includingPrereleases().matches(v.get()) || !matches).isTrue();
            if (matches) {
                assertThat(c.acceptsNothing()).isFalse();
            }
        }
    }
}
