package dev.upshift.adapters.postgres;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.HistoryEntry;
import java.time.Instant;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * An entry as the PostgreSQL history holds it: where it stands in the history, the fleet whose
 * engine recorded it, and when the database committed it.
 *
 * @param sequence its place in the history: within a fleet, entries committed later have greater
 *     numbers (the numbers have gaps)
 * @param fleet the fleet whose history it belongs to
 * @param recordedAt when the database recorded it (its transaction's start), as opposed to the
 *     entry's own {@link HistoryEntry#at() at}, the engine's instant
 * @param entry the entry, exactly as it was appended
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record RecordedEntry(long sequence, String fleet, Instant recordedAt, HistoryEntry entry) {
    /** Validates the parts. */
    public RecordedEntry {
        Objects.requireNonNull(fleet, "fleet");
        Objects.requireNonNull(recordedAt, "recordedAt");
        Objects.requireNonNull(entry, "entry");
    }
}
