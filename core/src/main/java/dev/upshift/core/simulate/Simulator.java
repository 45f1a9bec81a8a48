package dev.upshift.core.simulate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.UpshiftException;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.PlanKind;
import dev.upshift.core.plan.PlannedHop;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.release.Version;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import dev.upshift.spi.WindowPolicy;
import io.vavr.collection.Vector;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Simulates a fleet's rollout over the calendar: a virtual clock goes from one instant at which
 * something can happen to the next, plans the fleet there, starts every upgrade the plan finds
 * {@code ready}, lets each take its expected time, and lets it succeed or fail as a seeded draw
 * decides, until every cluster is done or the range ends (DESIGN.md section 8, {@code upshift
 * simulate}; docs/simulation.md).
 *
 * <pre>{@code
 * PreparedFleet fleet = Planner.standard().prepare(input);
 * Simulation sim = Simulator.run(fleet, SimulationSettings.between(from, until).withFailureRate(0.05).withSeed(7));
 * }</pre>
 *
 * <h2>How a step goes</h2>
 * At each instant {@code t} of the simulation, in this order:
 * <ol>
 * <li>every upgrade whose end is reached finishes: a {@code SUCCEEDED} or {@code FAILED}
 *     {@link HistoryEntry} is appended at its end, and a success moves the cluster to the release
 *     the hop landed on;
 * <li>the fleet is planned at {@code t} with the history so far and the releases reached so far
 *     ({@link PreparedFleet#plan(Instant, List, Map)});
 * <li>every {@code ready} entry starts its next hop at {@code t} (an {@code IN_PROGRESS} history
 *     entry of that hop), unless its window does not contain {@code t}, the cluster is already
 *     upgrading, or the same hop (cluster, from, to, intent) ran before in this simulation (a failed
 *     hop is not retried);
 * <li>the next instant is the earliest, strictly after {@code t}, of: an upgrade's end, a planned
 *     window's start and a reason's {@code until}. Where there is none, the simulation stops;
 *     where it is at or past {@code settings.until()}, the clock goes to {@code until}, where
 *     upgrades ending then finish, the fleet is planned a last time and nothing more starts.
 * </ol>
 * A path of several hops runs hop by hop, as the engine publishes it: the first hop from the
 * cluster's release, and once it has succeeded the cluster runs the hop's release, is planned again
 * from there and starts its next hop when that plan finds it {@code ready}, in a window of its own.
 * History entries carry the hop's {@code from} and {@code to}.
 *
 * <p>Each hop takes its {@code ClusterUpgrade}'s {@code expectedDuration}; under
 * {@code pauseAndResume} it ends at the plan's {@code expectedEnd} (the finish across windows); a
 * configuration upgrade ends at the plan's {@code expectedEnd} (the planner's configured duration),
 * or after {@link ClusterUpgrade#DEFAULT_EXPECTED_DURATION} when the plan gives none.
 *
 * <h2>Failures</h2>
 * A hop (or configuration upgrade) fails when a draw in [0, 1) made from a hash of the seed, the
 * cluster's id, the intent's name, the hop's two releases and whether it is a configuration upgrade
 * is below the failure rate: one cluster's outcome never depends on the order or presence of others.
 *
 * <h2>What held a cluster back</h2>
 * Between two instants each cluster that is neither upgrading, starting nor done is held back by
 * the first of its plan's reasons (a {@code scheduled} entry without one by
 * {@link ReasonCodes#OUTSIDE_WINDOW}); {@link SimulatedCluster#heldBack()} adds these stretches up
 * per code, up to {@code settings.until()}.
 *
 * <p><b>Contract.</b> A pure function of the prepared fleet and the settings: no wall clock, no
 * I/O, no threads; equal inputs give equal simulations (and byte-identical
 * {@link dev.upshift.core.present.SimulationJson}). Its cost is the number of steps times the cost of a plan.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Simulator {
    private final PreparedFleet fleet;
    private final SimulationSettings settings;
    private final Map<String, ClusterUpgrade> intents = new HashMap<>();

    private Simulator(PreparedFleet fleet, SimulationSettings settings) {
        this.fleet = fleet;
        this.settings = settings;
        for (ClusterUpgrade u : fleet.input().upgrades()) {
            intents.putIfAbsent(u.name(), u);
        }
    }

    /**
     * Simulates a prepared fleet.
     *
     * @throws UpshiftException when the simulation takes more than {@code settings.maxSteps()}
     *     steps (the message names the last instant reached and the clusters still moving)
     */
    public static Simulation run(PreparedFleet fleet, SimulationSettings settings) {
        java.util.Objects.requireNonNull(fleet, "fleet");
        java.util.Objects.requireNonNull(settings, "settings");
        return new Simulator(fleet, settings).simulate();
    }

    /** Prepares the input with the planner and simulates it; see {@link #run(PreparedFleet, SimulationSettings)}. */
    public static Simulation run(Planner planner, PlanInput input, SimulationSettings settings) {
        return run(planner.prepare(input), settings);
    }

    private Simulation simulate() {
        Instant until = settings.until();
        Instant t = settings.from();
        State state = State.initial(fleet.input().history());
        Vector<SimulationStep> steps = Vector.empty();
        Plan first = null;
        Plan last;
        while (true) {
            if (steps.size() >= settings.maxSteps()) {
                throw overBudget(t, state);
            }
            List<String> finished = new ArrayList<>();
            state = land(state, t, finished);
            Plan plan = fleet.plan(t, state.history().asJava(), state.releases().toJavaMap());
            first = first == null ? plan : first;
            if (!t.isBefore(until)) {
                steps = steps.append(step(t, finished, List.of(), state, plan));
                last = plan;
                break;
            }
            List<String> started = new ArrayList<>();
            state = launch(state, plan, t, started);
            Optional<Instant> next = next(state, plan, t);
            state = hold(state, plan, t, next.filter(until::isAfter).orElse(until));
            steps = steps.append(step(t, finished, started, state, plan));
            if (next.isEmpty()) {
                last = plan;
                break;
            }
            t = next.get().isBefore(until) ? next.get() : until;
        }
        return Results.of(fleet, settings, t, first, last, state, steps.asJava());
    }

    private State land(State state, Instant t, List<String> finished) {
        for (State.Flight f : state.running().values()) {
            SimulatedUpgrade u = f.upgrade();
            if (u.end().isAfter(t)) {
                continue;
            }
            UpgradeState outcome = f.fails() ? UpgradeState.FAILED : UpgradeState.SUCCEEDED;
            List<Reason> reasons = f.fails() ? List.of(Reason.of(ReasonCodes.UPGRADE_FAILED, failure())) : List.of();
            state = state.append(new HistoryEntry(u.end(), u.cluster(), f.id(), u.from(), u.to(), u.upgrade(), outcome,
                    f.fails() ? failure() : "simulated upgrade succeeded", reasons))
                    .land(u.cluster(), u.ended(outcome));
            if (!f.fails() && !u.to().equals(u.from())) {
                state = state.withRelease(u.cluster(), u.to());
            }
            finished.add(u.cluster());
        }
        return state;
    }

    private String failure() {
        return "simulated failure (seed " + settings.seed() + ", failure rate "
                + String.format(Locale.ROOT, "%s", settings.failureRate()) + ")";
    }

    private State launch(State state, Plan plan, Instant t, List<String> started) {
        for (PlanEntry e : plan.entries()) {
            if (e.state() != UpgradeState.READY || e.to().isEmpty() || state.running().containsKey(e.cluster())
                    || e.window().filter(w -> !w.contains(t)).isPresent()) {
                continue;
            }
            PlanKind kind = kind(e);
            // the hop the engine publishes next; a configuration upgrade stays on its release
            Version to = e.nextHop().map(PlannedHop::to).orElse(e.to().get());
            String key = e.cluster() + "\u0000" + e.from() + "\u0000" + to + "\u0000" + e.upgrade().orElse("")
                    + "\u0000" + kind.word();
            if (state.attempted().contains(key)) {
                continue;
            }
            String id = "simulated/" + e.cluster() + "/" + e.from() + ".." + to + "/" + e.upgrade().orElse("-")
                    + (kind == PlanKind.CONFIG ? "/config" : "");
            boolean fails = Outcomes.fails(settings.seed(), settings.failureRate(), e.cluster(), e.upgrade().orElse(""),
                    e.from().toString(), to.toString(), kind == PlanKind.CONFIG ? "config" : "");
            int[] hop = hop(state, e);
            boolean repair = kind == PlanKind.CONFIG && e.reasons().stream().anyMatch(r -> r.code().equals(ReasonCodes.DRIFTED));
            SimulatedUpgrade u = new SimulatedUpgrade(e.cluster(), e.upgrade(), e.stage(), e.from(), to, kind, t,
                    end(e, kind, t), UpgradeState.IN_PROGRESS, e.window(), hop[0], hop[1], repair);
            state = state.append(new HistoryEntry(t, e.cluster(), id, u.from(), u.to(), u.upgrade(),
                    UpgradeState.IN_PROGRESS, "simulated upgrade started", List.of()))
                    .launch(new State.Flight(u, id, fails), key);
            started.add(e.cluster());
        }
        return state;
    }

    /**
     * Which hop of how many an entry's next hop is: after a hop of the same upgrade that succeeded
     * and landed the cluster where it is, the one after it; else the first of the plan's path.
     */
    private static int[] hop(State state, PlanEntry e) {
        int ahead = Math.max(1, e.hops().size());
        Optional<SimulatedUpgrade> before = state.ran().get(e.cluster()).flatMap(v -> v.lastOption()).toJavaOptional()
                .filter(u -> u.outcome() == UpgradeState.SUCCEEDED && !u.lastHop() && u.upgrade().equals(e.upgrade())
                        && u.to().equals(e.from()) && !e.hops().isEmpty());
        return before.map(u -> new int[] {u.hop() + 1, u.hop() + ahead}).orElse(new int[] {1, ahead});
    }

    /** What exclusions judge for the upgrade it starts: the next hop's kind, or {@code config}. */
    private static PlanKind kind(PlanEntry e) {
        if (e.nextHop().isPresent()) {
            return e.nextHop().get().kind();
        }
        return e.kind().orElseGet(() -> e.to().get().equals(e.from()) ? PlanKind.CONFIG
                : PlanKind.of(e.from().changeTo(e.to().get())));
    }

    private Instant end(PlanEntry e, PlanKind kind, Instant t) {
        Optional<Instant> planned = e.expectedEnd().filter(t::isBefore);
        Optional<ClusterUpgrade> intent = e.upgrade().map(intents::get);
        if (kind == PlanKind.CONFIG || intent.isEmpty()) {
            return planned.orElse(t.plus(ClusterUpgrade.DEFAULT_EXPECTED_DURATION));
        }
        if (intent.get().windowPolicy() == WindowPolicy.PAUSE_AND_RESUME && planned.isPresent()) {
            return planned.get();
        }
        return t.plus(intent.get().expectedDuration());
    }

    private static Optional<Instant> next(State state, Plan plan, Instant t) {
        Instant best = null;
        for (State.Flight f : state.running().values()) {
            best = earlier(best, f.upgrade().end(), t);
        }
        for (PlanEntry e : plan.entries()) {
            if (state.running().containsKey(e.cluster())) {
                continue;
            }
            if (e.window().isPresent()) {
                best = earlier(best, e.window().get().start(), t);
            }
            for (Reason r : e.reasons()) {
                if (r.until().isPresent()) {
                    best = earlier(best, r.until().get(), t);
                }
            }
        }
        return Optional.ofNullable(best);
    }

    private static Instant earlier(Instant best, Instant candidate, Instant t) {
        return candidate.isAfter(t) && (best == null || candidate.isBefore(best)) ? candidate : best;
    }

    private static State hold(State state, Plan plan, Instant t, Instant to) {
        if (!to.isAfter(t)) {
            return state;
        }
        for (PlanEntry e : plan.entries()) {
            if (state.running().containsKey(e.cluster())) {
                continue;
            }
            if (!e.reasons().isEmpty()) {
                Reason first = e.reasons().get(0);
                state = state.hold(e.cluster(), first.code(), t, to, first.message());
            } else if (e.state() == UpgradeState.SCHEDULED) {
                state = state.hold(e.cluster(), ReasonCodes.OUTSIDE_WINDOW, t, to, "waiting for the window that opens at "
                        + e.window().map(w -> w.start().toString()).orElse("a later time"));
            }
        }
        return state;
    }

    private static SimulationStep step(Instant t, List<String> finished, List<String> started, State state, Plan plan) {
        EnumMap<UpgradeState, Integer> counts = new EnumMap<>(UpgradeState.class);
        for (PlanEntry e : plan.entries()) {
            UpgradeState s = state.running().containsKey(e.cluster()) ? UpgradeState.IN_PROGRESS : e.state();
            counts.merge(s, 1, Integer::sum);
        }
        return new SimulationStep(t, finished, started, state.running().keySet().toJavaList(), counts);
    }

    private UpshiftException overBudget(Instant t, State state) {
        return new UpshiftException("the simulation took " + settings.maxSteps() + " steps and reached only " + t
                + " of " + settings.from() + " to " + settings.until() + "; upgrades in flight: "
                + (state.running().isEmpty() ? "none" : String.join(", ", state.running().keySet().toJavaList()))
                + ". Simulate a shorter range, or allow more steps (a plan that keeps announcing new instants without"
                + " anything starting is a planner bug worth reporting)");
    }
}
