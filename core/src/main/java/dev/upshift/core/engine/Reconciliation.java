package dev.upshift.core.engine;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.spi.HistoryEntry;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What one {@link Engine#reconcile(Instant) reconcile} did: the history entries it recorded (every
 * step it took, in order), the calls that failed, the plan it last acted on, and the next instant at
 * which something it knows of can change (JOSDK's {@code rescheduleAfter}).
 *
 * @param now the reconcile's instant
 * @param recorded the entries appended to the history, in append order; empty when nothing changed
 * @param faults the calls that threw, in the order they happened
 * @param plan the plan the last pass acted on, made before its steps (a cluster it started shows
 *     {@code ready} there; plan again for the state after it); empty when the fleet could not be read
 * @param nextWake the earliest instant after {@code now} at which a window opens, a reason lifts, a
 *     hook asked to be asked again or an upgrade in flight times out; empty when nothing is known to
 *     come (a probe may still report at any time)
 * @param started the plan entries whose next hop this reconcile started (a {@code starting} entry
 *     recorded), as the plan judged them when it started them, in order: the window, stage, kind and
 *     expected end they were started with
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Reconciliation(Instant now, List<HistoryEntry> recorded, List<Fault> faults, Optional<Plan> plan,
        Optional<Instant> nextWake, List<PlanEntry> started) {

    /** Validates and copies the parts. */
    public Reconciliation {
        Objects.requireNonNull(now, "now");
        recorded = List.copyOf(recorded);
        faults = List.copyOf(faults);
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(nextWake, "nextWake");
        started = List.copyOf(started);
    }

    /** Whether the reconcile recorded anything. */
    public boolean changed() {
        return !recorded.isEmpty();
    }

    /** {@code 2026-03-10T07:00:00Z: 3 recorded, 0 faults}. */
    @Override
    public String toString() {
        return now + ": " + recorded.size() + " recorded, " + faults.size() + " faults"
                + nextWake.map(t -> ", next " + t).orElse("");
    }
}
