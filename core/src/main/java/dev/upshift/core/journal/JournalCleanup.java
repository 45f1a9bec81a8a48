package dev.upshift.core.journal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Removes what migrations left in a state folder (seed 003's cleanup): a kept older journal once the
 * journal is of the current version, and the temporary files of a migration or of a new journal that
 * a crash interrupted. Kept journals can go while an engine runs (it never reads them again);
 * temporary files only under the lock, since a running engine may be writing one.
 */
final class JournalCleanup {
    private JournalCleanup() {}

    static CleanupReport run(Path folder, LockHolder me) throws IOException {
        List<Path> removed = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        if (!Files.isDirectory(folder)) {
            return new CleanupReport(folder, removed, notes);
        }
        Optional<StateLock> lock = StateLock.tryTake(folder, me);
        try {
            int current = JournalFile.version(StateFiles.journal(folder));
            for (int v = 1; v < EntryLines.VERSION; v++) {
                Path kept = StateFiles.kept(folder, v);
                if (!Files.exists(kept)) {
                    continue;
                }
                if (current == EntryLines.VERSION) {
                    Files.delete(kept);
                    removed.add(kept);
                } else {
                    notes.add(kept + " is kept: the journal " + StateFiles.journal(folder) + " is not of version "
                            + EntryLines.VERSION + " yet (the engine migrates it when it next starts)");
                }
            }
            for (Path temporary : StateFiles.temporaries(folder)) {
                if (!Files.exists(temporary)) {
                    continue;
                }
                if (lock.isPresent()) {
                    Files.delete(temporary);
                    removed.add(temporary);
                } else {
                    notes.add(temporary + " is left: " + StateLock.holder(folder).map(LockHolder::toString)
                            .orElse("another process") + " holds the journal and may be writing it");
                }
            }
            if (!removed.isEmpty()) {
                Durable.syncFolder(folder);
            }
        } finally {
            if (lock.isPresent()) {
                lock.get().close();
            }
        }
        return new CleanupReport(folder, removed, notes);
    }
}
