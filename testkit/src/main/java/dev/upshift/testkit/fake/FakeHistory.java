package dev.upshift.testkit.fake;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.StaleWriterException;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A {@link HistoryStore} in memory: appends are kept in order, reads are snapshots, entries of an
 * epoch older than one it accepted are refused ({@link StaleWriterException}, nothing of the group
 * appended), as a shared store's are. Appends and reads can be made to throw or hang, and the next
 * group can be cut short as a crash in the middle of a write would.
 *
 * <pre>{@code
 * FakeHistory history = new FakeHistory();
 * history.appendFaults().throwOnce();     // the disk is full, once
 * history.crashDuringNextGroup(1);        // the next group: its first entry lands, then a throw
 * history.all();                          // what a test reads, whatever the switches say
 * }</pre>
 *
 * <p>{@link #reopen()} gives a new store over the same entries, as a restarted process finds them.
 * Thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FakeHistory implements HistoryStore {
    private final Storage storage;
    private final Faults appendFaults = new Faults("append history");
    private final Faults readFaults = new Faults("read history");
    private int crashKeeping = -1;
    private int groups;

    /** An empty history. */
    public FakeHistory() {
        this(new Storage());
    }

    /** A history holding {@code entries}, as if appended in order. */
    public FakeHistory(List<HistoryEntry> entries) {
        this(new Storage());
        storage.entries.addAll(List.copyOf(entries));
        entries.forEach(e -> storage.epoch = Math.max(storage.epoch, e.epoch()));
    }

    private FakeHistory(Storage storage) {
        this.storage = storage;
    }

    /** The switches that make {@link #append} and {@link #appendAll} throw or hang. */
    public Faults appendFaults() {
        return appendFaults;
    }

    /** The switches that make {@link #entries()} and {@link #history(String)} throw or hang. */
    public Faults readFaults() {
        return readFaults;
    }

    /**
     * The next group appended keeps only its first {@code keep} entries, and the call throws: a
     * process killed while writing (the prefix is what reached the disk).
     *
     * @throws IllegalArgumentException when {@code keep} is negative
     */
    public synchronized FakeHistory crashDuringNextGroup(int keep) {
        if (keep < 0) {
            throw new IllegalArgumentException("a torn write keeps 0 or more entries, not " + keep);
        }
        this.crashKeeping = keep;
        return this;
    }

    /** A new store over the same entries, with no switches: what a restarted process opens. */
    public FakeHistory reopen() {
        return new FakeHistory(storage);
    }

    @Override
    public void append(HistoryEntry entry) {
        appendAll(List.of(entry));
    }

    @Override
    public void appendAll(List<HistoryEntry> entries) {
        List<HistoryEntry> group = List.copyOf(entries);
        appendFaults.enter();
        if (group.isEmpty()) {
            return;
        }
        int keep;
        synchronized (this) {
            keep = crashKeeping;
            crashKeeping = -1;
            groups++;
        }
        synchronized (storage) {
            long newest = storage.epoch;
            for (HistoryEntry e : group) {
                if (e.epoch() < newest) {
                    throw new StaleWriterException(e.epoch(), newest);
                }
                newest = e.epoch();
            }
            List<HistoryEntry> landed = keep < 0 ? group : group.subList(0, Math.min(keep, group.size()));
            storage.entries.addAll(landed);
            landed.forEach(e -> storage.epoch = Math.max(storage.epoch, e.epoch()));
        }
        if (keep >= 0) {
            throw new IllegalStateException("append history: the process died after " + Math.min(keep, group.size())
                    + " of " + group.size() + " entries");
        }
    }

    @Override
    public List<HistoryEntry> history(String clusterId) {
        Objects.requireNonNull(clusterId, "clusterId");
        readFaults.enter();
        synchronized (storage) {
            return storage.entries.stream().filter(e -> e.clusterId().equals(clusterId)).toList();
        }
    }

    @Override
    public List<HistoryEntry> entries() {
        readFaults.enter();
        return all();
    }

    /** Every entry, oldest first, whatever the switches say: what a test reads. */
    public List<HistoryEntry> all() {
        synchronized (storage) {
            return List.copyOf(storage.entries);
        }
    }

    /** How many groups were appended through this store (an {@link #append} is a group of one). */
    public synchronized int groups() {
        return groups;
    }

    /** The newest epoch accepted, 0 when none. */
    public long acceptedEpoch() {
        synchronized (storage) {
            return storage.epoch;
        }
    }

    @Override
    public String toString() {
        return "fake history: " + all().size() + " entries";
    }

    private static final class Storage {
        final List<HistoryEntry> entries = new ArrayList<>();
        long epoch;
    }
}
