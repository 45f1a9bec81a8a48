package dev.upshift.adapters.postgres;

import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.core.journal.LockHolder;
import dev.upshift.spi.HistoryStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract run against the embedded journal, the reference store: the checks hold for it, so a
 * difference the PostgreSQL store shows is the PostgreSQL store's.
 */
class JournalContractTest extends HistoryStoreContract {
    private static final LockHolder ME = new LockHolder(1, "test-host", "a test");

    @TempDir
    Path dir;

    private final List<JsonLinesJournal> open = new ArrayList<>();
    private int folders;

    @Override
    protected HistoryStore newStore() {
        return opened(JsonLinesJournal.open(dir.resolve("state" + folders++), ME));
    }

    @Override
    protected HistoryStore reopen(HistoryStore store) {
        JsonLinesJournal journal = (JsonLinesJournal) store;
        journal.close();
        return opened(JsonLinesJournal.open(journal.folder(), ME));
    }

    private JsonLinesJournal opened(JsonLinesJournal journal) {
        open.add(journal);
        return journal;
    }

    @AfterEach
    void close() {
        open.forEach(JsonLinesJournal::close);
    }
}
