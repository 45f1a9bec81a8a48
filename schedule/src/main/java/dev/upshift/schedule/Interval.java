package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A half-open stretch of time {@code [start, end)}: {@code start} belongs to it, {@code end} does
 * not. An interval is <em>open</em> when it has no end: it goes on past the point where the query
 * that returned it stopped looking (only {@link AllowedIntervals#next} returns open intervals).
 *
 * @param start the first instant inside
 * @param end the first instant after, strictly later than {@code start}; empty when the interval
 *     is open
 */
@API(status = MAINTAINED, since = "0.1")
public record Interval(Instant start, Optional<Instant> end) implements Comparable<Interval> {
    private static final Comparator<Optional<Instant>> ENDS =
            Comparator.comparing(e -> e.orElse(null), Comparator.nullsLast(Comparator.naturalOrder()));

    /** Validates that the interval is not empty. */
    public Interval {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        if (end.isPresent() && !start.isBefore(end.get())) {
            throw new IllegalArgumentException("an interval must end after it starts: " + start + "/" + end.get());
        }
    }

    /** The closed interval {@code [start, end)}. */
    public Interval(Instant start, Instant end) {
        this(start, Optional.of(Objects.requireNonNull(end, "end")));
    }

    /** The open interval that starts at {@code start} and goes on past what its query examined. */
    public static Interval openFrom(Instant start) {
        return new Interval(start, Optional.empty());
    }

    /** Whether the interval goes on past what its query examined: it has no end. */
    public boolean isOpen() {
        return end.isEmpty();
    }

    /** Whether an instant lies inside: {@code start <= at < end} (no upper limit when open). */
    public boolean contains(Instant at) {
        return !at.isBefore(start) && end.map(at::isBefore).orElse(true);
    }

    /** Whether the two intervals share an instant. */
    public boolean overlaps(Interval other) {
        return end.map(other.start::isBefore).orElse(true) && other.end.map(start::isBefore).orElse(true);
    }

    /** The length, or empty for an open interval. */
    public Optional<Duration> duration() {
        return end.map(e -> Duration.between(start, e));
    }

    /** Whether the interval lasts at least {@code length}; an open one always does. */
    public boolean lastsAtLeast(Duration length) {
        return duration().map(d -> d.compareTo(length) >= 0).orElse(true);
    }

    /** Orders by start, then end; an open interval after closed ones with the same start. */
    @Override
    public int compareTo(Interval o) {
        int c = start.compareTo(o.start);
        return c != 0 ? c : ENDS.compare(end, o.end);
    }

    /** {@code START/END} in RFC 3339 UTC, {@code START/..} when open. */
    @Override
    public String toString() {
        return start + "/" + end.map(Instant::toString).orElse("..");
    }
}
