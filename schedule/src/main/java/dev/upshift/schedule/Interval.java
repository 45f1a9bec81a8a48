package dev.upshift.schedule;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A half-open stretch of time {@code [start, end)}: {@code start} belongs to it, {@code end} does
 * not. An interval whose end is {@link #OPEN} goes on past the point where the query that returned
 * it stopped looking (see {@link AllowedIntervals#next}).
 *
 * @param start the first instant inside
 * @param end the first instant after, strictly later than {@code start}, or {@link #OPEN}
 */
public record Interval(Instant start, Instant end) implements Comparable<Interval> {

    /** The end of an interval that lasts beyond what its query examined. */
    public static final Instant OPEN = Instant.MAX;

    /** Validates that the interval is not empty. */
    public Interval {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        if (!start.isBefore(end)) {
            throw new IllegalArgumentException("an interval must end after it starts: " + start + "/" + end);
        }
    }

    /** Whether the interval goes on past what its query examined. */
    public boolean isOpen() {
        return end.equals(OPEN);
    }

    /** Whether an instant lies inside: {@code start <= at < end}. */
    public boolean contains(Instant at) {
        return !at.isBefore(start) && at.isBefore(end);
    }

    /** Whether the two intervals share an instant. */
    public boolean overlaps(Interval other) {
        return start.isBefore(other.end) && other.start.isBefore(end);
    }

    /** The length; for an open interval, the longest a {@link Duration} holds. */
    public Duration duration() {
        return isOpen() ? Duration.ofSeconds(Long.MAX_VALUE, 999_999_999) : Duration.between(start, end);
    }

    /** Orders by start, then end. */
    @Override
    public int compareTo(Interval o) {
        int c = start.compareTo(o.start);
        return c != 0 ? c : end.compareTo(o.end);
    }

    /** {@code START/END} in RFC 3339 UTC, {@code START/..} when open. */
    @Override
    public String toString() {
        return start + "/" + (isOpen() ? ".." : end.toString());
    }
}
