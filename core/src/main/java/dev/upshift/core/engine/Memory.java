package dev.upshift.core.engine;

import dev.upshift.core.plan.PlanSession;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What an engine remembers from one reconcile to the next, and loses on restart without harm:
 * when hooks that held asked to be asked again (hooks are idempotent, so asking again early is
 * safe), the deadlines of attempts that pause outside their windows (computed again after a
 * restart), and the plan session and fleet index of the fleet last read (made again for another
 * fleet), and since when each cluster's probe has answered only faults (counted again from the
 * first fault after a restart). Not thread-safe: one reconcile at a time.
 */
final class Memory {
    private final Map<String, Instant> afterHooksHeld = new HashMap<>();
    private final Map<String, Instant> partHooksHeld = new HashMap<>();
    private final Map<String, Instant> deadlines = new HashMap<>();
    private final Map<String, Instant> unreachableSince = new HashMap<>();
    private PlanSession session;
    private FleetIndex fleetIndex;

    Memory(PlanSession planned) {
        this.session = planned;
    }

    /** Until when the after-hooks an attempt owes asked not to be asked again, if they did. */
    Optional<Instant> afterHooksHeldUntil(String upgradeId) {
        return Optional.ofNullable(afterHooksHeld.get(upgradeId));
    }

    /** The after-hooks an attempt owes asked to be asked again at {@code until}. */
    void holdAfterHooks(String upgradeId, Instant until) {
        afterHooksHeld.put(upgradeId, until);
    }

    /** The attempt owes no after-hook any more. */
    void afterHooksDone(String upgradeId) {
        afterHooksHeld.remove(upgradeId);
    }

    /** Until when the part hooks between a hop's parts asked not to be asked again, if they did. */
    Optional<Instant> partHooksHeldUntil(String partId) {
        return Optional.ofNullable(partHooksHeld.get(partId));
    }

    /** The part hooks asked to be asked again at {@code until}. */
    void holdPartHooks(String partId, Instant until) {
        partHooksHeld.put(partId, until);
    }

    /** The part hooks answered for good (proceed or abort). */
    void partHooksAnswered(String partId) {
        partHooksHeld.remove(partId);
    }

    /** An attempt's deadline, computed once. */
    Instant deadline(String upgradeId, Supplier<Instant> computed) {
        return deadlines.computeIfAbsent(upgradeId, id -> computed.get());
    }

    /**
     * Since when a cluster's probe has answered nothing but faults: {@code now} when this is its first
     * fault since it last answered.
     */
    Instant unreachableSince(String cluster, Instant now) {
        return unreachableSince.computeIfAbsent(cluster, c -> now);
    }

    /** The cluster's probe answered, or the cluster is no longer followed. */
    void reachable(String cluster) {
        unreachableSince.remove(cluster);
    }

    /** The plan session of the fleet read: the one kept while the fleet is the same object, else a new one. */
    PlanSession session(FleetReading reading) {
        if (session == null || session.fleet() != reading.fleet()) {
            session = reading.fleet().session();
        }
        return session;
    }

    /** The index of the fleet read: the one kept while the fleet is the same object, else a new one. */
    FleetIndex fleetIndex(FleetReading reading) {
        if (fleetIndex == null || fleetIndex.fleet() != reading.fleet()) {
            fleetIndex = FleetIndex.of(reading.fleet());
        }
        return fleetIndex;
    }
}
