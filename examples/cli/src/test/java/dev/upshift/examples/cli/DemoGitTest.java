package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.testing.Processes;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@code demo --git}: the demo fleet's first wave as commits in a fresh GitOps repository, the same on every run. */
class DemoGitTest {

    @Test
    @DisplayName("publishes the first wave as one commit per upgrade and shows git log and git show --stat")
    void firstWaveAsCommits() throws Exception {
        try {
            Processes.run(new ProcessBuilder("git", "--version"), Duration.ofMinutes(1));
        } catch (IOException e) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                throw new AssertionError("the git command line is not installed; CI requires it");
            }
            System.err.println("SKIPPED: the git command line is not installed: DemoGitTest was NOT run");
            Assumptions.abort("git is not installed");
        }
        Cli first = Cli.run("demo", "--git");
        Cli second = Cli.run("demo", "--git");

        assertThat(first.exitCode()).as(first.err()).isZero();
        assertThat(first.out()).contains("dev-eu-platform-2  published  20.0.2 → 20.1.0: commit ")
                .contains(" log --oneline\n")
                .containsPattern("\n[0-9a-f]{7} Upgrade dev-fra-logistics-1 from 20.0.2 to 20.1.0\n")
                .containsPattern("\n[0-9a-f]{7} Apply the values of dev-eu-platform-1 \\(release 20.1.0\\)\n")
                .containsPattern("\n[0-9a-f]{7} The demo fleet\n")
                .contains(" show --stat HEAD\n").contains("Upshift-Upgrade-Id: dev-fra-logistics-1:20.0.2..20.1.0#1")
                .contains("fleet/clusters/dev/dev-fra-logistics-1.yaml        |  2 +-")
                .containsPattern("3 files changed, \\d+ insertions\\(\\+\\), \\d+ deletions\\(-\\)");
        assertThat(DemoCommandTest.anyFolder(second.out())).as("the same commits on every run, each in a folder of its own")
                .isEqualTo(DemoCommandTest.anyFolder(first.out())).isNotEqualTo(second.out());
    }
}
