package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A recurring or one-off stretch of time when some upgrades may not run, even inside a window.
 *
 * @param name the exclusion's name (its field path when the document gives none; for one imported
 *     from a calendar, the event's summary and the calendar: {@code Christmas (from calendars/de.ics)})
 * @param span when it happens
 * @param scope which upgrades it blocks
 * @param origin where it was written: for an imported one, the event's {@code BEGIN:VEVENT} line in the
 *     calendar file, with the field {@value #IMPORTED}
 */
@API(status = MAINTAINED, since = "0.1")
public record MaintenanceExclusion(String name, RecurringSpan span, ExclusionScope scope, Origin origin) {
    /** The {@link Origin#field() field} of the origin of an exclusion imported from a calendar's event. */
    public static final String IMPORTED = "VEVENT";

    /** Validates the parts. */
    public MaintenanceExclusion {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(span, "span");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(origin, "origin");
    }

    /** The calendar it was imported from (its file, as problems name it), or empty for one a schedule lists. */
    public Optional<String> calendar() {
        return origin.field().equals(IMPORTED) ? Optional.of(origin.location().source()) : Optional.empty();
    }
}
