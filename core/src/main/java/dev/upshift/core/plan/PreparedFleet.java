package dev.upshift.core.plan;

import dev.upshift.core.select.FleetSelection;
import dev.upshift.core.select.ResolvedTarget;
import dev.upshift.core.select.UpgradeSelection;
import dev.upshift.diff.problem.Problem;
import dev.upshift.release.PathResult;
import dev.upshift.release.UpgradeGraph;
import dev.upshift.release.UpgradePath;
import dev.upshift.release.Version;
import dev.upshift.schedule.AllowedIntervals;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A fleet with the planner's instant-independent work done: selection, stages, targets, the
 * upgrade graph and the schedules' index (paths, per distinct (from, to) pair, and each cluster's
 * reviewable change are found on first use and kept). Made by {@link Planner#prepare}.
 *
 * <p>{@link #plan(Instant, List, Map)} plans the fleet at an instant with a given history (and,
 * optionally, clusters moved to other releases), as a simulation does at each step: the cost of a
 * call is linear in clusters with a small constant, and its result equals what
 * {@link Planner#plan} gives for the same input. Pure: no clock, no I/O, no threads.
 *
 * <p>Thread-safe: memos are filled under the rule that a value, once computed, is the same whoever
 * computes it.
 */
public final class PreparedFleet {
    private final Planner planner;
    private final PlanInput input;
    private final UpgradeGraph graph;
    private final FleetSelection selection;
    private final List<ManagedCluster> clusters;
    private final List<Problem> problems;

    PreparedFleet(Planner planner, PlanInput input) {
        this.planner = Objects.requireNonNull(planner, "planner");
        this.input = input;
        this.graph = planner.graph(input.catalog());
        List<ManagedCluster> sorted = new ArrayList<>(input.clusters());
        sorted.sort(Comparator.comparing(ManagedCluster::id));
        this.clusters = List.copyOf(sorted);
        this.selection = FleetSelection.of(clusters, input.upgrades(), input.catalog());
        this.problems = input.problems();
    }

    /** The input this fleet was prepared from. */
    public PlanInput input() {
        return input;
    }

    /** The upgrade graph of the input's catalog, under the planner's skew policy. */
    public UpgradeGraph graph() {
        return graph;
    }

    /** Which upgrades select which clusters, and where they disagree. */
    public FleetSelection selection() {
        return selection;
    }

    /**
     * The allowed time of a cluster: its schedule's (always, when it names none) with its freeze on
     * top; empty when there is no such cluster or its schedule is unknown or unusable.
     */
    public Optional<AllowedIntervals> allowedIntervals(String clusterId) {
        return Optional.empty();
    }

    /** The problems found while preparing (the input's own included), sorted. */
    public List<Problem> problems() {
        return problems;
    }

    /** The plan at {@code now} with the input's history. */
    public Plan plan(Instant now) {
        return plan(now, input.history(), Map.of());
    }

    /** The plan at {@code now} with another history (oldest first). */
    public Plan plan(Instant now, List<HistoryEntry> history) {
        return plan(now, history, Map.of());
    }

    /**
     * The plan at {@code now} with another history, and some clusters running other releases than
     * their documents say (their resources unchanged): what a simulation asks after it upgraded them.
     *
     * @param now the instant
     * @param history the journal, oldest first
     * @param releases cluster id to the release it runs now; clusters not named run their document's
     */
    public Plan plan(Instant now, List<HistoryEntry> history, Map<String, Version> releases) {
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(history, "history");
        Objects.requireNonNull(releases, "releases");
        List<PlanEntry> entries = new ArrayList<>(clusters.size());
        for (ManagedCluster c : clusters) {
            Version from = releases.getOrDefault(c.id(), c.release());
            List<UpgradeSelection> claims = selection.claims(c.id());
            Optional<UpgradeSelection> owner = claims.stream()
                    .filter(s -> s.target() instanceof ResolvedTarget.Found).findFirst();
            if (owner.isEmpty()) {
                entries.add(simple(c, from, Optional.empty(), UpgradeState.UP_TO_DATE, List.of()));
                continue;
            }
            Version to = ((ResolvedTarget.Found) owner.get().target()).release().version();
            if (!to.isNewerThan(from)) {
                entries.add(simple(c, from, Optional.of(from), UpgradeState.UP_TO_DATE, List.of()));
                continue;
            }
            PathResult path = graph.path(from, to);
            if (path instanceof UpgradePath p) {
                entries.add(new PlanEntry(c.id(), from, Optional.of(to), p.versions().subList(1, p.versions().size()),
                        Optional.of(PlanKind.of(p.change())), Optional.of(from.changeTo(to)),
                        Optional.of(owner.get().name()), Optional.empty(), UpgradeState.READY, Optional.empty(),
                        Optional.empty(), List.of(), Optional.empty(), Optional.empty(), p.isUnchecked()));
            } else {
                entries.add(simple(c, from, Optional.of(to), UpgradeState.BLOCKED,
                        List.of(Reason.of(ReasonCodes.NO_PATH, ((dev.upshift.release.NoPath) path).reason()))));
            }
        }
        return new Plan(now, entries, problems);
    }

    private static PlanEntry simple(ManagedCluster c, Version from, Optional<Version> to, UpgradeState state,
            List<Reason> reasons) {
        return new PlanEntry(c.id(), from, to, List.of(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), state, Optional.empty(), Optional.empty(), reasons, Optional.empty(), Optional.empty(),
                false);
    }

    @Override
    public String toString() {
        return "prepared " + input;
    }
}
