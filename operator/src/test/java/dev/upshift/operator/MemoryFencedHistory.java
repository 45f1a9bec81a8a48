package dev.upshift.operator;

import dev.upshift.common.problem.StaleWriterException;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.testkit.fake.FakeHistory;
import java.util.List;

/**
 * The testkit's in-memory history with a fence that can be claimed ahead of a write, as the
 * PostgreSQL store's can ({@code claimEpoch}): what the replicas of one test share.
 */
final class MemoryFencedHistory implements FencedHistory {
    private final FakeHistory store = new FakeHistory();
    private long fence;

    @Override
    public synchronized void claim(long epoch) {
        long newest = Math.max(fence, store.acceptedEpoch());
        if (newest > epoch) {
            throw new StaleWriterException(epoch, newest);
        }
        fence = epoch;
    }

    @Override
    public synchronized void append(HistoryEntry entry) {
        appendAll(List.of(entry));
    }

    @Override
    public synchronized void appendAll(List<HistoryEntry> entries) {
        for (HistoryEntry e : entries) {
            if (e.epoch() < fence) {
                throw new StaleWriterException(e.epoch(), fence);
            }
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

    FakeHistory store() {
        return store;
    }

    synchronized long fence() {
        return Math.max(fence, store.acceptedEpoch());
    }
}
