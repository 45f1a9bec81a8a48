package dev.upshift.core.engine;

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
import java.util.Optional;

/**
 * The step that ends an attempt whose outcome is journaled: asks its owed after-hooks (all of them,
 * each time, the shortest retry-after winning), then emits its event, then journals it finished. A
 * hook that aborts turns a success into a failure and is owed no more; the others are still asked
 * (an alert silenced before must be restored whatever happened). While hooks are owed, the outcome
 * is journaled again with those still owed, and they are asked again when they asked to be.
 */
final class Finish {
    private final PassView v;
    private final Flight flight;
    private final StepResult r = new StepResult();
    private final List<String> owed;
    private Duration shortest;
    private String aborted;

    private Finish(PassView v, Flight flight) {
        this.v = v;
        this.flight = flight;
        this.owed = new ArrayList<>(flight.outcome().orElseThrow().owedHooks());
    }

    static StepResult step(PassView v, Flight f) {
        return new Finish(v, f).run();
    }

    private StepResult run() {
        HistoryEntry outcome = flight.outcome().orElseThrow();
        String id = flight.upgrade().id();
        Optional<Instant> held = v.memory().afterHooksHeldUntil(id);
        if (held.isPresent() && held.get().isAfter(v.now())) {
            return r.wake(held.get());
        }
        UpgradeEvent event = event(outcome);
        askAfterHooks(event);
        if (aborted != null && outcome.state() == UpgradeState.SUCCEEDED) {
            Reason why = Reason.of(EngineReasons.HOOK_ABORTED, "after-hook " + aborted + " failed " + flight.describe()
                    + " although the change itself succeeded");
            outcome = v.entry(flight, UpgradeState.FAILED, Step.FAILED, why.message(), List.of(why), owed);
            r.record(outcome);
            event = event(outcome);
        } else if (!owed.equals(outcome.owedHooks()) && !owed.isEmpty()) {
            r.record(v.entry(flight, outcome.state(), outcome.step(), outcome.message(), outcome.reasons(), owed));
        }
        if (!owed.isEmpty()) {
            if (shortest != null && !shortest.isZero()) {
                v.memory().holdAfterHooks(id, v.now().plus(shortest));
                r.wake(v.now().plus(shortest));
            }
            return r;
        }
        v.memory().afterHooksDone(id);
        v.ports().reached(CrashPoint.AFTER_HOOKS_DONE, flight.cluster());
        try {
            v.ports().events().emit(event);
        } catch (RuntimeException e) {
            r.fault(CallSite.EMIT_EVENT, flight.cluster(), e);
        }
        v.ports().reached(CrashPoint.EVENT_EMITTED, flight.cluster());
        return r.record(v.entry(flight, outcome.state(), Step.FINISHED, finishedText(outcome), List.of(), List.of()));
    }

    /** Asks each owed after-hook: those that answer for good are owed no more; a thrown one is asked again at once. */
    private void askAfterHooks(UpgradeEvent event) {
        for (NamedHook h : v.ports().hooks()) {
            if (!owed.contains(h.name())) {
                continue;
            }
            HookResult answer;
            try {
                answer = h.hook().afterUpgrade(event);
            } catch (RuntimeException e) {
                r.fault(CallSite.AFTER_HOOK, flight.cluster(), e);
                shortest = shortest == null ? Duration.ZERO : shortest;
                continue;
            }
            if (answer instanceof HookResult.RetryAfter retry) {
                shortest = shortest == null || retry.delay().compareTo(shortest) < 0 ? retry.delay() : shortest;
            } else {
                owed.remove(h.name());
                if (answer instanceof HookResult.Abort a && aborted == null) {
                    aborted = h.name() + ": " + a.reason();
                }
            }
        }
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
