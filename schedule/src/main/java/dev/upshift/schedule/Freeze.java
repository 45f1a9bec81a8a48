package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.time.Instant;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A block on one cluster: no upgrade of any kind runs before {@code until}. A frozen cluster is
 * never allowed, whatever its schedule says; see {@link AllowedIntervals#withFreeze}.
 *
 * @param until the first instant the cluster is no longer frozen
 * @param reason why, for the person who finds the cluster blocked
 */
@API(status = MAINTAINED, since = "0.1")
public record Freeze(Instant until, String reason) {

    /** Validates the parts: the reason must not be blank. */
    public Freeze {
        Objects.requireNonNull(until, "until");
        Objects.requireNonNull(reason, "reason");
        if (reason.isBlank()) {
            throw new IllegalArgumentException("a freeze needs a reason");
        }
    }

    /** Whether the freeze blocks upgrades at an instant: {@code at < until}. */
    public boolean blocks(Instant at) {
        return at.isBefore(until);
    }
}
