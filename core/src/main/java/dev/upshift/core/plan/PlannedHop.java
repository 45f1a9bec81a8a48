package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Version;
import dev.upshift.schedule.Interval;
import dev.upshift.spi.Reason;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One hop of a cluster's path as the plan sees it (docs/planning.md, "Hops"): the engine publishes
 * a path one hop at a time, each hop in a window of its own, the next only once the one before it
 * succeeded; so the plan gives each hop its window. The first hop is the entry's: its window,
 * expected end and overrun are the {@link PlanEntry}'s own. Each later hop starts no earlier than
 * the expected end of the hop before it, in the first window from there that has room for it, with
 * the cluster's exclusions judging the hop's own kind exactly as they judge the first.
 *
 * <p>A later hop's window is a forecast from this plan alone: it assumes the stage still has room
 * when the hop before it ends (what {@code maxConcurrent} and other clusters do is the
 * simulation's to say), and it is planned again, from the release the cluster then runs, once that
 * hop has succeeded.
 *
 * @param from the release the hop starts from
 * @param to the release it lands on
 * @param kind what exclusions judge for this hop: the change of the {@code kubernetes} component over
 *     it ({@code patch}, {@code minor} or {@code major})
 * @param window the allowed interval the hop starts in; empty when the hop before it has no known
 *     end (the entry is waiting, blocked or has no window) or no window within the planner's horizon
 *     has room for it
 * @param expectedEnd when the hop is expected to end if it starts at {@code window.start}; empty
 *     when {@code window} is
 * @param overrun how long a {@code startWithin} hop is expected to run past its window's end, when
 *     it does
 * @param reasons for a later hop, what puts its start later than the window that follows the hop
 *     before it: {@code EXCLUDED}, naming the exclusion and when it ends; or what blocks it:
 *     {@code REMOVED_API} (readiness), and then the hop and every hop after it have no window;
 *     always empty for the first hop, whose reasons are the entry's
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record PlannedHop(Version from, Version to, PlanKind kind, Optional<Interval> window,
        Optional<Instant> expectedEnd, Optional<Duration> overrun, List<Reason> reasons) {

    /**
     * Validates and copies the parts.
     *
     * @throws IllegalArgumentException when {@code to} is not newer than {@code from}, the kind is
     *     {@code config}, or the overrun is not positive
     */
    public PlannedHop {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(expectedEnd, "expectedEnd");
        Objects.requireNonNull(overrun, "overrun");
        reasons = List.copyOf(reasons);
        if (!to.isNewerThan(from)) {
            throw new IllegalArgumentException("a hop goes to a newer release: " + from + " → " + to);
        }
        if (kind == PlanKind.CONFIG) {
            throw new IllegalArgumentException("a hop moves the release; config is not a hop's kind");
        }
        if (overrun.isPresent() && (overrun.get().isNegative() || overrun.get().isZero())) {
            throw new IllegalArgumentException("an overrun must be positive, got " + overrun.get());
        }
    }

    /** A hop without a window yet. */
    static PlannedHop unplaced(Version from, Version to, PlanKind kind) {
        return new PlannedHop(from, to, kind, Optional.empty(), Optional.empty(), Optional.empty(), List.of());
    }

    /** {@code 19.2.4 → 20.0.2 minor 2026-12-21T07:00:00Z}, for logs and tests. */
    @Override
    public String toString() {
        return from + " → " + to + " " + kind + window.map(w -> " " + w.start()).orElse("");
    }
}
