package dev.upshift.core.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.common.problem.InputException;
import dev.upshift.spi.HistoryEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One entry as one journal line, for stores that keep the journal's JSON (the PostgreSQL history). */
class JournalLinesTest {
    @TempDir
    Path dir;

    @Test
    @DisplayName("a line is the line the journal writes to its file, and reads back equal")
    void linesAreTheJournalsLines() {
        qt().withExamples(30).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            List<HistoryEntry> entries = new ArrayList<>();
            for (int i = 1 + r.nextInt(10); i > 0; i--) {
                entries.add(Entries.random(r).withEpoch(0));
            }
            Path state = dir.resolve("s" + Long.toHexString(seed));
            try (JsonLinesJournal journal = JsonLinesJournal.open(state, new LockHolder(1, "host", "a test"))) {
                journal.appendAll(entries);
            }
            List<String> file = fileLines(state);
            assertThat(file.subList(1, file.size())).isEqualTo(entries.stream().map(JournalLines::line).toList());
            for (HistoryEntry e : entries) {
                assertThat(JournalLines.entry(JournalLines.line(e), "row")).isEqualTo(e);
            }
        });
    }

    @Test
    @DisplayName("a line that is not an entry is an error naming its source and field")
    void badLinesNameTheirSource() {
        String line = JournalLines.line(Entries.plain("prod-eu-1", 0)).replace("\"attempt\":1", "\"attempt\":0");
        assertThatThrownBy(() -> JournalLines.entry(line, "history row 42"))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("history row 42")
                .hasMessageContaining("attempt: expected a whole number from 1");
        assertThatThrownBy(() -> JournalLines.entry("{\"at\":", "history row 43"))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("history row 43")
                .hasMessageContaining("not a JSON line");
    }

    @Test
    @DisplayName("an entry the journal cannot write is refused as the journal refuses it")
    void unwritableEntriesAreRefused() {
        HistoryEntry far = Entries.plain("c", 0);
        HistoryEntry tooFar = new HistoryEntry(java.time.Instant.parse("+10000-01-01T00:00:00Z"), far.clusterId(),
                far.upgradeId(), far.from(), far.to(), far.intent(), far.state(), far.message(), far.reasons(),
                far.step(), far.hop(), far.attempt(), far.owedHooks(), far.epoch());
        assertThatThrownBy(() -> JournalLines.line(tooFar)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("RFC 3339");
    }

    private static List<String> fileLines(Path state) {
        try {
            String text = Files.readString(JsonLinesJournal.file(state), StandardCharsets.UTF_8);
            return List.of(text.split("\n", -1)).subList(0, (int) text.chars().filter(c -> c == '\n').count());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
