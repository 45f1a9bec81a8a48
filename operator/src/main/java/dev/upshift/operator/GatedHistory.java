package dev.upshift.operator;

import dev.upshift.common.problem.StaleWriterException;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import java.util.List;

/**
 * The shared history as one term's engine sees it: appends pass only while the term is current, so
 * that a replica that knows it lost the lease records nothing more, and, since the engine records
 * before it acts, does nothing more. What a replica that does not know yet writes, the store's fence
 * refuses ({@link FencedHistory}).
 */
final class GatedHistory implements HistoryStore {
    private final HistoryStore store;
    private final Leadership leadership;
    private final Term term;

    GatedHistory(HistoryStore store, Leadership leadership, Term term) {
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
        if (!leadership.holds(term)) {
            throw new StaleWriterException("the term of " + term + " is over: this replica no longer holds the lease"
                    + " and records nothing more", term.epoch(), term.epoch());
        }
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
}
