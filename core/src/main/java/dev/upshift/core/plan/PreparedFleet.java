package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.Problem;
import dev.upshift.core.select.FleetSelection;
import dev.upshift.core.select.UpgradeSelection;
import dev.upshift.release.Release;
import dev.upshift.release.UpgradeGraph;
import dev.upshift.release.Version;
import dev.upshift.schedule.AllowedIntervals;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import dev.upshift.spi.Renderer;
import dev.upshift.spi.Rendering;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A fleet with the planner's instant-independent work done: selection, stages, targets, the
 * upgrade graph and the schedules' index (paths, per distinct (from, to) pair, and the summary of
 * each cluster's change are found on first use and kept; {@link #change} gives the whole
 * {@link ClusterChange} on demand). Made by {@link Planner#prepare}.
 *
 * <p>{@link #plan(Instant, List, Map)} plans the fleet at an instant with a given history (and,
 * optionally, clusters moved to other releases), as a simulation does at each step: the cost of a
 * call is linear in clusters with a small constant, and its result equals what
 * {@link Planner#plan} gives for the same input. Pure: no clock, no I/O, no threads.
 *
 * <p>Thread-safe: memos are filled under the rule that a value, once computed, is the same whoever
 * computes it.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PreparedFleet {
    private static final Logger LOG = LoggerFactory.getLogger(PreparedFleet.class);
    private static final Instant EARLIEST = AllowedIntervals.EARLIEST;
    private static final Instant LATEST = AllowedIntervals.LATEST;

    private final Planner planner;
    private final PlanInput input;
    private final FleetModel model;
    private final UpgradeGraph graph;
    private final ScheduleAccess schedules;
    private final Map<List<Version>, PathInfo> paths = new ConcurrentHashMap<>();
    private final AtomicReferenceArray<ChangeSummary> changes;
    private final AtomicReferenceArray<ChangeSummary> configs;
    /** The members of each stage run by its key, in cluster-id order: made on first use. */
    private volatile Map<String, List<String>> runMembers;

    PreparedFleet(Planner planner, PlanInput input) {
        this.planner = Objects.requireNonNull(planner, "planner");
        this.input = input;
        this.model = new FleetModel(input);
        this.graph = planner.graph(input.catalog());
        this.schedules = new ScheduleAccess(model.schedules, planner.horizon());
        this.changes = new AtomicReferenceArray<>(model.clusters.size());
        this.configs = new AtomicReferenceArray<>(model.clusters.size());
        LOG.debug("prepared {} clusters, {} releases, {} schedules, {} upgrades, {} problems", model.clusters.size(),
                input.catalog().size(), model.schedules.size(), model.selection.upgrades().size(), model.problems.size());
    }

    /** The input this fleet was prepared from. */
    public PlanInput input() {
        return input;
    }

    /** The planner that prepared it. */
    public Planner planner() {
        return planner;
    }

    /** The upgrade graph of the input's catalog, under the planner's skew policy. */
    public UpgradeGraph graph() {
        return graph;
    }

    /** Which upgrades select which clusters, and where they disagree. */
    public FleetSelection selection() {
        return model.selection;
    }

    /** The clusters planned, sorted by id (of two with one id, the first listed). */
    public List<ManagedCluster> clusters() {
        return model.clusters;
    }

    /**
     * The allowed time of a cluster: its schedule's (always, when it names none) with its freeze on
     * top, indexed from {@code origin} if this is the first question about that schedule; empty when
     * there is no such cluster or its schedule is unknown or unusable.
     */
    public Optional<AllowedIntervals> allowedIntervals(String clusterId, Instant origin) {
        Integer i = model.index.get(clusterId);
        if (i == null) {
            return Optional.empty();
        }
        ManagedCluster c = model.clusters.get(i);
        Optional<AllowedIntervals> base = c.schedule().isEmpty() ? Optional.of(AllowedIntervals.always())
                : schedules.get(c.schedule().get(), origin);
        return base.map(a -> c.freeze().map(a::withFreeze).orElse(a));
    }

    /**
     * The run of the declared stage a cluster belongs to now ({@link StageRun}): its owning upgrade,
     * the release that upgrade targets, and its stage; empty when there is no such cluster, it has no
     * owning upgrade or resolved target, or its upgrade declares no stages.
     */
    public Optional<StageRun> stageRun(String clusterId) {
        Integer i = model.index.get(clusterId);
        return i == null ? Optional.empty() : model.assignments[i].run();
    }

    /** The clusters whose stage is the run's now ({@link #stageRun}), in cluster-id order. */
    List<String> runMembers(String runKey) {
        Map<String, List<String>> members = runMembers;
        if (members == null) {
            members = new HashMap<>();
            for (int i = 0; i < model.clusters.size(); i++) {
                if (model.runKeys[i] != null) {
                    members.computeIfAbsent(model.runKeys[i], k -> new ArrayList<>()).add(model.clusters.get(i).id());
                }
            }
            runMembers = members;
        }
        return members.getOrDefault(runKey, List.of());
    }

    /** Whether the fleet has a cluster of this id. */
    boolean has(String clusterId) {
        return model.index.containsKey(clusterId);
    }

    /**
     * The problems of the input that did not stop planning, sorted: the sources' own, and those the
     * planner found (see docs/planning.md, "Problems").
     */
    public List<Problem> problems() {
        List<Problem> schedulesProblems = schedules.problems();
        if (schedulesProblems.isEmpty()) {
            return List.copyOf(model.problems);
        }
        List<Problem> all = new ArrayList<>(model.problems);
        all.addAll(schedulesProblems);
        return all.stream().distinct().sorted().toList();
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
     * Such a cluster is planned from the release it runs (its path, its next hop), while its
     * reviewable change is judged from the release its resources are at, its document's. A cluster
     * of a stage with {@code maxConcurrent} whose window's slots are taken by clusters expected to
     * run then is scheduled in its first window after a slot is expected to free, with a
     * {@code MAX_CONCURRENT} reason (docs/planning.md, "Concurrency").
     *
     * @param now the instant
     * @param history the journal, oldest first
     * @param releases cluster id to the release it runs now; clusters not named run their document's
     * @throws IllegalArgumentException when {@code now} lies outside 1900–9000, the range schedules support
     */
    public Plan plan(Instant now, List<HistoryEntry> history, Map<String, Version> releases) {
        return plan(now, history, releases, true);
    }

    /** The plan as the engine's rounds make it, each stage's queue not projected: what a {@link PlanSession} answers. */
    Plan unqueued(Instant now, List<HistoryEntry> history, Map<String, Version> releases) {
        return plan(now, history, releases, false);
    }

    private Plan plan(Instant now, List<HistoryEntry> history, Map<String, Version> releases, boolean queued) {
        checkInstant(now);
        Objects.requireNonNull(history, "history");
        Objects.requireNonNull(releases, "releases");
        Kept kept = new Kept(now, model.clusters.size());
        Round round = new Round(this, model, now, HistoryIndex.of(model, JournalIndex.of(history), releases), null);
        Plan plan = round.run(null, PlanSession.carryOver(null, null, kept), kept);
        if (queued) {
            plan = round.queued(kept);
        }
        if (LOG.isDebugEnabled()) {
            LOG.debug("planned {} clusters at {}: {}", plan.entries().size(), now, plan.counts());
        }
        return plan;
    }

    /**
     * A session that plans this fleet again and again as time goes on and a journal grows, each
     * plan equal to {@link #plan(Instant, List, Map)}'s but costing about what changed, and with the
     * clusters that wait for a slot of their stage ({@code maxConcurrent}) not projected to a later
     * window: the engine asks at each instant who may start now, and a slot that frees is seen then.
     */
    public PlanSession session() {
        return new PlanSession(this);
    }

    void checkInstant(Instant now) {
        Objects.requireNonNull(now, "now");
        if (now.isBefore(EARLIEST) || !now.isBefore(LATEST)) {
            throw new IllegalArgumentException("plans are made for instants from " + EARLIEST + " up to " + LATEST
                    + ", not " + now);
        }
    }

    FleetModel model() {
        return model;
    }

    List<StageGroup> groups(UpgradeSelection upgrade) {
        return model.stages.getOrDefault(upgrade.name(), List.of());
    }

    ScheduleAccess schedules() {
        return schedules;
    }

    Duration horizon() {
        return planner.horizon();
    }

    PathInfo path(Version from, Version to) {
        return paths.computeIfAbsent(List.of(from, to), k -> PathInfo.of(graph.path(from, to)));
    }

    /**
     * The change of a cluster going to a release, computed exactly as the planner computes the
     * change it judges: the same sides, the same field rules, this fleet's renderer. A plan keeps
     * only each change's summary, so the whole change is computed again on each call, on copies of
     * the cluster's resources and of the renderer's answer: the change belongs to the caller, who may
     * do with its trees what {@link ClusterChange} says without touching this fleet. A
     * {@link Renderer} is asked again (its contract says that equal calls give equal documents); if
     * its answer has changed meanwhile, the change returned says what it says now, and its own
     * {@link ClusterChange#blockers() blockers} are the ones that count for publishing it.
     *
     * <p>A change to the release the cluster's document names is a configuration change: its values'
     * change and the repair of its drift together ({@link ClusterChange#drift()}), whatever the
     * drift policy (the policy decides whether the plan schedules a repair on its own, not what a
     * change to the cluster's own release is).
     *
     * @param clusterId the cluster's id
     * @param to the release it goes to: its target for an upgrade, or the release it runs for the
     *     change its own values make and the repair of its drift (a configuration change)
     * @return the change; empty when the fleet has no such cluster or the catalog no such release
     */
    public Optional<ClusterChange> change(String clusterId, Version to) {
        Objects.requireNonNull(clusterId, "clusterId");
        Objects.requireNonNull(to, "to");
        Integer i = model.index.get(clusterId);
        Optional<Release> target = model.catalog.get(to);
        if (i == null || target.isEmpty()) {
            return Optional.empty();
        }
        ManagedCluster c = model.clusters.get(i);
        ManagedCluster own = c.toBuilder().resources(ClusterChange.copyOf(c.resources())).build();
        Optional<Renderer> renderer = planner.renderer().map(r -> (cluster, release) -> {
            Rendering answer = r.render(cluster, release);
            return answer instanceof Rendering.Rendered rendered
                    ? Rendering.rendered(ClusterChange.copyOf(rendered.documents())) : answer;
        });
        Optional<Release> from = model.catalog.get(c.release());
        boolean repair = from.isPresent() && from.get().version().equals(target.get().version());
        return Optional.of(ClusterChange.compute(own, from, target.get(), renderer, repair));
    }

    /**
     * What readiness says of a cluster going to a release along its path, exactly as the plan judges
     * it (docs/planning.md, "Readiness"): a {@code REMOVED_API} reason for each API a hop's target no
     * longer serves (its message names the hop), then the {@code DEPRECATED_API} and
     * {@code REMOVED_API_ACCEPTED} notes. What {@code upshift diff --fleet} prints beside the change.
     *
     * @return the reasons, in the order of the hops; empty when the fleet has no such cluster, the
     *     release is not newer than the cluster's, or there is no path to it
     */
    public List<Reason> readiness(String clusterId, Version to) {
        Objects.requireNonNull(clusterId, "clusterId");
        Objects.requireNonNull(to, "to");
        Integer i = model.index.get(clusterId);
        if (i == null) {
            return List.of();
        }
        ManagedCluster c = model.clusters.get(i);
        if (!to.isNewerThan(c.release()) || path(c.release(), to).noPath().isPresent()) {
            return List.of();
        }
        Readiness.Verdict v = Readiness.judge(c, c.release(), path(c.release(), to).versions(), model.catalog,
                input.removals(), input.live());
        List<Reason> out = new ArrayList<>();
        v.hops().forEach(out::addAll);
        out.addAll(v.notes());
        return out;
    }

    /**
     * The repair of a cluster's drift: {@link #change} to the release its document names, which
     * sets every field the release owns back to the release's value ({@link ClusterChange#drift()}
     * lists them; none when the cluster has not drifted), together with what its values change.
     * What {@code upshift diff --fleet DIR --cluster NAME} shows without {@code --to}.
     *
     * @return the change; empty when the fleet has no such cluster or the catalog not its release
     */
    public Optional<ClusterChange> repair(String clusterId) {
        Objects.requireNonNull(clusterId, "clusterId");
        Integer i = model.index.get(clusterId);
        return i == null ? Optional.empty() : change(clusterId, model.clusters.get(i).release());
    }

    /** The summary of a release upgrade's change, kept per cluster when it starts from the document's release. */
    ChangeSummary summary(int i, ManagedCluster c, Release from, Release to) {
        if (!from.version().equals(c.release())) {
            return summarize(c, from, to, false);
        }
        ChangeSummary known = changes.get(i);
        if (known == null) {
            known = summarize(c, from, to, false);
            if (!known.retry()) {
                changes.set(i, known);
            }
        }
        return known;
    }

    /**
     * The summary of the change a cluster's values make on its release, kept per cluster when it is
     * the document's release: then with the repair of its drift, as {@link #change} computes it.
     */
    ChangeSummary configSummary(int i, ManagedCluster c, Release release, Version running) {
        if (!running.equals(c.release())) {
            return summarize(c, release, release, false);
        }
        ChangeSummary known = configs.get(i);
        if (known == null) {
            known = summarize(c, release, release, true);
            if (!known.retry()) {
                configs.set(i, known);
            }
        }
        return known;
    }

    /** The summary of a change computed on the input's own trees: the change itself is dropped at once. */
    private ChangeSummary summarize(ManagedCluster c, Release from, Release to, boolean repair) {
        if (c.resources().isEmpty()) {
            return ChangeSummary.NONE;
        }
        return ChangeSummary.of(ClusterChange.compute(c, Optional.of(from), to, planner.renderer(), repair));
    }

    @Override
    public String toString() {
        return "prepared " + input;
    }
}
