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
 * <p>Embedded default: a JSON-lines journal with a schema version, written with fsync.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface HistoryStore {

    /**
     * Appends one entry, durably.
     *
     * @param entry the state change
     */
    void append(HistoryEntry entry);

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
