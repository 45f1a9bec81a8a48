package dev.upshift.adapters.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.common.problem.StaleWriterException;
import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.core.journal.LockHolder;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The PostgreSQL store against the history store contract, on a real server; and against the
 * embedded journal as an oracle: the same appends, with the same epochs, are accepted or refused
 * alike and read back alike.
 */
class PostgresHistoryStoreTest extends HistoryStoreContract {
    private static String url;

    @TempDir
    Path dir;

    private final List<AutoCloseable> open = new ArrayList<>();
    private static final java.util.concurrent.atomic.AtomicInteger FLEETS = new java.util.concurrent.atomic.AtomicInteger();

    @BeforeAll
    static void database() {
        url = PostgresServer.shared().freshDatabase();
    }

    @Override
    protected HistoryStore newStore() {
        return store("fleet-" + FLEETS.incrementAndGet());
    }

    @Override
    protected HistoryStore reopen(HistoryStore store) {
        PostgresHistoryStore old = (PostgresHistoryStore) store;
        old.close();
        return store(old.fleet());
    }

    private PostgresHistoryStore store(String fleet) {
        PostgresHistoryStore store = PostgresHistoryStore.builder().url(url).fleet(fleet).build();
        open.add(store);
        return store;
    }

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    @Test
    @DisplayName("random groups with random epochs: the store accepts and refuses exactly what the journal does, and holds the same")
    void agreesWithTheJournal() {
        qt().withExamples(30).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            PostgresHistoryStore store = (PostgresHistoryStore) newStore();
            JsonLinesJournal journal = JsonLinesJournal.open(dir.resolve("j" + Long.toHexString(seed)),
                    new LockHolder(1, "host", "a test"));
            open.add(journal);
            for (int groups = 1 + r.nextInt(8); groups > 0; groups--) {
                List<HistoryEntry> group = new ArrayList<>();
                for (int n = r.nextInt(4); n > 0; n--) {
                    group.add(Entries.random(r, r.nextInt(6)));
                }
                Throwable byJournal = catchThrowable(() -> journal.appendAll(group));
                Throwable byStore = catchThrowable(() -> store.appendAll(group));
                assertThat(byStore == null).as("refused %s: journal %s, store %s", group, byJournal, byStore)
                        .isEqualTo(byJournal == null);
                if (byJournal != null) {
                    assertThat(byStore).isInstanceOf(StaleWriterException.class);
                    assertThat(((StaleWriterException) byStore).acceptedEpoch())
                            .isEqualTo(((StaleWriterException) byJournal).acceptedEpoch());
                }
                assertThat(store.acceptedEpoch()).isEqualTo(journal.acceptedEpoch());
            }
            assertThat(store.entries()).isEqualTo(journal.entries());
            for (HistoryEntry e : journal.entries()) {
                assertThat(store.history(e.clusterId())).isEqualTo(journal.history(e.clusterId()));
            }
        });
    }
}
