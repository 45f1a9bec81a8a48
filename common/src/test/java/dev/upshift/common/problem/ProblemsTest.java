package dev.upshift.common.problem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProblemsTest {
    private static SourceLocation at(String source, int line) {
        return new SourceLocation(source, line, 1);
    }

    @Test
    void keepsTheFirstProblemsOfAFileAndSaysHowManyMoreThereAre() {
        Problems problems = Problems.withCaps(3, 100);
        for (int line = 1; line <= 12_348; line++) {
            problems.error(at("f.yaml", line), "x", "bad");
        }
        List<Problem> all = problems.all();
        assertThat(all).hasSize(4);
        assertThat(all.get(3)).hasToString(
                "f.yaml:4:1: 12,345 more problems from here on are not shown (at most 3 per file and 100 in all)");
        assertThat(all.get(3).isError()).isTrue();
        assertThat(problems.omitted()).isEqualTo(12_345);
    }

    @Test
    void countsTheFilesPastTheTotalCapInOneSummary() {
        Problems problems = Problems.withCaps(10, 2);
        problems.warning(at("a.yaml", 1), "", "w");
        problems.warning(at("a.yaml", 2), "", "w");
        problems.warning(at("a.yaml", 3), "", "w");
        problems.warning(at("b.yaml", 1), "", "w");
        problems.warning(at("c.yaml", 5), "", "w");
        assertThat(problems.all()).extracting(Problem::toString).containsExactly(
                "a.yaml:1:1: warning: w",
                "a.yaml:2:1: warning: w",
                "a.yaml:3:1: warning: 1 more problem from here on is not shown (at most 10 per file and 2 in all)",
                "b.yaml:1:1: warning: 2 more problems in 2 files from here on are not shown (at most 10 per file and 2 in all)");
        assertThat(problems.hasErrors()).isFalse();
    }

    @Test
    void anErrorLeftOutStillRejectsTheInput() {
        Problems problems = Problems.withCaps(1, 1);
        problems.warning(at("a.yaml", 1), "", "w");
        problems.error(at("a.yaml", 2), "", "e");
        assertThat(problems.hasErrors()).isTrue();
        assertThatThrownBy(problems::throwIfErrors).isInstanceOf(InputException.class)
                .hasMessage("a.yaml:1:1: warning: w\na.yaml:2:1: 1 more problem from here on is not shown"
                        + " (at most 1 per file and 1 in all)");
    }

    @Test
    void cutsAnOverlongFieldOrMessageShort() {
        Problem p = Problem.error(at("f", 1), "k".repeat(5_000), "m".repeat(50_000));
        assertThat(p.field()).hasSize(Problem.MAX_FIELD).endsWith("...");
        assertThat(p.message()).hasSize(Problem.MAX_MESSAGE).endsWith("...");
    }

    @Test
    void rejectsCapsBelowOne() {
        assertThatThrownBy(() -> Problems.withCaps(0, 5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the caps must be positive, got 0 and 5");
    }
}
