package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ValidateCommandTest {

    @Test
    void acceptsTheDemoFleetWarningOnlyOfItsDeliberateConflict() {
        Cli r = Cli.run("validate", DemoFleet.root().toString());
        assertThat(r.err()).isEqualTo(DemoFleet.root().resolve("upgrades/fleet-to-20.1.yaml") + ":6:9: warning: metadata.name:"
                + " upgrades data-follows-stable (to 20.1.1) and fleet-to-20.1 (to 20.1.0) select prod-eu-payments-2 with"
                + " different targets; the plan blocks it (CONFLICTING_UPGRADES)\n");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).isEqualTo("39 documents valid (1 warning)\n"
                + "note: schedule weekday-nights-berlin excludes the times of 8 events of "
                + DemoFleet.root().resolve("schedules/calendars/holidays-de.ics") + "\n"
                + "note: schedule weekend-nights-new-york excludes the times of 2 events of "
                + DemoFleet.root().resolve("schedules/calendars/change-freeze.ics") + "\n");
    }

    @Test
    void saysThatTheFolderIsAnArgumentWhenGivenAsFleet() {
        Cli r = Cli.run("validate", "--fleet", DemoFleet.root().toString());
        assertThat(r.exitCode()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("unknown option '--fleet'; validate takes PATH as its argument: upshift validate PATH");
    }

    @Test
    void reportsEveryProblemOfEveryFileAsFileLineColumn(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("a.yaml"), "apiVersion: upshift.dev/v1alpha1\nkind: Relase\nmetadata: {name: x}\n");
        Files.writeString(dir.resolve("b.yaml"), "apiVersion: upshift.dev/v1\nkind: Release\nmetadata: {name: 1.0.0}\n");
        Files.writeString(dir.resolve("c.yaml"), "kind: Release\nkind: Release\n");
        Files.writeString(dir.resolve("d.yaml"), "a: [1, 2\n");
        Cli r = Cli.run("validate", dir.toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err().lines()).containsExactly(
                dir.resolve("a.yaml") + ":2:7: kind: unknown kind 'Relase'; did you mean 'Release'?",
                dir.resolve("b.yaml") + ":1:13: apiVersion: unknown apiVersion 'upshift.dev/v1' for kind Release; expected upshift.dev/v1alpha1",
                dir.resolve("c.yaml") + ":2:1: kind: duplicate key 'kind' (first at line 1)",
                dir.resolve("d.yaml") + ":2:1: invalid syntax: expected ',' or ']', but got <stream end> (while parsing a flow sequence that starts at line 1, column 4)");
    }

    @Test
    void aMissingFolderIsAnInputProblem() {
        Cli r = Cli.run("validate", "/no/such/folder");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).isEqualTo("/no/such/folder: no such file or folder\n");
    }

    @Test
    void rejectsHostileFilesQuicklyWithOneClearLineEach(@TempDir Path dir) throws IOException {
        Path big = dir.resolve("big.yaml");
        try (var out = Files.newBufferedWriter(big)) {
            String line = "# " + "x".repeat(1021) + "\n";
            for (int i = 0; i < 50 * 1024; i++) {
                out.write(line);
            }
        }
        StringBuilder bomb = new StringBuilder("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for (int i = 1; i <= 15; i++) {
            bomb.append("a").append(i).append(": &a").append(i).append(" [")
                    .append(String.join(", ", java.util.Collections.nCopies(10, "*a" + (i - 1)))).append("]\n");
        }
        Files.writeString(dir.resolve("bomb.yaml"), bomb);
        Files.writeString(dir.resolve("deep.yaml"), "a: " + "[".repeat(10_000) + "]".repeat(10_000) + "\n");
        Files.writeString(dir.resolve("tabs.yaml"), "kind: Release\nspec:\n\t- x\n");
        Cli r = Cli.run("validate", dir.toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err().lines()).containsExactly(
                big + ": input is larger than the limit of 8 MiB",
                dir.resolve("bomb.yaml") + ":6:45: alias *a4 expands the input beyond the limit of 1000000 values (an alias bomb?)",
                dir.resolve("deep.yaml") + ":1:133: nesting is deeper than the limit of 128 levels",
                dir.resolve("tabs.yaml") + ":3:1: invalid syntax: found character '\\t(TAB)' that cannot start any token."
                        + " (Do not use \\t(TAB) for indentation) (while scanning for the next token)");
    }
}
