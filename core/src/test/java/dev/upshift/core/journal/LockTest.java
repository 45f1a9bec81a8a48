package dev.upshift.core.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.testing.Processes;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One writer per state folder: a second opening is refused naming the holder, in this process and
 * from another; reading takes no lock; a holder that dies leaves no stale lock.
 */
class LockTest {
    private static final LockHolder ME = new LockHolder(1, "test-host", "a test");

    @TempDir
    Path dir;

    @Test
    @DisplayName("a second opening in the same process is refused, naming the holder; after close it opens")
    void secondOpeningInThisProcess() {
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, ME)) {
            journal.append(Entries.plain("a", 0));
            assertThatThrownBy(() -> JsonLinesJournal.open(dir, new LockHolder(2, "other", "another test")))
                    .isInstanceOfSatisfying(JournalLockedException.class, e -> {
                        assertThat(e.holder()).contains(ME);
                        assertThat(e.folder()).isEqualTo(dir);
                        assertThat(e).hasMessage("the journal in " + dir + " is in use: pid 1 on test-host, started by a"
                                + " test, holds its lock; one engine writes a state folder at a time: stop that one first,"
                                + " or give this one a state folder of its own");
                    });
            assertThat(JsonLinesJournal.read(dir).entries()).as("reading takes no lock").hasSize(1);
        }
        try (JsonLinesJournal again = JsonLinesJournal.open(dir, ME)) {
            assertThat(again.entries()).hasSize(1);
        }
    }

    @Test
    @DisplayName("a holder in this very process says so")
    void theHolderIsThisProcess() {
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, LockHolder.current("this test"))) {
            assertThatThrownBy(() -> JsonLinesJournal.open(dir)).isInstanceOf(JournalLockedException.class)
                    .hasMessageContaining("pid " + ProcessHandle.current().pid() + " on ")
                    .hasMessageContaining("started by this test (this very process: the journal is already open here)");
        }
    }

    @Test
    @DisplayName("while another process holds the journal, opening it is refused naming that process; once it is killed, it opens")
    void anotherProcessHoldsIt() throws IOException, InterruptedException {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), HoldJournal.class.getName(), dir.toString())
                .redirectErrorStream(true).start();
        try {
            String said = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            assertThat(said).isEqualTo("holding " + child.pid());
            assertThatThrownBy(() -> JsonLinesJournal.open(dir, ME)).isInstanceOfSatisfying(JournalLockedException.class,
                    e -> {
                        assertThat(e.holder()).contains(new LockHolder(child.pid(), "child-host", "the lock test's child"));
                        assertThat(e).hasMessageContaining("is in use: pid " + child.pid()
                                + " on child-host, started by the lock test's child, holds its lock");
                    });
            assertThat(JsonLinesJournal.cleanup(dir).removed()).isEmpty();
            assertThat(JsonLinesJournal.read(dir).exists()).isTrue();
        } finally {
            Processes.end(child);
        }
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, ME)) {
            assertThat(journal.entries()).as("a killed holder leaves no stale lock").isEmpty();
        }
        assertThat(Files.readString(dir.resolve("history.lock"))).as("the note is emptied on close").isEmpty();
    }

    @Test
    @DisplayName("a lock file whose note cannot be read still refuses, saying the holder is unknown")
    void unreadableNote() throws IOException {
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, ME)) {
            Files.writeString(dir.resolve("history.lock"), "not json");
            assertThatThrownBy(() -> JsonLinesJournal.open(dir, ME)).isInstanceOfSatisfying(JournalLockedException.class,
                    e -> assertThat(e.holder()).isEmpty()).hasMessageContaining(
                            "is in use: another process holds its lock and has not said which;");
        }
    }
}
