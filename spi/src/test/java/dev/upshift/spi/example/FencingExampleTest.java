package dev.upshift.spi.example;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.StaleWriterException;
import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.InMemoryHistoryStore;
import dev.upshift.spi.UpgradeState;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** docs/spi.md's fencing example, compiled and run: its comments say what it prints and keeps. */
class FencingExampleTest {
    private static HistoryEntry entry(long epoch) {
        return new HistoryEntry(Instant.parse("2026-03-10T10:00:00Z"), "prod-eu-1", "prod-eu-1:19.3.1..20.1.0#1",
                Version.parse("19.3.1"), Version.parse("20.1.0"), Optional.empty(), UpgradeState.IN_PROGRESS, "",
                List.of(), HistoryEntry.Step.STARTING, HistoryEntry.Hop.only(Version.parse("20.1.0")), 1, List.of(),
                epoch);
    }

    @Test
    @DisplayName("a claim fences the older writer out before the new one has written anything")
    void fencing() {
        HistoryEntry ofEpoch2 = entry(2);
        HistoryEntry ofEpoch3 = entry(3);
        PrintStream out = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        List<HistoryEntry> kept;
        try {
            // tag::fencing[]
            InMemoryHistoryStore history = new InMemoryHistoryStore();
            history.claimEpoch(3); // the writer of epoch 3 takes over, before its first entry
            try {
                history.append(ofEpoch2); // a writer that lost its lease, and does not know it yet
            } catch (StaleWriterException e) {
                System.out.println(e.epoch() + " refused, fence at " + e.acceptedEpoch()); // 2 refused, fence at 3
            }
            history.append(ofEpoch3);
            List<HistoryEntry> recorded = history.entries(); // a snapshot: later appends do not change it
            // end::fencing[]
            kept = recorded;
            history.append(entry(3));
        } finally {
            System.setOut(out);
        }
        assertThat(printed.toString(StandardCharsets.UTF_8)).isEqualTo("2 refused, fence at 3" + System.lineSeparator());
        assertThat(kept).containsExactly(ofEpoch3);
    }
}
