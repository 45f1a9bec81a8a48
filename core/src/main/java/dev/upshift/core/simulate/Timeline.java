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
 *
 * <p>What held a cluster back is kept as a stretch that goes on while its plan entry and whether it
 * is upgrading stay the same, and is added to the state when either changes: a step costs what
 * changed at it, not the fleet (a session's plan keeps the very entries that did not change).
 */
final class Timeline {
    private final SimulatedProbe probe;
    private State state = State.initial();
    private final List<SimulationStep> steps = new ArrayList<>();
    private final java.util.Set<String> running = new java.util.HashSet<>();
    private Plan plan;
    private Instant at;
    private Map<String, Integer> positions;
    private PlanEntry[] shown;
    private Hold[] holds;
    private UpgradeState[] counted;
    private final EnumMap<UpgradeState, Integer> counts = new EnumMap<>(UpgradeState.class);
    /** What held each cluster back, by reason code, as flushed so far: the state gets it at the end. */
    private final Map<String, Map<String, HeldBack>> held = new HashMap<>();

    /** What holds a cluster back, since when. */
    private record Hold(String code, String message, Instant since) {
        boolean same(Hold other) {
            return other != null && code.equals(other.code) && message.equals(other.message);
        }
    }

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
        Plan was = plan;
        plan = r.plan().orElse(plan);
        if (plan != null) {
            follow(was, finished, started);
            steps.add(step(finished, started));
        }
    }

    /** What held each cluster back from the last instant to the range's end, when nothing happened after it. */
    void holdUntil(Instant until) {
        flushAll(until);
        io.vavr.collection.Map<String, io.vavr.collection.Map<String, HeldBack>> all = io.vavr.collection.TreeMap.empty();
        for (Map.Entry<String, Map<String, HeldBack>> e : held.entrySet()) {
            all = all.put(e.getKey(), io.vavr.collection.TreeMap.ofAll(e.getValue()));
        }
        state = state.withHeld(all);
    }

    private void flushAll(Instant until) {
        if (holds == null) {
            return;
        }
        for (int i = 0; i < holds.length; i++) {
            flush(i, until);
        }
    }

    /** Brings each cluster's stretch and count up to the plan and state now: those whose entry or flight changed. */
    private void follow(Plan was, List<String> finished, List<String> started) {
        List<PlanEntry> entries = plan.entries();
        if (shown == null || was == null || shown.length != entries.size()) {
            flushAll(at);
            positions = new HashMap<>();
            shown = new PlanEntry[entries.size()];
            holds = new Hold[entries.size()];
            counted = new UpgradeState[entries.size()];
            counts.clear();
            for (int i = 0; i < shown.length; i++) {
                positions.put(entries.get(i).cluster(), i);
                update(i, entries.get(i));
            }
            return;
        }
        for (int i = 0; i < shown.length; i++) {
            if (entries.get(i) != shown[i]) {
                update(i, entries.get(i));
            }
        }
        for (List<String> moved : List.of(finished, started)) {
            for (String cluster : moved) {
                Integer i = positions.get(cluster);
                if (i != null) {
                    update(i, entries.get(i));
                }
            }
        }
    }

    private void update(int i, PlanEntry e) {
        shown[i] = e;
        boolean upgrading = running.contains(e.cluster());
        UpgradeState s = upgrading ? UpgradeState.IN_PROGRESS : e.state();
        if (counted[i] != s) {
            if (counted[i] != null) {
                counts.merge(counted[i], -1, Integer::sum);
            }
            counts.merge(s, 1, Integer::sum);
            counted[i] = s;
        }
        Hold next = upgrading || e.state() == UpgradeState.IN_PROGRESS ? null : heldBy(e);
        if (next == null ? holds[i] != null : !next.same(holds[i])) {
            flush(i, at);
            holds[i] = next;
        }
    }

    /**
     * What holds an entry back: its first reason, but for the {@code DRIFTED} reason of a repair that
     * is not blocked, which says what the repair lifts, not what it waits for.
     */
    private Hold heldBy(PlanEntry e) {
        boolean blocked = e.state() == UpgradeState.BLOCKED || e.state() == UpgradeState.FAILED;
        for (Reason r : e.reasons()) {
            if (blocked || !r.code().equals(ReasonCodes.DRIFTED)) {
                return new Hold(r.code(), r.message(), at);
            }
        }
        if (e.state() == UpgradeState.SCHEDULED) {
            return new Hold(ReasonCodes.OUTSIDE_WINDOW, "waiting for the window that opens at "
                    + e.window().map(w -> w.start().toString()).orElse("a later time"), at);
        }
        return null;
    }

    private void flush(int i, Instant to) {
        Hold h = holds[i];
        if (h != null && to.isAfter(h.since())) {
            Instant from = h.since();
            held.computeIfAbsent(shown[i].cluster(), c -> new HashMap<>()).merge(h.code(),
                    new HeldBack(h.code(), java.time.Duration.between(from, to), from, to, h.message()),
                    (known, more) -> known.plus(from, to, h.message()));
            holds[i] = new Hold(h.code(), h.message(), to);
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
        running.remove(u.cluster());
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
        running.add(h.clusterId());
    }

    /** What exclusions judged for the upgrade it started: the next hop's kind, or {@code config}. */
    private static PlanKind kind(PlanEntry e) {
        if (e.nextHop().isPresent()) {
            return e.nextHop().get().kind();
        }
        return e.kind().orElseGet(() -> e.to().get().equals(e.from()) ? PlanKind.CONFIG
                : PlanKind.of(e.from().changeTo(e.to().get())));
    }

    private SimulationStep step(List<String> finished, List<String> started) {
        EnumMap<UpgradeState, Integer> shownCounts = new EnumMap<>(UpgradeState.class);
        counts.forEach((s, n) -> {
            if (n > 0) {
                shownCounts.put(s, n);
            }
        });
        return new SimulationStep(at, finished, started, state.running().keySet().toJavaList(), shownCounts);
    }
}
