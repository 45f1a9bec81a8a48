package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.core.journal.LockHolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code upshift cleanup}: removes what journal migrations left behind, says what, and nothing else. */
class CleanupCommandTest {
    private static final LockHolder ME = new LockHolder(1, "test-host", "a test");
    private static final String V1 = "{\"format\":\"upshift-history\",\"version\":1}\n{\"at\":\"2026-12-14T09:00:00Z\","
            + "\"cluster\":\"c-1\",\"upgradeId\":\"c-1/1\",\"intent\":null,\"from\":\"1.0.0\",\"to\":\"1.1.0\","
            + "\"state\":\"inProgress\",\"message\":\"\",\"reasons\":[]}\n";

    @TempDir
    Path fleet;

    @Test
    @DisplayName("after a migration it removes the kept version 1 journal and says so; a second run has nothing to do")
    void afterAMigration() throws IOException {
        Path state = Files.createDirectories(fleet.resolve(".upshift"));
        Files.writeString(state.resolve("history.jsonl"), V1);
        JsonLinesJournal.open(state, ME).close();
        assertThat(state.resolve("history.v1.jsonl")).exists();

        Cli r = Cli.run("cleanup", "--fleet", fleet.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo("removed " + state.resolve("history.v1.jsonl") + "\n");
        assertThat(r.err()).isEmpty();
        assertThat(Cli.run("history", "--fleet", fleet.toString()).out().lines()).hasSize(2);

        Cli again = Cli.run("cleanup", "--state", state.toString());
        assertThat(again.out()).isEqualTo("Nothing to clean up in " + state + ".\n");
    }

    @Test
    @DisplayName("while an engine holds the folder, temporary files stay, with a note naming the holder")
    void whileAnEngineRuns() throws IOException {
        Path state = fleet.resolve(".upshift");
        try (JsonLinesJournal journal = JsonLinesJournal.open(state, ME)) {
            Files.writeString(state.resolve("history.jsonl.tmp"), "{");
            Cli r = Cli.run("cleanup", "--fleet", fleet.toString());
            assertThat(r.exitCode()).isZero();
            assertThat(r.out()).isEqualTo("Nothing to clean up in " + state + ".\n");
            assertThat(r.err()).isEqualTo("upshift: note: " + state.resolve("history.jsonl.tmp") + " is left: pid 1 on"
                    + " test-host, started by a test holds the journal and may be writing it\n");
        }
        assertThat(Cli.run("cleanup", "--fleet", fleet.toString()).out())
                .isEqualTo("removed " + state.resolve("history.jsonl.tmp") + "\n");
    }

    @Test
    @DisplayName("a fleet without a state folder has nothing to clean up, and gets none")
    void noStateFolder() {
        Cli r = Cli.run("cleanup", "--fleet", fleet.toString());
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).isEqualTo("Nothing to clean up in " + fleet.resolve(".upshift") + ".\n");
        assertThat(fleet.resolve(".upshift")).doesNotExist();
    }
}
