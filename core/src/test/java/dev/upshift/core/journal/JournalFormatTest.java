package dev.upshift.core.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal's version 2 format (docs/journal.md): what it writes, field by field, and that it reads it back. */
class JournalFormatTest {
    @TempDir
    Path dir;

    private static final LockHolder ME = new LockHolder(1, "test-host", "a test");

    @Test
    @DisplayName("random entries, appended in random groups, read back equal after reopening, and each line is the documented object")
    void randomEntriesRoundTrip() {
        qt().withExamples(40).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            Path state = dir.resolve("s" + Long.toHexString(seed));
            List<HistoryEntry> written = new ArrayList<>();
            for (int i = r.nextInt(40); i > 0; i--) {
                written.add(Entries.random(r));
            }
            written.sort(Comparator.comparingLong(HistoryEntry::epoch));
            try (JsonLinesJournal journal = JsonLinesJournal.open(state, ME)) {
                for (int i = 0; i < written.size(); ) {
                    int n = Math.min(written.size() - i, r.nextInt(5));
                    journal.appendAll(written.subList(i, i + n));
                    i += n;
                }
                assertThat(journal.entries()).isEqualTo(written);
            }
            try (JsonLinesJournal again = JsonLinesJournal.open(state, ME)) {
                assertThat(again.entries()).isEqualTo(written);
                for (HistoryEntry e : written) {
                    assertThat(again.history(e.clusterId()))
                            .isEqualTo(written.stream().filter(w -> w.clusterId().equals(e.clusterId())).toList());
                }
                assertThat(again.acceptedEpoch()).isEqualTo(written.isEmpty() ? 0 : written.get(written.size() - 1).epoch());
            }
            assertThat(JsonLinesJournal.read(state).entries()).isEqualTo(written);
            List<String> lines = lines(state);
            assertThat(lines).hasSize(written.size() + 1);
            for (int i = 0; i < written.size(); i++) {
                Oracle.assertLineIs(lines.get(i + 1), written.get(i));
            }
        });
    }

    @Test
    @DisplayName("a new journal's first line names the format and version 2, and nothing else")
    void header() throws IOException {
        JsonLinesJournal.open(dir, ME).close();
        assertThat(Files.readString(dir.resolve("history.jsonl"), StandardCharsets.UTF_8))
                .isEqualTo("{\"format\":\"upshift-history\",\"version\":2}\n");
    }

    @Test
    @DisplayName("an entry is written as docs/journal.md shows it, byte for byte")
    void documentedLine() throws IOException {
        HistoryEntry e = new HistoryEntry(Instant.parse("2026-03-10T07:00:00Z"), "prod-eu-1", "prod-eu-1/19.3.1-20.0.3/1",
                Version.parse("19.3.1"), Version.parse("20.0.3"), Optional.of("fleet-to-20.1"), UpgradeState.WAITING,
                "held by an approval gate", List.of(Reason.until("HOOK_HELD", "change CHG-1042 awaits approval",
                        Instant.parse("2026-03-10T09:00:00Z"))), HistoryEntry.Step.HELD,
                new HistoryEntry.Hop(1, 2, Version.parse("20.1.0")), 1, List.of(), 3);
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, ME)) {
            journal.append(e);
        }
        assertThat(lines(dir).get(1)).isEqualTo("{\"at\":\"2026-03-10T07:00:00Z\",\"cluster\":\"prod-eu-1\","
                + "\"upgradeId\":\"prod-eu-1/19.3.1-20.0.3/1\",\"intent\":\"fleet-to-20.1\",\"from\":\"19.3.1\","
                + "\"to\":\"20.0.3\",\"state\":\"waiting\",\"message\":\"held by an approval gate\",\"reasons\":[{"
                + "\"code\":\"HOOK_HELD\",\"message\":\"change CHG-1042 awaits approval\",\"until\":"
                + "\"2026-03-10T09:00:00Z\"}],\"step\":\"held\",\"hop\":{\"number\":1,\"count\":2,\"target\":\"20.1.0\"},"
                + "\"attempt\":1,\"owedHooks\":[],\"epoch\":3}");
    }

    @Test
    @DisplayName("text that UTF-8 cannot carry as it is (lone surrogates) and control characters are escaped, and read back equal")
    void escapes() throws IOException {
        HistoryEntry e = withMessage(Entries.plain("c", 0), "a\uD800b\uDC00c\u2028\u0001\uD83D\uDE80é\"\\");
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, ME)) {
            journal.append(e);
        }
        String line = lines(dir).get(1);
        assertThat(line).contains("\"message\":\"a\\ud800b\\udc00c\\u2028\\u0001\uD83D\uDE80é\\\"\\\\\"");
        assertThat(JsonLinesJournal.read(dir).entries()).containsExactly(e);
    }

    @Test
    @DisplayName("an instant RFC 3339 cannot write (a five-digit year) is refused, and nothing of its group is appended")
    void instantsBeyondRfc3339AreRefused() throws IOException {
        HistoryEntry far = new HistoryEntry(Instant.parse("+10000-01-01T00:00:00Z"), "c", "u", Version.parse("1.0.0"),
                Version.parse("1.0.0"), Optional.empty(), UpgradeState.READY, "", List.of());
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, ME)) {
            assertThatThrownBy(() -> journal.appendAll(List.of(Entries.plain("c", 0), far)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("+10000-01-01T00:00:00Z")
                    .hasMessageContaining("years run from 0000 to 9999");
            assertThat(journal.entries()).isEmpty();
        }
        assertThat(lines(dir)).hasSize(1);
    }

    @Test
    @DisplayName("an entry whose line would pass 1 MiB is refused, and nothing of its group is appended")
    void linesOverTheLimitAreRefused() throws IOException {
        HistoryEntry huge = withMessage(Entries.plain("c", 1), "x".repeat(1 << 20));
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, ME)) {
            assertThatThrownBy(() -> journal.appendAll(List.of(Entries.plain("c", 0), huge)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("over the limit of 1048576");
            journal.append(withMessage(Entries.plain("c", 1), "x".repeat((1 << 20) - 400)));
        }
        assertThat(JsonLinesJournal.read(dir).entries()).hasSize(1);
    }

    @Test
    @DisplayName("a group is one write: the file grows by its lines, in order; an empty group writes nothing")
    void groupsAreWrittenInOrder() throws IOException {
        List<HistoryEntry> group = List.of(Entries.plain("a", 0), Entries.plain("b", 1), Entries.plain("a", 2));
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, ME)) {
            journal.appendAll(List.of());
            journal.appendAll(group);
            assertThat(journal.history("a")).containsExactly(group.get(0), group.get(2));
            assertThat(journal.history("nobody")).isEmpty();
        }
        List<String> lines = lines(dir);
        assertThat(lines).hasSize(4);
        for (int i = 0; i < group.size(); i++) {
            Oracle.assertLineIs(lines.get(i + 1), group.get(i));
        }
    }

    @Test
    @DisplayName("a list read earlier is a snapshot: later appends leave it as it was")
    void readsAreSnapshots() {
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, ME)) {
            journal.append(Entries.plain("a", 0));
            List<HistoryEntry> all = journal.entries();
            List<HistoryEntry> mine = journal.history("a");
            for (int i = 1; i < 20; i++) {
                journal.append(Entries.plain("a", i));
            }
            assertThat(all).containsExactly(Entries.plain("a", 0));
            assertThat(mine).containsExactly(Entries.plain("a", 0));
            assertThat(journal.entries()).hasSize(20);
            assertThatThrownBy(() -> all.add(Entries.plain("a", 0))).isInstanceOf(UnsupportedOperationException.class);
        }
    }

    @Test
    @DisplayName("a closed journal still answers reads, refuses appends, and closes twice without harm")
    void closed() {
        JsonLinesJournal journal = JsonLinesJournal.open(dir, ME);
        journal.append(Entries.plain("a", 0));
        journal.close();
        journal.close();
        assertThat(journal.entries()).hasSize(1);
        assertThatThrownBy(() -> journal.append(Entries.plain("a", 1))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is closed");
    }

    static HistoryEntry withMessage(HistoryEntry e, String message) {
        return new HistoryEntry(e.at(), e.clusterId(), e.upgradeId(), e.from(), e.to(), e.intent(), e.state(), message,
                e.reasons(), e.step(), e.hop(), e.attempt(), e.owedHooks(), e.epoch());
    }

    static List<String> lines(Path state) {
        try {
            return Files.readAllLines(state.resolve("history.jsonl"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
