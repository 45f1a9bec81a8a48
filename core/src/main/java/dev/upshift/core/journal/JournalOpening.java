package dev.upshift.core.journal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Opening a journal for writing, under the state folder's lock: removing what a crash left (temporary
 * files, a torn last line), creating the journal when there is none, migrating an older one, reading
 * the claimed fence; then the channel appends go through.
 */
final class JournalOpening {
    /** The journal opened: the channel positioned nowhere (appends say where), the entries, what was done. */
    record Opened(FileChannel channel, long size, JournalFile.Scan scan, long claimed, List<JournalNotice> notices) {}

    private JournalOpening() {}

    static Opened open(Path folder, MigrationStep.Listener steps) throws IOException {
        Path journal = StateFiles.journal(folder);
        List<JournalNotice> notices = new ArrayList<>();
        for (Path temporary : StateFiles.temporaries(folder)) {
            // a crash's leftover: the lock is ours, so nobody is writing it
            Files.deleteIfExists(temporary);
        }
        if (!Files.exists(journal)) {
            Durable.replace(journal, StateFiles.temporary(journal), EntryLines.header(EntryLines.VERSION, 0));
        }
        JournalFile.Scan scan = JournalFile.scan(journal);
        if (scan.header() == null) {
            // written in one piece, so only a hand or a foreign tool can have left it incomplete
            notices.add(new JournalNotice(JournalNotice.Kind.REPAIRED, journal + ": its first line was incomplete ("
                    + scan.tornBytes() + " bytes) and holds no entry; the journal starts again with a new first line"));
            Durable.replace(journal, StateFiles.temporary(journal), EntryLines.header(EntryLines.VERSION, 0));
            scan = JournalFile.scan(journal);
        } else if (scan.tornBytes() > 0) {
            try (FileChannel ch = FileChannel.open(journal, StandardOpenOption.WRITE)) {
                ch.truncate(scan.completeBytes());
                ch.force(true);
            }
            notices.add(new JournalNotice(JournalNotice.Kind.REPAIRED, journal + ":" + (scan.completeLines() + 1)
                    + ": the last line was incomplete (" + scan.tornBytes() + " bytes without a line end: a write that"
                    + " stopped midway, which the journal never acknowledged) and was removed"));
        }
        if (scan.version() < EntryLines.VERSION) {
            int from = scan.version();
            scan = Migration.migrate(folder, scan, steps);
            notices.add(new JournalNotice(JournalNotice.Kind.MIGRATED, journal + ": migrated from version " + from
                    + " to " + EntryLines.VERSION + " (" + scan.records().size() + " entries); the version " + from
                    + " journal is kept as " + StateFiles.kept(folder, from) + " until cleanup removes it"));
        }
        long claimed = FenceFile.read(folder);
        FileChannel channel = FileChannel.open(journal, StandardOpenOption.WRITE);
        try {
            return new Opened(channel, channel.size(), scan, claimed, notices);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }
}
