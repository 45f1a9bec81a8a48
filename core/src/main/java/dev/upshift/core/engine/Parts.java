package dev.upshift.core.engine;

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
import java.util.List;
import java.util.Optional;

/**
 * The steps of hops published in two parts ({@link UpgradePart}): publish the control plane's part
 * (the cluster's release unchanged); follow it until the probe says it is done and the part hooks
 * proceed, then journal the workers' part ahead; publish it; follow it until it is done and the
 * part hooks proceed again, which is the hop's success. Every publication is journaled ahead, under
 * the part's id, the hop's key followed by {@code /} and the part's word. Also the part hooks after
 * a hop published whole that moves one side only.
 */
final class Parts {
    private Parts() {}

    /** A part of a hop: the hop's cluster, releases and intent under the part's id. */
    static Upgrade part(Upgrade hop, UpgradePart which) {
        return new Upgrade(hop.id() + "/" + which.word(), hop.cluster(), hop.from(), hop.to(), hop.intent(),
                hop.context());
    }

    /** Whether an attempt was journaled to be published in two parts, control plane then workers. */
    static boolean inParts(Attempt a) {
        return a.starting().filter(s -> s.reasons().stream().anyMatch(x -> x.code().equals(EngineReasons.IN_PARTS)))
                .isPresent();
    }

    /** The one part a hop moves, journaled with its start when part hooks were registered. */
    static Optional<UpgradePart> onePart(Attempt a) {
        for (Reason x : a.starting().map(HistoryEntry::reasons).orElse(List.of())) {
            if (x.code().equals(EngineReasons.CONTROL_PLANE_ONLY)) {
                return Optional.of(UpgradePart.CONTROL_PLANE);
            }
            if (x.code().equals(EngineReasons.WORKERS_ONLY)) {
                return Optional.of(UpgradePart.WORKERS);
            }
        }
        return Optional.empty();
    }

    /**
     * For a hop published whole that moves one part only, done by the probe's word: asks that part's
     * after-hooks. Whether its success may be journaled: false while a hook holds or threw (the probe
     * is asked again next time, no timeout running), and when one aborted, whose failure is then in
     * {@code r}.
     */
    static boolean afterOnePart(PassView v, Flight f, StepResult r) {
        Optional<UpgradePart> which = f.shape().onePart();
        if (which.isEmpty()) {
            return true;
        }
        Upgrade part = part(f.upgrade(), which.get());
        Optional<HookResult> answer = Hooks.between(v, f.cluster(), part.id(), CallSite.AFTER_HOOK, r,
                h -> which.get() == UpgradePart.CONTROL_PLANE ? h.afterControlPlane(part) : h.afterWorkers(part));
        if (answer.isEmpty() || answer.get() instanceof HookResult.RetryAfter) {
            return false;
        }
        if (answer.get() instanceof HookResult.Abort abort) {
            fail(v, f, EngineReasons.HOOK_ABORTED, "a part hook failed " + f.describe() + " after its "
                    + (which.get() == UpgradePart.CONTROL_PLANE ? "control plane" : "workers") + " moved: "
                    + abort.reason(), r);
            return false;
        }
        return true;
    }

    /** Publishes the control plane's part: the change without the workers' documents, the release unchanged. */
    static StepResult publishControlPlane(PassView v, Flight f) {
        StepResult r = new StepResult();
        Optional<MergeResult> change = v.change(f.upgrade(), r);
        if (change.isEmpty()) {
            return r;
        }
        Upgrade hop = f.upgrade();
        // the release moves with the last part: a change read again from the fleet stays three-way from the old one
        Upgrade keepsRelease = new Upgrade(part(hop, UpgradePart.CONTROL_PLANE).id(), hop.cluster(), hop.from(),
                hop.from(), hop.intent(), hop.context());
        publish(v, keepsRelease, change.get().restrictedTo(PartSplit.workers(change.get()).negate()), f,
                CrashPoint.PUBLISH_RETURNED, r).ifPresent(a -> record(v, a, f, UpgradePart.CONTROL_PLANE, r));
        return r;
    }

    /**
     * Where a hop in parts stands: its workers' part published (probe it), journaled (publish it), or
     * neither (follow the control plane).
     */
    enum Stage { CONTROL_PLANE, PUBLISH_WORKERS, PROBE_WORKERS }

    static Stage stage(PassView v, Flight f) {
        Optional<Attempt> a = v.journal().attempt(f.upgrade().id());
        if (a.isPresent() && a.get().workersPublished().isPresent()) {
            return Stage.PROBE_WORKERS;
        }
        return a.isPresent() && a.get().workersStarting().isPresent() ? Stage.PUBLISH_WORKERS : Stage.CONTROL_PLANE;
    }

    /**
     * Probes the control plane's part; once it is done and the part hooks proceed, the workers'
     * {@code workersStarting} entry, with the attempt to publish them next. A failure or a timeout
     * is the hop's outcome.
     */
    static StepResult controlPlane(PassView v, Flight f) {
        StepResult r = new StepResult();
        Upgrade part = part(f.upgrade(), UpgradePart.CONTROL_PLANE);
        Optional<UpgradeStatus> status = probe(v, part, UpgradePart.CONTROL_PLANE, f, r);
        if (status.isEmpty() && v.memory().partHooksHeldUntil(part.id()).isPresent()) {
            return r; // the control plane was done and the part hooks hold: no timeout runs
        }
        if (status.isEmpty() || status.get() instanceof UpgradeStatus.InProgress) {
            return timeOut(v, f, f, "its control plane", r);
        }
        if (status.get() instanceof UpgradeStatus.Failed failed) {
            return fail(v, f, EngineReasons.UPGRADE_FAILED, "the control plane of " + f.describe() + " failed: "
                    + text(failed.condition().reason(), failed.condition().message()), r);
        }
        Upgrade workers = part(f.upgrade(), UpgradePart.WORKERS);
        Optional<HookResult> answer = Hooks.between(v, f.cluster(), part.id(), CallSite.AFTER_HOOK, r,
                h -> h.afterControlPlane(part));
        if (answer.isPresent() && answer.get() instanceof HookResult.Proceed) {
            answer = Hooks.between(v, f.cluster(), part.id(), CallSite.BEFORE_HOOK, r, h -> h.beforeWorkers(workers));
        }
        if (answer.isEmpty() || answer.get() instanceof HookResult.RetryAfter) {
            return r;
        }
        if (answer.get() instanceof HookResult.Abort abort) {
            return fail(v, f, EngineReasons.HOOK_ABORTED, "a part hook aborted " + f.describe() + " after its control"
                    + " plane moved to " + f.upgrade().to() + "; the workers were not published: " + abort.reason(), r);
        }
        v.ports().reached(CrashPoint.PART_HOOKS_DONE, f.cluster());
        UpgradeStatus.Succeeded done = (UpgradeStatus.Succeeded) status.get();
        return r.record(v.entry(f, UpgradeState.IN_PROGRESS, Step.WORKERS_STARTING, "the control plane is done ("
                + text(done.condition().reason(), done.condition().message()) + "); starting the workers of "
                + f.describe(), List.of(), List.of())).next(f);
    }

    /** Publishes the workers' part: the whole change, with the release; published, the attempt to probe next. */
    static StepResult publishWorkers(PassView v, Flight f) {
        StepResult r = new StepResult();
        Optional<MergeResult> change = v.change(f.upgrade(), r);
        if (change.isEmpty()) {
            return r;
        }
        publish(v, part(f.upgrade(), UpgradePart.WORKERS), change.get(), f, CrashPoint.WORKERS_PUBLISH_RETURNED, r)
                .filter(a -> record(v, a, f, UpgradePart.WORKERS, r)).ifPresent(a -> r.next(f));
        return r;
    }

    /** Probes the workers' part; once it is done and the part hooks proceed, the hop succeeded. */
    static StepResult workers(PassView v, Flight f) {
        StepResult r = new StepResult();
        Upgrade part = part(f.upgrade(), UpgradePart.WORKERS);
        Optional<UpgradeStatus> status = probe(v, part, UpgradePart.WORKERS, f, r);
        if (status.isEmpty() || status.get() instanceof UpgradeStatus.InProgress) {
            return timeOut(v, f, f.part(UpgradePart.WORKERS, workersStartedAt(v, f)), "its workers", r);
        }
        if (status.get() instanceof UpgradeStatus.Failed failed) {
            return fail(v, f, EngineReasons.UPGRADE_FAILED, "the workers of " + f.describe() + " failed: "
                    + text(failed.condition().reason(), failed.condition().message()), r);
        }
        Optional<HookResult> answer = Hooks.between(v, f.cluster(), part.id(), CallSite.AFTER_HOOK, r,
                h -> h.afterWorkers(part));
        if (answer.isEmpty() || answer.get() instanceof HookResult.RetryAfter) {
            return r;
        }
        if (answer.get() instanceof HookResult.Abort abort) {
            return fail(v, f, EngineReasons.HOOK_ABORTED, "a part hook failed " + f.describe() + " after its workers"
                    + " were upgraded: " + abort.reason(), r);
        }
        v.ports().reached(CrashPoint.PROBE_ANSWERED, f.cluster());
        UpgradeStatus.Succeeded done = (UpgradeStatus.Succeeded) status.get();
        return r.outcome(f, v.entry(f, UpgradeState.SUCCEEDED, Step.SUCCEEDED,
                text(done.condition().reason(), done.condition().message()), List.of(), f.owed()));
    }

    private static Optional<Publication> publish(PassView v, Upgrade part, MergeResult change, Flight f,
            CrashPoint returned, StepResult r) {
        Publication answer;
        try {
            answer = v.ports().publisher().publish(part, change);
        } catch (RuntimeException e) {
            r.fault(CallSite.PUBLISH, f.cluster(), e);
            return Optional.empty();
        }
        v.ports().reached(returned, f.cluster());
        return Optional.of(answer);
    }

    /** Journals a part's publication, or the hop's failure when it was refused; whether it was published. */
    private static boolean record(PassView v, Publication answer, Flight f, UpgradePart which, StepResult r) {
        String side = which == UpgradePart.CONTROL_PLANE ? "control plane" : "workers";
        if (answer instanceof Publication.Published p) {
            Step step = which == UpgradePart.CONTROL_PLANE ? Step.PUBLISHED : Step.WORKERS_PUBLISHED;
            r.record(v.entry(f, UpgradeState.IN_PROGRESS, step, side + ": " + p.reference(), List.of(), List.of()));
            r.wake(Timeouts.deadline(v, which == UpgradePart.CONTROL_PLANE ? f : f.part(which, v.now())));
            if (which == UpgradePart.CONTROL_PLANE) {
                r.next(f);
            }
            return true;
        }
        Reason why = Reason.of(EngineReasons.PUBLISH_REJECTED, "the publisher refused the " + side + " of "
                + f.describe() + ": " + ((Publication.Rejected) answer).reason());
        r.outcome(f, v.entry(f, UpgradeState.FAILED, Step.FAILED, why.message(), List.of(why), f.owed()));
        return false;
    }

    private static Optional<UpgradeStatus> probe(PassView v, Upgrade part, UpgradePart which, Flight f, StepResult r) {
        try {
            return Optional.of(v.ports().probe().probe(part, which, v.now()));
        } catch (RuntimeException e) {
            r.fault(CallSite.PROBE, f.cluster(), e);
            return Optional.empty();
        }
    }

    /** Fails the hop when its part has been in progress past its timeout, counted from the part's start. */
    private static StepResult timeOut(PassView v, Flight f, Flight part, String what, StepResult r) {
        Instant deadline = Timeouts.deadline(v, part);
        if (v.now().isBefore(deadline)) {
            return r.wake(deadline);
        }
        return fail(v, f, EngineReasons.TIMEOUT, f.describe() + ": " + what + " did not finish within "
                + dev.upshift.common.value.Durations.format(Timeouts.timeout(v, f)) + " (its timeout) after "
                + part.startedAt(), r);
    }

    private static StepResult fail(PassView v, Flight f, String code, String message, StepResult r) {
        Reason why = Reason.of(code, message);
        return r.outcome(f, v.entry(f, UpgradeState.FAILED, Step.FAILED, why.message(), List.of(why), f.owed()));
    }

    private static Instant workersStartedAt(PassView v, Flight f) {
        return v.journal().attempt(f.upgrade().id()).flatMap(Attempt::workersStarting).map(HistoryEntry::at)
                .orElse(v.now());
    }

    private static String text(String reason, String message) {
        return message.isBlank() ? reason : reason + ": " + message;
    }
}
