package dev.upshift.schedule.oracle;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneRules;
import java.util.List;

/**
 * A local time on a zone's clock as an instant, by RFC 5545 section 3.3.5 as docs/schedules.md
 * words it: a local time the clock skips (a gap) is read with the offset in force before the gap,
 * which moves it forward by the gap's length; a local time the clock shows twice (a fold) is the
 * first of the two instants.
 */
public final class LocalClock {
    private LocalClock() {}

    public static Instant instant(LocalDateTime local, ZoneId zone) {
        ZoneRules rules = zone.getRules();
        List<ZoneOffset> offsets = rules.getValidOffsets(local);
        if (offsets.isEmpty()) {
            return local.toInstant(rules.getTransition(local).getOffsetBefore());
        }
        Instant first = local.toInstant(offsets.get(0));
        for (ZoneOffset o : offsets) {
            Instant candidate = local.toInstant(o);
            if (candidate.isBefore(first)) {
                first = candidate;
            }
        }
        return first;
    }
}
