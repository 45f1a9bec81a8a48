package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A recurring or one-off stretch of time when some upgrades may not run, even inside a window.
 *
 * @param name the exclusion's name (its field path when the document gives none)
 * @param span when it happens
 * @param scope which upgrades it blocks
 * @param origin where it was written
 */
@API(status = MAINTAINED, since = "0.1")
public record MaintenanceExclusion(String name, RecurringSpan span, ExclusionScope scope, Origin origin) {

    /** Validates the parts. */
    public MaintenanceExclusion {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(span, "span");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(origin, "origin");
    }
}
