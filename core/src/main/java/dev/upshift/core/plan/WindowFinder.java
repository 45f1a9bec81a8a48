package dev.upshift.core.plan;

import dev.upshift.common.problem.UpshiftException;
import dev.upshift.common.value.Durations;
import dev.upshift.release.Version;
import dev.upshift.schedule.AllowedIntervals;
import dev.upshift.schedule.Freeze;
import dev.upshift.schedule.Interval;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.schedule.UpgradeKind;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import dev.upshift.spi.WindowPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds a cluster's window in one round and says why it is not sooner. Window queries depend only on
 * (schedule, kind, earliest start, least length), so they are remembered per round: a fleet whose
 * clusters share schedules and start bounds asks the index once per distinct question.
 */
final class WindowFinder {
    /** At most this many windows are walked to find where a {@code pauseAndResume} upgrade ends. */
    static final int MAX_RESUMES = 10_000;

    /** Past this many remembered answers, a finder made from another starts afresh. */
    static final int MAX_KEPT = 200_000;

    private final ScheduleAccess schedules;
    private final Duration horizon;
    private final Instant now;
    private final Map<Query, Optional<Interval>> answers;
    private final Map<HopQuery, Placement> hopAnswers;
    private final Map<ExclusionQuery, NextExclusion> exclusionStarts;
    private final Map<ExclusionFrom, Optional<Instant>> exclusionsFrom;

    WindowFinder(ScheduleAccess schedules, Duration horizon, Instant now) {
        this(schedules, horizon, now, null);
    }

    /**
     * A finder at {@code now} that keeps what {@code before} (of the same schedules, at an earlier
     * instant) found: every answer but whether a window open now is ready is a function of its
     * question alone, so a session's rounds ask each question once.
     */
    WindowFinder(ScheduleAccess schedules, Duration horizon, Instant now, WindowFinder before) {
        this.schedules = schedules;
        this.horizon = horizon;
        this.now = now;
        boolean keep = before != null && before.answers.size() + before.hopAnswers.size() < MAX_KEPT;
        this.answers = keep ? before.answers : new HashMap<>();
        this.hopAnswers = keep ? before.hopAnswers : new HashMap<>();
        this.exclusionStarts = keep ? before.exclusionStarts : new HashMap<>();
        this.exclusionsFrom = keep ? before.exclusionsFrom : new HashMap<>();
    }

    private record Query(String schedule, boolean bare, UpgradeKind kind, Instant at, Duration atLeast, Duration room) {}

    /**
     * Gives the draft its window, state ({@code ready}, {@code scheduled} or {@code blocked} with
     * {@code NO_WINDOW}) and time reasons; the caller turns the state into {@code waiting} where a
     * stage holds it.
     *
     * @param openAt when the cluster's stage opens, if later than the start of time
     */
    void place(Draft d, Optional<Instant> openAt) {
        try {
            find(d, openAt);
        } catch (IllegalArgumentException | UpshiftException e) {
            // only instants past the supported range (a freeze or start time after the year 9000) get here
            d.validUntil(now);
            d.window = Optional.empty();
            d.expectedEnd = Optional.empty();
            d.block(Reason.of(ReasonCodes.NO_WINDOW, "no window can be found: " + e.getMessage()));
        }
    }

    private void find(Draft d, Optional<Instant> openAt) {
        Optional<String> scheduleName = d.cluster.schedule();
        Optional<MaintenanceSchedule> schedule = scheduleName.flatMap(schedules::schedule);
        AllowedIntervals allowed = scheduleName.isEmpty() ? AllowedIntervals.always()
                : schedules.get(scheduleName.get(), now).orElseThrow();
        Instant bound = now;
        Optional<Freeze> freeze = d.cluster.freeze();
        if (freeze.isPresent() && freeze.get().blocks(now)) {
            bound = later(bound, freeze.get().until());
            d.times.add(KnownTimes.frozen(freeze.get()));
            d.validUntil(freeze.get().until());
        }
        if (d.startTime.isPresent() && d.startTime.get().isAfter(now)) {
            bound = later(bound, d.startTime.get());
            d.validUntil(d.startTime.get());
            d.times.add(KnownTimes.startTime(d.upgrade.orElse(""), d.startTime.get()));
        }
        if (openAt.isPresent() && openAt.get().isAfter(now)) {
            bound = later(bound, openAt.get());
            d.validUntil(openAt.get());
        }
        Duration atLeast = atLeast(d);
        // The freeze is part of the bound, so the schedule's own allowed time answers as withFreeze would.
        Optional<Interval> window = ask(scheduleName.orElse(""), false, allowed, d.upgradeKind, bound, atLeast,
                d.expectedDuration);
        Instant earliest = bound;
        Optional<Reason> exclusion = schedule.flatMap(s -> excluded(d.upgradeKind, d.expectedDuration, s, earliest,
                atLeast, window));
        exclusion.ifPresent(d.times::add);
        Optional<Instant> excludedUntil = exclusion.flatMap(Reason::until);
        if (exclusion.isPresent() && !bound.isAfter(now)) {
            // the reason names the window the exclusion spoils, found from now: it reads differently once that opens
            Instant bare = ask(scheduleName.get(), true, null, d.upgradeKind, bound, atLeast, Duration.ZERO)
                    .map(Interval::start).orElse(now);
            d.validUntil(bare.isAfter(now) ? bare : now);
        }
        if (window.isEmpty()) {
            d.validUntil(now);
            d.block(Reason.of(ReasonCodes.NO_WINDOW, "no window" + scheduleName.map(s -> " of schedule " + s).orElse("")
                    + " allows a " + d.upgradeKind + " upgrade" + (atLeast.isZero() ? "" : " of " + Durations.format(atLeast))
                    + " within " + horizon.toDays() + " days after " + bound));
            return;
        }
        Interval w = window.get();
        d.window = window;
        d.expectedEnd = expectedEnd(d, d.upgradeKind, allowed, w);
        if (!w.start().isAfter(now)) {
            // a window open now starts now: an entry that stays ready is planned again each time (Round.run);
            // one its stage holds reads the same until the window gets too short or an exclusion comes in reach
            d.state = UpgradeState.READY;
            Instant ready = readyUntil(schedule, d.upgradeKind, w, atLeast, d.expectedDuration, now);
            d.windowValidUntil = min(d.windowValidUntil, ready);
            d.droppedValidUntil = min(d.droppedValidUntil, ready);
            return;
        }
        d.state = UpgradeState.SCHEDULED;
        // an open window found from now has its end come within reach as time goes on
        d.windowValidUntil = min(d.windowValidUntil, w.end().isPresent() || bound.isAfter(now) ? w.start() : now);
        d.droppedValidUntil = min(d.droppedValidUntil,
                readyUntil(schedule, d.upgradeKind, w, atLeast, d.expectedDuration, w.start()));
        if (!atLeast.isZero() && !bound.isAfter(now)) {
            // whether a window too short for it is open now shows in its reason
            d.windowValidUntil = min(d.windowValidUntil, permitsChange(allowed, d.upgradeKind));
        }
        Instant explained = later(bound, excludedUntil.orElse(bound));
        if (w.start().isAfter(explained)) {
            boolean shortNow = !atLeast.isZero() && !bound.isAfter(now) && allowed.permits(now, d.upgradeKind);
            d.times.add(Reason.until(ReasonCodes.OUTSIDE_WINDOW, shortNow
                    ? "the window open now leaves less than " + Durations.format(atLeast) + "; the next that leaves it"
                            + " opens at " + w.start()
                    : "no maintenance window" + scheduleName.map(s -> " of schedule " + s).orElse("") + " is open until "
                            + w.start(), w.start()));
        }
    }

    /**
     * A later hop of a draft that has its window: it starts no earlier than {@code after}, the
     * expected end of the hop before it, in the first window from there with room for it, its own
     * kind judged by the cluster's exclusions as the first hop's is. Unplaced when no window within
     * the horizon has room.
     */
    PlannedHop laterHop(Draft d, Version from, Version to, PlanKind hopKind, Instant after) {
        UpgradeKind kind = new UpgradeKind(hopKind.versionChange(), d.upgradeKind.changesNodes());
        Instant bound = d.cluster.freeze().filter(f -> f.blocks(after)).map(f -> later(after, f.until())).orElse(after);
        // clusters that share a schedule, an intent and a first window ask the same question of their later hops
        HopQuery q = new HopQuery(d.cluster.schedule().orElse(""), kind, bound, d.policy, d.expectedDuration);
        Placement p = hopAnswers.get(q);
        if (p == null) {
            p = placeHop(d, kind, bound);
            hopAnswers.put(q, p);
        }
        return new PlannedHop(from, to, hopKind, p.window(), p.end(), p.overrun(), p.reasons());
    }

    private record HopQuery(String schedule, UpgradeKind kind, Instant bound, WindowPolicy policy, Duration duration) {}

    /** Where a hop starts and ends, and why not sooner; all empty when no window has room. */
    private record Placement(Optional<Interval> window, Optional<Instant> end, Optional<Duration> overrun,
            List<Reason> reasons) {
        static final Placement NONE = new Placement(Optional.empty(), Optional.empty(), Optional.empty(), List.of());
    }

    private Placement placeHop(Draft d, UpgradeKind kind, Instant bound) {
        try {
            Optional<String> scheduleName = d.cluster.schedule();
            Optional<MaintenanceSchedule> schedule = scheduleName.flatMap(schedules::schedule);
            AllowedIntervals allowed = scheduleName.isEmpty() ? AllowedIntervals.always()
                    : schedules.get(scheduleName.get(), now).orElseThrow();
            Duration atLeast = atLeast(d);
            Optional<Interval> window = ask(scheduleName.orElse(""), false, allowed, kind, bound, atLeast,
                    d.expectedDuration);
            if (window.isEmpty()) {
                return Placement.NONE;
            }
            Optional<Reason> exclusion = schedule.flatMap(s -> excluded(kind, d.expectedDuration, s, bound, atLeast,
                    window));
            Optional<Instant> end = expectedEnd(d, kind, allowed, window.get());
            return new Placement(window, end, overrun(d.policy, window, end), exclusion.map(List::of).orElse(List.of()));
        } catch (IllegalArgumentException | UpshiftException e) {
            // only instants past the supported range get here
            return Placement.NONE;
        }
    }

    /** How long a {@code startWithin} upgrade with this window and end runs past the window, when it does. */
    static Optional<Duration> overrun(WindowPolicy policy, Optional<Interval> window, Optional<Instant> end) {
        if (policy != WindowPolicy.START_WITHIN || window.isEmpty() || end.isEmpty()) {
            return Optional.empty();
        }
        Optional<Instant> closes = window.get().end();
        if (closes.isEmpty() || !end.get().isAfter(closes.get())) {
            return Optional.empty();
        }
        return Optional.of(Duration.between(closes.get(), end.get()));
    }

    private static Duration atLeast(Draft d) {
        return d.policy == WindowPolicy.COMPLETE_WITHIN ? d.expectedDuration : Duration.ZERO;
    }

    /**
     * {@code EXCLUDED} when the schedule's windows alone would allow an earlier start: an exclusion
     * that blocks the kind is in force then, or a start then would run into one. Its {@code until}
     * is when that exclusion's occurrence ends.
     */
    private Optional<Reason> excluded(UpgradeKind kind, Duration duration, MaintenanceSchedule s, Instant bound,
            Duration atLeast, Optional<Interval> window) {
        if (window.isPresent() && !window.get().start().isAfter(bound)
                || s.exclusions().stream().noneMatch(e -> e.scope().blocks(kind))) {
            return Optional.empty(); // nothing delayed it, or nothing could have
        }
        Optional<Interval> bare = ask(s.name(), true, null, kind, bound, atLeast, Duration.ZERO);
        if (bare.isEmpty() || window.isPresent() && !bare.get().start().isBefore(window.get().start())) {
            return Optional.empty();
        }
        Instant start = bare.get().start();
        Optional<ScheduleAccess.Blocking> blocking = ScheduleAccess.blockingExclusion(s, kind, start,
                longer(atLeast, duration));
        Instant until = blocking.map(b -> b.occurrence().end().orElse(start))
                .orElse(window.map(Interval::start).orElse(start));
        String name = blocking.map(b -> "maintenance exclusion '" + b.exclusion().name() + "' (" + b.exclusion().scope()
                + ")").orElse("a maintenance exclusion");
        Optional<Instant> ahead = blocking.map(b -> b.occurrence().start()).filter(t -> t.isAfter(start));
        String text = name + " of schedule " + s.name() + " blocks " + kind + " upgrades "
                + ahead.map(t -> "from " + t + " until " + until + "; a " + Durations.format(duration) + " upgrade"
                        + " started in the window at " + start + " would run into it")
                        .orElse("until " + until);
        return Optional.of(Reason.until(ReasonCodes.EXCLUDED, text, until));
    }

    private Optional<Interval> ask(String schedule, boolean bare, AllowedIntervals allowed, UpgradeKind kind, Instant at,
            Duration atLeast, Duration room) {
        Query q = new Query(schedule, bare, kind, at, atLeast, room);
        Optional<Interval> known = answers.get(q);
        if (known != null) {
            return known;
        }
        Optional<Interval> found = bare
                ? schedules.withoutExclusions(schedules.schedule(schedule).orElseThrow(), now).next(at, kind, atLeast, horizon)
                : clearOfExclusions(schedules.schedule(schedule), allowed, kind, at, atLeast, room);
        answers.put(q, found);
        return found;
    }

    /**
     * The first allowed interval from {@code at} whose start leaves {@code room} before any exclusion
     * that blocks the kind: whatever the window policy, an upgrade never runs into a freeze (it may
     * run past the window's end under {@code startWithin}, never into an exclusion). Allowed time
     * already leaves the exclusions out, so only an upgrade that would run on past its interval's end
     * can meet one; it then starts no earlier than that exclusion's end, within the horizon from
     * {@code at}.
     */
    private Optional<Interval> clearOfExclusions(Optional<MaintenanceSchedule> schedule, AllowedIntervals allowed,
            UpgradeKind kind, Instant at, Duration atLeast, Duration room) {
        Instant limit = at.plus(horizon);
        Instant from = at;
        for (int i = 0; i < MAX_RESUMES && from.isBefore(limit); i++) {
            Optional<Interval> found = allowed.next(from, kind, atLeast, Duration.between(from, limit));
            if (found.isEmpty() || schedule.isEmpty()) {
                return found;
            }
            Optional<ScheduleAccess.Blocking> blocking = ScheduleAccess.blockingExclusion(schedule.get(), kind,
                    found.get().start(), room);
            if (blocking.isEmpty()) {
                return found;
            }
            Optional<Instant> end = blocking.get().occurrence().end();
            if (end.isEmpty() || !end.get().isAfter(found.get().start())) {
                return Optional.empty();
            }
            from = end.get();
        }
        return Optional.empty();
    }

    /** When the upgrade ends if it starts at the window's start: past the window for startWithin, across windows for pauseAndResume. */
    private Optional<Instant> expectedEnd(Draft d, UpgradeKind kind, AllowedIntervals allowed, Interval w) {
        if (d.policy != WindowPolicy.PAUSE_AND_RESUME) {
            return Optional.of(w.start().plus(d.expectedDuration));
        }
        Duration left = d.expectedDuration;
        Interval current = w;
        for (int i = 0; i < MAX_RESUMES; i++) {
            if (current.end().isEmpty()) {
                return Optional.of(current.start().plus(left));
            }
            Duration length = Duration.between(current.start(), current.end().get());
            if (length.compareTo(left) >= 0) {
                return Optional.of(current.start().plus(left));
            }
            left = left.minus(length);
            Optional<Interval> next = allowed.next(current.end().get(), kind, Duration.ZERO, horizon);
            if (next.isEmpty()) {
                return Optional.empty();
            }
            current = next.get();
        }
        return Optional.empty();
    }

    /**
     * Until when a window open now stays the one found from each later instant: it leaves enough
     * time, and a start then runs into no exclusion.
     */
    private Instant readyUntil(Optional<MaintenanceSchedule> schedule, UpgradeKind kind, Interval w, Duration atLeast,
            Duration room, Instant from) {
        Instant until = w.end().map(e -> e.minus(atLeast)).orElse(Instant.MAX);
        if (schedule.isPresent()) {
            Optional<Instant> next = from.equals(now) ? nextExclusion(schedule.get(), kind)
                    : exclusionsFrom.computeIfAbsent(new ExclusionFrom(schedule.get().name(), kind, from),
                            q -> ScheduleAccess.blockingExclusion(schedule.get(), kind, from, horizon)
                                    .map(b -> b.occurrence().start()));
            if (next.isPresent() && next.get().minus(room).isBefore(until)) {
                until = next.get().minus(room);
            }
        }
        return until.isAfter(now) ? until : now;
    }

    private record ExclusionQuery(String schedule, UpgradeKind kind) {}

    private record ExclusionFrom(String schedule, UpgradeKind kind, Instant from) {}

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    /** The start of the first exclusion occurrence blocking a kind that overlaps the horizon from {@code from}. */
    private record NextExclusion(Instant from, Optional<Instant> start) {}

    /**
     * The start of the first occurrence of an exclusion blocking the kind that overlaps the horizon
     * from now. Found at an earlier instant, it stays the answer until now passes it: no occurrence
     * can start between without having been the first then.
     */
    private Optional<Instant> nextExclusion(MaintenanceSchedule s, UpgradeKind kind) {
        ExclusionQuery q = new ExclusionQuery(s.name(), kind);
        NextExclusion known = exclusionStarts.get(q);
        if (known != null && !now.isBefore(known.from()) && known.start().isPresent()
                && !now.isAfter(known.start().get())) {
            return known.start();
        }
        Optional<Instant> start = ScheduleAccess.blockingExclusion(s, kind, now, horizon)
                .map(b -> b.occurrence().start());
        exclusionStarts.put(q, new NextExclusion(now, start));
        return start;
    }

    /** The next instant after now at which the allowed time starts or stops permitting the kind. */
    private Instant permitsChange(AllowedIntervals allowed, UpgradeKind kind) {
        Optional<Interval> next = allowed.next(now, kind, Duration.ZERO, horizon);
        if (next.isEmpty()) {
            return now.plus(horizon);
        }
        Interval i = next.get();
        return i.start().isAfter(now) ? i.start() : i.end().orElse(Instant.MAX);
    }

    private static Instant later(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    private static Duration longer(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
