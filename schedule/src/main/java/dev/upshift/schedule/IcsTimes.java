package dev.upshift.schedule;

import dev.upshift.common.problem.Suggestions;
import dev.upshift.common.problem.SyntaxException;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.ResolverStyle;
import java.time.temporal.TemporalAmount;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import net.fortuna.ical4j.model.TemporalAmountAdapter;

/**
 * The times, periods and durations of an imported calendar's properties, and the zones their
 * {@code TZID}s name: every zone is resolved by the IANA rules the JVM holds (never by ical4j's own
 * zone data, nor by a {@code VTIMEZONE}'s own rules), so that an imported time means what a
 * schedule's {@code timeZone} would. A Windows zone name, as Outlook writes it, is read as the IANA
 * zone the Unicode CLDR table gives it ({@link WindowsZones}).
 */
final class IcsTimes {
    private static final Set<String> ZONES = new TreeSet<>(ZoneId.getAvailableZoneIds());
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuuMMdd", Locale.ROOT).withResolverStyle(ResolverStyle.STRICT);
    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss", Locale.ROOT)
            .withResolverStyle(ResolverStyle.STRICT);
    private static final ZoneId UTC = ZoneOffset.UTC;

    /**
     * A time as a property writes it: a date (its local midnight), or a date-time on the clock of a
     * zone (its {@code TZID}, UTC for a time ending in {@code Z}, the import's zone for a floating one).
     */
    record Time(LocalDateTime local, ZoneId zone, boolean date) {
        Instant instant() {
            return RecurringSpan.resolve(local, zone);
        }
    }

    /** What a property's value gives: a time, or a time and its end (a {@code PERIOD}). */
    record Value(Time start, Optional<Instant> end, Optional<TemporalAmount> length) {}

    private final Map<String, String> locations;
    private final Map<String, Integer> definitions;
    private final ZoneId floating;

    /**
     * @param calendar the {@code VCALENDAR}, whose {@code VTIMEZONE}s may name the IANA zone of a
     *     {@code TZID} that is not one (by {@code X-LIC-LOCATION})
     * @param floating the zone of dates and of times without {@code TZID} or {@code Z}
     */
    IcsTimes(IcsComponent calendar, ZoneId floating) {
        this.floating = floating;
        this.locations = new HashMap<>();
        this.definitions = new HashMap<>();
        for (IcsComponent c : calendar.components) {
            if (c.name.equals("VTIMEZONE")) {
                Optional<String> id = c.first("TZID").map(IcsComponent.Property::value);
                Optional<String> location = c.first("X-LIC-LOCATION").map(IcsComponent.Property::value);
                id.ifPresent(name -> definitions.putIfAbsent(name.strip(), c.line));
                if (id.isPresent() && location.isPresent()) {
                    locations.put(id.get().strip(), location.get().strip());
                }
            }
        }
    }

    ZoneId floating() {
        return floating;
    }

    /** The time of a {@code DTSTART}, {@code DTEND} or {@code RECURRENCE-ID}. */
    Time time(IcsComponent.Property p) {
        List<Value> values = values(p, false);
        if (values.size() != 1) {
            throw new IcsProblem(p, "expected one date or date-time, got " + values.size());
        }
        return values.get(0).start();
    }

    /** The times (or periods, with {@code periods}) of an {@code RDATE} or {@code EXDATE}, in order. */
    List<Value> values(IcsComponent.Property p, boolean periods) {
        String type = p.parameter("VALUE").map(String::strip).orElse("DATE-TIME").toUpperCase(Locale.ROOT);
        if (!type.equals("DATE") && !type.equals("DATE-TIME") && !(periods && type.equals("PERIOD"))) {
            throw new IcsProblem(p, "VALUE=" + type + " is not read here; expected " + (periods
                    ? "DATE, DATE-TIME or PERIOD" : "DATE or DATE-TIME"));
        }
        Optional<ZoneId> zone = p.parameter("TZID").map(id -> zone(p, id));
        List<Value> out = new ArrayList<>();
        for (String text : p.value().split(",", -1)) {
            String v = text.strip();
            if (type.equals("PERIOD")) {
                out.add(period(p, v, zone));
            } else {
                out.add(new Value(time(p, v, type.equals("DATE"), zone), Optional.empty(), Optional.empty()));
            }
        }
        return out;
    }

    private Value period(IcsComponent.Property p, String v, Optional<ZoneId> zone) {
        int slash = v.indexOf('/');
        if (slash < 0) {
            throw new IcsProblem(p, "expected a period such as 20261224T080000Z/PT4H or 20261224T080000Z/20261224T120000Z,"
                    + " got " + SyntaxException.quote(v));
        }
        Time start = time(p, v.substring(0, slash), false, zone);
        String rest = v.substring(slash + 1);
        if (rest.startsWith("P") || rest.startsWith("+P")) {
            return new Value(start, Optional.empty(), Optional.of(duration(p, rest)));
        }
        return new Value(start, Optional.of(time(p, rest, false, zone).instant()), Optional.empty());
    }

    private Time time(IcsComponent.Property p, String v, boolean date, Optional<ZoneId> zone) {
        try {
            if (date || v.length() == 8) {
                return new Time(LocalDate.parse(v, DATE).atStartOfDay(), floating, true);
            }
            if (v.endsWith("Z")) {
                if (zone.isPresent()) {
                    throw new IcsProblem(p, "a time in UTC (ending in Z) takes no TZID");
                }
                return new Time(LocalDateTime.parse(v.substring(0, v.length() - 1), DATE_TIME), UTC, false);
            }
            return new Time(LocalDateTime.parse(v, DATE_TIME), zone.orElse(floating), false);
        } catch (DateTimeException e) {
            throw new IcsProblem(p, "expected a " + (date ? "date such as 20261224" : "date-time such as"
                    + " 20261224T080000, 20261224T080000Z or a date with VALUE=DATE") + ", got " + SyntaxException.quote(v));
        }
    }

    /**
     * A {@code DURATION} value: a {@link Period} of whole days or weeks ({@code P1D}, {@code P2W}),
     * or a {@link Duration} when it has hours, minutes or seconds ({@code PT4H}, {@code P1DT12H}).
     */
    TemporalAmount duration(IcsComponent.Property p, String v) {
        TemporalAmount amount;
        try {
            amount = TemporalAmountAdapter.parse(v.strip()).getDuration();
        } catch (RuntimeException e) {
            throw new IcsProblem(p, "expected a duration such as PT4H, P1D or P1W, got " + SyntaxException.quote(v));
        }
        boolean positive = amount instanceof Period period ? !period.isNegative() && !period.isZero()
                : !((Duration) amount).isNegative() && !((Duration) amount).isZero();
        if (!positive) {
            throw new IcsProblem(p, "the duration " + SyntaxException.quote(v) + " must be positive");
        }
        if (amount instanceof Period period && (period.getMonths() != 0 || period.getYears() != 0)) {
            throw new IcsProblem(p, "expected a duration in weeks, days, hours, minutes and seconds, got "
                    + SyntaxException.quote(v));
        }
        return amount;
    }

    /**
     * A {@code TZID}: an IANA name, one after a {@code /prefix/}, the one its {@code VTIMEZONE} names
     * ({@code X-LIC-LOCATION}), or a Windows name (by {@link WindowsZones}), in that order. Any other
     * name is refused, even when a {@code VTIMEZONE} defines it: its own rules are never read.
     */
    ZoneId zone(IcsComponent.Property p, String id) {
        String name = id.strip();
        if (name.length() > Times.MAX_ZONE_LENGTH * 4) {
            throw new IcsProblem(p, "TZID " + SyntaxException.quote(name) + " is not a time zone name");
        }
        if (ZONES.contains(name)) {
            return ZoneId.of(name);
        }
        for (int i = name.indexOf('/'); i >= 0; i = name.indexOf('/', i + 1)) {
            if (ZONES.contains(name.substring(i + 1))) {
                return ZoneId.of(name.substring(i + 1));
            }
        }
        String location = locations.get(name);
        if (location != null && ZONES.contains(location)) {
            return ZoneId.of(location);
        }
        Optional<String> windows = WindowsZones.iana(name).filter(ZONES::contains);
        if (windows.isPresent()) {
            return ZoneId.of(windows.get());
        }
        Integer defined = definitions.get(name);
        throw new IcsProblem(p, "TZID " + SyntaxException.quote(name) + " is not an IANA time zone name (such as"
                + " Europe/Berlin) nor a Windows one (such as W. Europe Standard Time), and "
                + (defined == null ? "no VTIMEZONE of this calendar names"
                        : "its VTIMEZONE (line " + defined + ") does not name")
                + " an IANA zone for it (X-LIC-LOCATION); Upshift reads zones by the IANA rules, never by a"
                + " calendar's own: export the calendar with IANA zone names" + nearest(name));
    }

    /** A Windows or IANA name a misspelt one was likely meant to be (Windows names first), as a hint. */
    private static String nearest(String name) {
        return Suggestions.closest(name, WindowsZones.all().keySet())
                .or(() -> Suggestions.closest(name, ZONES))
                .map(Suggestions::didYouMean)
                .orElse("");
    }
}
