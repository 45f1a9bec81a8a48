package dev.upshift.schedule;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Allowed time without a schedule: everything. */
final class Always implements AllowedIntervals {
    static final Always INSTANCE = new Always();

    private Always() {}

    @Override
    public boolean permits(Instant at, UpgradeKind kind) {
        java.util.Objects.requireNonNull(kind, "kind");
        Limits.checkRange(at, "instant");
        return true;
    }

    @Override
    public Optional<Interval> next(Instant at, UpgradeKind kind, Duration atLeast, Duration within) {
        Limits.checkNext(at, kind, atLeast, within);
        return Optional.of(Interval.openFrom(at));
    }

    @Override
    public List<Interval> between(Instant from, Instant to, UpgradeKind kind) {
        Limits.checkBetween(from, to, kind);
        return from.equals(to) ? List.of() : List.of(new Interval(from, to));
    }

    @Override
    public String toString() {
        return "always";
    }
}
