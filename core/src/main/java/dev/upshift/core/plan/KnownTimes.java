package dev.upshift.core.plan;

import dev.upshift.schedule.Freeze;
import dev.upshift.schedule.Interval;
import dev.upshift.spi.Reason;
import java.time.Instant;
import java.util.Optional;

/**
 * The time reasons of a cluster that something else holds (docs/planning.md, "Reason codes"): a
 * waiting or blocked entry still says, after what holds it, every time reason known now, so that a
 * team whose blocker lifts is not surprised by a freeze or a start time nobody mentioned.
 */
final class KnownTimes {
    private KnownTimes() {}

    /**
     * Adds {@code FROZEN} and {@code WAITING_START_TIME} to a blocked draft where they lie ahead of
     * {@code now} and are not said yet; its window is not looked for, since it waits for a person.
     */
    static void addToBlocked(Draft d, Instant now, Optional<Instant> startTime) {
        Optional<Freeze> freeze = d.cluster.freeze().filter(f -> f.blocks(now));
        freeze.ifPresent(f -> d.validUntil(f.until()));
        if (freeze.isPresent() && !has(d, ReasonCodes.FROZEN)) {
            d.times.add(frozen(freeze.get()));
        }
        Optional<Instant> start = startTime.filter(t -> t.isAfter(now));
        start.ifPresent(d::validUntil);
        if (start.isPresent() && d.upgrade.isPresent() && !has(d, ReasonCodes.WAITING_START_TIME)) {
            d.times.add(startTime(d.upgrade.get(), start.get()));
        }
    }

    /**
     * Turns a draft the window finder placed as if its stage were open now into a waiting one: the
     * window it found is only the earliest it could start in, so it leaves the entry (docs/planning.md:
     * a waiting entry's window is set only when its stage's opening is known), and its
     * {@code OUTSIDE_WINDOW} reason says so: the window that follows its freeze or start time. With
     * neither, it has no {@code OUTSIDE_WINDOW} (its stage says more); an exclusion in force stays.
     */
    static void earliestOnly(Draft d) {
        Optional<Interval> earliest = d.window;
        d.window = Optional.empty();
        d.expectedEnd = Optional.empty();
        if (earliest.isEmpty()) {
            return;
        }
        if (!has(d, ReasonCodes.FROZEN) && !has(d, ReasonCodes.WAITING_START_TIME)) {
            // nothing but the stage holds it from now: the next window says nothing the stage does not
            d.times.removeIf(r -> r.code().equals(ReasonCodes.OUTSIDE_WINDOW));
            d.windowValidUntil = d.droppedValidUntil;
            return;
        }
        Interval w = earliest.get();
        String schedule = d.cluster.schedule().map(n -> " (schedule " + n + ")").orElse("");
        d.times.replaceAll(r -> r.code().equals(ReasonCodes.OUTSIDE_WINDOW) ? Reason.until(ReasonCodes.OUTSIDE_WINDOW,
                "the earliest window it could start in is " + Explanation.window(w) + schedule, w.start()) : r);
    }

    /** {@code FROZEN}, until the freeze ends, with its reason: the one wording of a freeze. */
    static Reason frozen(Freeze freeze) {
        return Reason.until(ReasonCodes.FROZEN, "frozen until " + freeze.until() + " (" + freeze.reason() + ")",
                freeze.until());
    }

    /** {@code WAITING_START_TIME}: the upgrade starts no earlier than its start time. */
    static Reason startTime(String upgrade, Instant start) {
        return Reason.until(ReasonCodes.WAITING_START_TIME, "upgrade " + upgrade + " starts no earlier than " + start,
                start);
    }

    private static boolean has(Draft d, String code) {
        return d.times.stream().anyMatch(r -> r.code().equals(code));
    }
}
