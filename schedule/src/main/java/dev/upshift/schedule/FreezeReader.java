package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.upshift.common.problem.SyntaxException;
import dev.upshift.common.read.ObjectView;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/** Reads a {@link Freeze} mapping, for any kind that carries one (a ManagedCluster's {@code spec.freeze}). */
@API(status = MAINTAINED, since = "0.1")
public final class FreezeReader {
    private FreezeReader() {}

    /**
     * Reads a freeze mapping such as a ManagedCluster's {@code spec.freeze}:
     * {@code {until: 2026-12-31T00:00:00Z, reason: "year-end change freeze"}}. {@code until} is an
     * RFC 3339 time with {@code Z} or an offset, or a date ({@code 2026-12-31}: its midnight in UTC); {@code reason} is required. Problems (with their
     * positions) go to the view's collector.
     *
     * @param freeze the view of the {@code freeze} mapping itself
     * @return the freeze, or empty when the mapping has errors
     */
    public static Optional<Freeze> read(ObjectView freeze) {
        Optional<Instant> until = freeze.requiredParsed("until", FreezeReader::instant);
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
            if (text.length() == 10 && text.indexOf('T') < 0) {
                // a plain date, as schedules accept one: a freeze has no zone of its own, so its midnight in UTC
                return LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant();
            }
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException e) {
            throw new SyntaxException("time", text, Math.max(0, e.getErrorIndex()),
                    "expected RFC 3339 with Z or an offset, or a date, e.g. 2026-12-31T00:00:00Z or 2026-12-31");
        }
    }
}
