package dev.upshift.core.plan;

import dev.upshift.common.value.VersionChange;
import dev.upshift.core.fleet.UnreadDocument;
import dev.upshift.core.select.UpgradeSelection;
import dev.upshift.release.Release;
import dev.upshift.release.Version;
import dev.upshift.schedule.UpgradeKind;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.DriftPolicy;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One planning round: the fleet at one instant with one history. First each cluster on its own
 * (history, target, path, reviewable change, schedule), then each upgrade's stages in order (gating,
 * soak, failures, concurrency), then windows. Linear in clusters plus history.
 */
final class Round {
    private final PreparedFleet fleet;
    private final FleetModel model;
    private final Instant now;
    private final LocalDate today;
    private final Map<String, Version> releases;
    private final HistoryEntry[] latest;
    private final HistoryEntry[] latestConfig;
    private final HistoryEntry[] latestHop;
    private final HistoryEntry[] landing;
    private final boolean[] midPath;
    private final Instant[] succeeded;
    private final Draft[] drafts;
    private final WindowFinder windows;

    Round(PreparedFleet fleet, FleetModel model, Instant now, List<HistoryEntry> history, Map<String, Version> releases) {
        this.fleet = fleet;
        this.model = model;
        this.now = now;
        this.today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        this.releases = releases;
        int n = model.clusters.size();
        this.latest = new HistoryEntry[n];
        this.latestConfig = new HistoryEntry[n];
        this.latestHop = new HistoryEntry[n];
        this.landing = new HistoryEntry[n];
        this.midPath = new boolean[n];
        this.succeeded = new Instant[n];
        this.drafts = new Draft[n];
        this.windows = new WindowFinder(fleet.schedules(), fleet.horizon(), now);
        fleet.schedules().indexAll(now);
        index(history);
    }

    private Version from(int i) {
        ManagedCluster c = model.clusters.get(i);
        return releases.isEmpty() ? c.release() : releases.getOrDefault(c.id(), c.release());
    }

    /**
     * Per cluster, the latest in-progress, succeeded or failed entry for its target, and its last
     * success; the latest such entry of a hop from the release it runs now (the engine journals a
     * path hop by hop); whether a hop of its upgrade landed it where it is (part-way along its path);
     * and the latest entry of a configuration upgrade of its release.
     */
    private void index(List<HistoryEntry> history) {
        for (HistoryEntry h : history) {
            Integer i = model.index.get(h.clusterId());
            if (i == null) {
                continue;
            }
            boolean counts = h.state() == UpgradeState.IN_PROGRESS || h.state() == UpgradeState.SUCCEEDED
                    || h.state() == UpgradeState.FAILED;
            if (!counts) {
                continue;
            }
            Optional<Release> target = model.assignments[i].target();
            boolean toTarget = target.isPresent() && h.to().samePrecedence(target.get().version());
            if (toTarget) {
                latest[i] = later(latest[i], h);
                if (h.state() == UpgradeState.SUCCEEDED && (succeeded[i] == null || h.at().isAfter(succeeded[i]))) {
                    succeeded[i] = h.at();
                }
            }
            Version from = from(i);
            if (!h.from().samePrecedence(h.to()) && h.to().samePrecedence(from)) {
                landing[i] = later(landing[i], h);
            }
            if (h.from().samePrecedence(from) && h.to().samePrecedence(from)) {
                latestConfig[i] = later(latestConfig[i], h);
            } else if (!toTarget && h.from().samePrecedence(from)) {
                latestHop[i] = later(latestHop[i], h);
            } else if (!toTarget && h.to().samePrecedence(from) && h.state() == UpgradeState.SUCCEEDED
                    && h.intent().isPresent() && model.assignments[i].upgrade()
                            .filter(u -> u.name().equals(h.intent().get())).isPresent()) {
                midPath[i] = true;
            }
        }
    }

    private static HistoryEntry later(HistoryEntry known, HistoryEntry h) {
        return known == null || !h.at().isBefore(known.at()) ? h : known;
    }

    Plan run() {
        for (int i = 0; i < drafts.length; i++) {
            drafts[i] = evaluate(i);
        }
        for (UpgradeSelection u : model.selection.upgrades()) {
            new StageGate(drafts, windows, now).gate(fleet.groups(u));
        }
        for (Draft d : drafts) {
            if (d.needsWindow()) {
                windows.place(d, Optional.empty());
            }
        }
        for (int i = 0; i < drafts.length; i++) {
            if (drafts[i].state == UpgradeState.BLOCKED) {
                // an upgrade's startTime holds its release upgrades, not a configuration change such as a repair
                boolean config = drafts[i].kind.equals(Optional.of(PlanKind.CONFIG));
                KnownTimes.addToBlocked(drafts[i], now, config ? Optional.empty() : model.assignments[i].upgrade()
                        .flatMap(u -> u.upgrade().startTime()));
            }
        }
        List<PlanEntry> entries = new ArrayList<>(drafts.length);
        for (Draft d : drafts) {
            Hops.place(d, windows);
            entries.add(d.entry());
        }
        return new Plan(now, entries, fleet.problems());
    }

    private Draft evaluate(int i) {
        ManagedCluster c = model.clusters.get(i);
        Assignment a = model.assignments[i];
        Version from = from(i);
        Optional<Release> fromRelease = model.catalog.get(from);
        Draft d = new Draft(c, from, fromRelease.flatMap(Release::endOfLife).filter(today::isAfter));
        d.upgrade = a.upgrade().map(UpgradeSelection::name);
        d.stage = a.group().map(g -> g.stage.name());
        if (!a.blockers().isEmpty()) {
            a.target().filter(t -> t.version().isNewerThan(from)).ifPresent(t -> d.to = Optional.of(t.version()));
            a.blockers().forEach(d::block);
            return d;
        }
        Optional<Release> target = a.target();
        d.succeededAt = succeeded[i];
        if (landing(d, landing[i], target)) {
            return d;
        }
        if (target.isPresent() && target.get().version().isNewerThan(from)) {
            releaseUpgrade(i, d, fromRelease, target.get());
        } else {
            d.releaseDone = true;
            d.to = target.map(t -> from);
            configUpgrade(i, d, fromRelease);
            if (d.state == UpgradeState.UP_TO_DATE && target.isPresent() && latest[i] != null
                    && latest[i].state() == UpgradeState.SUCCEEDED && latest[i].to().samePrecedence(from)) {
                // the intent brought it here: say so, rather than that nothing was ever to be done
                d.state = UpgradeState.SUCCEEDED;
            }
        }
        return d;
    }

    private void releaseUpgrade(int i, Draft d, Optional<Release> fromRelease, Release target) {
        d.to = Optional.of(target.version());
        d.releaseChange = Optional.of(d.from.changeTo(target.version()));
        d.staged = true;
        if (fromRelease.isEmpty()) {
            d.block(Reason.of(ReasonCodes.UNKNOWN_RELEASE, "the cluster runs release " + d.from
                    + ", which is not in the catalog"));
        } else {
            PathInfo path = fleet.path(d.from, target.version());
            if (path.noPath().isPresent()) {
                d.block(Reason.of(ReasonCodes.NO_PATH, path.noPath().get()));
            } else {
                d.path = path.versions();
                d.kind = Optional.of(path.kind());
                d.hopKinds = path.hopKinds();
                d.unplacedHops = path.unplaced();
                d.unchecked = path.unchecked();
            }
            // judged from the release the cluster's resources are at: its document's, also when a simulation moved
            // it part-way along its path without changing them
            Release base = model.catalog.get(d.cluster.release()).orElse(fromRelease.get());
            ChangeSummary change = fleet.summary(i, d.cluster, base, target);
            d.impact = change.impact();
            change.blockers().forEach(d::block);
            // exclusions judge the hop the cluster takes next, not the whole path
            PlanKind next = path.hopKinds().isEmpty() ? path.kind() : path.hopKinds().get(0);
            d.upgradeKind = new UpgradeKind(next.versionChange(), change.changesNodes());
        }
        HistoryEntry hop = latestHop[i];
        boolean nextHop = hop != null && !d.path.isEmpty() && hop.to().samePrecedence(d.path.get(0))
                && (latest[i] == null || !hop.at().isBefore(latest[i].at()));
        if (nextHop ? hopFromHistory(d, hop) : fromHistory(d, latest[i])) {
            return;
        }
        d.midPath = midPath[i];
        if (d.state == null) {
            checkSchedule(d);
        }
        if (d.state == null) {
            ClusterUpgrade u = model.assignments[i].upgrade().orElseThrow().upgrade();
            d.expectedDuration = u.expectedDuration();
            d.policy = u.windowPolicy();
            d.startTime = u.startTime();
        }
    }

    /**
     * A cluster at its target, or selected by no upgrade: the change its values make on its release
     * and the repair of its drift (docs/planning.md, "Configuration changes" and "Drift"). Drift alone
     * is planned only under {@code drift: repair}; under {@code report} the cluster is blocked with
     * {@code DRIFTED}. A cluster a simulation moved to another release keeps the document's
     * resources, which are not drift.
     */
    private void configUpgrade(int i, Draft d, Optional<Release> fromRelease) {
        ManagedCluster c = d.cluster;
        boolean moved = !d.from.equals(c.release());
        if (fromRelease.isEmpty() || c.resources().isEmpty() || moved && c.values().isEmpty()) {
            d.state = UpgradeState.UP_TO_DATE;
            return;
        }
        ChangeSummary change = fleet.configSummary(i, c, fromRelease.get(), d.from);
        boolean drifted = !change.drift().isEmpty();
        boolean configured = !c.values().isEmpty() && (moved ? change.changes() || !change.blockers().isEmpty()
                : change.beyondDrift() || !drifted && !change.blockers().isEmpty());
        if (!configured && !drifted) {
            d.state = UpgradeState.UP_TO_DATE;
            return;
        }
        d.to = Optional.of(d.from);
        d.kind = Optional.of(PlanKind.CONFIG);
        d.releaseChange = Optional.of(VersionChange.NONE);
        if (configured) {
            d.upgrade = Optional.empty();
        }
        d.stage = Optional.empty();
        d.impact = change.impact();
        change.blockers().forEach(d::block);
        d.upgradeKind = new UpgradeKind(VersionChange.NONE, change.changesNodes());
        DriftPolicy policy = model.assignments[i].upgrade().map(u -> u.upgrade().drift()).orElse(DriftPolicy.REPORT);
        Optional<Reason> drift = drifted ? Optional.of(Drift.reason(d.from, change.drift(), configured, policy))
                : Optional.empty();
        HistoryEntry last = latestConfig[i];
        if (!configured && policy == DriftPolicy.REPORT) {
            if (last != null && last.state() == UpgradeState.IN_PROGRESS && fromHistory(d, last)) {
                d.holds.add(drift.orElseThrow());
                return;
            }
            d.block(drift.orElseThrow());
            return;
        }
        if (fromHistory(d, last)) {
            drift.filter(r -> d.state != UpgradeState.SUCCEEDED).ifPresent(d.holds::add);
            return;
        }
        drift.ifPresent(d.holds::add);
        if (d.state == null) {
            checkSchedule(d);
        }
        if (d.state == null) {
            d.expectedDuration = fleet.planner().configExpectedDuration();
            d.policy = fleet.planner().configWindowPolicy();
        }
    }

    /**
     * Whether the cluster's document already names the release of a hop that has not finished: a
     * publisher writes the desired release when the hop starts (the files, a commit), so the
     * document runs ahead of the cluster until the hop's outcome is recorded and its owed
     * after-hooks have passed. Such a cluster is in progress, or failed when the hop failed; it
     * counts against its stage's concurrency and failures, and its stage is not done.
     */
    private boolean landing(Draft d, HistoryEntry h, Optional<Release> target) {
        if (h == null) {
            return false;
        }
        boolean owesHooks = !h.owedHooks().isEmpty() && h.step() != HistoryEntry.Step.FINISHED;
        boolean unfinished = h.state() == UpgradeState.IN_PROGRESS || h.state() == UpgradeState.FAILED || owesHooks;
        if (!unfinished) {
            return false;
        }
        Version to = target.map(Release::version).filter(t -> !t.isOlderThan(h.to())).orElse(h.to());
        d.to = Optional.of(to);
        d.releaseChange = Optional.of(h.from().changeTo(to));
        d.staged = true;
        d.blockers.clear();
        if (h.state() == UpgradeState.FAILED) {
            d.state = UpgradeState.FAILED;
            d.blockers.add(Reason.of(ReasonCodes.UPGRADE_FAILED, "hop " + h.from() + " → " + h.to() + " failed at "
                    + h.at() + why(h) + "; the planner does not retry it until someone acts"));
        } else {
            d.state = UpgradeState.IN_PROGRESS;
        }
        return true;
    }

    /** Takes the state from history when the cluster's upgrade is in progress, succeeded or failed; whether it did. */
    private boolean fromHistory(Draft d, HistoryEntry h) {
        if (h == null) {
            return false;
        }
        d.blockers.clear();
        switch (h.state()) {
            case IN_PROGRESS -> d.state = UpgradeState.IN_PROGRESS;
            case SUCCEEDED -> {
                d.state = UpgradeState.SUCCEEDED;
                d.releaseDone = true;
            }
            default -> {
                d.state = UpgradeState.FAILED;
                d.blockers.add(Reason.of(ReasonCodes.UPGRADE_FAILED, "the upgrade to " + h.to() + " failed at " + h.at()
                        + why(h) + "; the planner does not retry it until someone acts"));
            }
        }
        return true;
    }

    /**
     * Takes the state from the latest entry of the hop the cluster takes next, when that is later
     * than any entry for the target: in progress; failed (the upgrade fails with it, for its stage's
     * budget); or succeeded while the cluster does not run the hop's release yet, which is the
     * upgrade still under way (the inventory follows). Never {@code succeeded}: the path goes on.
     */
    private boolean hopFromHistory(Draft d, HistoryEntry h) {
        d.blockers.clear();
        switch (h.state()) {
            case FAILED -> {
                d.state = UpgradeState.FAILED;
                d.blockers.add(Reason.of(ReasonCodes.UPGRADE_FAILED, "hop " + h.from() + " → " + h.to() + " of the upgrade"
                        + " to " + d.to.orElseThrow() + " failed at " + h.at() + why(h)
                        + "; the planner does not retry it until someone acts"));
            }
            default -> d.state = UpgradeState.IN_PROGRESS;
        }
        return true;
    }

    private static String why(HistoryEntry h) {
        String why = h.message().isBlank() ? "" : ": " + h.message();
        if (!h.reasons().isEmpty()) {
            why += (why.isEmpty() ? ": " : "; ") + h.reasons().get(0).message();
        }
        return why;
    }

    private void checkSchedule(Draft d) {
        Optional<String> name = d.cluster.schedule();
        if (name.isEmpty() || fleet.schedules().get(name.get(), now).isPresent()) {
            return;
        }
        UnreadDocument unread = model.unreadSchedules.get(name.get());
        if (unread != null && fleet.schedules().schedule(name.get()).isEmpty()) {
            d.block(Reason.of(ReasonCodes.INVALID_SCHEDULE, "schedule " + name.get() + " is invalid (" + unread.problem()
                    + "); the cluster is not upgraded until it is fixed"));
            return;
        }
        String why = fleet.schedules().unusable(name.get()).map(u -> "schedule " + name.get() + " cannot be used: " + u)
                .orElse("the cluster names schedule " + name.get() + ", which does not exist");
        d.block(Reason.of(ReasonCodes.UNKNOWN_SCHEDULE, why + "; it is not upgraded meanwhile"));
    }
}
