package dev.upshift.schedule;

import java.util.Objects;

/**
 * A recurring stretch of time when upgrades may run.
 *
 * @param name the window's name (its field path when the document gives none)
 * @param span when it happens
 * @param origin where it was written
 */
public record MaintenanceWindow(String name, RecurringSpan span, Origin origin) {

    /** Validates the parts. */
    public MaintenanceWindow {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(span, "span");
        Objects.requireNonNull(origin, "origin");
    }
}
