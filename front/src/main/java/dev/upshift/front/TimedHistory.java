package dev.upshift.front;

import dev.upshift.core.engine.EngineObserver;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import java.time.Duration;
import java.util.List;

/**
 * The engine's history with each append timed for the observers ({@link EngineObserver#historyAppended}):
 * the journal's fsync, a database's transaction. Reads go straight through.
 */
final class TimedHistory implements HistoryStore {
    private final HistoryStore store;
    private final List<EngineObserver> observers;

    TimedHistory(HistoryStore store, List<EngineObserver> observers) {
        this.store = store;
        this.observers = List.copyOf(observers);
    }

    @Override
    public void append(HistoryEntry entry) {
        timed(1, () -> store.append(entry));
    }

    @Override
    public void appendAll(List<HistoryEntry> entries) {
        if (entries.isEmpty()) {
            store.appendAll(entries);
            return;
        }
        timed(entries.size(), () -> store.appendAll(entries));
    }

    private void timed(int count, Runnable append) {
        long start = System.nanoTime();
        boolean failed = true;
        try {
            append.run();
            failed = false;
        } finally {
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            for (EngineObserver o : observers) {
                try {
                    o.historyAppended(count, took, failed);
                } catch (RuntimeException dropped) {
                    // an observer's own fault: the append stands (EngineObserver's contract)
                }
            }
        }
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
    public String toString() {
        return store.toString();
    }
}
