package dev.upshift.core.journal;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.HistoryEntry;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A journal as {@link JsonLinesJournal#read} found it, without locking or changing it: what
 * {@code upshift history} shows while an engine may be writing. Immutable.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class JournalSnapshot {
    private final Path file;
    private final int version;
    private final Records records;
    private final List<JournalNotice> notices;

    JournalSnapshot(Path file, int version, Records records, List<JournalNotice> notices) {
        this.file = Objects.requireNonNull(file, "file");
        this.version = version;
        this.records = records;
        this.notices = List.copyOf(notices);
    }

    /** The journal file read, or that would have been. */
    public Path file() {
        return file;
    }

    /** Whether there was a journal file to read: false until an engine first opens the state folder. */
    public boolean exists() {
        return records != null;
    }

    /** The version of the journal's format (1 or 2), 0 when there is no journal or not even its first line is complete. */
    public int version() {
        return version;
    }

    /** Every entry, oldest first. */
    public List<HistoryEntry> entries() {
        return records == null ? List.of() : records.all();
    }

    /** A cluster's entries, oldest first; empty when it has none. */
    public List<HistoryEntry> history(String clusterId) {
        Objects.requireNonNull(clusterId, "clusterId");
        return records == null ? List.of() : records.of(clusterId);
    }

    /** What the reading found worth telling: a torn last line left out. */
    public List<JournalNotice> notices() {
        return notices;
    }

    @Override
    public String toString() {
        return exists() ? "journal " + file + " (version " + version + ", " + entries().size() + " entries)"
                : "no journal at " + file;
    }
}
