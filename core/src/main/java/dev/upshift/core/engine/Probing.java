package dev.upshift.core.engine;

import dev.upshift.common.value.Durations;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import dev.upshift.spi.UpgradeStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The step that follows a published attempt: asks the probe, and journals its outcome (success
 * once a hop of one part has its part hooks' word too), or its failure once it has been in progress
 * past its timeout. A probe that throws is a fault, and the timeout still runs. A hop in parts is
 * handed to its own steps ({@link Parts}).
 */
final class Probing {
    private Probing() {}

    static StepResult step(PassView v, Flight f) {
        StepResult r = new StepResult();
        if (f.shape() == Flight.Shape.IN_PARTS) {
            return r.next(f);
        }
        UpgradeStatus status;
        try {
            status = v.ports().probe().probe(f.upgrade(), v.now());
        } catch (RuntimeException e) {
            r.fault(CallSite.PROBE, f.cluster(), e);
            return timeOut(v, f, r);
        }
        HistoryEntry outcome;
        if (status instanceof UpgradeStatus.Succeeded s) {
            outcome = v.entry(f, UpgradeState.SUCCEEDED, Step.SUCCEEDED, text(s.condition().reason(),
                    s.condition().message()), List.of(), f.owed());
            if (!Parts.afterOnePart(v, f, r)) {
                return r;
            }
        } else if (status instanceof UpgradeStatus.Failed failed) {
            Reason why = Reason.of(EngineReasons.UPGRADE_FAILED, f.describe() + " failed: "
                    + text(failed.condition().reason(), failed.condition().message()));
            outcome = v.entry(f, UpgradeState.FAILED, Step.FAILED, why.message(), List.of(why), f.owed());
        } else {
            return timeOut(v, f, r);
        }
        v.ports().reached(CrashPoint.PROBE_ANSWERED, f.cluster());
        return r.outcome(f, outcome);
    }

    private static StepResult timeOut(PassView v, Flight f, StepResult r) {
        Duration limit = Timeouts.timeout(v, f);
        Instant deadline = Timeouts.deadline(v, f);
        if (v.now().isBefore(deadline)) {
            return r.wake(deadline);
        }
        Reason why = Reason.of(EngineReasons.TIMEOUT, f.describe() + " did not finish within " + Durations.format(limit)
                + " (its timeout)" + (Timeouts.pausing(v, f) ? " of allowed time" : "") + " after it started at "
                + f.startedAt());
        return r.outcome(f, v.entry(f, UpgradeState.FAILED, Step.FAILED, why.message(), List.of(why), f.owed()));
    }

    static String text(String reason, String message) {
        return message.isBlank() ? reason : reason + ": " + message;
    }
}
