package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.time.Duration;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * How long each occurrence of a window or exclusion lasts.
 *
 * <p>A <em>wall-clock</em> length (what {@code endTime} gives) is a distance on the local clock:
 * an occurrence that starts at 01:00 and is 4 hours long ends when the local clock shows 05:00,
 * which is 3 elapsed hours on a spring-forward night and 5 on a fall-back night. An
 * <em>elapsed</em> length (what {@code duration} gives) is exact: 4 hours after the start
 * instant, whatever the clock shows then.
 *
 * @param duration the length: positive, in whole seconds, at most the supported range (1900 to 9000)
 * @param wallClock whether the length is measured on the local clock (true) or as elapsed time
 */
@API(status = MAINTAINED, since = "0.1")
public record SpanLength(Duration duration, boolean wallClock) {

    /** Validates that the length is positive, in whole seconds and no longer than the supported range. */
    public SpanLength {
        Objects.requireNonNull(duration, "duration");
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("the length must be positive, got " + duration);
        }
        if (duration.getNano() != 0) {
            throw new IllegalArgumentException("the length must be whole seconds, got " + duration);
        }
        if (duration.compareTo(Limits.MAX_LENGTH) > 0) {
            throw new IllegalArgumentException("the length must be at most " + Limits.MAX_LENGTH.toDays()
                    + " days (1900 to 9000), got " + duration);
        }
    }

    /** A length measured on the local clock. */
    public static SpanLength wallClock(Duration duration) {
        return new SpanLength(duration, true);
    }

    /** A length measured as elapsed time. */
    public static SpanLength elapsed(Duration duration) {
        return new SpanLength(duration, false);
    }
}
