package dev.upshift.core.simulate;

import dev.upshift.core.engine.Reconciliation;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PlanKind;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Folds the engine's reconciles into a simulation's state: the upgrades each cluster ran, where it
 * got to, what held it back between two instants, and one step per instant.
 */
final class Timeline {
    private final SimulatedProbe probe;
    private State state = State.initial();
    private final List<SimulationStep> steps = new ArrayList<>();
    private Plan plan;
    private Instant at;

    Timeline(SimulatedProbe probe) {
        this.probe = probe;
    }

    State state() {
        return state;
    }

    List<SimulationStep> steps() {
        return steps;
    }

    Optional<Plan> lastPlan() {
        return Optional.ofNullable(plan);
    }

    Optional<Instant> reached() {
        return Optional.ofNullable(at);
    }

    void accept(Reconciliation r) {
        if (plan != null) {
            hold(at, r.now());
        }
        Map<String, PlanEntry> startedBy = new HashMap<>();
        r.started().forEach(e -> startedBy.putIfAbsent(e.cluster(), e));
        List<String> finished = new ArrayList<>();
        List<String> started = new ArrayList<>();
        for (HistoryEntry h : r.recorded()) {
            switch (h.step()) {
                case SUCCEEDED, FAILED -> land(h, finished);
                case STARTING -> {
                    PlanEntry e = startedBy.get(h.clusterId());
                    if (e != null) {
                        launch(h, e);
                        started.add(h.clusterId());
                    }
                }
                default -> { }
            }
        }
        at = r.now();
        plan = r.plan().orElse(plan);
        if (plan != null) {
            steps.add(step(finished, started));
        }
    }

    /** What held each cluster back from the last instant to the range's end, when nothing happened after it. */
    void holdUntil(Instant until) {
        if (plan != null && until.isAfter(at)) {
            hold(at, until);
        }
    }

    private void land(HistoryEntry h, List<String> finished) {
        State.Flight f = state.running().get(h.clusterId()).getOrNull();
        if (f == null || !f.id().equals(h.upgradeId())) {
            // an upgrade the input's history left in flight, finished by the simulation
            if (h.state() == UpgradeState.SUCCEEDED && !h.to().equals(h.from())) {
                state = state.withRelease(h.clusterId(), h.to());
            }
            finished.add(h.clusterId());
            return;
        }
        SimulatedUpgrade u = f.upgrade();
        UpgradeState outcome = h.state() == UpgradeState.SUCCEEDED ? UpgradeState.SUCCEEDED : UpgradeState.FAILED;
        state = state.land(u.cluster(), u.ended(outcome));
        if (outcome == UpgradeState.SUCCEEDED && !u.to().equals(u.from())) {
            state = state.withRelease(u.cluster(), u.to());
        }
        finished.add(u.cluster());
    }

    private void launch(HistoryEntry h, PlanEntry e) {
        Instant end = probe.nextChange(List.of(h), h.at()).orElse(h.at().plus(java.time.Duration.ofSeconds(1)));
        PlanKind kind = kind(e);
        boolean repair = kind == PlanKind.CONFIG
                && e.reasons().stream().anyMatch(r -> r.code().equals(ReasonCodes.DRIFTED));
        SimulatedUpgrade u = new SimulatedUpgrade(h.clusterId(), e.upgrade(), e.stage(), h.from(), h.to(), kind,
                h.at(), end, UpgradeState.IN_PROGRESS, e.window(), h.hop().number(), h.hop().count(), repair);
        state = state.launch(new State.Flight(u, h.upgradeId()));
    }

    /** What exclusions judged for the upgrade it started: the next hop's kind, or {@code config}. */
    private static PlanKind kind(PlanEntry e) {
        if (e.nextHop().isPresent()) {
            return e.nextHop().get().kind();
        }
        return e.kind().orElseGet(() -> e.to().get().equals(e.from()) ? PlanKind.CONFIG
                : PlanKind.of(e.from().changeTo(e.to().get())));
    }

    private void hold(Instant from, Instant to) {
        if (!to.isAfter(from)) {
            return;
        }
        for (PlanEntry e : plan.entries()) {
            if (state.running().containsKey(e.cluster()) || e.state() == UpgradeState.IN_PROGRESS) {
                continue;
            }
            if (!e.reasons().isEmpty()) {
                Reason first = e.reasons().get(0);
                state = state.hold(e.cluster(), first.code(), from, to, first.message());
            } else if (e.state() == UpgradeState.SCHEDULED) {
                state = state.hold(e.cluster(), ReasonCodes.OUTSIDE_WINDOW, from, to, "waiting for the window that opens at "
                        + e.window().map(w -> w.start().toString()).orElse("a later time"));
            }
        }
    }

    private SimulationStep step(List<String> finished, List<String> started) {
        EnumMap<UpgradeState, Integer> counts = new EnumMap<>(UpgradeState.class);
        for (PlanEntry e : plan.entries()) {
            UpgradeState s = state.running().containsKey(e.cluster()) ? UpgradeState.IN_PROGRESS : e.state();
            counts.merge(s, 1, Integer::sum);
        }
        return new SimulationStep(at, finished, started, state.running().keySet().toJavaList(), counts);
    }
}
