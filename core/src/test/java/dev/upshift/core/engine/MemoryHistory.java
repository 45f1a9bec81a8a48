package dev.upshift.core.engine;

import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import java.util.ArrayList;
import java.util.List;

/** A history in memory that can fail its next append, as a full disk would. */
final class MemoryHistory implements HistoryStore {
    private final List<HistoryEntry> entries = new ArrayList<>();
    private int failAppends;
    private int failReads;
    int groups;

    void failNextRead() {
        failReads++;
    }

    void failNextAppend() {
        failAppends++;
    }

    @Override
    public void append(HistoryEntry entry) {
        appendAll(List.of(entry));
    }

    @Override
    public void appendAll(List<HistoryEntry> group) {
        if (failAppends > 0) {
            failAppends--;
            throw new IllegalStateException("the disk is full");
        }
        entries.addAll(group);
        groups++;
    }

    /** The entries, without a fault: what a test reads. */
    List<HistoryEntry> all() {
        return List.copyOf(entries);
    }

    @Override
    public List<HistoryEntry> history(String clusterId) {
        return entries.stream().filter(e -> e.clusterId().equals(clusterId)).toList();
    }

    @Override
    public List<HistoryEntry> entries() {
        if (failReads > 0) {
            failReads--;
            throw new IllegalStateException("the journal is being rotated");
        }
        return List.copyOf(entries);
    }
}
