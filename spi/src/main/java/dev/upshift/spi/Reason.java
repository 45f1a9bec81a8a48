package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Why a cluster is where it is: a stable code for machines, a message for people, and when the
 * reason lifts where that is known ({@code FROZEN} until the freeze ends).
 *
 * @param code {@code SCREAMING_SNAKE_CASE} ({@code NO_PATH}, {@code FROZEN}, {@code STRATEGY_DECLINED})
 * @param message what a person should know; not blank
 * @param until when the reason stops holding, if known
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Reason(String code, String message, Optional<Instant> until) {
    private static final Pattern CODE = Pattern.compile("[A-Z][A-Z0-9]*(_[A-Z0-9]+)*");

    /**
     * Validates the parts.
     *
     * @throws IllegalArgumentException when the code is not {@code SCREAMING_SNAKE_CASE} or the
     *     message is blank
     */
    public Reason {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(until, "until");
        if (!CODE.matcher(code).matches()) {
            throw new IllegalArgumentException("a reason code is SCREAMING_SNAKE_CASE, such as NO_PATH, not '"
                    + code + "'");
        }
        if (message.isBlank()) {
            throw new IllegalArgumentException("reason " + code + " needs a message");
        }
    }

    /** A reason with no known end. */
    public static Reason of(String code, String message) {
        return new Reason(code, message, Optional.empty());
    }

    /** A reason that lifts at an instant. */
    public static Reason until(String code, String message, Instant lifts) {
        return new Reason(code, message, Optional.of(lifts));
    }

    /** {@code FROZEN: year-end change freeze (until 2026-12-31T00:00:00Z)} */
    @Override
    public String toString() {
        return code + ": " + message + until.map(u -> " (until " + u + ")").orElse("");
    }
}
