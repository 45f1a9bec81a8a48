package dev.upshift.core.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.UpshiftException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** When the disk fails a write, nothing of the group counts as recorded, and the journal stops taking appends. */
class WriteFailureTest {
    private static final LockHolder ME = new LockHolder(1, "test-host", "a test");

    @TempDir
    Path dir;

    @Test
    @DisplayName("a failed write throws, records nothing, refuses later appends; opening again finds what reached the disk")
    void aFailedWrite() throws IOException {
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, ME)) {
            journal.append(Entries.plain("a", 0));
            journal.channel().close();
            assertThatThrownBy(() -> journal.appendAll(List.of(Entries.plain("a", 1), Entries.plain("b", 2))))
                    .isInstanceOf(UpshiftException.class)
                    .hasMessageStartingWith("could not write 2 entries to the journal " + JsonLinesJournal.file(dir)
                            + "; none of them counts as recorded: ");
            assertThat(journal.entries()).containsExactly(Entries.plain("a", 0));
            assertThat(journal.history("b")).isEmpty();
            assertThatThrownBy(() -> journal.append(Entries.plain("a", 3))).isInstanceOf(UpshiftException.class)
                    .hasMessageStartingWith("the journal " + JsonLinesJournal.file(dir) + " refuses appends since a write"
                            + " to it failed (").hasMessageEndingWith("); open it again to go on from what reached the disk");
        }
        try (JsonLinesJournal again = JsonLinesJournal.open(dir, ME)) {
            assertThat(again.entries()).containsExactly(Entries.plain("a", 0));
            again.append(Entries.plain("a", 1));
        }
        assertThat(JsonLinesJournal.read(dir).entries()).hasSize(2);
    }

    @Test
    @DisplayName("a state folder that is a file is an error saying so")
    void aStateFolderThatIsAFile() throws IOException {
        Path file = Files.writeString(dir.resolve("state"), "x");
        assertThatThrownBy(() -> JsonLinesJournal.open(file, ME)).isInstanceOf(UpshiftException.class)
                .hasMessage("the state folder " + file + " is a file, not a folder");
    }
}
