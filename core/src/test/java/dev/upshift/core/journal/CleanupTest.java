package dev.upshift.core.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Cleanup removes what migrations left behind, and nothing else, and never the only copy of a journal. */
class CleanupTest {
    private static final LockHolder ME = new LockHolder(1, "test-host", "a test");

    @TempDir
    Path dir;

    @Test
    @DisplayName("after a migration it removes the kept version 1 journal, once; the journal reads as before")
    void removesTheKeptJournal() throws IOException {
        MigrationTest.install(dir);
        JsonLinesJournal.open(dir, ME).close();
        int entries = JsonLinesJournal.read(dir).entries().size();

        CleanupReport report = JsonLinesJournal.cleanup(dir);
        assertThat(report.removed()).containsExactly(dir.resolve("history.v1.jsonl"));
        assertThat(report.notes()).isEmpty();
        assertThat(MigrationTest.files(dir)).containsExactly("history.jsonl", "history.lock");
        assertThat(JsonLinesJournal.read(dir).entries()).hasSize(entries);

        assertThat(JsonLinesJournal.cleanup(dir).removed()).as("a second cleanup").isEmpty();
    }

    @Test
    @DisplayName("a version 1 journal not migrated yet is the only copy: a file named like a kept one is left, with a note")
    void neverTheOnlyCopy() throws IOException {
        byte[] v1 = MigrationTest.install(dir);
        Files.write(dir.resolve("history.v1.jsonl"), v1);
        CleanupReport report = JsonLinesJournal.cleanup(dir);
        assertThat(report.removed()).isEmpty();
        assertThat(report.notes()).containsExactly(dir.resolve("history.v1.jsonl") + " is kept: the journal "
                + dir.resolve("history.jsonl") + " is not of version 2 yet (the engine migrates it when it next starts)");
        assertThat(Files.readAllBytes(dir.resolve("history.jsonl"))).isEqualTo(v1);
    }

    @Test
    @DisplayName("it removes an interrupted migration's temporary files when no engine holds the folder")
    void removesTemporaryFiles() throws IOException {
        JsonLinesJournal.open(dir, ME).close();
        Files.writeString(dir.resolve("history.jsonl.tmp"), "{");
        Files.writeString(dir.resolve("history.v1.jsonl.tmp"), "{");
        Files.writeString(dir.resolve("events.jsonl"), "{}\n");
        assertThat(JsonLinesJournal.cleanup(dir).removed())
                .containsExactly(dir.resolve("history.jsonl.tmp"), dir.resolve("history.v1.jsonl.tmp"));
        assertThat(MigrationTest.files(dir)).containsExactly("events.jsonl", "history.jsonl", "history.lock");
    }

    @Test
    @DisplayName("while an engine holds the folder it still removes the kept journal, but leaves temporary files, naming the holder")
    void whileAnEngineRuns() throws IOException {
        MigrationTest.install(dir);
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, ME)) {
            Files.writeString(dir.resolve("history.jsonl.tmp"), "{");
            CleanupReport report = JsonLinesJournal.cleanup(dir);
            assertThat(report.removed()).containsExactly(dir.resolve("history.v1.jsonl"));
            assertThat(report.notes()).containsExactly(dir.resolve("history.jsonl.tmp") + " is left: pid 1 on test-host,"
                    + " started by a test holds the journal and may be writing it");
            journal.append(Entries.plain("a", 0));
        }
        assertThat(JsonLinesJournal.read(dir).entries()).hasSize(8);
    }

    @Test
    @DisplayName("a state folder that does not exist has nothing to clean up, and is not created")
    void noFolder() {
        Path absent = dir.resolve("absent");
        assertThat(JsonLinesJournal.cleanup(absent)).isEqualTo(new CleanupReport(absent, List.of(), List.of()));
        assertThat(absent).doesNotExist();
    }
}
