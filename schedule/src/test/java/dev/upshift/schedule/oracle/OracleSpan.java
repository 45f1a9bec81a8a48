package dev.upshift.schedule.oracle;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One maintenance window or exclusion as docs/schedules.md defines it, evaluated by brute force.
 *
 * <p>Occurrences start at the local times the rule gives (or once at {@code start} without a
 * rule), on the zone's clock by {@link LocalClock}. An occurrence lasts {@code length}: on the
 * local clock when {@code wallClock} (written as {@code endTime}), as elapsed time otherwise
 * (written as {@code duration}); one whose end is not after its start is dropped. A
 * {@code startTime} or {@code endTime} written as an RFC 3339 instant (with {@code Z} or an
 * offset) is never ambiguous: the occurrence at {@code start} begins (and, for {@code endTime},
 * ends) exactly there.
 *
 * @param start the local start on the zone's clock
 * @param writtenStart the instant {@code startTime} named, when written with an offset
 * @param writtenEnd the instant {@code endTime} named, when written with an offset
 */
public record OracleSpan(LocalDateTime start, ZoneId zone, Duration length, boolean wallClock,
        Optional<RecurrenceRule> rule, Optional<Instant> writtenStart, Optional<Instant> writtenEnd) {

    /** How far past a range's end (on the local clock) local starts are looked for. */
    private static final Duration SLACK = Duration.ofDays(3);

    /** Every occurrence that overlaps {@code [from, to)}, whole, in order of local start. */
    public List<Stretch> occurrences(Instant from, Instant to) {
        LocalDateTime limit = LocalDateTime.ofInstant(to, zone).plus(SLACK);
        List<Stretch> out = new ArrayList<>();
        for (LocalDateTime t : localStarts(limit)) {
            occurrenceAt(t).filter(s -> s.overlaps(from, to)).ifPresent(out::add);
        }
        return out;
    }

    /** The first occurrence that is not dropped, among local starts up to {@code limit}. */
    public Optional<Stretch> firstOccurrence(LocalDateTime limit) {
        for (LocalDateTime t : localStarts(limit)) {
            Optional<Stretch> s = occurrenceAt(t);
            if (s.isPresent()) {
                return s;
            }
        }
        return Optional.empty();
    }

    /** The local starts up to {@code limit}, before any is dropped for being empty. */
    public List<LocalDateTime> localStarts(LocalDateTime limit) {
        if (rule.isEmpty()) {
            return start.isAfter(limit) ? List.of() : List.of(start);
        }
        return new RuleWalk(rule.get(), start).starts(limit, this::startInstant);
    }

    /** The occurrence that starts at a local time, or empty when it ends no later than it starts. */
    public Optional<Stretch> occurrenceAt(LocalDateTime t) {
        Instant s = startInstant(t);
        Instant e;
        if (!wallClock) {
            e = s.plus(length);
        } else if (t.equals(start) && writtenEnd.isPresent()) {
            e = writtenEnd.get();
        } else {
            e = LocalClock.instant(t.plus(length), zone);
        }
        return e.isAfter(s) ? Optional.of(new Stretch(s, e)) : Optional.empty();
    }

    private Instant startInstant(LocalDateTime t) {
        return t.equals(start) && writtenStart.isPresent() ? writtenStart.get() : LocalClock.instant(t, zone);
    }
}
