package dev.upshift.core.simulate;

import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.release.Version;
import dev.upshift.schedule.Freeze;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import io.vavr.collection.Vector;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/** Turns the last state of a simulation into its public result. */
final class Results {
    private Results() {}

    static Simulation of(PreparedFleet fleet, SimulationSettings settings, Instant end, Plan first, Plan last,
            State state, List<SimulationStep> steps, List<AssumedApprovals.Expected> approvals) {
        Map<String, ManagedCluster> byId = new HashMap<>();
        for (ManagedCluster c : fleet.input().clusters()) {
            byId.putIfAbsent(c.id(), c);
        }
        Calendars calendars = new Calendars(fleet.input().schedules(), settings.from(), settings.until());
        TreeSet<String> scheduleNames = new TreeSet<>();
        List<SimulatedCluster> out = new ArrayList<>();
        for (PlanEntry e : first.entries()) {
            ManagedCluster c = byId.get(e.cluster());
            c.schedule().ifPresent(scheduleNames::add);
            out.add(cluster(e, last.entry(e.cluster()), c, state, settings, calendars));
        }
        java.util.TreeMap<String, ClusterUpgrade> intents = new java.util.TreeMap<>();
        fleet.input().upgrades().forEach(u -> intents.putIfAbsent(u.name(), u));
        return new Simulation(settings, end, first, out, steps, calendars.schedules(scheduleNames),
                List.copyOf(intents.values()), approvals);
    }

    private static SimulatedCluster cluster(PlanEntry first, Optional<PlanEntry> last, ManagedCluster c, State state,
            SimulationSettings settings, Calendars calendars) {
        String id = first.cluster();
        List<SimulatedUpgrade> upgrades = new ArrayList<>(state.ran().get(id).getOrElse(Vector.empty()).asJava());
        state.running().get(id).forEach(f -> upgrades.add(f.upgrade()));
        UpgradeState finalState = last.map(PlanEntry::state).orElse(first.state());
        List<Reason> reasons = last.map(PlanEntry::reasons).orElse(List.of());
        Optional<SimulatedUpgrade> lastRun = upgrades.isEmpty() ? Optional.empty()
                : Optional.of(upgrades.get(upgrades.size() - 1));
        if (state.running().containsKey(id)) {
            finalState = UpgradeState.IN_PROGRESS;
        } else if (lastRun.filter(u -> u.outcome() == UpgradeState.FAILED).isPresent()
                && finalState != UpgradeState.FAILED && finalState != UpgradeState.BLOCKED) {
            // the simulator never retries a failed upgrade, whatever the plan says
            finalState = UpgradeState.FAILED;
            if (reasons.isEmpty()) {
                reasons = List.of(Reason.of(ReasonCodes.UPGRADE_FAILED, "the simulated upgrade to " + lastRun.get().to()
                        + " failed at " + lastRun.get().end()));
            }
        }
        Version reached = state.releases().get(id).getOrElse(first.from());
        List<HeldBack> held = new ArrayList<>(state.held().get(id).map(m -> m.values().toJavaList()).getOrElse(List.of()));
        held.sort(Comparator.comparing(HeldBack::total).reversed().thenComparing(HeldBack::code));
        Optional<Freeze> freeze = c.freeze().filter(f -> f.until().isAfter(settings.from()));
        return new SimulatedCluster(id, first.upgrade(), first.stage(), first.from(), first.to(), first.kind(), reached,
                finalState, reasons, upgrades, held, c.schedule(), calendars.allowed(c, Optional.of(first)), freeze);
    }
}
