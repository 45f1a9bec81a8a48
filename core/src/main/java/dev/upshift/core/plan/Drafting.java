package dev.upshift.core.plan;

import dev.upshift.common.value.VersionChange;
import dev.upshift.core.fleet.UnreadDocument;
import dev.upshift.core.select.UpgradeSelection;
import dev.upshift.release.Release;
import dev.upshift.release.Version;
import dev.upshift.schedule.UpgradeKind;
import dev.upshift.spi.Act;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.DriftPolicy;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;

/**
 * The planner's rules for one cluster on its own at one instant (the first half of a round): its
 * history (in progress, succeeded, failed, landing part-way along its path), its target and path,
 * the change it would take and what blocks it, whether it joined its stage late, its configuration
 * change or drift repair, and whether its schedule can be read. A {@link Round} gates the drafts
 * by stage and places them in windows.
 */
final class Drafting {
    private final PreparedFleet fleet;
    private final FleetModel model;
    private final Instant now;
    private final LocalDate today;
    private final HistoryIndex history;

    Drafting(PreparedFleet fleet, FleetModel model, Instant now, HistoryIndex history) {
        this.fleet = fleet;
        this.model = model;
        this.now = now;
        this.today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        this.history = history;
    }

    /** The cluster at position {@code i}, drafted. */
    Draft evaluate(int i) {
        ManagedCluster c = model.clusters.get(i);
        Assignment a = model.assignments[i];
        Version from = history.from[i];
        Optional<Release> fromRelease = model.catalog.get(from);
        Optional<LocalDate> endOfLife = fromRelease.flatMap(Release::endOfLife);
        Draft d = new Draft(c, from, endOfLife.filter(today::isAfter));
        endOfLife.filter(eol -> !today.isAfter(eol))
                .ifPresent(eol -> d.validUntil(eol.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant()));
        d.upgrade = a.upgrade().map(UpgradeSelection::name);
        d.stage = a.group().map(g -> g.stage.name());
        if (!a.blockers().isEmpty()) {
            a.target().filter(t -> t.version().isNewerThan(from)).ifPresent(t -> d.to = Optional.of(t.version()));
            a.blockers().forEach(d::block);
            return d;
        }
        Optional<Release> target = a.target();
        d.succeededAt = history.succeeded[i];
        HistoryEntry ahead = history.ahead[i];
        if (ahead != null && ahead.state() == UpgradeState.FAILED && history.journal().retried(ahead.upgradeId())) {
            // retried: the failed hop again, towards the target its path had then (pinned)
            target = model.catalog.get(ahead.hop().target()).or(() -> a.target());
            ahead = null;
        }
        if (landing(d, ahead, target)) {
            return steered(i, d);
        }
        if (target.isPresent() && target.get().version().isNewerThan(from)) {
            releaseUpgrade(i, d, fromRelease, target.get());
            steered(i, d);
        } else {
            d.releaseDone = true;
            d.to = target.map(t -> from);
            configUpgrade(i, d, fromRelease);
            HistoryEntry last = history.latest[i];
            if (d.state == UpgradeState.UP_TO_DATE && target.isPresent() && last != null
                    && last.state() == UpgradeState.SUCCEEDED && last.to().samePrecedence(from)) {
                // the intent brought it here: say so, rather than that nothing was ever to be done
                d.state = UpgradeState.SUCCEEDED;
            }
            steered(i, d);
        }
        return d;
    }

    /**
     * A cluster a person took out of its upgrade's run ({@link Acts#skipped}): neither started, counted
     * nor waited for by its stage, as one that joined late; a hop in flight finishes.
     */
    private Draft steered(int i, Draft d) {
        Assignment a = model.assignments[i];
        if (a.upgrade().isEmpty() || a.target().isEmpty()) {
            return d;
        }
        String upgrade = a.upgrade().get().name();
        Optional<Act> skip = history.journal().acts().skipped(d.cluster.id(), upgrade, a.target().get().version());
        if (skip.isEmpty()) {
            return d;
        }
        d.staged = false;
        d.joinedLate = true;
        if (d.state == UpgradeState.SUCCEEDED || d.state == UpgradeState.UP_TO_DATE) {
            return d; // out of the run's counts too, with nothing left to hold
        }
        Reason why = Reason.of(ReasonCodes.SKIPPED, "skipped from upgrade " + upgrade + " (to " + a.target().get()
                .version() + ") by " + Steering.by(skip.get()) + "; it joins the upgrade's next run (a new target)");
        if (d.needsWindow() || d.state == UpgradeState.READY || d.state == UpgradeState.SCHEDULED
                || d.state == UpgradeState.WAITING) {
            d.block(why);
        } else {
            d.holds.add(why);
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
                ready(d);
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
        HistoryEntry hop = history.latestHop[i];
        boolean nextHop = hop != null && !d.path.isEmpty() && hop.to().samePrecedence(d.path.get(0))
                && (history.latest[i] == null || !hop.at().isBefore(history.latest[i].at()));
        if (nextHop ? hopFromHistory(d, hop) : fromHistory(d, history.latest[i])) {
            return;
        }
        d.midPath = history.midPath[i];
        if (!d.midPath && history.joinedLate(i)) {
            joinedLate(i, d);
            return;
        }
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
     * Readiness ({@link Readiness}): blocks the entry when the next hop crosses an API removal its
     * documents need, marks a later hop that does, and notes deprecations and accepted findings.
     */
    private void ready(Draft d) {
        Readiness.Verdict v = Readiness.judge(d.cluster, d.from, d.path, model.catalog, fleet.input().removals(),
                fleet.input().live());
        if (v.hops().isEmpty()) {
            return;
        }
        v.hops().get(0).forEach(d::block);
        d.hopBlocks = v.hops();
        d.holds.addAll(v.notes());
    }

    /**
     * A cluster that joined its stage after the stage's run started: it waits for the upgrade's next
     * run (a new target), and its stage neither counts nor waits for it (docs/planning.md, "Stages").
     */
    private void joinedLate(int i, Draft d) {
        StageGroup g = model.assignments[i].group().orElseThrow();
        d.staged = false;
        d.joinedLate = true;
        d.holds.add(Reason.of(ReasonCodes.JOINED_LATE, "the cluster joined " + g.describe() + " after the stage"
                + " started upgrading to " + d.to.orElseThrow() + "; it waits for the upgrade's next run (a new"
                + " target)"));
        if (d.state != UpgradeState.BLOCKED) {
            d.state = UpgradeState.WAITING;
        }
    }

    /**
     * A cluster at its target, or selected by no upgrade: the change its values make on its release
     * and the repair of its drift (docs/planning.md, "Configuration changes" and "Drift"). Drift alone
     * is planned only under {@code drift: repair}; under {@code report} the cluster is blocked with
     * {@code DRIFTED}. A change that repairs drift under {@code drift: repair} is the upgrade's: it
     * goes in the cluster's stage, gated, counted and waited for as a release upgrade is; any other
     * configuration change is the cluster's own, in no stage. Exclusions judge both kinds by the
     * Kubernetes version the change moves ({@link ClusterChange#kubernetesMove()}) and by whether
     * it rolls nodes. A cluster a simulation moved to another release keeps the document's
     * resources, which are not drift, and took its values with the hop that moved it (a publisher
     * writes them with the release), so nothing is left to configure: up to date, as it is once the
     * files world's publisher rewrote its document.
     */
    private void configUpgrade(int i, Draft d, Optional<Release> fromRelease) {
        ManagedCluster c = d.cluster;
        boolean moved = !d.from.equals(c.release());
        if (fromRelease.isEmpty() || c.resources().isEmpty() || moved) {
            d.state = UpgradeState.UP_TO_DATE;
            return;
        }
        ChangeSummary change = fleet.configSummary(i, c, fromRelease.get(), d.from);
        boolean drifted = !change.drift().isEmpty();
        boolean configured = !c.values().isEmpty() && (change.beyondDrift() || !drifted && !change.blockers().isEmpty());
        if (!configured && !drifted) {
            d.state = UpgradeState.UP_TO_DATE;
            return;
        }
        d.to = Optional.of(d.from);
        d.kind = Optional.of(PlanKind.CONFIG);
        d.releaseChange = Optional.of(VersionChange.NONE);
        DriftPolicy policy = model.assignments[i].upgrade().map(u -> u.upgrade().drift()).orElse(DriftPolicy.REPORT);
        if (drifted && policy == DriftPolicy.REPAIR && model.assignments[i].group().isPresent()) {
            // the upgrade's repair: in the cluster's stage, which is not done until it is
            d.staged = true;
            d.releaseDone = false;
        } else {
            if (configured) {
                d.upgrade = Optional.empty();
            }
            d.stage = Optional.empty();
        }
        d.impact = change.impact();
        change.blockers().forEach(d::block);
        // exclusions judge it by the Kubernetes version it moves and whether it rolls nodes
        d.upgradeKind = new UpgradeKind(change.kubernetes(), change.changesNodes());
        Optional<Reason> drift = drifted ? Optional.of(Drift.reason(d.from, change.drift(), configured, policy,
                change.kubernetes()))
                : Optional.empty();
        HistoryEntry last = history.latestConfig[i];
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
            if (d.staged && d.state == UpgradeState.SUCCEEDED && (d.succeededAt == null || last.at().isAfter(d.succeededAt))) {
                d.succeededAt = last.at(); // a repair's success is its stage's, for the soak (past the target too)
            }
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
     * Whether the cluster's document already names the release of a hop that has not finished
     * ({@link HistoryIndex#ahead}): a publisher writes the desired release when the hop starts (the
     * files, a commit), so the document runs ahead of the cluster, which runs the release the hop
     * left, until the hop's outcome is recorded and its owed after-hooks have passed. Such a cluster
     * is in progress, or failed when the hop failed, on its way from the release it runs; it counts
     * against its stage's concurrency and failures, and its stage is not done.
     */
    private boolean landing(Draft d, HistoryEntry h, Optional<Release> target) {
        if (h == null) {
            return false;
        }
        Version to = target.map(Release::version).filter(t -> !t.isOlderThan(h.to())).orElse(h.to());
        d.to = Optional.of(to);
        d.releaseChange = Optional.of(d.from.changeTo(to));
        PathInfo path = fleet.path(d.from, to);
        if (path.noPath().isEmpty()) {
            d.path = path.versions();
            d.kind = Optional.of(path.kind());
            d.hopKinds = path.hopKinds();
            d.unplacedHops = path.unplaced();
            d.unchecked = path.unchecked();
        }
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
