package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A {@link HistoryStore} that fences its writers by epoch: it says the newest epoch it has accepted,
 * lets a writer claim a newer one before it has anything to record, and refuses every entry of an
 * older epoch with a {@link dev.upshift.common.problem.StaleWriterException}, appending nothing of
 * its group (DESIGN.md section 7: a leader lease alone does not guarantee one leader).
 *
 * <p><b>Contract.</b> A writer that takes over calls {@link #claimEpoch} once, before its engine
 * runs: the operator's replica that just won its lease, on the leader-election thread, with the
 * lease's term; a tool that takes turns with others, with {@link #acceptedEpoch()} {@code + 1}. The
 * engine then writes every entry with that epoch ({@code Engine.builder().epoch(n)}). Both calls may
 * block (a database round trip), may come from any thread while the engine appends on its own, and
 * are atomic with appends: an append either lands before a claim, or is checked against it. A claim
 * is idempotent: claiming the epoch the store already holds changes nothing. A claim is as durable as
 * an append: it lasts as long as the entries do, through a restart of the store. A
 * {@code StaleWriterException} means another writer took over and the caller must stop; any other
 * exception means the store could not be reached, and nothing is known about the fence.
 *
 * <p>Not every store fences: one that a single process owns (the simulator's, a dry run's) need
 * not, and a decorator that only passes calls on (a deadline) is a plain {@link HistoryStore}. A
 * store that several writers may share (a database, a file on a shared volume) should implement
 * this type, and code that hands a store to several writers (the operator) asks for it.
 *
 * <p>{@link InMemoryHistoryStore} is the reference implementation.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface FencedHistoryStore extends HistoryStore {

    /**
     * The fence: the newest epoch the store has accepted, written in an entry or claimed; 0 when
     * none. An entry of an older epoch is refused; a new writer takes a greater one.
     *
     * @return the newest accepted epoch, at least 0
     * @throws RuntimeException when the store cannot be reached
     */
    long acceptedEpoch();

    /**
     * Raises the fence to {@code epoch}, so that from now on every entry of an older epoch is
     * refused, before this writer has recorded anything. Returns only when that holds (durably, as an
     * append is). Claiming the fence's own epoch again does nothing.
     *
     * @param epoch the writer's epoch, at least 0
     * @throws dev.upshift.common.problem.StaleWriterException when the fence is already newer than
     *     {@code epoch}: a newer writer took over, and this one must not write
     * @throws IllegalArgumentException when {@code epoch} is negative
     * @throws RuntimeException when the store cannot be reached or the claim may not be durable
     */
    void claimEpoch(long epoch);
}
