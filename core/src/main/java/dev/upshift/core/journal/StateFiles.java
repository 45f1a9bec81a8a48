package dev.upshift.core.journal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The journal's files in a state folder (docs/journal.md). */
final class StateFiles {
    /** The journal, of whatever version its header says. */
    static final String JOURNAL = "history.jsonl";
    /** The lock file: the holder's note, and the lock itself. */
    static final String LOCK = "history.lock";
    /** The epoch claimed ahead of the first entry of its writer (fencing). */
    static final String FENCE = "history.fence";

    private StateFiles() {}

    static Path journal(Path folder) {
        return folder.resolve(JOURNAL);
    }

    static Path lock(Path folder) {
        return folder.resolve(LOCK);
    }

    static Path fence(Path folder) {
        return folder.resolve(FENCE);
    }

    /** Where a migration keeps the journal of an older version until cleanup. */
    static Path kept(Path folder, int version) {
        return folder.resolve("history.v" + version + ".jsonl");
    }

    /** Where a file is written before it is renamed into place. */
    static Path temporary(Path file) {
        return file.resolveSibling(file.getFileName() + ".tmp");
    }

    /** Every temporary file the journal may leave behind in a crash. */
    static List<Path> temporaries(Path folder) {
        List<Path> out = new ArrayList<>();
        out.add(temporary(journal(folder)));
        out.add(temporary(fence(folder)));
        for (int v = 1; v < EntryLines.VERSION; v++) {
            out.add(temporary(kept(folder, v)));
        }
        return out;
    }
}
