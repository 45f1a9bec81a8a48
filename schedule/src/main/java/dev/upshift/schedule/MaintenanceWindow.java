package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A recurring stretch of time when upgrades may run.
 *
 * @param name the window's name (its field path when the document gives none)
 * @param span when it happens
 * @param origin where it was written
 */
@API(status = MAINTAINED, since = "0.1")
public record MaintenanceWindow(String name, RecurringSpan span, Origin origin) {

    /** Validates the parts. */
    public MaintenanceWindow {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(span, "span");
        Objects.requireNonNull(origin, "origin");
    }
}
