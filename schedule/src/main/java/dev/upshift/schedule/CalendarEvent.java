package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One event of a calendar Upshift writes ({@link IcsWriter}): an allowed interval, a planned or a
 * simulated upgrade.
 *
 * @param uid the event's {@code UID}: the same for the same thing in every export, so that a
 *     calendar client subscribed to the file updates the event instead of adding another
 * @param sequence its {@code SEQUENCE}: 0 or more, never lower in a later export of the same event
 * @param when when it happens: a closed interval
 * @param summary its title ({@code SUMMARY})
 * @param description its text ({@code DESCRIPTION}; lines separated by {@code \n}), or empty for none
 * @param categories its {@code CATEGORIES}, possibly none
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record CalendarEvent(String uid, int sequence, Interval when, String summary, String description,
        List<String> categories) {

    /** Validates and copies the parts. */
    public CalendarEvent {
        Objects.requireNonNull(uid, "uid");
        Objects.requireNonNull(when, "when");
        Objects.requireNonNull(summary, "summary");
        Objects.requireNonNull(description, "description");
        categories = List.copyOf(categories);
        if (uid.isBlank()) {
            throw new IllegalArgumentException("an event needs a UID");
        }
        if (sequence < 0) {
            throw new IllegalArgumentException("SEQUENCE must not be negative, got " + sequence);
        }
        if (when.isOpen()) {
            throw new IllegalArgumentException("an event needs an end: " + when);
        }
    }
}
