package dev.upshift.testkit.fake;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.StaleWriterException;
import dev.upshift.spi.FencedHistoryStore;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.InMemoryHistoryStore;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The SPI's {@link InMemoryHistoryStore} with fault switches: appends are kept in order, reads are
 * snapshots, entries of an epoch older than the fence are refused ({@link StaleWriterException},
 * nothing of the group appended) and epochs can be claimed ahead of a write, all as the SPI's store
 * does it, since this fake passes every call on to one. Appends and reads can be made to throw or
 * hang, and the next group can be cut short as a crash in the middle of a write would.
 *
 * <pre>{@code
 * FakeHistory history = new FakeHistory();
 * history.appendFaults().throwOnce();     // the disk is full, once
 * history.crashDuringNextGroup(1);        // the next group: its first entry lands, then a throw
 * history.all();                          // what a test reads, whatever the switches say
 * }</pre>
 *
 * <p>{@link #reopen()} gives a new fake over the same store, as a restarted process finds it; the
 * replicas of a test may share one fake, or each {@link #reopen() reopen} it. Thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FakeHistory implements FencedHistoryStore {
    private final InMemoryHistoryStore store;
    private final Faults appendFaults = new Faults("append history");
    private final Faults readFaults = new Faults("read history");
    private int crashKeeping = -1;
    private int groups;

    /** An empty history. */
    public FakeHistory() {
        this(new InMemoryHistoryStore());
    }

    /** A history holding {@code entries}, as a store opened on them does: fenced at their newest epoch. */
    public FakeHistory(List<HistoryEntry> entries) {
        this(new InMemoryHistoryStore(entries));
    }

    private FakeHistory(InMemoryHistoryStore store) {
        this.store = store;
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
     * process killed while writing (the prefix is what reached the disk). A group the store would
     * refuse is refused whole, as without the switch.
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

    /** A new fake over the same store, with no switches: what a restarted process opens. */
    public FakeHistory reopen() {
        return new FakeHistory(store);
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
        if (keep < 0) {
            store.appendAll(group);
            return;
        }
        // the store's own rule says whether the whole group would be refused; its prefix then lands
        // (or is refused in turn, if another writer raised the fence meanwhile)
        InMemoryHistoryStore check = new InMemoryHistoryStore();
        check.claimEpoch(store.acceptedEpoch());
        check.appendAll(group);
        int landed = Math.min(keep, group.size());
        store.appendAll(group.subList(0, landed));
        throw new IllegalStateException("append history: the process died after " + landed + " of " + group.size()
                + " entries");
    }

    @Override
    public List<HistoryEntry> history(String clusterId) {
        Objects.requireNonNull(clusterId, "clusterId");
        readFaults.enter();
        return store.history(clusterId);
    }

    @Override
    public List<HistoryEntry> entries() {
        readFaults.enter();
        return store.entries();
    }

    /** Every entry, oldest first, whatever the switches say: what a test reads. */
    public List<HistoryEntry> all() {
        return store.entries();
    }

    /** How many groups were appended through this fake (an {@link #append} is a group of one). */
    public synchronized int groups() {
        return groups;
    }

    /** The newest epoch accepted or claimed, 0 when none; no switch applies. */
    @Override
    public long acceptedEpoch() {
        return store.acceptedEpoch();
    }

    /** Claims {@code epoch} in the store, as {@link InMemoryHistoryStore#claimEpoch} does; no switch applies. */
    @Override
    public void claimEpoch(long epoch) {
        store.claimEpoch(epoch);
    }

    @Override
    public String toString() {
        return "fake history: " + all().size() + " entries";
    }
}
