package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.StaleWriterException;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;
import org.apiguardian.api.API;

/**
 * The SPI's own {@link HistoryStore}: entries kept in memory, fenced by epoch, thread-safe. What a
 * test, a simulation or a dry run records, and the reference every other store's behaviour is held
 * to (the testkit's {@code HistoryStoreContract} runs against it).
 *
 * <pre>{@code
 * InMemoryHistoryStore history = new InMemoryHistoryStore();
 * history.claimEpoch(3);                       // a writer of epoch 2 is refused from now on
 * Engine engine = Engine.builder().history(history).epoch(3) ... .build();
 * history.entries();                           // what the engine recorded, oldest first
 * }</pre>
 *
 * <p>It keeps {@link HistoryStore}'s and {@link FencedHistoryStore}'s contracts as a durable store
 * does, except durability itself: what it holds lives as long as the object. Appends and claims are
 * serialised; a group is checked whole before any of it lands, so a refused group leaves nothing
 * behind. Reads are snapshots taken in constant time, without a copy: the entries are kept in an
 * array that is only ever appended to, and a snapshot is a view of the part that was filled when
 * it was taken. A snapshot holds the very entry objects appended, in their order.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class InMemoryHistoryStore implements FencedHistoryStore {
    private final Log all = new Log(16);
    private final Map<String, Log> byCluster = new HashMap<>();
    private long acceptedEpoch;

    /** An empty store; its fence is at epoch 0. */
    public InMemoryHistoryStore() {}

    /**
     * A store that already holds {@code entries}, as a journal opened on them does: they are taken
     * as they are, in order, and the fence is at their newest epoch.
     *
     * @param entries what the store holds, oldest first
     */
    public InMemoryHistoryStore(List<HistoryEntry> entries) {
        for (HistoryEntry e : List.copyOf(entries)) {
            add(e);
            acceptedEpoch = Math.max(acceptedEpoch, e.epoch());
        }
    }

    /**
     * Appends one entry.
     *
     * @throws StaleWriterException when its epoch is older than the fence
     */
    @Override
    public void append(HistoryEntry entry) {
        appendAll(List.of(entry));
    }

    /**
     * Appends entries as one group: all of them, or none.
     *
     * @throws StaleWriterException when an entry's epoch is older than the fence, or than an earlier
     *     entry's of the group; nothing of the group is appended then
     */
    @Override
    public synchronized void appendAll(List<HistoryEntry> entries) {
        List<HistoryEntry> group = List.copyOf(entries);
        long newest = acceptedEpoch;
        for (HistoryEntry e : group) {
            if (e.epoch() < newest) {
                throw new StaleWriterException(e.epoch(), newest);
            }
            newest = e.epoch();
        }
        group.forEach(this::add);
        acceptedEpoch = newest;
    }

    @Override
    public synchronized List<HistoryEntry> history(String clusterId) {
        Log own = byCluster.get(Objects.requireNonNull(clusterId, "clusterId"));
        return own == null ? List.of() : own.snapshot();
    }

    @Override
    public synchronized List<HistoryEntry> entries() {
        return all.snapshot();
    }

    @Override
    public synchronized long acceptedEpoch() {
        return acceptedEpoch;
    }

    @Override
    public synchronized void claimEpoch(long epoch) {
        if (epoch < 0) {
            throw new IllegalArgumentException("an epoch is never negative, not " + epoch);
        }
        if (acceptedEpoch > epoch) {
            throw new StaleWriterException("the history is fenced at epoch " + acceptedEpoch + ", newer than the"
                    + " epoch " + epoch + " this writer claims; a newer writer took over, and this one stops", epoch,
                    acceptedEpoch);
        }
        acceptedEpoch = epoch;
    }

    /** {@code in-memory history: 12 entries, epoch 3}. */
    @Override
    public synchronized String toString() {
        return "in-memory history: " + all.size + (all.size == 1 ? " entry" : " entries") + ", epoch " + acceptedEpoch;
    }

    private void add(HistoryEntry e) {
        all.add(e);
        byCluster.computeIfAbsent(e.clusterId(), k -> new Log(4)).add(e);
    }

    /**
     * Entries appended to an array that grows by copying: the cells a snapshot covers are never
     * written again, so a snapshot needs no copy of its own and never changes.
     */
    private static final class Log {
        private HistoryEntry[] items;
        private int size;

        Log(int capacity) {
            this.items = new HistoryEntry[capacity];
        }

        void add(HistoryEntry e) {
            if (size == items.length) {
                items = Arrays.copyOf(items, size * 2);
            }
            items[size++] = e;
        }

        List<HistoryEntry> snapshot() {
            return size == 0 ? List.of() : new Snapshot(items, size);
        }
    }

    /** The first {@code size} cells of a log's array, read-only. */
    private static final class Snapshot extends AbstractList<HistoryEntry> implements RandomAccess {
        private final HistoryEntry[] items;
        private final int size;

        Snapshot(HistoryEntry[] items, int size) {
            this.items = items;
            this.size = size;
        }

        @Override
        public HistoryEntry get(int index) {
            return items[Objects.checkIndex(index, size)];
        }

        @Override
        public int size() {
            return size;
        }
    }
}
