package dev.upshift.core.journal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.spi.HistoryEntry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DESIGN.md section 10's fleet: 100,000 clusters. Reading the journal is one pass, and each cluster's
 * history is an index lookup, so that the engine's per-cluster reads cost no more than the journal's
 * size in all.
 */
class JournalScaleTest {
    private static final int CLUSTERS = 100_000;

    @TempDir
    Path dir;

    @Test
    @DisplayName("100,000 clusters of two entries each: every history reads back, from the file, in order")
    void aHundredThousandClusters() {
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, new LockHolder(1, "test-host", "a test"))) {
            for (int round = 0; round < 2; round++) {
                List<HistoryEntry> group = new ArrayList<>(10_000);
                for (int c = 0; c < CLUSTERS; c++) {
                    group.add(Entries.plain("cluster-" + c, round));
                    if (group.size() == 10_000) {
                        journal.appendAll(group);
                        group.clear();
                    }
                }
            }
        }
        JournalSnapshot read = JsonLinesJournal.read(dir);
        assertThat(read.entries()).hasSize(2 * CLUSTERS);
        for (int c = 0; c < CLUSTERS; c++) {
            String id = "cluster-" + c;
            assertThat(read.history(id)).containsExactly(Entries.plain(id, 0), Entries.plain(id, 1));
        }
    }
}
