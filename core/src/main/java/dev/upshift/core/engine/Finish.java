package dev.upshift.core.engine;

import dev.upshift.core.engine.Pass.Flight;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.HookResult;
import dev.upshift.spi.Outcome;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeEvent;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Ends an attempt whose outcome is journaled: asks its owed after-hooks (all of them, each time, the
 * shortest retry-after winning), then emits its event, then journals it finished. A hook that aborts
 * turns a success into a failure and is owed no more; the others are still asked (an alert silenced
 * before must be restored whatever happened).
 */
final class Finish {
    private final Pass pass;
    private final Flight flight;

    Finish(Pass pass, Flight flight) {
        this.pass = pass;
        this.flight = flight;
    }

    void run(List<HistoryEntry> out) {
        HistoryEntry outcome = flight.outcome().orElseThrow();
        String id = flight.upgrade().id();
        Instant due = pass.engine().afterHooksDue.get(id);
        if (due != null && due.isAfter(pass.now())) {
            pass.wakes().add(due);
            return;
        }
        List<String> owed = new ArrayList<>(outcome.owedHooks());
        UpgradeEvent event = event(outcome);
        Duration shortest = null;
        String aborted = null;
        for (NamedHook h : pass.engine().hooks) {
            if (!owed.contains(h.name())) {
                continue;
            }
            HookResult r;
            try {
                r = h.hook().afterUpgrade(event);
            } catch (RuntimeException e) {
                pass.fault(CallSite.AFTER_HOOK, flight.cluster(), e);
                shortest = shortest == null ? Duration.ZERO : shortest;
                continue;
            }
            if (r instanceof HookResult.RetryAfter retry) {
                shortest = shortest == null || retry.delay().compareTo(shortest) < 0 ? retry.delay() : shortest;
            } else {
                owed.remove(h.name());
                if (r instanceof HookResult.Abort a && aborted == null) {
                    aborted = h.name() + ": " + a.reason();
                }
            }
        }
        if (aborted != null && outcome.state() == UpgradeState.SUCCEEDED) {
            Reason why = Reason.of(EngineReasons.HOOK_ABORTED, "after-hook " + aborted + " failed " + flight.describe()
                    + " although the change itself succeeded");
            outcome = pass.entry(flight, UpgradeState.FAILED, Step.FAILED, why.message(), List.of(why), owed);
            out.add(outcome);
            event = event(outcome);
        } else if (!owed.equals(outcome.owedHooks()) && !owed.isEmpty()) {
            outcome = pass.entry(flight, outcome.state(), outcome.step(), outcome.message(), outcome.reasons(), owed);
            out.add(outcome);
        }
        if (!owed.isEmpty()) {
            if (shortest != null && !shortest.isZero()) {
                pass.engine().afterHooksDue.put(id, pass.now().plus(shortest));
                pass.wakes().add(pass.now().plus(shortest));
            }
            return;
        }
        pass.engine().afterHooksDue.remove(id);
        pass.engine().crashPoints.reached(CrashPoint.AFTER_HOOKS_DONE, flight.cluster());
        try {
            pass.engine().events.emit(event);
        } catch (RuntimeException e) {
            pass.fault(CallSite.EMIT_EVENT, flight.cluster(), e);
        }
        pass.engine().crashPoints.reached(CrashPoint.EVENT_EMITTED, flight.cluster());
        out.add(pass.entry(flight, outcome.state(), Step.FINISHED, finishedText(outcome), List.of(), List.of()));
    }

    private UpgradeEvent event(HistoryEntry outcome) {
        Instant started = flight.startedAt();
        Instant ended = outcome.at().isBefore(started) ? started : outcome.at();
        if (outcome.state() == UpgradeState.SUCCEEDED) {
            return UpgradeEvent.succeeded(flight.upgrade(), started, ended);
        }
        String why = outcome.reasons().isEmpty() ? outcome.message() : outcome.reasons().get(0).message();
        return UpgradeEvent.failed(flight.upgrade(), why.isBlank() ? "failed" : why, started, ended);
    }

    private String finishedText(HistoryEntry outcome) {
        Outcome o = outcome.state() == UpgradeState.SUCCEEDED ? Outcome.SUCCEEDED : Outcome.FAILED;
        List<String> asked = flight.owed();
        return flight.describe() + " " + o + (asked.isEmpty() ? "" : "; after-hooks done: " + String.join(", ", asked));
    }
}
