package dev.upshift.core.journal;

import dev.upshift.spi.HistoryEntry;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Moves an older journal forward (seed 003): its entries, read by the older version's rules (version
 * 1's entries take the defaults of {@link HistoryEntry}'s nine-part constructor), are written as a
 * new journal of the current version beside it; the old file is kept as {@code history.vN.jsonl}
 * until cleanup; then the new one is renamed over {@code history.jsonl}. Until that rename the old
 * journal is the journal, so that a crash at any point leaves one that reads whole, and the next
 * opening simply migrates again: the migration is a function of the old journal alone.
 */
final class Migration {
    private static final int GROUP = 4096;

    private Migration() {}

    /** Migrates the journal of {@code folder}, whose reading {@code old} is, and answers the new journal's reading. */
    static JournalFile.Scan migrate(Path folder, JournalFile.Scan old, MigrationStep.Listener steps) throws IOException {
        Path journal = StateFiles.journal(folder);
        Path next = StateFiles.temporary(journal);
        List<HistoryEntry> entries = old.records().all();
        long size;
        try (FileChannel ch = FileChannel.open(next, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            byte[] header = EntryLines.header(EntryLines.VERSION, old.version());
            Durable.writeAt(ch, 0, header);
            size = header.length;
            for (int i = 0; i < entries.size(); i += GROUP) {
                byte[] lines = EntryLines.lines(entries.subList(i, Math.min(entries.size(), i + GROUP)));
                Durable.writeAt(ch, size, lines);
                size += lines.length;
            }
            ch.force(true);
        }
        steps.reached(MigrationStep.NEW_WRITTEN);

        Path kept = StateFiles.kept(folder, old.version());
        Path keptNext = StateFiles.temporary(kept);
        Files.copy(journal, keptNext, StandardCopyOption.REPLACE_EXISTING);
        try (FileChannel ch = FileChannel.open(keptNext, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        Durable.rename(keptNext, kept);
        steps.reached(MigrationStep.OLD_KEPT);

        Durable.rename(next, journal);
        steps.reached(MigrationStep.SWAPPED);

        Durable.syncFolder(folder);
        steps.reached(MigrationStep.FOLDER_SYNCED);
        return new JournalFile.Scan(new EntryReader.Header(EntryLines.VERSION, old.version()), old.records(), size, 0,
                entries.size() + 1);
    }
}
