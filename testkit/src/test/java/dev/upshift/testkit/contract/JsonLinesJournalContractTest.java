package dev.upshift.testkit.contract;

import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/** Core's embedded journal holds to the history store's contract, every capability included. */
class JsonLinesJournalContractTest extends HistoryStoreContract {
    @TempDir
    Path dir;
    private int stores;

    @Override
    protected Capabilities<Capability> capabilities() {
        return Capabilities.all(Capability.class);
    }

    @Override
    protected HistoryStore newStore() {
        return JsonLinesJournal.open(dir.resolve("state-" + stores++));
    }

    @Override
    protected HistoryStore reopen(HistoryStore store) {
        JsonLinesJournal journal = (JsonLinesJournal) store;
        journal.close();
        return JsonLinesJournal.open(journal.folder());
    }

    /** Writes the group, then cuts the file in the middle of its last line, as a crash during the write leaves it. */
    @Override
    protected void crashWhileAppending(HistoryStore store, List<HistoryEntry> group) {
        JsonLinesJournal journal = (JsonLinesJournal) store;
        journal.appendAll(group);
        journal.close();
        try {
            byte[] bytes = Files.readAllBytes(journal.file());
            int lastLine = bytes.length - 1;
            while (lastLine > 0 && bytes[lastLine - 1] != '\n') {
                lastLine--;
            }
            try (FileChannel channel = FileChannel.open(journal.file(), StandardOpenOption.WRITE)) {
                channel.truncate(lastLine + (bytes.length - lastLine) / 2);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
