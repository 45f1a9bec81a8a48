package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What an {@link UpgradeHook} answers: go on, ask again later, or stop the upgrade with a reason.
 *
 * <pre>{@code
 * return alerts.silenced(upgrade.cluster().id())
 *         ? HookResult.proceed()
 *         : HookResult.retryAfter(Duration.ofMinutes(1));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface HookResult permits HookResult.Proceed, HookResult.RetryAfter, HookResult.Abort {

    /** Go on. */
    static Proceed proceed() {
        return new Proceed();
    }

    /**
     * Not yet: ask this hook again no sooner than {@code delay} from now.
     *
     * @throws IllegalArgumentException unless the delay is positive
     */
    static RetryAfter retryAfter(Duration delay) {
        return new RetryAfter(delay);
    }

    /**
     * Stop: the upgrade fails with this reason.
     *
     * @throws IllegalArgumentException when the reason is blank
     */
    static Abort abort(String reason) {
        return new Abort(reason);
    }

    /** Go on. */
    record Proceed() implements HookResult {}

    /**
     * Ask again later.
     *
     * @param delay how long to wait at least; positive
     */
    record RetryAfter(Duration delay) implements HookResult {
        /** Validates the delay. */
        public RetryAfter {
            Objects.requireNonNull(delay, "delay");
            if (delay.isZero() || delay.isNegative()) {
                throw new IllegalArgumentException("a hook retries after a positive delay, not " + delay);
            }
        }
    }

    /**
     * Stop the upgrade.
     *
     * @param reason why, recorded with the failure and shown to a person
     */
    record Abort(String reason) implements HookResult {
        /** Validates the reason. */
        public Abort {
            Objects.requireNonNull(reason, "reason");
            if (reason.isBlank()) {
                throw new IllegalArgumentException("a hook that aborts an upgrade says why");
            }
        }
    }
}
