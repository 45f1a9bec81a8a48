package dev.upshift.core.engine;

import dev.upshift.core.plan.Attempt;
import dev.upshift.core.plan.ClusterChange;
import dev.upshift.core.plan.JournalIndex;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.StageMembership;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.release.Version;
import dev.upshift.schedule.UpgradeKind;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Hop;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Publication;
import dev.upshift.spi.Reason;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeState;
import dev.upshift.spi.UpgradeStatus;
import dev.upshift.spi.WindowPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One pass of a reconcile over a fixed journal and plan, in four phases whose entries are appended
 * as one group each: start (hooks, strategies, the write-ahead {@code starting}), publish, probe,
 * finish (after-hooks, event, {@code finished}).
 */
final class Pass {
    private final Engine engine;
    private final Instant now;
    private final FleetReading reading;
    private final Plan plan;
    private final JournalIndex attempts;
    private final Map<String, ManagedCluster> clusters;
    private final Map<String, ClusterUpgrade> intents;
    private final Map<String, Integer> positions;
    private final FleetIndex index;
    private final List<HistoryEntry> recorded = new ArrayList<>();
    private final List<Fault> faults = new ArrayList<>();
    private final Wakes wakes;
    private boolean stopped;
    private boolean startsAllowed = true;
    private final List<PlanEntry> started = new ArrayList<>();

    private final java.util.Set<String> faulted;
    private Parts parts;

    Pass(Engine engine, Instant now, JournalIndex attempts, FleetIndex index, FleetReading reading, Plan plan,
            java.util.Set<String> faulted) {
        this.engine = engine;
        this.faulted = faulted;
        this.now = now;
        this.reading = reading;
        this.plan = plan;
        this.attempts = attempts;
        this.wakes = new Wakes(now);
        this.clusters = index.clusters();
        this.intents = index.intents();
        this.positions = index.positions();
        this.index = index;
    }

    List<HistoryEntry> recorded() {
        return recorded;
    }

    List<Fault> faults() {
        return faults;
    }

    /** A pass that follows what is in flight and starts nothing new: {@link Engine#settle}. */
    Pass withoutStarts() {
        startsAllowed = false;
        return this;
    }

    /** The plan entries whose hop this pass started. */
    List<PlanEntry> started() {
        return started;
    }

    boolean stopped() {
        return stopped;
    }

    Optional<Instant> nextWake() {
        return wakes.earliest();
    }

    void run() {
        List<Flight> toPublish = new ArrayList<>();
        List<Flight> toProbe = new ArrayList<>();
        List<Flight> toFinish = new ArrayList<>();
        List<PlanEntry> toStart = new ArrayList<>();
        List<PlanEntry> entries = plan.entries();
        java.util.BitSet busy = busy(entries);
        for (int i = 0; i < entries.size(); i++) {
            PlanEntry e = entries.get(i);
            boolean ready = startsAllowed && e.state() == UpgradeState.READY;
            if (!ready && !busy.get(i) || faulted.contains(e.cluster())) {
                continue;
            }
            Optional<Attempt> a = attempts.latest(e.cluster());
            if (a.isPresent() && a.get().inFlight()) {
                Flight f = flight(a.get());
                (a.get().published().isEmpty() ? toPublish : toProbe).add(f);
            } else if (a.isPresent() && a.get().owesFinish()) {
                toFinish.add(flight(a.get()));
            } else if (startsAllowed && e.state() == UpgradeState.READY && e.to().isPresent() && !failedBefore(e)) {
                toStart.add(e);
            }
        }
        StageMembership membership = attempts.membership();
        List<HistoryEntry> skipped = leftTheFleet();
        skipped.addAll(membership.leftTheirStages(reading.fleet(), now, engine.epoch));
        if (!append(skipped)) {
            return;
        }
        List<HistoryEntry> starts = new ArrayList<>();
        for (PlanEntry e : toStart) {
            int before = starts.size();
            new Start(this, e).decide(starts, toPublish);
            if (starts.size() > before && starts.get(starts.size() - 1).step() == Step.STARTING) {
                started.add(e);
            }
        }
        starts.addAll(0, membership.enroll(reading.fleet(), plan, starts, now, engine.epoch));
        if (!append(starts)) {
            return;
        }
        starts.stream().filter(h -> h.step() == Step.STARTING)
                .forEach(h -> engine.crashPoints.reached(CrashPoint.INTENT_JOURNALED, h.clusterId()));
        List<HistoryEntry> published = new ArrayList<>();
        for (Flight f : toPublish) {
            publish(f, published, toFinish);
        }
        if (!append(published)) {
            return;
        }
        published.stream().filter(h -> h.step() == Step.PUBLISHED)
                .forEach(h -> engine.crashPoints.reached(CrashPoint.PUBLICATION_JOURNALED, h.clusterId()));
        // what was just published is probed in the same pass, as a further pass would
        java.util.Set<String> nowPublished = new java.util.HashSet<>();
        published.stream().filter(h -> h.step() == Step.PUBLISHED).forEach(h -> nowPublished.add(h.upgradeId()));
        toPublish.stream().filter(f -> nowPublished.contains(f.upgrade().id())).forEach(toProbe::add);
        List<HistoryEntry> outcomes = new ArrayList<>();
        for (Flight f : toProbe) {
            probe(f, outcomes, toFinish);
        }
        if (!parts().advance(outcomes, toFinish)) {
            return;
        }
        if (!append(outcomes)) {
            return;
        }
        outcomes.forEach(h -> engine.crashPoints.reached(CrashPoint.OUTCOME_JOURNALED, h.clusterId()));
        List<HistoryEntry> finishes = new ArrayList<>();
        for (Flight f : toFinish) {
            new Finish(this, f).run(finishes);
        }
        if (!append(finishes)) {
            return;
        }
        finishes.stream().filter(h -> h.step() == Step.FINISHED)
                .forEach(h -> engine.crashPoints.reached(CrashPoint.FINISH_JOURNALED, h.clusterId()));
    }

    /** The positions in the plan of the clusters whose latest attempt is in flight or owes its finish. */
    private java.util.BitSet busy(List<PlanEntry> entries) {
        java.util.BitSet busy = new java.util.BitSet(entries.size());
        for (String cluster : attempts.activeClusters()) {
            Integer i = positions.get(cluster);
            if (i != null && i < entries.size() && entries.get(i).cluster().equals(cluster)) {
                busy.set(i);
            } else if (i != null) {
                plan.entry(cluster).ifPresent(e -> busy.set(entries.indexOf(e)));
            }
        }
        return busy;
    }

    /**
     * Whether the cluster's last attempt towards the same target for the same upgrade failed: a
     * failed hop fails the upgrade, and only a person starts it again (as the planner says of a
     * one-hop upgrade; the engine holds to it for every hop, whatever the plan says).
     */
    private boolean failedBefore(PlanEntry e) {
        Optional<HistoryEntry> last = attempts.lastOutcome(e.cluster());
        return last.isPresent() && last.get().state() == UpgradeState.FAILED && last.get().intent().equals(e.upgrade())
                && e.to().get().equals(last.get().hop().target());
    }

    /** {@link Engine#apply}: the next hop of one cluster, now, or why not. */
    Application apply(String clusterId, Optional<Version> to, String reason) {
        return new Applying(this).apply(clusterId, to, reason);
    }

    /** Attempts in flight or owing their finish whose cluster is no longer in the fleet: skipped. */
    private List<HistoryEntry> leftTheFleet() {
        List<HistoryEntry> out = new ArrayList<>();
        for (Attempt a : attempts.activeAttempts()) {
            HistoryEntry last = a.last();
            if (clusters.containsKey(last.clusterId())) {
                continue;
            }
            Reason why = Reason.of(EngineReasons.LEFT_FLEET, "cluster " + last.clusterId() + " left the fleet during "
                    + last.hop() + " (" + last.from() + " → " + last.to() + "); its attempt is no longer followed");
            out.add(new HistoryEntry(now, last.clusterId(), a.upgradeId(), last.from(), last.to(), last.intent(),
                    last.state(), why.message(), List.of(why), Step.SKIPPED, last.hop(), last.attempt(), List.of(),
                    engine.epoch));
        }
        out.sort(java.util.Comparator.comparing(HistoryEntry::clusterId));
        return out;
    }

    void publish(Flight f, List<HistoryEntry> out, List<Flight> toFinish) {
        if (parts().owns(f)) {
            parts().publishControlPlane(f, out, toFinish);
            return;
        }
        Optional<MergeResult> change = change(f.upgrade());
        if (change.isEmpty()) {
            return;
        }
        Publication answer;
        try {
            answer = engine.publisher.publish(f.upgrade(), change.get());
        } catch (RuntimeException e) {
            faults.add(Fault.of(CallSite.PUBLISH, f.cluster(), e));
            return;
        }
        engine.crashPoints.reached(CrashPoint.PUBLISH_RETURNED, f.cluster());
        if (answer instanceof Publication.Published p) {
            out.add(entry(f, UpgradeState.IN_PROGRESS, Step.PUBLISHED, p.reference(), List.of(), List.of()));
            wakes.add(deadline(f));
        } else {
            Publication.Rejected r = (Publication.Rejected) answer;
            Reason why = Reason.of(EngineReasons.PUBLISH_REJECTED, "the publisher refused " + f.describe() + ": "
                    + r.reason());
            HistoryEntry failed = entry(f, UpgradeState.FAILED, Step.FAILED, why.message(), List.of(why), f.owed());
            out.add(failed);
            toFinish.add(f.withOutcome(failed));
        }
    }

    private void probe(Flight f, List<HistoryEntry> out, List<Flight> toFinish) {
        if (parts().owns(f)) {
            parts().follow(f);
            return;
        }
        UpgradeStatus status;
        try {
            status = engine.probe.probe(f.upgrade(), now);
        } catch (RuntimeException e) {
            faults.add(Fault.of(CallSite.PROBE, f.cluster(), e));
            timeOut(f, out, toFinish);
            return;
        }
        HistoryEntry outcome = null;
        if (status instanceof UpgradeStatus.Succeeded s) {
            outcome = entry(f, UpgradeState.SUCCEEDED, Step.SUCCEEDED, conditionText(s.condition().reason(),
                    s.condition().message()), List.of(), f.owed());
        } else if (status instanceof UpgradeStatus.Failed failed) {
            Reason why = Reason.of(EngineReasons.UPGRADE_FAILED, f.describe() + " failed: "
                    + conditionText(failed.condition().reason(), failed.condition().message()));
            outcome = entry(f, UpgradeState.FAILED, Step.FAILED, why.message(), List.of(why), f.owed());
        }
        if (outcome == null) {
            timeOut(f, out, toFinish);
            return;
        }
        if (outcome.step() == Step.SUCCEEDED && !parts().afterOnePart(f, out, toFinish)) {
            return;
        }
        engine.crashPoints.reached(CrashPoint.PROBE_ANSWERED, f.cluster());
        out.add(outcome);
        toFinish.add(f.withOutcome(outcome));
    }

    private void timeOut(Flight f, List<HistoryEntry> out, List<Flight> toFinish) {
        Duration limit = timeout(f);
        Instant deadline = deadline(f);
        if (now.isBefore(deadline)) {
            wakes.add(deadline);
            return;
        }
        Reason why = Reason.of(EngineReasons.TIMEOUT, f.describe() + " did not finish within "
                + dev.upshift.common.value.Durations.format(limit) + " (its timeout)" + (pausing(f) ? " of allowed time" : "")
                + " after it started at " + f.startedAt());
        HistoryEntry failed = entry(f, UpgradeState.FAILED, Step.FAILED, why.message(), List.of(why), f.owed());
        out.add(failed);
        toFinish.add(f.withOutcome(failed));
    }

    /**
     * When an attempt times out: its timeout after its start, counted, for an upgrade that pauses
     * outside its windows, in the cluster's allowed time only (an upgrade paused over a weekend has
     * not overrun). Exclusions are judged as for an upgrade that replaces nodes, the most excluded.
     */
    Instant deadline(Flight f) {
        Duration limit = timeout(f);
        if (!pausing(f)) {
            return f.startedAt().plus(limit);
        }
        return engine.deadlines.computeIfAbsent(f.upgrade().id(), id -> reading.fleet()
                .allowedIntervals(f.cluster(), f.startedAt())
                .map(allowed -> AllowedTime.after(allowed, new UpgradeKind(
                        f.upgrade().from().changeTo(f.upgrade().to()), true), f.startedAt(), limit))
                .orElse(f.startedAt().plus(limit)));
    }

    private boolean pausing(Flight f) {
        Optional<ClusterUpgrade> intent = f.upgrade().intent().map(intents::get);
        WindowPolicy policy = intent.isPresent() && !f.upgrade().from().equals(f.upgrade().to())
                ? intent.get().windowPolicy() : reading.fleet().planner().configWindowPolicy();
        return policy == WindowPolicy.PAUSE_AND_RESUME;
    }

    Duration timeout(Flight f) {
        Optional<ClusterUpgrade> intent = f.upgrade().intent().map(intents::get);
        if (intent.isPresent() && intent.get().timeout().isPresent()) {
            return intent.get().timeout().get();
        }
        Duration expected = intent.map(ClusterUpgrade::expectedDuration)
                .orElse(reading.fleet().planner().configExpectedDuration());
        return expected.multipliedBy(3);
    }

    Optional<MergeResult> change(Upgrade u) {
        try {
            Optional<ClusterChange> change = reading.fleet().change(u.cluster().id(), u.to());
            if (change.isEmpty() || change.get().merge().isEmpty() || change.get().isBlocked()) {
                faults.add(new Fault(CallSite.CHANGE, Optional.of(u.cluster().id()), "no change can be computed for "
                        + u + ": " + change.map(c -> c.blockers().toString()).orElse("the release is not in the catalog")));
                return Optional.empty();
            }
            return change.get().merge();
        } catch (RuntimeException e) {
            faults.add(Fault.of(CallSite.CHANGE, u.cluster().id(), e));
            return Optional.empty();
        }
    }

    private static String conditionText(String reason, String message) {
        return message.isBlank() ? reason : reason + ": " + message;
    }

    /** Appends a group; whether it is durable (when not, the pass stops acting). */
    boolean append(List<HistoryEntry> group) {
        if (group.isEmpty()) {
            return true;
        }
        try {
            engine.history.appendAll(group);
        } catch (RuntimeException e) {
            if (isStaleWriter(e)) {
                throw e;
            }
            faults.add(Fault.of(CallSite.APPEND_HISTORY, null, e));
            stopped = true;
            return false;
        }
        recorded.addAll(group);
        return true;
    }

    private static boolean isStaleWriter(RuntimeException e) {
        return e instanceof dev.upshift.common.problem.StaleWriterException;
    }

    Flight flight(Attempt a) {
        HistoryEntry first = a.defining();
        ManagedCluster cluster = clusters.get(first.clusterId());
        Upgrade u = new Upgrade(a.upgradeId(), cluster, first.from(), first.to(), first.intent());
        return new Flight(u, first.hop(), UpgradeIds.attemptOf(a.upgradeId()), a.startedAt(), a.owedHooks(),
                a.outcome());
    }

    HistoryEntry entry(Flight f, UpgradeState state, Step step, String message, List<Reason> reasons,
            List<String> owed) {
        Upgrade u = f.upgrade();
        return new HistoryEntry(now, u.cluster().id(), u.id(), u.from(), u.to(), u.intent(), state, message, reasons,
                step, f.hop(), f.attempt(), owed, engine.epoch);
    }

    Engine engine() {
        return engine;
    }

    Plan plan() {
        return plan;
    }

    Instant now() {
        return now;
    }

    FleetReading reading() {
        return reading;
    }

    JournalIndex attempts() {
        return attempts;
    }

    Wakes wakes() {
        return wakes;
    }

    /** The hops this pass carries out in two parts. */
    Parts parts() {
        if (parts == null) {
            parts = new Parts(this);
        }
        return parts;
    }

    ManagedCluster cluster(String id) {
        return clusters.get(id);
    }

    Optional<ClusterUpgrade> intent(String name) {
        return Optional.ofNullable(intents.get(name));
    }

    void fault(CallSite site, String cluster, RuntimeException e) {
        faults.add(Fault.of(site, cluster, e));
    }

    /** A hop attempt the pass works on. */
    record Flight(Upgrade upgrade, Hop hop, int attempt, Instant startedAt, List<String> owed,
            Optional<HistoryEntry> outcome) {
        String cluster() {
            return upgrade.cluster().id();
        }

        Flight withOutcome(HistoryEntry e) {
            return new Flight(upgrade, hop, attempt, startedAt, e.owedHooks(), Optional.of(e));
        }

        String describe() {
            return describe(hop, upgrade.from(), upgrade.to());
        }

        /** {@code 19.3.1 → 20.1.0}, {@code hop 1 of 2 (19.2.4 → 20.0.2)}, or {@code the configuration change on 20.1.0}. */
        static String describe(Hop hop, Version from, Version to) {
            if (from.equals(to)) {
                return "the configuration change on " + to;
            }
            return hop.count() == 1 ? from + " → " + to : hop + " (" + from + " → " + to + ")";
        }

        static Version target(Hop hop) {
            return hop.target();
        }
    }
}
