package dev.upshift.core.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.spi.HistoryEntry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crash mid-append leaves the last line without its line end: opening for writing removes it and
 * says so; reading leaves the file alone and leaves the line out. Checked at every byte offset of the
 * last line.
 */
class TornTailTest {
    private static final LockHolder ME = new LockHolder(1, "test-host", "a test");

    @TempDir
    Path dir;

    private int folders;

    @Test
    @DisplayName("a last line cut at any byte (its line end included) is left out by reading and removed by opening")
    void everyOffsetOfTheLastLine() {
        HistoryEntry last = JournalFormatTest.withMessage(Entries.plain("b", 2), "Prüfung „bestanden“ \uD83D\uDE80");
        check(List.of(Entries.plain("a", 0), Entries.plain("b", 1)), last, null);
    }

    @Test
    @DisplayName("the same for random entries at a random offset, and at the first and the last byte")
    void randomEntriesAtRandomOffsets() {
        qt().withExamples(25).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            List<HistoryEntry> before = List.of(Entries.random(r).withEpoch(0));
            check(before, Entries.random(r).withEpoch(0), r);
        });
    }

    @Test
    @DisplayName("a first line without its line end: reading finds no entries; opening starts the journal again and says so")
    void tornHeader() throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("history.jsonl"), "{\"format\":\"upshift-hi");
        JournalSnapshot read = JsonLinesJournal.read(dir);
        assertThat(read.exists()).isTrue();
        assertThat(read.version()).isZero();
        assertThat(read.entries()).isEmpty();
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, ME)) {
            assertThat(journal.notices()).singleElement().satisfies(n -> {
                assertThat(n.kind()).isEqualTo(JournalNotice.Kind.REPAIRED);
                assertThat(n.message()).contains("its first line was incomplete (21 bytes)");
            });
            journal.append(Entries.plain("a", 0));
        }
        assertThat(JsonLinesJournal.read(dir).entries()).containsExactly(Entries.plain("a", 0));
    }

    /** Writes the entries, then cuts the last one's line at every offset (or, with {@code r}, at three). */
    private void check(List<HistoryEntry> before, HistoryEntry last, Random r) {
        Path whole = folder();
        try (JsonLinesJournal journal = JsonLinesJournal.open(whole, ME)) {
            journal.appendAll(before);
            journal.append(last);
        }
        byte[] bytes = read(JsonLinesJournal.file(whole));
        int lastLine = lastLineStart(bytes);
        int length = bytes.length - lastLine;
        int[] offsets = r == null ? range(length) : new int[] {1, length - 1, 1 + r.nextInt(length - 1)};
        for (int kept : offsets) {
            byte[] cut = Arrays.copyOf(bytes, lastLine + kept);
            Path state = folder();
            write(JsonLinesJournal.file(state), cut);

            JournalSnapshot snapshot = JsonLinesJournal.read(state);
            assertThat(snapshot.entries()).as("read, cut after %d bytes", kept).isEqualTo(before);
            assertThat(snapshot.notices()).singleElement().satisfies(n -> {
                assertThat(n.kind()).isEqualTo(JournalNotice.Kind.LEFT_OUT);
                assertThat(n.message()).startsWith(JsonLinesJournal.file(state) + ":" + (before.size() + 2) + ": ")
                        .contains("(" + kept + " bytes without a line end)");
            });
            assertThat(read(JsonLinesJournal.file(state))).as("reading changes nothing").isEqualTo(cut);

            try (JsonLinesJournal journal = JsonLinesJournal.open(state, ME)) {
                assertThat(journal.entries()).as("opened, cut after %d bytes", kept).isEqualTo(before);
                assertThat(journal.notices()).singleElement().satisfies(n -> {
                    assertThat(n.kind()).isEqualTo(JournalNotice.Kind.REPAIRED);
                    assertThat(n.message()).contains(":" + (before.size() + 2) + ": the last line was incomplete ("
                            + kept + " bytes");
                });
                assertThat(read(JsonLinesJournal.file(state))).isEqualTo(Arrays.copyOf(bytes, lastLine));
                journal.append(last);
            }
            assertThat(read(JsonLinesJournal.file(state))).as("appending after the repair").isEqualTo(bytes);
        }
    }

    private static int[] range(int length) {
        int[] out = new int[length - 1];
        for (int i = 0; i < out.length; i++) {
            out[i] = i + 1;
        }
        return out;
    }

    private static int lastLineStart(byte[] bytes) {
        int i = bytes.length - 2;
        while (bytes[i] != '\n') {
            i--;
        }
        return i + 1;
    }

    private Path folder() {
        Path p = dir.resolve("state-" + folders++);
        try {
            return Files.createDirectories(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void write(Path file, byte[] bytes) {
        try {
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
