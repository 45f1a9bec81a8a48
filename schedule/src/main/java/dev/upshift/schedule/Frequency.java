package dev.upshift.schedule;

import java.time.temporal.ChronoUnit;
import java.util.Optional;

/** RFC 5545's FREQ values, with the step each one takes. */
enum Frequency {
    SECONDLY(ChronoUnit.SECONDS, 1),
    MINUTELY(ChronoUnit.MINUTES, 60),
    HOURLY(ChronoUnit.HOURS, 3_600),
    DAILY(ChronoUnit.DAYS, 86_400),
    WEEKLY(ChronoUnit.WEEKS, 604_800),
    MONTHLY(ChronoUnit.MONTHS, 31_556_952 / 12),
    YEARLY(ChronoUnit.YEARS, 31_556_952);

    private final ChronoUnit unit;
    private final long approximateSeconds;

    Frequency(ChronoUnit unit, long approximateSeconds) {
        this.unit = unit;
        this.approximateSeconds = approximateSeconds;
    }

    /** The frequency with this name ({@code DAILY}, ...), or empty. */
    static Optional<Frequency> named(String name) {
        for (Frequency f : values()) {
            if (f.name().equals(name)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** The calendar unit of one step. */
    ChronoUnit unit() {
        return unit;
    }

    /** How many steps of {@code interval} units a (Gregorian, average) year takes. */
    double stepsPerYear(int interval) {
        return 31_556_952.0 / (approximateSeconds * (double) interval);
    }

    /** Whether this frequency is finer than another (SECONDLY is finer than DAILY). */
    boolean finerThan(Frequency other) {
        return ordinal() < other.ordinal();
    }
}
