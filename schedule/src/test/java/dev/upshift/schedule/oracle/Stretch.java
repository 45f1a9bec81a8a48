package dev.upshift.schedule.oracle;

import java.time.Instant;

/** A half-open stretch of time {@code [start, end)}, the oracle's own interval type. */
public record Stretch(Instant start, Instant end) {

    public boolean covers(Instant t) {
        return !t.isBefore(start) && t.isBefore(end);
    }

    public boolean overlaps(Instant from, Instant to) {
        return start.isBefore(to) && end.isAfter(from);
    }

    @Override
    public String toString() {
        return start + "/" + end;
    }
}
