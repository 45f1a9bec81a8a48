package dev.upshift.operator;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.adapters.postgres.PostgresHistoryStore;
import dev.upshift.spi.HistoryEntry;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The PostgreSQL history as the operator's replicas share it: appends and reads are the store's;
 * {@link #claim} raises the fleet's fence to the lease term's epoch
 * ({@link PostgresHistoryStore#claimEpoch}).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PostgresFencedHistory implements FencedHistory {
    private final PostgresHistoryStore store;

    /** The operator's view of {@code store}. */
    public PostgresFencedHistory(PostgresHistoryStore store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    @Override
    public void claim(long epoch) {
        store.claimEpoch(epoch);
    }

    @Override
    public void append(HistoryEntry entry) {
        store.append(entry);
    }

    @Override
    public void appendAll(List<HistoryEntry> entries) {
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
    public String toString() {
        return store.toString();
    }
}
