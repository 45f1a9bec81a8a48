package dev.upshift.core.engine;

import dev.upshift.core.plan.Attempt;
import dev.upshift.core.plan.ClusterChange;
import dev.upshift.core.plan.JournalIndex;
import dev.upshift.core.plan.Plan;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What a step sees of its pass: the instant, the engine's ports and memory, the fleet as read, the
 * plan made of it and the journal folded. A step reads these and returns a {@link StepResult}; it
 * journals nothing itself (the pass appends), and changes nothing but the engine's {@link Memory}
 * of hook holds and deadlines.
 */
record PassView(Instant now, Ports ports, Memory memory, FleetReading reading, FleetIndex fleet, Plan plan,
        JournalIndex journal) {

    ManagedCluster cluster(String id) {
        return fleet.clusters().get(id);
    }

    Optional<ClusterUpgrade> intent(String name) {
        return Optional.ofNullable(fleet.intents().get(name));
    }

    /** The attempt as this pass works on it. */
    Flight flight(Attempt a) {
        return Flight.of(a, cluster(a.defining().clusterId()), this);
    }

    /** An entry of the attempt's, at this pass's instant, with the engine's epoch. */
    HistoryEntry entry(Flight f, UpgradeState state, Step step, String message, List<Reason> reasons,
            List<String> owed) {
        Upgrade u = f.upgrade();
        return new HistoryEntry(now, u.cluster().id(), u.id(), u.from(), u.to(), u.intent(), state, message, reasons,
                step, f.hop(), f.attempt(), owed, ports.epoch());
    }

    /** The change an upgrade publishes, computed from the fleet as read; empty, with a fault in {@code r}, when none can be. */
    Optional<MergeResult> change(Upgrade u, StepResult r) {
        try {
            Optional<ClusterChange> change = reading.fleet().change(u.cluster().id(), u.to());
            if (change.isEmpty() || change.get().merge().isEmpty() || change.get().isBlocked()) {
                r.fault(new Fault(CallSite.CHANGE, Optional.of(u.cluster().id()), "no change can be computed for " + u
                        + ": " + change.map(c -> c.blockers().toString()).orElse("the release is not in the catalog")));
                return Optional.empty();
            }
            return change.get().merge();
        } catch (RuntimeException e) {
            r.fault(CallSite.CHANGE, u.cluster().id(), e);
            return Optional.empty();
        }
    }
}
