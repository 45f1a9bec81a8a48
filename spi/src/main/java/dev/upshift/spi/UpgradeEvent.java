package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One finished upgrade, as telemetry reports it (seed 002: cluster id, infrastructure, the new
 * release; DESIGN.md section 7). The {@link EventSink} and every {@link UpgradeHook#afterUpgrade}
 * receive it.
 *
 * <p>The fields telemetry asks for: {@code upgrade().cluster().id()},
 * {@code upgrade().cluster().infrastructure()}, {@code upgrade().from()}, {@code upgrade().to()},
 * {@link #outcome()} and {@link #duration()}; {@code upgrade().id()} identifies the event.
 *
 * @param upgrade the upgrade: its id, the cluster, the releases before and after, the intent
 * @param outcome succeeded or failed
 * @param failureReason why it failed; present exactly when it failed
 * @param startedAt when the upgrade started
 * @param duration how long it took, from start to outcome; not negative
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record UpgradeEvent(Upgrade upgrade, Outcome outcome, Optional<String> failureReason, Instant startedAt,
        Duration duration) {

    /**
     * Validates the parts.
     *
     * @throws IllegalArgumentException when a failure has no reason (or a blank one), a success has
     *     one, or the duration is negative
     */
    public UpgradeEvent {
        Objects.requireNonNull(upgrade, "upgrade");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(failureReason, "failureReason");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(duration, "duration");
        if (outcome == Outcome.FAILED && failureReason.filter(r -> !r.isBlank()).isEmpty()) {
            throw new IllegalArgumentException("upgrade " + upgrade.id() + " failed: the event needs the reason");
        }
        if (outcome == Outcome.SUCCEEDED && failureReason.isPresent()) {
            throw new IllegalArgumentException("upgrade " + upgrade.id()
                    + " succeeded: the event has no failure reason");
        }
        if (duration.isNegative()) {
            throw new IllegalArgumentException("upgrade " + upgrade.id() + ": the duration must not be negative");
        }
    }

    /**
     * An upgrade that succeeded.
     *
     * @throws IllegalArgumentException when it finished before it started
     */
    public static UpgradeEvent succeeded(Upgrade upgrade, Instant startedAt, Instant finishedAt) {
        return new UpgradeEvent(upgrade, Outcome.SUCCEEDED, Optional.empty(), startedAt,
                between(startedAt, finishedAt));
    }

    /**
     * An upgrade that failed.
     *
     * @throws IllegalArgumentException when the reason is blank, or it finished before it started
     */
    public static UpgradeEvent failed(Upgrade upgrade, String reason, Instant startedAt, Instant finishedAt) {
        return new UpgradeEvent(upgrade, Outcome.FAILED, Optional.of(reason), startedAt,
                between(startedAt, finishedAt));
    }

    private static Duration between(Instant startedAt, Instant finishedAt) {
        Duration d = Duration.between(startedAt, finishedAt);
        if (d.isNegative()) {
            throw new IllegalArgumentException("an upgrade cannot finish (" + finishedAt + ") before it starts ("
                    + startedAt + ")");
        }
        return d;
    }
}
