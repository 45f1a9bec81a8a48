package dev.upshift.core.journal;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.StaleWriterException;
import dev.upshift.common.problem.UpshiftException;
import dev.upshift.spi.FencedHistoryStore;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded {@link HistoryStore}: a JSON-lines journal in a state folder ({@code DIR/.upshift/}
 * by default), one JSON object per line after a header line that names the format and its version.
 * docs/journal.md describes the files and every field.
 *
 * <pre>{@code
 * try (JsonLinesJournal journal = JsonLinesJournal.open(JsonLinesJournal.stateFolder(fleet))) {
 *     journal.notices().forEach(System.err::println);   // a repaired last line, a migration
 *     journal.appendAll(entriesOfThisReconcile);          // one write, one fsync
 * }
 * }</pre>
 *
 * <h2>Durability</h2>
 * {@link #append} and {@link #appendAll} return once their lines are forced to disk
 * ({@code FileChannel.force}); {@code appendAll} writes the group in one write and forces once, so
 * that a crash leaves the group whole or a prefix of it. A line is complete with its line end: on
 * opening, a last line without one (a write a crash interrupted, never acknowledged) is removed and
 * said in {@link #notices()}. A complete line that is not an entry, anywhere in the file, is an
 * {@link InputException} naming the file and line: nothing is ever dropped silently. When a write
 * fails the store refuses further appends; opening it again finds what reached the disk.
 *
 * <h2>One writer</h2>
 * Opening takes an exclusive operating-system lock on the folder's {@code history.lock}, released
 * by {@link #close()} or by the process's end, and writes into it who holds it; a second opening of
 * the same folder, in this process or another, fails with a {@link JournalLockedException} naming
 * the holder. {@link #read} takes no lock and changes nothing: it reads while an engine writes.
 *
 * <h2>Fencing</h2>
 * A {@link FencedHistoryStore}: the store remembers the newest {@link HistoryEntry#epoch() epoch} it
 * holds or was claimed ({@link #acceptedEpoch()}: from the files when it opens, then from each append
 * and claim) and refuses an entry of an older epoch with a {@link StaleWriterException}, appending
 * nothing of its group. A {@link #claimEpoch claim} ahead of the first entry is kept in the state
 * folder's {@code history.fence}, forced to disk, so that it outlives the process as entries do.
 *
 * <h2>Versions</h2>
 * It writes version {@value #VERSION} and reads versions 1 and 2. Opening a version 1 journal for
 * writing migrates it: the entries are written as a new version 2 journal, the old file is kept as
 * {@code history.v1.jsonl} until {@link #cleanup} removes it, and the new one is renamed into place;
 * a crash at any point leaves a journal that reads whole, and the next opening finishes the work.
 *
 * <h2>Reading</h2>
 * Opening reads the whole journal once, in one pass, and keeps it in memory indexed by cluster:
 * {@link #entries()} and {@link #history(String)} answer snapshots in constant time. Thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class JsonLinesJournal implements FencedHistoryStore, AutoCloseable {
    /** The version of the journal format this class writes. */
    public static final int VERSION = EntryLines.VERSION;
    /** The journal's file name in its state folder. */
    public static final String FILE_NAME = StateFiles.JOURNAL;
    /** The state folder's name inside a fleet folder, when no other is given. */
    public static final String STATE_FOLDER = ".upshift";

    private static final Logger LOG = LoggerFactory.getLogger(JsonLinesJournal.class);

    private final Path folder;
    private final Path file;
    private final StateLock lock;
    private final FileChannel channel;
    private final Records records;
    private final List<JournalNotice> notices;
    private long size;
    private long acceptedEpoch;
    private String refusal;

    private JsonLinesJournal(Path folder, StateLock lock, JournalOpening.Opened opened) {
        this.folder = folder;
        this.file = StateFiles.journal(folder);
        this.lock = lock;
        this.channel = opened.channel();
        this.records = opened.scan().records();
        this.notices = List.copyOf(opened.notices());
        this.size = opened.size();
        this.acceptedEpoch = Math.max(records.newestEpoch(), opened.claimed());
    }

    /** The default state folder of a fleet folder: {@code fleet/.upshift}. */
    public static Path stateFolder(Path fleet) {
        return fleet.resolve(STATE_FOLDER);
    }

    /** The journal file of a state folder. */
    public static Path file(Path stateFolder) {
        return StateFiles.journal(stateFolder);
    }

    /**
     * Opens the journal of a state folder for writing, as this process, started by "an Upshift engine".
     *
     * @see #open(Path, LockHolder)
     */
    public static JsonLinesJournal open(Path stateFolder) {
        return open(stateFolder, LockHolder.current("an Upshift engine"));
    }

    /**
     * Opens the journal of a state folder for writing: creates the folder and the journal when they
     * do not exist, takes the lock, removes what a crash left and migrates an older version (each
     * said in {@link #notices()}), and reads the entries.
     *
     * @param stateFolder the state folder
     * @param holder who opens it, as a refused second opening will name it
     * @throws JournalLockedException when another store holds the folder
     * @throws InputException when a complete line of the journal is not what it should be, naming
     *     the file and line, or the journal is of a newer version
     * @throws UpshiftException when the files cannot be read or written
     */
    public static JsonLinesJournal open(Path stateFolder, LockHolder holder) {
        return open(stateFolder, holder, MigrationStep.Listener.NONE);
    }

    static JsonLinesJournal open(Path stateFolder, LockHolder holder, MigrationStep.Listener steps) {
        Objects.requireNonNull(stateFolder, "stateFolder");
        Objects.requireNonNull(holder, "holder");
        if (Files.exists(stateFolder) && !Files.isDirectory(stateFolder)) {
            throw new UpshiftException("the state folder " + stateFolder + " is a file, not a folder");
        }
        StateLock lock;
        try {
            Files.createDirectories(stateFolder);
            lock = StateLock.take(stateFolder, holder);
        } catch (IOException e) {
            throw failure("could not open the state folder " + stateFolder, e);
        }
        try {
            JsonLinesJournal journal = new JsonLinesJournal(stateFolder, lock, JournalOpening.open(stateFolder, steps));
            for (JournalNotice n : journal.notices) {
                if (n.kind() == JournalNotice.Kind.MIGRATED) {
                    LOG.info("{}", n);
                } else {
                    LOG.warn("{}", n);
                }
            }
            return journal;
        } catch (IOException | RuntimeException e) {
            try {
                lock.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            if (e instanceof IOException io) {
                throw failure("could not open the journal " + StateFiles.journal(stateFolder), io);
            }
            throw (RuntimeException) e;
        }
    }

    /**
     * Reads the journal of a state folder without locking or changing anything: what
     * {@code upshift history} shows, also while an engine writes. A torn last line is left out and
     * said in the snapshot's notices; a version 1 journal is read as it is.
     *
     * @return the entries; {@link JournalSnapshot#exists()} is false when there is no journal yet
     * @throws InputException when a complete line is not what it should be, naming the file and line
     * @throws UpshiftException when the journal cannot be read
     */
    public static JournalSnapshot read(Path stateFolder) {
        Path journal = StateFiles.journal(Objects.requireNonNull(stateFolder, "stateFolder"));
        JournalFile.Scan scan;
        try {
            scan = JournalFile.scan(journal);
        } catch (NoSuchFileException e) {
            return new JournalSnapshot(journal, 0, null, List.of());
        } catch (IOException e) {
            throw failure("could not read the journal " + journal, e);
        }
        if (scan.tornBytes() == 0) {
            return new JournalSnapshot(journal, scan.version(), scan.records(), List.of());
        }
        JournalNotice leftOut = new JournalNotice(JournalNotice.Kind.LEFT_OUT, journal + ":"
                + (scan.completeLines() + 1) + ": the last line is incomplete (" + scan.tornBytes() + " bytes without"
                + " a line end) and was left out: an engine is writing it, or stopped while writing it (its next"
                + " start removes it)");
        return new JournalSnapshot(journal, scan.version(), scan.records(), List.of(leftOut));
    }

    /**
     * Removes the files migrations left in a state folder, as this process: a journal of an older
     * version kept by a migration, once the journal is of the current version; and, when no engine
     * holds the folder, the temporary files of an interrupted migration. Nothing else is touched; a
     * folder that does not exist has nothing to remove.
     *
     * @return what was removed, and what was left and why
     * @throws UpshiftException when a file cannot be removed
     */
    public static CleanupReport cleanup(Path stateFolder) {
        try {
            return JournalCleanup.run(Objects.requireNonNull(stateFolder, "stateFolder"),
                    LockHolder.current("a cleanup"));
        } catch (IOException e) {
            throw failure("could not clean up the state folder " + stateFolder, e);
        }
    }

    /** The state folder. */
    public Path folder() {
        return folder;
    }

    /** The journal file. */
    public Path file() {
        return file;
    }

    /** What opening did that a person may want to know: a torn last line removed, a migration. */
    public List<JournalNotice> notices() {
        return notices;
    }

    /**
     * The fence: the newest epoch among the entries or claimed, 0 when there are none: a new engine
     * takes a greater one.
     */
    @Override
    public synchronized long acceptedEpoch() {
        return acceptedEpoch;
    }

    /**
     * Claims {@code epoch} ahead of this writer's first entry: from now on an entry of an older epoch
     * is refused, also by a later opening of the folder (the claim is forced to disk in
     * {@code history.fence} before this returns). Claiming the fence's own epoch again does nothing.
     *
     * @throws StaleWriterException when the fence is already newer than {@code epoch}
     * @throws IllegalArgumentException when {@code epoch} is negative
     * @throws UpshiftException when the claim could not be written; the fence is then as it was, or
     *     already the claimed epoch on disk (the next opening reads it)
     * @throws IllegalStateException when the store is closed
     */
    @Override
    public synchronized void claimEpoch(long epoch) {
        if (epoch < 0) {
            throw new IllegalArgumentException("an epoch is never negative, not " + epoch);
        }
        requireWritable();
        if (acceptedEpoch > epoch) {
            throw new StaleWriterException("the journal " + file + " is fenced at epoch " + acceptedEpoch + ", newer"
                    + " than the epoch " + epoch + " this writer claims; a newer writer took over, and this one stops",
                    epoch, acceptedEpoch);
        }
        if (acceptedEpoch == epoch) {
            return;
        }
        try {
            FenceFile.write(folder, epoch);
        } catch (IOException e) {
            throw failure("could not claim epoch " + epoch + " in " + StateFiles.fence(folder), e);
        }
        acceptedEpoch = epoch;
    }

    private void requireWritable() {
        if (refusal != null) {
            throw refusal.isEmpty() ? new IllegalStateException("the journal " + file + " is closed")
                    : new UpshiftException(refusal);
        }
    }

    /**
     * Appends one entry and forces it to disk.
     *
     * @throws StaleWriterException when its epoch is older than one the store has accepted
     * @throws IllegalArgumentException when it cannot be written (an instant beyond RFC 3339's years,
     *     a line over 1 MiB)
     * @throws UpshiftException when the write failed; the store then refuses further appends
     * @throws IllegalStateException when the store is closed
     */
    @Override
    public void append(HistoryEntry entry) {
        appendAll(List.of(entry));
    }

    /**
     * Appends entries as one group: one write, one force to disk; nothing of the group is appended
     * when one of them is refused.
     *
     * @throws StaleWriterException when an entry's epoch is older than one the store has accepted,
     *     or than an earlier entry's of the group
     * @throws IllegalArgumentException when an entry cannot be written (an instant beyond RFC 3339's
     *     years, a line over 1 MiB)
     * @throws UpshiftException when the write failed; the store then refuses further appends
     * @throws IllegalStateException when the store is closed
     */
    @Override
    public synchronized void appendAll(List<HistoryEntry> entries) {
        List<HistoryEntry> group = List.copyOf(entries);
        requireWritable();
        if (group.isEmpty()) {
            return;
        }
        long newest = acceptedEpoch;
        for (HistoryEntry e : group) {
            if (e.epoch() < newest) {
                throw new StaleWriterException(e.epoch(), newest);
            }
            newest = e.epoch();
        }
        byte[] lines = EntryLines.lines(group);
        try {
            Durable.writeAt(channel, size, lines);
            channel.force(true);
        } catch (IOException e) {
            refusal = "the journal " + file + " refuses appends since a write to it failed (" + reason(e) + "); open it"
                    + " again to go on from what reached the disk";
            undo();
            throw failure("could not write " + group.size() + (group.size() == 1 ? " entry" : " entries")
                    + " to the journal " + file + "; none of them counts as recorded", e);
        }
        size += lines.length;
        group.forEach(records::add);
        acceptedEpoch = newest;
    }

    /** Cuts a failed write off, if the disk lets us: the next opening would remove a torn line anyway. */
    private void undo() {
        try {
            channel.truncate(size);
            channel.force(true);
        } catch (IOException e) {
            LOG.warn("the journal {}: could not cut off a failed write ({})", file, reason(e));
        }
    }

    @Override
    public synchronized List<HistoryEntry> history(String clusterId) {
        return records.of(Objects.requireNonNull(clusterId, "clusterId"));
    }

    @Override
    public synchronized List<HistoryEntry> entries() {
        return records.all();
    }

    /**
     * Closes the journal and releases the lock; reads still answer what it held, appends are refused.
     * Closing twice does nothing.
     *
     * @throws UpshiftException when the files cannot be closed
     */
    @Override
    public synchronized void close() {
        if (refusal != null && refusal.isEmpty()) {
            return;
        }
        refusal = "";
        try (lock) {
            channel.close();
        } catch (IOException e) {
            throw failure("could not close the journal " + file, e);
        }
    }

    @Override
    public String toString() {
        return "journal " + file;
    }

    /** The channel appends go through: tests close it to make the next write fail as a failing disk would. */
    FileChannel channel() {
        return channel;
    }

    private static UpshiftException failure(String what, IOException e) {
        return new UpshiftException(what + ": " + reason(e), e);
    }

    private static String reason(IOException e) {
        if (e instanceof AccessDeniedException a) {
            return a.getFile() + ": permission denied";
        }
        if (e instanceof NoSuchFileException n) {
            return n.getFile() + " does not exist";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getFile() == null ? f.getReason() : f.getFile() + ": " + f.getReason();
        }
        return e.getMessage() == null ? "an input/output error" : e.getMessage();
    }
}
