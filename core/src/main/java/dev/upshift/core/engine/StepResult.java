package dev.upshift.core.engine;

import dev.upshift.spi.HistoryEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What one step of a pass decided for one attempt, for the pass to sequence: the entries to
 * journal (in order, within its phase's group), the attempts to take to the next phase (a
 * publication to probe, a control plane to follow), the attempts whose outcome is now known (to
 * finish), the calls that threw, and the instants it wants to look again at. A step fills one
 * and returns it; nothing of it is acted on until the pass appends its group.
 */
final class StepResult {
    private final List<HistoryEntry> entries = new ArrayList<>(2);
    private final List<Flight> next = new ArrayList<>(1);
    private final List<Flight> finish = new ArrayList<>(1);
    private final List<Fault> faults = new ArrayList<>(0);
    private final List<Instant> wakes = new ArrayList<>(1);

    StepResult record(HistoryEntry e) {
        entries.add(e);
        return this;
    }

    /** Journals an outcome, and finishes the attempt with it. */
    StepResult outcome(Flight f, HistoryEntry e) {
        entries.add(e);
        finish.add(f.withOutcome(e));
        return this;
    }

    StepResult next(Flight f) {
        next.add(f);
        return this;
    }

    StepResult finish(Flight f) {
        finish.add(f);
        return this;
    }

    StepResult fault(CallSite site, String cluster, RuntimeException e) {
        faults.add(Fault.of(site, cluster, e));
        return this;
    }

    StepResult fault(Fault f) {
        faults.add(f);
        return this;
    }

    /** Look again at {@code t} (the pass keeps the earliest after its instant). */
    StepResult wake(Instant t) {
        wakes.add(t);
        return this;
    }

    List<HistoryEntry> entries() {
        return entries;
    }

    List<Flight> next() {
        return next;
    }

    List<Flight> finish() {
        return finish;
    }

    List<Fault> faults() {
        return faults;
    }

    List<Instant> wakes() {
        return wakes;
    }

    /** Whether nothing could be done because a call threw. */
    boolean faulted() {
        return !faults.isEmpty();
    }
}
