package dev.upshift.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Runs every case of {@code constraint-cases.txt}; the file's header describes its format. */
class VersionConstraintCasesTest {
    private static final String FILE = "/constraint-cases.txt";

    record Case(int line, String constraint, String version, boolean plain, boolean withPrereleases, int errorAt) {
        boolean isError() {
            return version == null;
        }

        @Override
        public String toString() {
            String shown = Scanner.quote(constraint);
            return "line " + line + ": " + shown + (isError() ? " is an error at character " + errorAt
                    : " on " + version + " -> " + plain + "/" + withPrereleases);
        }
    }

    static Stream<Arguments> matchCases() {
        return cases().stream().filter(c -> !c.isError()).map(Arguments::of);
    }

    static Stream<Arguments> errorCases() {
        return cases().stream().filter(Case::isError).map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matchCases")
    void matchesAsTheCaseSays(Case c) {
        VersionConstraint constraint = VersionConstraint.parse(c.constraint());
        Version version = Version.parse(c.version());
        assertThat(constraint.matches(version)).as("plain").isEqualTo(c.plain());
        assertThat(constraint.includingPrereleases().matches(version)).as("including prereleases")
                .isEqualTo(c.withPrereleases());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matchCases")
    void canonicalTextParsesToAnEqualConstraintWithTheSameAnswer(Case c) {
        VersionConstraint constraint = VersionConstraint.parse(c.constraint());
        VersionConstraint again = VersionConstraint.parse(constraint.toString());
        assertThat(again).isEqualTo(constraint);
        assertThat(again.toString()).isEqualTo(constraint.toString());
        assertThat(again.matches(Version.parse(c.version()))).isEqualTo(c.plain());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("errorCases")
    void rejectsMalformedConstraintNamingTheCharacter(Case c) {
        assertThatThrownBy(() -> VersionConstraint.parse(c.constraint()))
                .isInstanceOf(ConstraintFormatException.class)
                .satisfies(e -> {
                    ConstraintFormatException cfe = (ConstraintFormatException) e;
                    assertThat(cfe.input()).isEqualTo(c.constraint());
                    assertThat(cfe.position() + 1).as(cfe.getMessage()).isEqualTo(c.errorAt());
                    assertThat(cfe.getMessage()).startsWith("invalid constraint \"");
                });
        assertThat(VersionConstraint.tryParse(c.constraint())).isEmpty();
    }

    @Test
    @DisplayName("the case file holds at least 150 cases, many of them malformed")
    void theFileIsSubstantial() {
        assertThat(cases()).hasSizeGreaterThanOrEqualTo(150);
        assertThat(cases().stream().filter(Case::isError).count()).isGreaterThanOrEqualTo(50);
    }

    static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        try (InputStream in = VersionConstraintCasesTest.class.getResourceAsStream(FILE);
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            int number = 0;
            while ((line = reader.readLine()) != null) {
                number++;
                if (!line.isBlank() && !line.stripLeading().startsWith("#")) {
                    cases.add(parseLine(number, line));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }

    private static Case parseLine(int number, String line) {
        int[] pos = {0};
        String constraint = readString(line, pos);
        String[] rest = line.substring(pos[0]).trim().split("\\s+");
        if (rest[0].equals("error")) {
            return new Case(number, constraint, null, false, false, Integer.parseInt(rest[1]));
        }
        pos[0] = line.indexOf('"', pos[0]);
        String version = readString(line, pos);
        String[] answers = line.substring(pos[0]).trim().split("\\s+");
        return new Case(number, constraint, version, parseBoolean(answers[0]), parseBoolean(answers[1]), 0);
    }

    private static boolean parseBoolean(String s) {
        if (!s.equals("true") && !s.equals("false")) {
            throw new IllegalArgumentException("expected true or false, got " + s);
        }
        return s.equals("true");
    }

    /** Reads {@code "..."} (with escapes) and an optional {@code *N} at pos[0]; advances pos[0]. */
    private static String readString(String line, int[] pos) {
        int i = pos[0];
        if (line.charAt(i) != '"') {
            throw new IllegalArgumentException("expected '\"' at column " + (i + 1) + " of: " + line);
        }
        StringBuilder out = new StringBuilder();
        for (i++; line.charAt(i) != '"'; i++) {
            char c = line.charAt(i);
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char n = line.charAt(++i);
            switch (n) {
                case 'u' -> {
                    out.append((char) Integer.parseInt(line.substring(i + 1, i + 5), 16));
                    i += 4;
                }
                case 't' -> out.append('\t');
                case 'n' -> out.append('\n');
                case 'f' -> out.append('\f');
                case 'r' -> out.append('\r');
                default -> out.append(n);
            }
        }
        i++;
        String text = out.toString();
        if (i < line.length() && line.charAt(i) == '*') {
            int end = i + 1;
            while (end < line.length() && Character.isDigit(line.charAt(end))) {
                end++;
            }
            text = text.repeat(Integer.parseInt(line.substring(i + 1, end)));
            i = end;
        }
        pos[0] = i;
        return text;
    }
}
