package dev.upshift.adapters.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.UpshiftException;
import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.core.journal.LockHolder;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.testing.TestPostgres;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Importing a JSON-lines journal (version 1 or 2) into the PostgreSQL history, idempotently. */
class ImportTest {
    private static final AtomicInteger FLEETS = new AtomicInteger();
    private static final LockHolder ME = new LockHolder(1, "host", "a test");
    private static String url;

    @TempDir
    Path dir;

    private final String fleet = "fleet-" + FLEETS.incrementAndGet();
    private final List<PostgresHistoryStore> open = new ArrayList<>();

    @BeforeAll
    static void database() {
        url = TestPostgres.shared().freshDatabase();
    }

    @AfterEach
    void close() {
        open.forEach(PostgresHistoryStore::close);
    }

    private PostgresHistoryStore store() {
        PostgresHistoryStore s = PostgresHistoryStore.builder().url(url).fleet(fleet).build();
        open.add(s);
        return s;
    }

    /** A state folder holding the real version 1 journal kept in the tests' resources. */
    private Path version1() throws IOException {
        Path state = dir.resolve("state");
        Files.createDirectories(state);
        try (InputStream in = ImportTest.class.getResourceAsStream("v1/history.jsonl")) {
            Files.copy(in, JsonLinesJournal.file(state));
        }
        return state;
    }

    @Test
    @DisplayName("a version 1 journal is imported whole; again, nothing is added; migrated to version 2, still nothing")
    void importsAreIdempotent() throws IOException {
        Path state = version1();
        List<HistoryEntry> journal = JsonLinesJournal.read(state).entries();
        assertThat(JsonLinesJournal.read(state).version()).isEqualTo(1);
        PostgresHistoryStore store = store();
        ImportReport first = store.importJournal(journal);
        assertThat(first).isEqualTo(new ImportReport(fleet, 7, 0, 0));
        assertThat(first).hasToString("7 entries imported into fleet '" + fleet + "', 0 were already there");
        assertThat(store.entries()).isEqualTo(journal);
        assertThat(store.importJournal(journal)).isEqualTo(new ImportReport(fleet, 0, 7, 0));
        try (JsonLinesJournal migrated = JsonLinesJournal.open(state, ME)) {
            assertThat(JsonLinesJournal.read(state).version()).isEqualTo(2);
            assertThat(store.importJournal(migrated.entries())).isEqualTo(new ImportReport(fleet, 0, 7, 0));
        }
        assertThat(store.entries()).isEqualTo(journal);
    }

    @Test
    @DisplayName("a journal that grew since it was imported adds what is new, and raises the fence to its newest epoch")
    void aGrownJournalAddsWhatIsNew() throws IOException {
        Path state = version1();
        PostgresHistoryStore store = store();
        store.importJournal(JsonLinesJournal.read(state).entries());
        try (JsonLinesJournal journal = JsonLinesJournal.open(state, ME)) {
            journal.appendAll(List.of(Entries.of("x", Step.STARTING, 1, 0, 3), Entries.of("x", Step.PUBLISHED, 1, 1, 3)));
        }
        List<HistoryEntry> grown = JsonLinesJournal.read(state).entries();
        assertThat(store.importJournal(grown)).isEqualTo(new ImportReport(fleet, 2, 7, 3));
        assertThat(store.entries()).isEqualTo(grown);
        assertThat(store.takeEpoch()).isEqualTo(4);
    }

    @Test
    @DisplayName("equal entries in a journal are each imported once, as many as there are")
    void equalEntriesAreCountedByPlace() {
        HistoryEntry held = Entries.of("a", Step.HELD, 1, 0, 0);
        PostgresHistoryStore store = store();
        assertThat(store.importJournal(List.of(held, held))).isEqualTo(new ImportReport(fleet, 2, 0, 0));
        assertThat(store.importJournal(List.of(held, held, held))).isEqualTo(new ImportReport(fleet, 1, 2, 0));
        assertThat(store.entries()).containsExactly(held, held, held);
    }

    @Test
    @DisplayName("a journal that would record an attempt's start a second time is refused whole, naming the entry")
    void aSecondStartIsRefused() {
        PostgresHistoryStore store = store();
        store.append(Entries.of("a", Step.STARTING, 1, 0, 2));
        List<HistoryEntry> journal = List.of(Entries.of("b", Step.STARTING, 1, 0, 1), Entries.of("a", Step.STARTING, 1, 5, 1));
        assertThatThrownBy(() -> store.importJournal(journal)).isInstanceOf(UpshiftException.class)
                .hasMessage("could not import the journal into the PostgreSQL history at " + SqlErrors.redact(url)
                        + ", fleet '" + fleet + "': entry 2 of the journal records the starting of upgrade"
                        + " a:20.0.0..20.1.0#1, which the history already holds from an engine of epoch 2; an attempt's"
                        + " starting is recorded once; nothing was imported");
        List<HistoryEntry> twice = List.of(Entries.of("c", Step.PUBLISHED, 1, 0, 1), Entries.of("c", Step.PUBLISHED, 1, 1, 1));
        assertThatThrownBy(() -> store.importJournal(twice)).isInstanceOf(UpshiftException.class)
                .hasMessageContaining("entries 1 and 2 of the journal both record the published of upgrade c:20.0.0..20.1.0#1");
        assertThat(store.entries()).extracting(HistoryEntry::clusterId).containsExactly("a");
    }
}
