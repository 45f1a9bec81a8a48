package dev.upshift.schedule;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Allowed time under a freeze: nothing before the freeze ends, the underlying time after. */
record Frozen(AllowedIntervals allowed, Freeze freeze) implements AllowedIntervals {

    Frozen {
        Objects.requireNonNull(allowed, "allowed");
        Objects.requireNonNull(freeze, "freeze");
    }

    @Override
    public boolean permits(Instant at, UpgradeKind kind) {
        boolean permitted = allowed.permits(at, kind);
        return permitted && !freeze.blocks(at);
    }

    @Override
    public Optional<Interval> next(Instant at, UpgradeKind kind, Duration atLeast, Duration within) {
        Limits.checkNext(at, kind, atLeast, within);
        if (!freeze.blocks(at)) {
            return allowed.next(at, kind, atLeast, within);
        }
        Duration left = within.minus(Duration.between(at, freeze.until()));
        if (left.isNegative() || left.isZero() || !freeze.until().isBefore(Limits.LATEST)) {
            return Optional.empty();
        }
        return allowed.next(freeze.until(), kind, atLeast, left);
    }

    @Override
    public List<Interval> between(Instant from, Instant to, UpgradeKind kind) {
        Limits.checkBetween(from, to, kind);
        Instant start = freeze.blocks(from) ? freeze.until() : from;
        return start.isBefore(to) ? allowed.between(start, to, kind) : List.of();
    }
}
