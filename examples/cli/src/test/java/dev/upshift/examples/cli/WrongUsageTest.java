package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 36, items 6 and 8: command lines that are wrong are usage errors (exit 2) that say why, never an internal error. */
class WrongUsageTest {
    @TempDir
    Path dir;

    @Test
    @DisplayName("a time-lapse whose --until is not after its --from: exit 2, naming both")
    void untilBeforeFrom() {
        Path fleet = TestFleet.write(dir.resolve("fleet"));
        Cli r = Cli.run("run", "--fleet", fleet.toString(), "--virtual-clock", "--probe", "simulated", "--from",
                "2027-01-10T00:00:00Z", "--until", "2027-01-04T00:00:00Z");
        assertThat(r.exitCode()).isEqualTo(Main.USAGE);
        assertThat(r.err()).startsWith("upshift: --until 2027-01-04T00:00:00Z must be after --from 2027-01-10T00:00:00Z")
                .doesNotContain("internal error");
    }

    @Test
    @DisplayName("--max-steps 0: exit 2")
    void noSteps() {
        Path fleet = TestFleet.write(dir.resolve("fleet"));
        Cli r = Cli.run("run", "--fleet", fleet.toString(), "--virtual-clock", "--probe", "simulated", "--from",
                "2027-01-04T00:00:00Z", "--until", "2027-01-10T00:00:00Z", "--max-steps", "0");
        assertThat(r.exitCode()).isEqualTo(Main.USAGE);
        assertThat(r.err()).startsWith("upshift: --max-steps is at least 1, not 0");
    }

    @Test
    @DisplayName("--branch without --git, even the default branch: exit 2, and the fleet is not written")
    void branchWithoutGit() {
        Path fleet = TestFleet.write(dir.resolve("fleet"));
        for (String[] args : new String[][] {{"plan"}, {"run", "--once"}}) {
            String command = args[0];
            Cli r = Cli.run(java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.stream.Stream.of(
                    "--fleet", fleet.toString(), "--branch", "main", "--now", TestFleet.NOW)).toArray(String[]::new));
            assertThat(r.exitCode()).as(command).isEqualTo(Main.USAGE);
            assertThat(r.err()).as(command).contains("--branch, --path and --branch-per-upgrade go with --git");
        }
        assertThat(fleet.resolve(".upshift")).as("nothing recorded").doesNotExist();
    }

    @Test
    @DisplayName("an unknown command followed by --help names the unknown command (exit 2) instead of the main help")
    void unknownCommandWithHelp() {
        Cli r = Cli.run("suspend", "--help");
        assertThat(r.exitCode()).isEqualTo(Main.USAGE);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).startsWith("upshift: unknown command 'suspend'").contains("Try 'upshift --help'.");
        assertThat(Cli.run("--help").exitCode()).isZero();
        assertThat(Cli.run("plan", "--help").exitCode()).isZero();
    }

    @Test
    @DisplayName("a dry run says how many documents in the singular and plural, and spec.release only when the hop moves it")
    void dryRunWords() {
        assertThat(EngineSetup.dryRunText(true, 1)).isEqualTo("dry run: nothing written (1 document would change)");
        assertThat(EngineSetup.dryRunText(false, 4))
                .isEqualTo("dry run: nothing written (4 documents would change, and spec.release)");
        assertThat(EngineSetup.dryRunText(false, 0)).isEqualTo("dry run: nothing written (spec.release would change)");
        assertThat(EngineSetup.dryRunText(true, 0)).isEqualTo("dry run: nothing written (no document would change)");
    }
}
