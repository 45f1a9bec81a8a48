package dev.upshift.schedule;

import dev.upshift.diff.internal.ObjectView;
import dev.upshift.diff.problem.SyntaxException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A block on one cluster: no upgrade of any kind runs before {@code until}. A frozen cluster is
 * never allowed, whatever its schedule says; see {@link AllowedIntervals#withFreeze}.
 *
 * @param until the first instant the cluster is no longer frozen
 * @param reason why, for the person who finds the cluster blocked
 */
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

    /**
     * Reads a freeze mapping such as a ManagedCluster's {@code spec.freeze}:
     * {@code {until: 2026-12-31T00:00:00Z, reason: "year-end change freeze"}}. {@code until} is an
     * RFC 3339 time with {@code Z} or an offset; {@code reason} is required. Problems (with their
     * positions) go to the view's collector.
     *
     * @param freeze the view of the {@code freeze} mapping itself
     * @return the freeze, or empty when the mapping has errors
     */
    public static Optional<Freeze> read(ObjectView freeze) {
        Optional<Instant> until = freeze.requiredParsed("until", Freeze::instant);
        Optional<String> reason = freeze.requiredString("reason").filter(r -> {
            if (r.isBlank()) {
                freeze.error("reason", "must not be empty: say why the cluster is frozen");
            }
            return !r.isBlank();
        });
        freeze.rejectUnknownFields(List.of("until", "reason"));
        if (until.isEmpty() || reason.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Freeze(until.get(), reason.get()));
    }

    private static Instant instant(String text) {
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException e) {
            throw new SyntaxException("time", text, Math.max(0, e.getErrorIndex()),
                    "expected RFC 3339 with Z or an offset, e.g. 2026-12-31T00:00:00Z");
        }
    }
}
