package dev.upshift.core.engine;

import dev.upshift.diff.merge.MergeResult;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.Publication;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.util.List;
import java.util.Optional;

/**
 * The step that publishes an attempt journaled as starting (or started, and not yet published,
 * before a crash): the change goes to the publisher under the attempt's idempotency key. Published,
 * the attempt is probed next; refused for good, it failed. A hop in parts publishes its control
 * plane's part ({@link Parts#publishControlPlane}).
 */
final class Publishing {
    private Publishing() {}

    static StepResult step(PassView v, Flight f) {
        if (f.shape() == Flight.Shape.IN_PARTS) {
            return Parts.publishControlPlane(v, f);
        }
        StepResult r = new StepResult();
        Optional<MergeResult> change = v.change(f.upgrade(), r);
        if (change.isEmpty()) {
            return r;
        }
        Publication answer;
        try {
            answer = v.ports().publisher().publish(f.upgrade(), change.get());
        } catch (RuntimeException e) {
            return r.fault(CallSite.PUBLISH, f.cluster(), e);
        }
        v.ports().reached(CrashPoint.PUBLISH_RETURNED, f.cluster());
        if (answer instanceof Publication.Published p) {
            return r.record(v.entry(f, UpgradeState.IN_PROGRESS, Step.PUBLISHED, p.reference(), List.of(), List.of()))
                    .next(f).wake(Timeouts.deadline(v, f));
        }
        Reason why = Reason.of(EngineReasons.PUBLISH_REJECTED, "the publisher refused " + f.describe() + ": "
                + ((Publication.Rejected) answer).reason());
        return r.outcome(f, v.entry(f, UpgradeState.FAILED, Step.FAILED, why.message(), List.of(why), f.owed()));
    }
}
