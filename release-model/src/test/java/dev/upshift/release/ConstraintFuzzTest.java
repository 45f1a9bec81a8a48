package dev.upshift.release;

import static dev.upshift.testing.UserMessages.assertSyntaxError;
import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Coverage-guided fuzzing of the constraint parser and matcher (Jazzer), held to
 * {@link VersionConstraint}'s contract: any text parses or is refused with a
 * {@link ConstraintFormatException} that points into it, never another exception; the canonical text
 * parses back to an equal constraint; matching never fails; {@link VersionConstraint#includingPrereleases()}
 * matches at least as much; and {@link VersionConstraint#acceptsNothing()} is exact: the lowest
 * accepted version it finds is accepted, and nothing below it is. Plain {@code mvn test} replays the
 * seeds in {@code src/test/resources/dev/upshift/release/ConstraintFuzzTestInputs/}; docs/fuzzing.md
 * says how to fuzz.
 */
class ConstraintFuzzTest {
    private static final List<Version> PROBES = List.of(Version.parse("0.0.0"), Version.parse("1.2.3"),
            Version.parse("1.2.3-rc.1"), Version.parse("1.3.0-0"), Version.parse("2.0.0"), Version.parse("0.1.0-alpha"));

    @FuzzTest(maxDuration = "1m")
    void constraintsParseOrAreRefusedAndMatchAsTheirWitnessSays(FuzzedDataProvider data) {
        String version = data.consumeString(40);
        String text = data.consumeRemainingAsString();
        VersionConstraint c;
        try {
            c = VersionConstraint.parse(text);
        } catch (ConstraintFormatException e) {
            assertSyntaxError(e.input(), e.position(), e.reason(), e.getMessage(), text);
            assertThat(VersionConstraint.tryParse(text)).isEmpty();
            return;
        }
        assertThat(VersionConstraint.tryParse(text)).contains(c);
        String canonical = c.toString();
        VersionConstraint again = VersionConstraint.parse(canonical);
        assertThat(again).isEqualTo(c);
        assertThat(again.toString()).isEqualTo(canonical);
        VersionConstraint wide = c.includingPrereleases();
        assertThat(wide.includesPrereleases()).isTrue();
        assertThat(wide.toString()).isEqualTo(canonical);

        Optional<Version> lowest = c.lowestMatch();
        assertThat(lowest.isEmpty()).isEqualTo(c.acceptsNothing());
        lowest.ifPresent(w -> assertThat(c.matches(w)).as("%s matches its lowest match %s", c, w).isTrue());
        Optional<Version> lowestWide = wide.lowestMatch();
        lowestWide.ifPresent(w -> assertThat(wide.matches(w)).as("%s matches its lowest match %s", wide, w).isTrue());

        List<Version> probes = new ArrayList<>(PROBES);
        Version.tryParse(version).ifPresent(probes::add);
        lowest.ifPresent(probes::add);
        lowestWide.ifPresent(probes::add);
        for (Version v : probes) {
            boolean matches = c.matches(v);
            // a witness can be longer than a version text may be (a 256-character prerelease with .0 appended)
            Version.tryParse(v.toString()).ifPresent(same -> assertThat(c.matches(v.toString())).isEqualTo(matches));
            if (matches) {
                assertThat(wide.matches(v)).as("%s with prereleases matches %s", c, v).isTrue();
                assertThat(lowest).as("%s matches %s", c, v).isPresent();
                assertThat(lowest.get().isNewerThan(v)).as("lowest match %s of %s above %s", lowest.get(), c, v).isFalse();
            }
            if (wide.matches(v)) {
                assertThat(lowestWide.get().isNewerThan(v)).as("lowest match %s of %s above %s", lowestWide.get(), wide, v)
                        .isFalse();
            }
        }
        try {
            assertThat(c.matches(version)).isEqualTo(c.matches(Version.parse(version)));
        } catch (VersionFormatException e) {
            assertSyntaxError(e.input(), e.position(), e.reason(), e.getMessage(), version);
        }
    }
}
