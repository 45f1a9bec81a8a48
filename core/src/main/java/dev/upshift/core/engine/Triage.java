package dev.upshift.core.engine;

import dev.upshift.core.plan.Attempt;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a pass finds to do, before it does anything: for each cluster the plan finds ready or whose
 * latest attempt is under way, the phase its attempt is in (to publish, to probe, to finish) or
 * the start it may make; and the attempts whose cluster left the fleet.
 */
final class Triage {
    private Triage() {}

    /** The attempts and entries each phase has to take. */
    static final class Work {
        final List<PlanEntry> toStart = new ArrayList<>();
        final List<Flight> toPublish = new ArrayList<>();
        final List<Flight> toProbe = new ArrayList<>();
        final List<Flight> toFinish = new ArrayList<>();
    }

    /** What each phase of a pass has to do, as the journal and the plan say; later phases add to it. */
    static Work of(PassView v, Set<String> faulted, boolean startsAllowed) {
        Work w = new Work();
        List<PlanEntry> entries = v.plan().entries();
        BitSet busy = busy(v, entries);
        for (int i = 0; i < entries.size(); i++) {
            PlanEntry e = entries.get(i);
            boolean ready = startsAllowed && e.state() == UpgradeState.READY;
            if (!ready && !busy.get(i) || faulted.contains(e.cluster())) {
                continue;
            }
            Optional<Attempt> a = v.journal().latest(e.cluster());
            if (a.isPresent() && a.get().inFlight()) {
                (a.get().published().isEmpty() ? w.toPublish : w.toProbe).add(v.flight(a.get()));
            } else if (a.isPresent() && a.get().owesFinish()) {
                w.toFinish.add(v.flight(a.get()));
            } else if (ready && e.to().isPresent() && !failedBefore(v, e)) {
                w.toStart.add(e);
            }
        }
        return w;
    }

    /** The positions in the plan of the clusters whose latest attempt is in flight or owes its finish. */
    private static BitSet busy(PassView v, List<PlanEntry> entries) {
        BitSet busy = new BitSet(entries.size());
        for (String cluster : v.journal().activeClusters()) {
            Integer i = v.fleet().positions().get(cluster);
            if (i != null && i < entries.size() && entries.get(i).cluster().equals(cluster)) {
                busy.set(i);
            } else if (i != null) {
                v.plan().entry(cluster).ifPresent(e -> busy.set(entries.indexOf(e)));
            }
        }
        return busy;
    }

    /**
     * Whether the cluster's last attempt towards the same target for the same upgrade failed: a
     * failed hop fails the upgrade, and only a person starts it again, by a retry act after the
     * failure (as the planner says of a one-hop upgrade; the engine holds to it for every hop,
     * whatever the plan says).
     */
    private static boolean failedBefore(PassView v, PlanEntry e) {
        Optional<HistoryEntry> last = v.journal().lastOutcome(e.cluster());
        return last.isPresent() && last.get().state() == UpgradeState.FAILED && last.get().intent().equals(e.upgrade())
                && e.to().get().equals(last.get().hop().target()) && !v.journal().retried(last.get().upgradeId());
    }

    /** Attempts in flight or owing their finish whose cluster is no longer in the fleet: skipped. */
    static List<HistoryEntry> leftTheFleet(PassView v) {
        List<HistoryEntry> out = new ArrayList<>();
        for (Attempt a : v.journal().activeAttempts()) {
            HistoryEntry last = a.last();
            if (v.cluster(last.clusterId()) != null) {
                continue;
            }
            Reason why = Reason.of(EngineReasons.LEFT_FLEET, "cluster " + last.clusterId() + " left the fleet during "
                    + last.hop() + " (" + last.from() + " → " + last.to() + "); its attempt is no longer followed");
            out.add(new HistoryEntry(v.now(), last.clusterId(), a.upgradeId(), last.from(), last.to(), last.intent(),
                    last.state(), why.message(), List.of(why), Step.SKIPPED, last.hop(), last.attempt(), List.of(),
                    v.ports().epoch()));
        }
        out.sort(Comparator.comparing(HistoryEntry::clusterId));
        return out;
    }

}
