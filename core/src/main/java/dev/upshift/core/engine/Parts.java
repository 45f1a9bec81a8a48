package dev.upshift.core.engine;

import dev.upshift.core.engine.Pass.Flight;
import dev.upshift.core.plan.Attempt;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.HookResult;
import dev.upshift.spi.Publication;
import dev.upshift.spi.Reason;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradePart;
import dev.upshift.spi.UpgradeState;
import dev.upshift.spi.UpgradeStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Carries out the hops a pass found journaled in two parts ({@link UpgradePart}): publishes the
 * control plane's part (the cluster's release unchanged), follows it until the probe says it is
 * done, asks the part hooks, journals and publishes the workers' part, follows it, asks the part
 * hooks again, and hands the outcome back to the pass. Every publication is journaled ahead, under
 * the part's id, the hop's key followed by {@code /} and the part's word.
 */
final class Parts {
    private final Pass pass;
    private final Set<String> started = new HashSet<>();
    private final java.util.Map<String, UpgradePart> startedOnePart = new java.util.HashMap<>();
    private final List<Flight> following = new ArrayList<>();

    Parts(Pass pass) {
        this.pass = pass;
    }

    /** A part of a hop: the hop's cluster, releases and intent under the part's id. */
    static Upgrade part(Upgrade hop, UpgradePart which) {
        return new Upgrade(hop.id() + "/" + which.word(), hop.cluster(), hop.from(), hop.to(), hop.intent());
    }

    /** Whether an attempt was journaled to be published in two parts, control plane then workers. */
    static boolean inParts(Attempt a) {
        return a.starting().filter(s -> s.reasons().stream().anyMatch(r -> r.code().equals(EngineReasons.IN_PARTS)))
                .isPresent();
    }

    /** The one part a hop moves, journaled with its start when part hooks were registered. */
    static Optional<UpgradePart> onePart(Attempt a) {
        for (Reason r : a.starting().map(HistoryEntry::reasons).orElse(List.of())) {
            if (r.code().equals(EngineReasons.CONTROL_PLANE_ONLY)) {
                return Optional.of(UpgradePart.CONTROL_PLANE);
            }
            if (r.code().equals(EngineReasons.WORKERS_ONLY)) {
                return Optional.of(UpgradePart.WORKERS);
            }
        }
        return Optional.empty();
    }

    /** The hop {@link Start} journaled as starting in parts in this pass. */
    void started(String upgradeId) {
        started.add(upgradeId);
    }

    /** The hop {@link Start} journaled as starting whole in this pass, moving only {@code which} part. */
    void startedOnePart(String upgradeId, UpgradePart which) {
        startedOnePart.put(upgradeId, which);
    }

    /** The one part a hop published whole moves, when part hooks are asked around it: started so in this pass, or journaled so. */
    Optional<UpgradePart> onePart(Flight f) {
        UpgradePart now = startedOnePart.get(f.upgrade().id());
        return now != null ? Optional.of(now) : pass.attempts().attempt(f.upgrade().id()).flatMap(Parts::onePart);
    }

    /**
     * For a hop published whole that moves one part only, done by the probe's word: asks that part's
     * after-hooks ({@code afterControlPlane} or {@code afterWorkers}). Whether its success may be
     * journaled: false while a hook holds or threw (the probe is asked again next time, no timeout
     * running), and when one aborted, whose failure is then in {@code outcomes}.
     */
    boolean afterOnePart(Flight f, List<HistoryEntry> outcomes, List<Flight> toFinish) {
        Optional<UpgradePart> which = onePart(f);
        if (which.isEmpty()) {
            return true;
        }
        Upgrade part = part(f.upgrade(), which.get());
        Optional<HookResult> answer = new PartHooks(pass, f.cluster(), part.id()).ask(CallSite.AFTER_HOOK,
                h -> which.get() == UpgradePart.CONTROL_PLANE ? h.afterControlPlane(part) : h.afterWorkers(part));
        if (answer.isEmpty() || answer.get() instanceof HookResult.RetryAfter) {
            return false;
        }
        if (answer.get() instanceof HookResult.Abort abort) {
            fail(f, EngineReasons.HOOK_ABORTED, "a part hook failed " + f.describe() + " after its "
                    + (which.get() == UpgradePart.CONTROL_PLANE ? "control plane" : "workers") + " moved: "
                    + abort.reason(), outcomes, toFinish);
            return false;
        }
        return true;
    }

    /** Whether the attempt goes in parts: started so in this pass, or journaled so. */
    boolean owns(Flight f) {
        String id = f.upgrade().id();
        return started.contains(id) || pass.attempts().attempt(id).map(Parts::inParts).orElse(false);
    }

    /** An attempt whose control plane's part is published: followed by {@link #advance}. */
    void follow(Flight f) {
        following.add(f);
    }

    /** Publishes the control plane's part: the change without the workers' documents, the release unchanged. */
    void publishControlPlane(Flight f, List<HistoryEntry> out, List<Flight> toFinish) {
        Optional<MergeResult> change = pass.change(f.upgrade());
        if (change.isEmpty()) {
            return;
        }
        Upgrade hop = f.upgrade();
        Upgrade part = part(hop, UpgradePart.CONTROL_PLANE);
        // the release moves with the last part: a change read again from the fleet stays three-way from the old one
        Upgrade keepsRelease = new Upgrade(part.id(), hop.cluster(), hop.from(), hop.from(), hop.intent());
        Optional<Publication> answer = publish(keepsRelease, change.get().restrictedTo(PartSplit.workers(change.get())
                .negate()), f, CrashPoint.PUBLISH_RETURNED);
        answer.ifPresent(a -> record(a, f, UpgradePart.CONTROL_PLANE, out, toFinish));
    }

    /**
     * Takes every followed attempt as far as it can go now: the control plane probed and the part
     * hooks asked, the workers journaled (one group), published (one group) and probed; outcomes go
     * to {@code outcomes} for the pass to journal. False when an append failed: the pass stops.
     */
    boolean advance(List<HistoryEntry> outcomes, List<Flight> toFinish) {
        List<HistoryEntry> intents = new ArrayList<>();
        List<Flight> toPublish = new ArrayList<>();
        List<Flight> toProbe = new ArrayList<>();
        for (Flight f : following) {
            Optional<Attempt> a = pass.attempts().attempt(f.upgrade().id());
            if (a.isPresent() && a.get().workersPublished().isPresent()) {
                toProbe.add(f);
            } else if (a.isPresent() && a.get().workersStarting().isPresent()) {
                toPublish.add(f);
            } else if (controlPlaneDone(f, intents, outcomes, toFinish)) {
                toPublish.add(f);
            }
        }
        if (!pass.append(intents)) {
            return false;
        }
        intents.forEach(h -> pass.engine().crashPoints.reached(CrashPoint.WORKERS_INTENT_JOURNALED, h.clusterId()));
        List<HistoryEntry> published = new ArrayList<>();
        for (Flight f : toPublish) {
            publishWorkers(f, published, toProbe, toFinish);
        }
        if (!pass.append(published)) {
            return false;
        }
        published.stream().filter(h -> h.step() == Step.WORKERS_PUBLISHED).forEach(h -> pass.engine().crashPoints
                .reached(CrashPoint.WORKERS_PUBLICATION_JOURNALED, h.clusterId()));
        for (Flight f : toProbe) {
            workersDone(f, outcomes, toFinish);
        }
        return true;
    }

    /** Probes the control plane's part; once it is done and the part hooks proceed, the workers' intent. */
    private boolean controlPlaneDone(Flight f, List<HistoryEntry> intents, List<HistoryEntry> outcomes,
            List<Flight> toFinish) {
        Upgrade part = part(f.upgrade(), UpgradePart.CONTROL_PLANE);
        Optional<UpgradeStatus> status = probe(part, UpgradePart.CONTROL_PLANE, f);
        if (status.isEmpty() && pass.engine().partHooksDue.containsKey(part.id())) {
            return false; // the control plane was done and the part hooks hold: no timeout runs
        }
        if (status.isEmpty() || status.get() instanceof UpgradeStatus.InProgress) {
            timeOut(f, f, "its control plane", outcomes, toFinish);
            return false;
        }
        if (status.get() instanceof UpgradeStatus.Failed failed) {
            fail(f, EngineReasons.UPGRADE_FAILED, "the control plane of " + f.describe() + " failed: "
                    + text(failed.condition().reason(), failed.condition().message()), outcomes, toFinish);
            return false;
        }
        Upgrade workers = part(f.upgrade(), UpgradePart.WORKERS);
        PartHooks hooks = new PartHooks(pass, f.cluster(), part.id());
        Optional<HookResult> answer = hooks.ask(CallSite.AFTER_HOOK, h -> h.afterControlPlane(part));
        if (answer.isPresent() && answer.get() instanceof HookResult.Proceed) {
            answer = hooks.ask(CallSite.BEFORE_HOOK, h -> h.beforeWorkers(workers));
        }
        if (answer.isEmpty() || answer.get() instanceof HookResult.RetryAfter) {
            return false;
        }
        if (answer.get() instanceof HookResult.Abort abort) {
            fail(f, EngineReasons.HOOK_ABORTED, "a part hook aborted " + f.describe() + " after its control plane moved"
                    + " to " + f.upgrade().to() + "; the workers were not published: " + abort.reason(), outcomes,
                    toFinish);
            return false;
        }
        pass.engine().crashPoints.reached(CrashPoint.PART_HOOKS_DONE, f.cluster());
        UpgradeStatus.Succeeded done = (UpgradeStatus.Succeeded) status.get();
        intents.add(pass.entry(f, UpgradeState.IN_PROGRESS, Step.WORKERS_STARTING, "the control plane is done ("
                + text(done.condition().reason(), done.condition().message()) + "); starting the workers of "
                + f.describe(), List.of(), List.of()));
        return true;
    }

    /** Publishes the workers' part: the whole change, with the release. */
    private void publishWorkers(Flight f, List<HistoryEntry> out, List<Flight> toProbe, List<Flight> toFinish) {
        Optional<MergeResult> change = pass.change(f.upgrade());
        if (change.isEmpty()) {
            return;
        }
        Optional<Publication> answer = publish(part(f.upgrade(), UpgradePart.WORKERS), change.get(), f,
                CrashPoint.WORKERS_PUBLISH_RETURNED);
        if (answer.isPresent() && record(answer.get(), f, UpgradePart.WORKERS, out, toFinish)) {
            toProbe.add(f);
        }
    }

    /** Probes the workers' part; once it is done and the part hooks proceed, the hop succeeded. */
    private void workersDone(Flight f, List<HistoryEntry> outcomes, List<Flight> toFinish) {
        Upgrade part = part(f.upgrade(), UpgradePart.WORKERS);
        Flight workers = new Flight(part, f.hop(), f.attempt(), workersStartedAt(f), f.owed(), f.outcome());
        Optional<UpgradeStatus> status = probe(part, UpgradePart.WORKERS, f);
        if (status.isEmpty() || status.get() instanceof UpgradeStatus.InProgress) {
            timeOut(f, workers, "its workers", outcomes, toFinish);
            return;
        }
        if (status.get() instanceof UpgradeStatus.Failed failed) {
            fail(f, EngineReasons.UPGRADE_FAILED, "the workers of " + f.describe() + " failed: "
                    + text(failed.condition().reason(), failed.condition().message()), outcomes, toFinish);
            return;
        }
        Optional<HookResult> answer = new PartHooks(pass, f.cluster(), part.id()).ask(CallSite.AFTER_HOOK, h -> h.afterWorkers(part));
        if (answer.isEmpty() || answer.get() instanceof HookResult.RetryAfter) {
            return;
        }
        if (answer.get() instanceof HookResult.Abort abort) {
            fail(f, EngineReasons.HOOK_ABORTED, "a part hook failed " + f.describe() + " after its workers were"
                    + " upgraded: " + abort.reason(), outcomes, toFinish);
            return;
        }
        pass.engine().crashPoints.reached(CrashPoint.PROBE_ANSWERED, f.cluster());
        UpgradeStatus.Succeeded done = (UpgradeStatus.Succeeded) status.get();
        HistoryEntry outcome = pass.entry(f, UpgradeState.SUCCEEDED, Step.SUCCEEDED,
                text(done.condition().reason(), done.condition().message()), List.of(), f.owed());
        outcomes.add(outcome);
        toFinish.add(f.withOutcome(outcome));
    }

    private Optional<Publication> publish(Upgrade part, MergeResult change, Flight f, CrashPoint returned) {
        Publication answer;
        try {
            answer = pass.engine().publisher.publish(part, change);
        } catch (RuntimeException e) {
            pass.fault(CallSite.PUBLISH, f.cluster(), e);
            return Optional.empty();
        }
        pass.engine().crashPoints.reached(returned, f.cluster());
        return Optional.of(answer);
    }

    /** Journals a part's publication, or the hop's failure when it was refused; whether it was published. */
    private boolean record(Publication answer, Flight f, UpgradePart which, List<HistoryEntry> out,
            List<Flight> toFinish) {
        String side = which == UpgradePart.CONTROL_PLANE ? "control plane" : "workers";
        if (answer instanceof Publication.Published p) {
            Step step = which == UpgradePart.CONTROL_PLANE ? Step.PUBLISHED : Step.WORKERS_PUBLISHED;
            out.add(pass.entry(f, UpgradeState.IN_PROGRESS, step, side + ": " + p.reference(), List.of(), List.of()));
            pass.wakes().add(pass.deadline(which == UpgradePart.CONTROL_PLANE ? f : new Flight(part(f.upgrade(),
                    which), f.hop(), f.attempt(), pass.now(), f.owed(), f.outcome())));
            return true;
        }
        Reason why = Reason.of(EngineReasons.PUBLISH_REJECTED, "the publisher refused the " + side + " of "
                + f.describe() + ": " + ((Publication.Rejected) answer).reason());
        HistoryEntry failed = pass.entry(f, UpgradeState.FAILED, Step.FAILED, why.message(), List.of(why), f.owed());
        out.add(failed);
        toFinish.add(f.withOutcome(failed));
        return false;
    }

    private Optional<UpgradeStatus> probe(Upgrade part, UpgradePart which, Flight f) {
        try {
            return Optional.of(pass.engine().probe.probe(part, which, pass.now()));
        } catch (RuntimeException e) {
            pass.fault(CallSite.PROBE, f.cluster(), e);
            return Optional.empty();
        }
    }

    /** Fails the hop when its part has been in progress past its timeout, counted from the part's start. */
    private void timeOut(Flight f, Flight part, String what, List<HistoryEntry> outcomes, List<Flight> toFinish) {
        Instant deadline = pass.deadline(part);
        if (pass.now().isBefore(deadline)) {
            pass.wakes().add(deadline);
            return;
        }
        fail(f, EngineReasons.TIMEOUT, f.describe() + ": " + what + " did not finish within "
                + dev.upshift.common.value.Durations.format(pass.timeout(f)) + " (its timeout) after " + part.startedAt(),
                outcomes, toFinish);
    }

    private void fail(Flight f, String code, String message, List<HistoryEntry> outcomes, List<Flight> toFinish) {
        Reason why = Reason.of(code, message);
        HistoryEntry failed = pass.entry(f, UpgradeState.FAILED, Step.FAILED, why.message(), List.of(why), f.owed());
        outcomes.add(failed);
        toFinish.add(f.withOutcome(failed));
    }

    private Instant workersStartedAt(Flight f) {
        return pass.attempts().attempt(f.upgrade().id()).flatMap(Attempt::workersStarting).map(HistoryEntry::at)
                .orElse(pass.now());
    }

    private static String text(String reason, String message) {
        return message.isBlank() ? reason : reason + ": " + message;
    }
}
