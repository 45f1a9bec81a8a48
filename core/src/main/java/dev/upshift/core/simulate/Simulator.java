package dev.upshift.core.simulate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.UpshiftException;
import dev.upshift.core.engine.Engine;
import dev.upshift.core.engine.FleetReading;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.PlanSession;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.release.Version;
import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.InMemoryHistoryStore;
import dev.upshift.spi.Publication;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Simulates a fleet's rollout over the calendar: the {@link Engine} itself, run on a virtual clock
 * against adapters in memory (the SPI's {@link InMemoryHistoryStore}, a publisher that only notes the
 * release it publishes, and the {@link SimulatedProbe}), through a {@link TimeLapse} that goes from one instant at which
 * something can change to the next, until every cluster is done or the range ends (DESIGN.md
 * section 8, {@code upshift simulate}; docs/simulation.md). A forecast and a run of the engine
 * therefore cannot disagree: they are the same steps.
 *
 * <pre>{@code
 * PreparedFleet fleet = Planner.standard().prepare(input);
 * Simulation sim = Simulator.run(fleet, SimulationSettings.between(from, until).withFailureRate(0.05).withSeed(7));
 * }</pre>
 *
 * <h2>How a step goes</h2>
 * At each instant {@code t} the engine reconciles ({@link Engine#reconcile}): every hop whose end is
 * reached is probed and recorded {@code SUCCEEDED} or {@code FAILED}; the fleet is planned at
 * {@code t} with the history so far, and every cluster the plan finds {@code ready} starts the next
 * hop of its path (journaled, then published: the cluster's document names the hop's release from
 * then on, as a publisher writing files or commits would leave it); a hop that failed is not
 * retried. The next instant is the earliest, strictly after {@code t}, of: a hop's end, a planned
 * window's start, a reason's {@code until} and an assumed approval ({@link AssumedApprovals}: a
 * stage's approval gate is taken as approved {@link SimulationSettings#approvalDelay()} after it is
 * reached, in business hours). Where there is none, the simulation stops; where it
 * is at or past {@code settings.until()}, the clock goes to {@code until}, where the engine settles
 * ({@link Engine#settle}): hops ending then finish, and nothing new starts.
 *
 * <p>Each hop takes its {@code ClusterUpgrade}'s {@code expectedDuration}; under
 * {@code pauseAndResume} it ends at the plan's {@code expectedEnd} (the finish across windows); a
 * configuration upgrade ends at the plan's {@code expectedEnd} (the planner's configured duration),
 * or after {@link dev.upshift.spi.ClusterUpgrade#DEFAULT_EXPECTED_DURATION} when the plan gives none.
 *
 * <h2>Failures</h2>
 * A hop (or configuration upgrade) fails when a draw in [0, 1) made from a hash of the seed, the
 * cluster's id, the intent's name, the hop's two releases and whether it is a configuration upgrade
 * is below the failure rate: one cluster's outcome never depends on the order or presence of others.
 *
 * <h2>What held a cluster back</h2>
 * Between two instants each cluster that is neither upgrading nor done is held back by the first of
 * its plan's reasons (a {@code scheduled} entry without one by {@link ReasonCodes#OUTSIDE_WINDOW});
 * {@link SimulatedCluster#heldBack()} adds these stretches up per code, up to
 * {@code settings.until()}.
 *
 * <p><b>Contract.</b> A pure function of the prepared fleet and the settings: no wall clock, no
 * I/O, no threads; equal inputs give equal simulations (and byte-identical
 * {@link dev.upshift.core.present.SimulationJson}). A step costs what changed at it: the engine
 * plans through a {@link dev.upshift.core.plan.PlanSession}, which plans again only the clusters
 * whose history changed or whose entry could read differently by then, and the simulation's own
 * bookkeeping follows only the entries that changed.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Simulator {
    private final PreparedFleet fleet;
    private final SimulationSettings settings;

    private Simulator(PreparedFleet fleet, SimulationSettings settings) {
        this.fleet = fleet;
        this.settings = settings;
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
        List<HistoryEntry> input = fleet.input().history();
        // the SPI's store, fenced at the newest epoch of the input: the simulated engine writes as that epoch
        InMemoryHistoryStore journal = new InMemoryHistoryStore(input);
        Map<String, Version> documents = inFlight(input);
        // read again only after a publication changed it: a reading copies the releases it is given
        FleetReading[] reading = {null};
        ChangePublisher publisher = (upgrade, change) -> {
            documents.put(upgrade.cluster().id(), upgrade.to());
            reading[0] = null;
            return Publication.published("simulated");
        };
        SimulatedProbe probe = new SimulatedProbe(journal, () -> fleet, settings.seed(), settings.failureRate());
        // the engine goes on from the plan of the first instant
        PlanSession session = fleet.session();
        Plan first = session.plan(settings.from(), journal.entries(), Map.of());
        Engine engine = Engine.builder()
                .fleet(() -> {
                    if (reading[0] == null) {
                        reading[0] = new FleetReading(fleet, documents);
                    }
                    return reading[0];
                })
                .history(journal)
                .epoch(journal.acceptedEpoch())
                .publisher(publisher)
                .probe(probe)
                .planSession(session)
                .build();
        Timeline timeline = new Timeline(probe);
        AssumedApprovals approvals = new AssumedApprovals(settings.approvalDelay());
        TimeLapse.run(engine, journal, probe, settings.from(), settings.until(), settings.maxSteps(), timeline::accept,
                (t, steps) -> overBudget(t, timeline.state()), approvals);
        timeline.holdUntil(settings.until());
        Plan last = timeline.lastPlan().orElse(first);
        return Results.of(fleet, settings, timeline.reached().orElse(settings.from()), first, last, timeline.state(),
                timeline.steps(), approvals.expected());
    }

    /**
     * The releases that clusters with an upgrade in flight in the input's history are going to: as a
     * publisher left their documents when that upgrade started.
     */
    private static Map<String, Version> inFlight(List<HistoryEntry> history) {
        Map<String, HistoryEntry> last = new HashMap<>();
        history.forEach(e -> last.put(e.upgradeId(), e));
        Map<String, Version> documents = new HashMap<>();
        for (HistoryEntry e : history) {
            if (last.get(e.upgradeId()) == e && e.state() == UpgradeState.IN_PROGRESS) {
                documents.put(e.clusterId(), e.to());
            }
        }
        return documents;
    }

    private UpshiftException overBudget(Instant t, State state) {
        return new UpshiftException("the simulation took " + settings.maxSteps() + " steps and reached only " + t
                + " of " + settings.from() + " to " + settings.until() + "; upgrades in flight: "
                + (state.running().isEmpty() ? "none" : String.join(", ", state.running().keySet().toJavaList()))
                + ". Simulate a shorter range, or allow more steps (a plan that keeps announcing new instants without"
                + " anything starting is a planner bug worth reporting)");
    }
}
