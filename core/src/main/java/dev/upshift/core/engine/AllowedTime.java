package dev.upshift.core.engine;

import dev.upshift.schedule.AllowedIntervals;
import dev.upshift.schedule.Interval;
import dev.upshift.schedule.UpgradeKind;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/** Durations counted in a cluster's allowed time only, as a {@code pauseAndResume} upgrade runs. */
final class AllowedTime {
    private static final int MAX_WINDOWS = 1_000;

    private AllowedTime() {}

    /**
     * The instant at which {@code length} of allowed time has passed since {@code from}; past the
     * last window found (none within the search, or more than a thousand), the rest is counted
     * without pauses.
     */
    static Instant after(AllowedIntervals allowed, UpgradeKind kind, Instant from, Duration length) {
        Duration left = length;
        Instant at = from;
        for (int i = 0; i < MAX_WINDOWS; i++) {
            Optional<Interval> next = allowed.next(at, kind, Duration.ZERO);
            if (next.isEmpty() || next.get().end().isEmpty()) {
                return next.map(Interval::start).orElse(at).plus(left);
            }
            Interval w = next.get();
            Duration open = Duration.between(w.start(), w.end().get());
            if (open.compareTo(left) >= 0) {
                return w.start().plus(left);
            }
            left = left.minus(open);
            at = w.end().get();
        }
        return at.plus(left);
    }
}
