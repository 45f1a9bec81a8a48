package dev.upshift.core.engine;

import java.time.Instant;
import java.util.Optional;

/** The earliest instant after now at which something the pass saw can change. */
final class Wakes {
    private final Instant now;
    private Instant earliest;

    Wakes(Instant now) {
        this.now = now;
    }

    void add(Instant t) {
        if (t.isAfter(now) && (earliest == null || t.isBefore(earliest))) {
            earliest = t;
        }
    }

    Optional<Instant> earliest() {
        return Optional.ofNullable(earliest);
    }
}
