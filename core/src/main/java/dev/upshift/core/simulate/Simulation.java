package dev.upshift.core.simulate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.plan.Plan;
import dev.upshift.spi.ClusterUpgrade;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What a {@link Simulator} found: when each cluster would upgrade, how it ended and what held it
 * back, with the steps it took, the calendars it planned against and the first plan. A value:
 * equal inputs give equal simulations, and {@link dev.upshift.core.present.SimulationJson#render} gives them the same bytes.
 *
 * @param settings what the simulator was asked
 * @param end where the virtual clock stopped: {@code settings.until()}, or earlier when nothing was
 *     left to happen
 * @param firstPlan the plan at {@code settings.from()}, with the input's history
 * @param clusters one per cluster of the first plan, sorted by id
 * @param steps every step, in order
 * @param schedules the schedules clusters name, drawn over the range, sorted by name (an unknown or
 *     unusable schedule is left out)
 * @param intents the input's upgrade intents, sorted by name (the first of two sharing a name), for
 *     reports that describe them
 * @param approvals every stage approval gate the simulation reached, in the order it reached them,
 *     with when it assumed each approved ({@link SimulationSettings#approvalDelay()})
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Simulation(SimulationSettings settings, Instant end, Plan firstPlan, List<SimulatedCluster> clusters,
        List<SimulationStep> steps, List<ScheduleCalendar> schedules, List<ClusterUpgrade> intents,
        List<AssumedApprovals.Expected> approvals) {

    /** Validates and copies the parts. */
    public Simulation {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(firstPlan, "firstPlan");
        clusters = List.copyOf(clusters);
        steps = List.copyOf(steps);
        schedules = List.copyOf(schedules);
        intents = List.copyOf(intents);
        approvals = List.copyOf(approvals);
    }

    /** A simulation that reached no approval gate. */
    public Simulation(SimulationSettings settings, Instant end, Plan firstPlan, List<SimulatedCluster> clusters,
            List<SimulationStep> steps, List<ScheduleCalendar> schedules, List<ClusterUpgrade> intents) {
        this(settings, end, firstPlan, clusters, steps, schedules, intents, List.of());
    }

    /** An intent, by name. */
    public Optional<ClusterUpgrade> intent(String name) {
        return intents.stream().filter(u -> u.name().equals(name)).findFirst();
    }

    /** A cluster's simulation, by id. */
    public Optional<SimulatedCluster> cluster(String id) {
        return clusters.stream().filter(c -> c.cluster().equals(id)).findFirst();
    }

    /** A schedule's calendar, by name. */
    public Optional<ScheduleCalendar> schedule(String name) {
        return schedules.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** Every upgrade run, ordered by start, then cluster id. */
    public List<SimulatedUpgrade> upgrades() {
        return clusters.stream().flatMap(c -> c.upgrades().stream())
                .sorted(Comparator.comparing(SimulatedUpgrade::start).thenComparing(SimulatedUpgrade::cluster)).toList();
    }

    /** The counts a report opens with. */
    public Summary summary() {
        int upgraded = 0;
        int failed = 0;
        int neverStarted = 0;
        int inProgress = 0;
        Instant last = null;
        for (SimulatedCluster c : clusters) {
            upgraded += c.upgraded() ? 1 : 0;
            failed += c.failed() ? 1 : 0;
            neverStarted += c.neverStarted() ? 1 : 0;
            inProgress += c.lastUpgrade().filter(u -> !u.finished()).isPresent() || c.midPath() ? 1 : 0;
            for (SimulatedUpgrade u : c.upgrades()) {
                if (u.finished() && (last == null || u.end().isAfter(last))) {
                    last = u.end();
                }
            }
        }
        return new Summary(clusters.size(), upgraded, failed, neverStarted, inProgress, Optional.ofNullable(last));
    }

    /**
     * The simulation in numbers.
     *
     * @param clusters how many clusters
     * @param upgraded how many got where they were going: the last hop of their path (or a
     *     configuration upgrade) succeeded
     * @param failed how many had their last upgrade fail
     * @param neverStarted how many had something to do in the first plan and never started
     * @param inProgress how many were still upgrading when the simulation stopped: a hop under way,
     *     or part-way along a path of several hops, the next not started yet
     * @param lastFinish when the last finished upgrade finished, if any did
     */
    public record Summary(int clusters, int upgraded, int failed, int neverStarted, int inProgress,
            Optional<Instant> lastFinish) {
        /** Validates the parts. */
        public Summary {
            Objects.requireNonNull(lastFinish, "lastFinish");
        }
    }

    @Override
    public String toString() {
        return "simulation " + settings.from() + "–" + end + ": " + summary();
    }
}
