package dev.upshift.core.simulate;

import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import io.vavr.collection.Vector;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulation's history, in memory: a persistent vector, so that what {@link #entries()} handed
 * out stays as it was while the engine appends, without a copy per reconcile.
 */
final class Journal implements HistoryStore {
    private Vector<HistoryEntry> all;
    private final Map<String, Vector<HistoryEntry>> byCluster = new HashMap<>();

    Journal(List<HistoryEntry> input) {
        all = Vector.empty();
        appendAll(input);
    }

    @Override
    public void append(HistoryEntry entry) {
        all = all.append(entry);
        byCluster.merge(entry.clusterId(), Vector.of(entry), Vector::appendAll);
    }

    @Override
    public void appendAll(List<HistoryEntry> entries) {
        entries.forEach(this::append);
    }

    @Override
    public List<HistoryEntry> history(String clusterId) {
        return byCluster.getOrDefault(clusterId, Vector.empty()).asJava();
    }

    @Override
    public List<HistoryEntry> entries() {
        return all.asJava();
    }
}
