package dev.upshift.core.plan;

import dev.upshift.common.problem.Problem;
import dev.upshift.core.fleet.FleetKinds;
import dev.upshift.core.fleet.UnreadDocument;
import dev.upshift.core.select.ClusterSelector;
import dev.upshift.core.select.ConflictingUpgrades;
import dev.upshift.core.select.CrossReferences;
import dev.upshift.core.select.FleetSelection;
import dev.upshift.core.select.ResolvedTarget;
import dev.upshift.core.select.StageOverlap;
import dev.upshift.core.select.StageSelection;
import dev.upshift.core.select.UpgradeSelection;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The instant-independent half of planning: the fleet deduplicated and sorted by id, the
 * selection, each cluster's {@link Assignment}, the stage groups and the problems of the input.
 * Linear in clusters times matchers.
 */
final class FleetModel {
    final ReleaseCatalog catalog;
    final List<ManagedCluster> clusters;
    final Map<String, Integer> index;
    final Map<String, MaintenanceSchedule> schedules;
    final FleetSelection selection;
    final Assignment[] assignments;
    private final UpgradeSelection[] owners;
    final Map<String, List<StageGroup>> stages = new HashMap<>();
    final List<Problem> problems = new ArrayList<>();
    /** The schedules that could not be read, by name. */
    final Map<String, UnreadDocument> unreadSchedules = new HashMap<>();
    /** The cluster documents that could not be read: no entry, a row of their own in what presents a plan. */
    final List<UnreadDocument> unreadClusters;
    /** Each cluster's {@link StageRun} key; null for none. */
    final String[] runKeys;

    FleetModel(PlanInput input) {
        problems.addAll(input.problems());
        this.catalog = input.catalog();
        this.clusters = uniqueClusters(input.clusters());
        this.index = new HashMap<>(clusters.size() * 2);
        for (int i = 0; i < clusters.size(); i++) {
            index.put(clusters.get(i).id(), i);
        }
        this.schedules = uniqueSchedules(input.schedules());
        this.selection = FleetSelection.of(clusters, uniqueUpgrades(input.upgrades()), catalog);
        this.owners = new UpgradeSelection[clusters.size()];
        for (int i = 0; i < clusters.size(); i++) {
            owners[i] = findOwner(clusters.get(i).id()).orElse(null);
        }
        this.assignments = new Assignment[clusters.size()];
        Map<String, StageGroup> groupOf = groups();
        for (int i = 0; i < clusters.size(); i++) {
            assignments[i] = assign(clusters.get(i), owners[i], groupOf);
        }
        blockUnreadUpgrades(input.unread());
        checkReferences(input);
        problems.sort(null);
        this.unreadClusters = input.unread().stream()
                .filter(u -> u.kind().equals(FleetKinds.MANAGED_CLUSTER.name())).toList();
        this.runKeys = new String[clusters.size()];
        for (int i = 0; i < clusters.size(); i++) {
            runKeys[i] = assignments[i].run().map(StageRun::key).orElse(null);
        }
    }

    /**
     * Blocks every cluster an upgrade that could not be read may select: those its matchers select
     * when they can be read on their own, else all. Such a cluster's plan is incomplete, whatever
     * the upgrades that were read say of it.
     */
    private void blockUnreadUpgrades(List<UnreadDocument> unread) {
        for (UnreadDocument u : unread) {
            if (!u.kind().equals(FleetKinds.CLUSTER_UPGRADE.name())) {
                continue;
            }
            Optional<ClusterSelector> selector = u.matchers().flatMap(FleetModel::selector);
            String why = "upgrade " + u.name() + " could not be read (" + u.problem() + ")"
                    + (selector.isPresent() ? " and its matchers select this cluster"
                            : ", not even its matchers, so it may select any cluster")
                    + ": this cluster's plan is incomplete until the document is fixed";
            for (int i = 0; i < clusters.size(); i++) {
                if (selector.isEmpty() || selector.get().selects(clusters.get(i))) {
                    Assignment a = assignments[i];
                    List<Reason> blockers = new ArrayList<>(a.blockers());
                    blockers.add(Reason.of(ReasonCodes.UNREADABLE_UPGRADE, why));
                    assignments[i] = new Assignment(a.upgrade(), a.target(), a.group(), blockers);
                }
            }
        }
    }

    private static Optional<ClusterSelector> selector(List<ClusterMatcher> matchers) {
        try {
            return Optional.of(ClusterSelector.of(matchers));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private List<ManagedCluster> uniqueClusters(List<ManagedCluster> listed) {
        TreeMap<String, ManagedCluster> byId = new TreeMap<>();
        for (ManagedCluster c : listed) {
            ManagedCluster first = byId.putIfAbsent(c.id(), c);
            if (first != null) {
                problems.add(Problem.error(c.location(), "metadata.name", "a second cluster named " + c.id()
                        + " (the first is at " + first.location() + "); this one is not planned"));
            }
        }
        return List.copyOf(byId.values());
    }

    private Map<String, MaintenanceSchedule> uniqueSchedules(List<MaintenanceSchedule> listed) {
        Map<String, MaintenanceSchedule> byName = new LinkedHashMap<>();
        for (MaintenanceSchedule s : listed) {
            MaintenanceSchedule first = byName.putIfAbsent(s.name(), s);
            if (first != null) {
                problems.add(Problem.error(s.origin().location(), "metadata.name", "a second schedule named " + s.name()
                        + " (the first is at " + first.origin().location() + "); this one is not used"));
            }
        }
        return byName;
    }

    private List<ClusterUpgrade> uniqueUpgrades(List<ClusterUpgrade> listed) {
        Map<String, ClusterUpgrade> byName = new LinkedHashMap<>();
        for (ClusterUpgrade u : listed) {
            ClusterUpgrade first = byName.putIfAbsent(u.name(), u);
            if (first != null) {
                problems.add(Problem.error(u.location(), "metadata.name", "a second upgrade named " + u.name()
                        + " (the first is at " + first.location() + "); this one is not planned"));
            }
        }
        return List.copyOf(byName.values());
    }

    /** The stage groups of every upgrade, keyed by upgrade and stage name; problems of each upgrade are noted. */
    private Map<String, StageGroup> groups() {
        Map<String, StageGroup> out = new HashMap<>();
        for (UpgradeSelection u : selection.upgrades()) {
            List<StageGroup> list = new ArrayList<>();
            stages.put(u.name(), list);
            for (StageSelection s : u.stages()) {
                int[] members = s.clusters().stream().mapToInt(c -> index.get(c.id())).filter(i -> owners[i] == u)
                        .toArray();
                StageGroup g = new StageGroup(u, s.stage(), members, s.implicit());
                out.put(key(u.name(), s.name()), g);
                list.add(g);
            }
        }
        return out;
    }

    private static String key(String upgrade, String stage) {
        return upgrade + "\u0000" + stage;
    }

    /** The upgrade that plans a cluster: the first by name whose target resolves, unless upgrades disagree. */
    private Optional<UpgradeSelection> findOwner(String clusterId) {
        if (selection.conflict(clusterId).isPresent()) {
            return Optional.empty();
        }
        return selection.claims(clusterId).stream().filter(s -> s.target() instanceof ResolvedTarget.Found).findFirst();
    }

    private Assignment assign(ManagedCluster c, UpgradeSelection ownerOrNull, Map<String, StageGroup> groupOf) {
        Optional<ConflictingUpgrades> conflict = selection.conflict(c.id());
        if (conflict.isPresent()) {
            return new Assignment(Optional.empty(), Optional.empty(), Optional.empty(), List.of(conflict.get().reason()));
        }
        List<UpgradeSelection> claims = selection.claims(c.id());
        if (claims.isEmpty()) {
            return Assignment.NONE;
        }
        Optional<UpgradeSelection> owner = Optional.ofNullable(ownerOrNull);
        if (owner.isEmpty()) {
            UpgradeSelection first = claims.get(0);
            ResolvedTarget.Unresolved why = (ResolvedTarget.Unresolved) first.target();
            return new Assignment(Optional.of(first), Optional.empty(), Optional.empty(), List.of(Reason.of(
                    ReasonCodes.TARGET_UNRESOLVED, "the target of upgrade " + first.name() + " resolves to no release: "
                            + why.message())));
        }
        UpgradeSelection u = owner.get();
        Release target = ((ResolvedTarget.Found) u.target()).release();
        Optional<StageGroup> group = u.stageOf(c.id()).map(s -> groupOf.get(key(u.name(), s.name())));
        List<Reason> blockers = new ArrayList<>();
        if (group.isEmpty()) {
            Optional<StageOverlap> overlap = u.overlaps().stream().filter(o -> o.cluster().id().equals(c.id())).findFirst();
            blockers.add(overlap.map(o -> Reason.of(ReasonCodes.STAGE_OVERLAP, o.message()))
                    .orElseGet(() -> Reason.of(ReasonCodes.UNSTAGED, "upgrade " + u.name() + " selects " + c.id()
                            + " but none of its stages does; add the cluster to one stage")));
        }
        return new Assignment(owner, Optional.of(target), group, blockers);
    }

    /** The references across the input's documents, checked as {@code upshift validate} checks them. */
    private void checkReferences(PlanInput input) {
        // a reference to a document that exists but could not be read is not reported again: its own error says why
        Set<String> known = new TreeSet<>(schedules.keySet());
        List<Version> brokenReleases = new ArrayList<>();
        for (UnreadDocument u : input.unread()) {
            if (u.kind().equals(MaintenanceSchedule.KIND.name())) {
                known.add(u.name());
                unreadSchedules.putIfAbsent(u.name(), u);
            } else if (u.kind().equals(Release.KIND.name())) {
                Version.tryParse(u.name()).ifPresent(brokenReleases::add);
            }
        }
        problems.addAll(CrossReferences.of(catalog, known).ignoringBroken(brokenReleases, List.of())
                .locatedBy(input.fields()).check(clusters, selection));
    }
}
