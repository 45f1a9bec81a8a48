package dev.upshift.core.engine;

import dev.upshift.schedule.UpgradeKind;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.WindowPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * When an attempt times out: its timeout (its upgrade's, else three times its expected duration)
 * after its start, counted, for an upgrade that pauses outside its windows, in the cluster's
 * allowed time only (an upgrade paused over a weekend has not overrun). Exclusions are judged as
 * for an upgrade that replaces nodes, the most excluded.
 */
final class Timeouts {
    private Timeouts() {}

    static Instant deadline(PassView v, Flight f) {
        Duration limit = timeout(v, f);
        if (!pausing(v, f)) {
            return f.startedAt().plus(limit);
        }
        return v.memory().deadline(f.upgrade().id(), () -> v.reading().fleet()
                .allowedIntervals(f.cluster(), f.startedAt())
                .map(allowed -> AllowedTime.after(allowed, new UpgradeKind(
                        f.upgrade().from().changeTo(f.upgrade().to()), true), f.startedAt(), limit))
                .orElse(f.startedAt().plus(limit)));
    }

    static boolean pausing(PassView v, Flight f) {
        Optional<ClusterUpgrade> intent = f.upgrade().intent().flatMap(v::intent);
        WindowPolicy policy = intent.isPresent() && !f.upgrade().from().equals(f.upgrade().to())
                ? intent.get().windowPolicy() : v.reading().fleet().planner().configWindowPolicy();
        return policy == WindowPolicy.PAUSE_AND_RESUME;
    }

    static Duration timeout(PassView v, Flight f) {
        Optional<ClusterUpgrade> intent = f.upgrade().intent().flatMap(v::intent);
        if (intent.isPresent() && intent.get().timeout().isPresent()) {
            return intent.get().timeout().get();
        }
        Duration expected = intent.map(ClusterUpgrade::expectedDuration)
                .orElse(v.reading().fleet().planner().configExpectedDuration());
        return expected.multipliedBy(3);
    }
}
