package dev.upshift.core.engine;

import dev.upshift.core.plan.PlanEntry;
import dev.upshift.spi.Reason;
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

    void plan(PlanEntry e) {
        e.window().ifPresent(w -> add(w.start()));
        for (Reason r : e.reasons()) {
            r.until().ifPresent(this::add);
        }
    }

    Optional<Instant> earliest() {
        return Optional.ofNullable(earliest);
    }
}
