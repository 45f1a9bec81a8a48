package dev.upshift.core.journal;

import dev.upshift.spi.HistoryEntry;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A journal's entries in memory, in append order and indexed by cluster, so that every read is a
 * snapshot taken in constant time, and reading a journal is linear in its entries whatever the number
 * of clusters. Not thread-safe: its owner guards it.
 */
final class Records {
    private final AppendOnlyList<HistoryEntry> all = new AppendOnlyList<>();
    private final Map<String, AppendOnlyList<HistoryEntry>> byCluster = new HashMap<>();
    private long newestEpoch;

    void add(HistoryEntry entry) {
        all.add(entry);
        byCluster.computeIfAbsent(entry.clusterId(), c -> new AppendOnlyList<>()).add(entry);
        newestEpoch = Math.max(newestEpoch, entry.epoch());
    }

    List<HistoryEntry> all() {
        return all.snapshot();
    }

    List<HistoryEntry> of(String clusterId) {
        AppendOnlyList<HistoryEntry> mine = byCluster.get(clusterId);
        return mine == null ? List.of() : mine.snapshot();
    }

    int size() {
        return all.size();
    }

    /** The newest epoch among the entries, 0 when there are none. */
    long newestEpoch() {
        return newestEpoch;
    }
}
