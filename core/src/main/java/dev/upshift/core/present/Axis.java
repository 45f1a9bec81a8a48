package dev.upshift.core.present;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * The time axis of a timeline: instants of {@code [from, until)} mapped onto {@code width} pixels
 * after {@code x0}, with UTC labels at the finest unit (hours, days, weeks, months) that leaves them
 * {@link #MIN_LABEL_GAP} pixels apart.
 */
final class Axis {
    static final double MIN_LABEL_GAP = 78;

    private enum Unit { H1, H3, H6, H12, D1, D2, W1, W2, M1, M3, Y1 }

    /** A labelled tick. */
    record Tick(Instant at, String label) {}

    final Instant from;
    final Instant until;
    final double x0;
    final double width;
    private final double seconds;

    Axis(Instant from, Instant until, double x0, double width) {
        this.from = from;
        this.until = until;
        this.x0 = x0;
        this.width = width;
        this.seconds = Math.max(1, Duration.between(from, until).getSeconds());
    }

    /** Where an instant lies, clamped to the axis. */
    double x(Instant t) {
        double s = Duration.between(from, t).getSeconds() + Duration.between(from, t).getNano() / 1e9;
        return x0 + width * Math.max(0, Math.min(seconds, s)) / seconds;
    }

    double end() {
        return x0 + width;
    }

    /** Pixels per day. */
    double dayWidth() {
        return width * 86_400 / seconds;
    }

    /** Midnights (UTC) strictly inside the range. */
    List<Instant> midnights() {
        List<Instant> out = new ArrayList<>();
        LocalDate d = Html.utc(from).toLocalDate().plusDays(1);
        Instant t = d.atStartOfDay().toInstant(ZoneOffset.UTC);
        while (t.isBefore(until) && out.size() < 20_000) {
            out.add(t);
            d = d.plusDays(1);
            t = d.atStartOfDay().toInstant(ZoneOffset.UTC);
        }
        return out;
    }

    /** The weekend days (UTC) that overlap the range, as [start, end) pairs. */
    List<Instant[]> weekends() {
        List<Instant[]> out = new ArrayList<>();
        if (dayWidth() < 3) {
            return out;
        }
        // from the day before, so that a range starting on a Sunday shades it too
        LocalDate d = Html.utc(from).toLocalDate().minusDays(1);
        while (d.atStartOfDay().toInstant(ZoneOffset.UTC).isBefore(until)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY) {
                out.add(new Instant[] {d.atStartOfDay().toInstant(ZoneOffset.UTC),
                    d.plusDays(2).atStartOfDay().toInstant(ZoneOffset.UTC)});
            }
            d = d.plusDays(1);
        }
        return out;
    }

    /** The labelled ticks. */
    List<Tick> ticks() {
        Unit unit = unit();
        List<Tick> out = new ArrayList<>();
        LocalDateTime t = first(unit);
        while (!t.toInstant(ZoneOffset.UTC).isAfter(until) && out.size() < 2_000) {
            Instant at = t.toInstant(ZoneOffset.UTC);
            if (!at.isBefore(from)) {
                out.add(new Tick(at, label(unit, t)));
            }
            t = next(unit, t);
        }
        return out;
    }

    private Unit unit() {
        for (Unit u : Unit.values()) {
            if (width * approxSeconds(u) / seconds >= MIN_LABEL_GAP) {
                return u;
            }
        }
        return Unit.Y1;
    }

    private static long approxSeconds(Unit u) {
        return switch (u) {
            case H1 -> 3_600;
            case H3 -> 3 * 3_600;
            case H6 -> 6 * 3_600;
            case H12 -> 12 * 3_600;
            case D1 -> 86_400;
            case D2 -> 2 * 86_400;
            case W1 -> 7 * 86_400;
            case W2 -> 14 * 86_400;
            case M1 -> 28 * 86_400;
            case M3 -> 89 * 86_400;
            case Y1 -> 365 * 86_400;
        };
    }

    private LocalDateTime first(Unit u) {
        LocalDateTime f = Html.utc(from);
        return switch (u) {
            case H1 -> f.truncatedTo(ChronoUnit.HOURS);
            case H3 -> f.truncatedTo(ChronoUnit.HOURS).withHour(f.getHour() / 3 * 3);
            case H6 -> f.truncatedTo(ChronoUnit.HOURS).withHour(f.getHour() / 6 * 6);
            case H12 -> f.truncatedTo(ChronoUnit.HOURS).withHour(f.getHour() / 12 * 12);
            case D1, D2 -> f.truncatedTo(ChronoUnit.DAYS);
            case W1, W2 -> f.truncatedTo(ChronoUnit.DAYS).minusDays(f.getDayOfWeek().getValue() - 1L);
            case M1 -> f.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1);
            case M3 -> f.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1).withMonth((f.getMonthValue() - 1) / 3 * 3 + 1);
            case Y1 -> f.truncatedTo(ChronoUnit.DAYS).withDayOfYear(1);
        };
    }

    private static LocalDateTime next(Unit u, LocalDateTime t) {
        return switch (u) {
            case H1 -> t.plusHours(1);
            case H3 -> t.plusHours(3);
            case H6 -> t.plusHours(6);
            case H12 -> t.plusHours(12);
            case D1 -> t.plusDays(1);
            case D2 -> t.plusDays(2);
            case W1 -> t.plusWeeks(1);
            case W2 -> t.plusWeeks(2);
            case M1 -> t.plusMonths(1);
            case M3 -> t.plusMonths(3);
            case Y1 -> t.plusYears(1);
        };
    }

    private static String label(Unit u, LocalDateTime t) {
        String day = Html.DAYS[t.getDayOfWeek().getValue() - 1] + " " + t.getDayOfMonth() + " "
                + Html.MONTHS[t.getMonthValue() - 1];
        return switch (u) {
            case H1, H3, H6, H12 -> t.getHour() == 0 ? day : String.format(java.util.Locale.ROOT, "%02d:00", t.getHour());
            case D1, D2 -> day;
            case W1, W2 -> t.getDayOfMonth() + " " + Html.MONTHS[t.getMonthValue() - 1];
            case M1, M3 -> Html.MONTHS[t.getMonthValue() - 1] + " " + t.getYear();
            case Y1 -> Integer.toString(t.getYear());
        };
    }
}
