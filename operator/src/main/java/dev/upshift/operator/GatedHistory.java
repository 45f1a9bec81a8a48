package dev.upshift.operator;

import dev.upshift.common.problem.StaleWriterException;
import dev.upshift.spi.FencedHistoryStore;
import dev.upshift.spi.HistoryEntry;
import java.util.List;

/**
 * The shared history as one term's engine sees it: a gate, not a second fence. Appends and claims
 * pass to the shared store only while the term is current, so that a replica that knows it lost the
 * lease records nothing more, and, since the engine records before it acts, does nothing more. What
 * a replica that does not know yet writes, the store's own fence refuses
 * ({@link FencedHistoryStore}: the new leader claimed its epoch there). Reads and the fence's
 * epoch are the store's.
 */
final class GatedHistory implements FencedHistoryStore {
    private final FencedHistoryStore store;
    private final Leadership leadership;
    private final Term term;

    GatedHistory(FencedHistoryStore store, Leadership leadership, Term term) {
        this.store = store;
        this.leadership = leadership;
        this.term = term;
    }

    @Override
    public void append(HistoryEntry entry) {
        appendAll(List.of(entry));
    }

    @Override
    public void appendAll(List<HistoryEntry> entries) {
        requireTerm();
        store.appendAll(entries);
    }

    @Override
    public List<HistoryEntry> history(String clusterId) {
        return store.history(clusterId);
    }

    @Override
    public List<HistoryEntry> entries() {
        return store.entries();
    }

    @Override
    public long acceptedEpoch() {
        return store.acceptedEpoch();
    }

    @Override
    public void claimEpoch(long epoch) {
        requireTerm();
        store.claimEpoch(epoch);
    }

    /**
     * Refuses as the store's fence would, once the term is over: the term claimed its epoch in the
     * store when it began, so the store has accepted at least that epoch.
     */
    private void requireTerm() {
        if (!leadership.holds(term)) {
            throw new StaleWriterException("the term of " + term + " is over: this replica no longer holds the lease"
                    + " and records nothing more", term.epoch(), term.epoch());
        }
    }
}
