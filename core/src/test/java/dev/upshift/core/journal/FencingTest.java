package dev.upshift.core.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.StaleWriterException;
import dev.upshift.spi.HistoryEntry;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writers carry an epoch; the journal refuses one older than it has accepted, and appends nothing of its group. */
class FencingTest {
    private static final LockHolder ME = new LockHolder(1, "test-host", "a test");

    @TempDir
    Path dir;

    @Test
    @DisplayName("an entry of an older epoch is refused with both epochs named; equal and newer epochs are accepted")
    void olderEpochsAreRefused() {
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, ME)) {
            assertThat(journal.acceptedEpoch()).isZero();
            journal.append(Entries.plain("a", 0, 5));
            journal.append(Entries.plain("a", 1, 5));
            assertThatThrownBy(() -> journal.append(Entries.plain("a", 2, 4)))
                    .isInstanceOfSatisfying(StaleWriterException.class, e -> {
                        assertThat(e.epoch()).isEqualTo(4);
                        assertThat(e.acceptedEpoch()).isEqualTo(5);
                        assertThat(e).hasMessage("the history refused a write from engine epoch 4: epoch 5 has written"
                                + " since, so another engine has taken over; this one stops");
                    });
            journal.append(Entries.plain("a", 2, 6));
            assertThat(journal.acceptedEpoch()).isEqualTo(6);
            assertThat(journal.entries()).extracting(HistoryEntry::epoch).containsExactly(5L, 5L, 6L);
        }
        assertThat(JournalFormatTest.lines(dir)).hasSize(4);
    }

    @Test
    @DisplayName("a group with one stale entry, or whose epochs go down, is refused whole: nothing of it reaches the file")
    void groupsAreRefusedWhole() {
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, ME)) {
            journal.append(Entries.plain("a", 0, 5));
            List<String> before = JournalFormatTest.lines(dir);
            assertThatThrownBy(() -> journal.appendAll(List.of(Entries.plain("b", 1, 7), Entries.plain("c", 2, 3))))
                    .isInstanceOf(StaleWriterException.class);
            assertThatThrownBy(() -> journal.appendAll(List.of(Entries.plain("b", 1, 8), Entries.plain("c", 2, 6))))
                    .isInstanceOf(StaleWriterException.class);
            assertThat(JournalFormatTest.lines(dir)).isEqualTo(before);
            assertThat(journal.entries()).hasSize(1);
            assertThat(journal.history("b")).isEmpty();
            assertThat(journal.acceptedEpoch()).isEqualTo(5);
        }
    }

    @Test
    @DisplayName("the newest epoch is remembered through the file: an engine that lost its lease cannot record after a newer one")
    void theEpochSurvivesReopening() {
        try (JsonLinesJournal first = JsonLinesJournal.open(dir, ME)) {
            first.append(Entries.plain("a", 0, 1));
        }
        try (JsonLinesJournal second = JsonLinesJournal.open(dir, ME)) {
            assertThat(second.acceptedEpoch()).isEqualTo(1);
            second.append(Entries.plain("a", 1, second.acceptedEpoch() + 1));
        }
        try (JsonLinesJournal stale = JsonLinesJournal.open(dir, ME)) {
            assertThat(stale.acceptedEpoch()).isEqualTo(2);
            assertThatThrownBy(() -> stale.append(Entries.plain("a", 2, 1))).isInstanceOf(StaleWriterException.class);
        }
        assertThat(JsonLinesJournal.read(dir).entries()).extracting(HistoryEntry::epoch).containsExactly(1L, 2L);
    }

    @Test
    @DisplayName("a claim ahead of the first entry fences older writers at once, and outlives the process in history.fence")
    void aClaimFencesAheadOfTheFirstEntry() throws Exception {
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, ME)) {
            journal.claimEpoch(0);
            assertThat(dir.resolve("history.fence")).as("claiming the fence's own epoch writes nothing").doesNotExist();
            journal.claimEpoch(4);
            journal.claimEpoch(4);
            assertThat(journal.acceptedEpoch()).isEqualTo(4);
            assertThatThrownBy(() -> journal.append(Entries.plain("a", 0, 3))).isInstanceOf(StaleWriterException.class);
            assertThat(journal.entries()).isEmpty();
        }
        assertThat(java.nio.file.Files.readString(dir.resolve("history.fence"))).isEqualTo("4\n");
        try (JsonLinesJournal again = JsonLinesJournal.open(dir, ME)) {
            assertThat(again.acceptedEpoch()).isEqualTo(4);
            assertThatThrownBy(() -> again.claimEpoch(3)).isInstanceOfSatisfying(StaleWriterException.class, e -> {
                assertThat(e.epoch()).isEqualTo(3);
                assertThat(e.acceptedEpoch()).isEqualTo(4);
                assertThat(e.getMessage()).contains("is fenced at epoch 4, newer than the epoch 3 this writer claims");
            });
            assertThatThrownBy(() -> again.append(Entries.plain("a", 0, 3))).isInstanceOf(StaleWriterException.class);
            again.append(Entries.plain("a", 0, 4));
            again.append(Entries.plain("a", 1, 6));
            assertThatThrownBy(() -> again.claimEpoch(5)).isInstanceOf(StaleWriterException.class);
            assertThatThrownBy(() -> again.claimEpoch(-1)).isInstanceOf(IllegalArgumentException.class);
        }
        try (JsonLinesJournal third = JsonLinesJournal.open(dir, ME)) {
            assertThat(third.acceptedEpoch()).as("the newest of the claim and the entries").isEqualTo(6);
        }
        assertThat(JsonLinesJournal.read(dir).entries()).extracting(HistoryEntry::epoch).containsExactly(4L, 6L);
        assertThat(JsonLinesJournal.cleanup(dir).removed()).isEmpty();
        assertThat(dir.resolve("history.fence")).exists();
    }

    @Test
    @DisplayName("a closed journal claims nothing; a fence file that holds no epoch is an error naming it")
    void claimsNeedAnOpenJournalAndAWholeFence() throws Exception {
        JsonLinesJournal journal = JsonLinesJournal.open(dir, ME);
        journal.close();
        assertThatThrownBy(() -> journal.claimEpoch(1)).isInstanceOf(IllegalStateException.class);
        java.nio.file.Files.writeString(dir.resolve("history.fence"), "seven\n");
        assertThatThrownBy(() -> JsonLinesJournal.open(dir, ME)).isInstanceOf(dev.upshift.common.problem.InputException.class)
                .hasMessageContaining("history.fence:1").hasMessageContaining("holds no epoch");
    }
}
