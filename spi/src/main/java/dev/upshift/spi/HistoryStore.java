package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * The journal of upgrades: every state change the engine makes is appended, never changed or
 * removed (DESIGN.md section 7; seed 001's result history). The planner reads it back to know what
 * is in flight, when a stage last succeeded (its soak) and how many upgrades of a stage failed.
 *
 * <p><b>Contract.</b> The engine calls {@link #append} on its reconcile thread before it acts on a
 * state change, so that a run killed at any point resumes from the journal without upgrading a
 * cluster twice or losing a record. {@code append} may block and returns only when the entry is
 * durable (on disk, committed); an exception means it may not be, and the engine then does not act on
 * that change this reconcile. Appends are not deduplicated: the engine reads the journal first and
 * appends only changes it has not recorded. Reads return entries in append order and are snapshots
 * (a later append does not change a list already returned); they may block. One engine writes a
 * store at a time; other readers (the {@code upshift history} command) may read it meanwhile, and a
 * store must then tolerate a torn last entry rather than fail.
 *
 * <p><b>Fencing.</b> Every entry carries its writer's {@link HistoryEntry#epoch() epoch}. A store
 * that can be shared (a database) is a {@link FencedHistoryStore}: it remembers the newest epoch it
 * accepted, lets a writer claim a newer one ahead of its first entry, and refuses an entry of an
 * older one with {@link dev.upshift.common.problem.StaleWriterException}, so that an engine that
 * lost its lease but does not know it yet cannot record (and so cannot act: it records before it
 * acts). A store that one process owns need not fence.
 *
 * <p>Embedded default: a JSON-lines journal with a schema version, written with fsync. In memory:
 * {@link InMemoryHistoryStore}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface HistoryStore {

    /**
     * Appends one entry, durably.
     *
     * @param entry the state change
     * @throws RuntimeException when the entry may not be durable, or its epoch is older than one the
     *     store has accepted
     */
    void append(HistoryEntry entry);

    /**
     * Appends entries as one group, durably and in order: a store that can (the embedded journal,
     * a database transaction) makes them durable together, with one flush; after a crash either
     * all of them are read back or a prefix of them, never a later one without an earlier one.
     * The engine groups the entries of one reconcile this way. The default appends one by one.
     *
     * @param entries the state changes, in order; empty does nothing
     * @throws RuntimeException when the group may not be durable, or an entry's
     *     {@link HistoryEntry#epoch() epoch} is older than one the store has accepted (another engine
     *     took over): then nothing of the group is appended
     */
    default void appendAll(List<HistoryEntry> entries) {
        for (HistoryEntry e : entries) {
            append(e);
        }
    }

    /**
     * A cluster's entries, oldest first.
     *
     * @param clusterId the cluster's id
     * @return its entries in append order; empty when it has none
     */
    List<HistoryEntry> history(String clusterId);

    /**
     * Every entry, oldest first.
     *
     * @return the whole journal in append order
     */
    List<HistoryEntry> entries();
}
