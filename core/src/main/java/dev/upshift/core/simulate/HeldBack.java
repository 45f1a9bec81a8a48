package dev.upshift.core.simulate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * How long one reason held a cluster back during a simulation: the total time it was the first of
 * the cluster's reasons in the plans of the simulation's steps (but for the {@code DRIFTED} reason of
 * a repair that is not blocked: what the repair lifts, not what holds it).
 *
 * @param code the reason's code ({@code FROZEN}, {@code OUTSIDE_WINDOW}, ...; see
 *     {@link dev.upshift.core.plan.ReasonCodes})
 * @param total how long, summed over every stretch it held the cluster back; positive
 * @param since when it first held the cluster back
 * @param until when it last stopped holding it back (the end of its last stretch)
 * @param message the reason's message the last time it was seen
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record HeldBack(String code, Duration total, Instant since, Instant until, String message) {

    /**
     * Validates the parts.
     *
     * @throws IllegalArgumentException when the total is not positive or {@code until} is not after
     *     {@code since}
     */
    public HeldBack {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(total, "total");
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(until, "until");
        Objects.requireNonNull(message, "message");
        if (total.isZero() || total.isNegative()) {
            throw new IllegalArgumentException("a reason that held a cluster back did so for some time, not " + total);
        }
        if (!until.isAfter(since)) {
            throw new IllegalArgumentException("held back from " + since + " until " + until + "?");
        }
    }

    /** This record with one more stretch {@code [from, to)} added, seen with this message. */
    HeldBack plus(Instant from, Instant to, String latest) {
        return new HeldBack(code, total.plus(Duration.between(from, to)), since.isBefore(from) ? since : from,
                until.isAfter(to) ? until : to, latest);
    }

    /** {@code FROZEN 72h (2026-12-28T00:00:00Z–2026-12-31T00:00:00Z)} */
    @Override
    public String toString() {
        return code + " " + total + " (" + since + "–" + until + ")";
    }
}
