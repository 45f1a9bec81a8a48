package dev.upshift.release;

import static dev.upshift.testing.UserMessages.assertSyntaxError;
import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.List;
import java.util.Optional;

/**
 * Coverage-guided fuzzing of the version parser (Jazzer), held to {@link Version}'s contract: any
 * text parses or is refused with a {@link VersionFormatException} that points into it, never another
 * exception; {@link Version#tryParse} agrees; what {@link Version#parseStrict} accepts
 * {@link Version#parse} reads alike; {@code parse(v.toString())} and {@code parseStrict(v.toString())}
 * give {@code v} back; the natural order is consistent with {@code equals} and refines precedence.
 * Plain {@code mvn test} replays the seeds in
 * {@code src/test/resources/dev/upshift/release/VersionFuzzTestInputs/}; docs/fuzzing.md says how to
 * fuzz.
 */
class VersionFuzzTest {
    private static final List<Version> OTHERS = List.of(Version.parse("0.0.0"), Version.parse("1.2.3"),
            Version.parse("1.2.3-rc.1"), Version.parse("1.2.3-rc.1+b.7"), Version.parse("1.2.3+b.7"),
            Version.parse("1.2.3-1"), Version.parse("1.2.3-rc.a"));

    @FuzzTest(maxDuration = "1m")
    void versionsParseOrAreRefusedAndPrintCanonically(FuzzedDataProvider data) {
        String text = data.consumeRemainingAsString();
        Version v;
        try {
            v = Version.parse(text);
        } catch (VersionFormatException e) {
            assertSyntaxError(e.input(), e.position(), e.reason(), e.getMessage(), text);
            assertThat(Version.tryParse(text)).isEmpty();
            return;
        }
        assertThat(Version.tryParse(text)).contains(v);
        strictAgrees(text, v);
        String canonical = v.toString();
        assertThat(Version.parse(canonical)).isEqualTo(v);
        assertThat(Version.parseStrict(canonical)).isEqualTo(v);
        assertThat(Version.parse(canonical).hashCode()).isEqualTo(v.hashCode());
        assertThat(v.withoutBuild().samePrecedence(v)).isTrue();
        assertThat(v.withoutPrerelease().isOlderThan(v)).isFalse();
        for (Version o : OTHERS) {
            int c = v.compareTo(o);
            assertThat(Integer.signum(o.compareTo(v))).isEqualTo(-Integer.signum(c));
            assertThat(c == 0).isEqualTo(v.equals(o));
            int precedence = Version.PRECEDENCE.compare(v, o);
            if (precedence != 0) {
                assertThat(Integer.signum(c)).as("%s vs %s", v, o).isEqualTo(Integer.signum(precedence));
            }
            assertThat(v.samePrecedence(o)).isEqualTo(precedence == 0);
            assertThat(v.isNewerThan(o)).isEqualTo(precedence > 0);
        }
    }

    private static void strictAgrees(String text, Version lenient) {
        Optional<Version> strict;
        try {
            strict = Optional.of(Version.parseStrict(text));
        } catch (VersionFormatException e) {
            assertSyntaxError(e.input(), e.position(), e.reason(), e.getMessage(), text);
            strict = Optional.empty();
        }
        strict.ifPresent(s -> assertThat(s).isEqualTo(lenient));
    }
}
