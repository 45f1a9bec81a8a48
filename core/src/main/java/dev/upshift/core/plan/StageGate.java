package dev.upshift.core.plan;

import dev.upshift.common.value.Durations;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The stages of one upgrade, in order, at one instant (docs/planning.md, "Stages"): a stage opens
 * when every cluster of the one before is done (at the target, succeeded, or failed within that
 * stage's failure budget) and that stage's soak, counted from its last success, has passed; a stage
 * with more failures than {@code maxFailures} halts, and every later stage with it; at most
 * {@code maxConcurrent} clusters of a stage are in flight (upgrading, or part-way along a path of
 * several hops, between two of them, which keep their slot), the ready ones taken in cluster-id order.
 * Each stage is visited once: linear in the upgrade's clusters.
 */
final class StageGate {
    private final Draft[] drafts;
    private final WindowFinder windows;
    private final Instant now;

    StageGate(Draft[] drafts, WindowFinder windows, Instant now) {
        this.drafts = drafts;
        this.windows = windows;
        this.now = now;
    }

    /** What the previous stages say about the next one. */
    private record Gate(Optional<Instant> openAt, boolean halted, Optional<Reason> hold) {}

    void gate(List<StageGroup> stages) {
        Gate gate = new Gate(Optional.of(Instant.MIN), false, Optional.empty());
        for (StageGroup g : stages) {
            gate = stage(g, gate);
        }
    }

    private Gate stage(StageGroup g, Gate gate) {
        int failures = 0;
        int inFlight = 0;
        for (int m : g.members) {
            Draft d = drafts[m];
            if (!d.staged) {
                continue;
            }
            failures += d.state == UpgradeState.FAILED ? 1 : 0;
            // a cluster part-way along its path is in flight between its hops: it keeps its slot
            inFlight += d.state == UpgradeState.IN_PROGRESS || d.midPath && d.needsWindow() ? 1 : 0;
        }
        boolean ownHalt = failures > g.stage.maxFailures();
        boolean halted = gate.halted() || ownHalt;
        Reason haltReason = ownHalt
                ? Reason.of(ReasonCodes.STAGE_HALTED, g.describe() + " is halted: " + failures + " failed upgrade"
                        + (failures == 1 ? "" : "s") + ", more than its maxFailures of " + g.stage.maxFailures())
                : gate.hold().filter(r -> r.code().equals(ReasonCodes.STAGE_HALTED)).orElse(null);
        int slots = Math.max(0, g.limit() - inFlight);
        for (int m : g.members) {
            Draft d = drafts[m];
            if (!d.staged || !d.needsWindow()) {
                continue;
            }
            if (halted) {
                d.block(haltReason);
            } else if (gate.openAt().isEmpty()) {
                // when the stage opens is not known: its time reasons are those it would have if it opened now
                windows.place(d, Optional.empty());
                d.holds.add(gate.hold().orElseThrow());
                if (d.state != UpgradeState.BLOCKED) {
                    d.state = UpgradeState.WAITING;
                    KnownTimes.earliestOnly(d);
                }
            } else {
                Instant openAt = gate.openAt().get();
                windows.place(d, openAt == Instant.MIN ? Optional.empty() : Optional.of(openAt));
                if (openAt.isAfter(now) && d.state != UpgradeState.BLOCKED) {
                    d.times.add(gate.hold().orElseThrow());
                    d.state = UpgradeState.WAITING;
                } else if (d.state == UpgradeState.READY && !d.midPath) {
                    if (slots > 0) {
                        slots--;
                    } else {
                        d.holds.add(Reason.of(ReasonCodes.MAX_CONCURRENT, g.describe() + " already has " + g.limit()
                                + " cluster" + (g.limit() == 1 ? "" : "s") + " upgrading or starting (maxConcurrent "
                                + g.stage.maxConcurrent().orElseThrow() + ")"));
                        d.state = UpgradeState.WAITING;
                        d.window = Optional.empty();
                        d.expectedEnd = Optional.empty();
                    }
                }
            }
        }
        if (ownHalt) {
            return new Gate(Optional.empty(), true, Optional.of(Reason.of(ReasonCodes.STAGE_HALTED, "an earlier stage is"
                    + " halted: " + haltReason.message())));
        }
        return halted ? gate : next(g, gate);
    }

    /** The gate the stage after {@code g} meets. */
    private Gate next(StageGroup g, Gate gate) {
        int open = 0;
        Instant lastSuccess = null;
        for (int m : g.members) {
            Draft d = drafts[m];
            boolean done = d.releaseDone || d.state == UpgradeState.FAILED;
            if (!done) {
                open++;
            }
            if (d.succeededAt != null && (lastSuccess == null || d.succeededAt.isAfter(lastSuccess))) {
                lastSuccess = d.succeededAt;
            }
        }
        if (gate.openAt().isEmpty()) {
            return gate;
        }
        if (open > 0) {
            return new Gate(Optional.empty(), false, Optional.of(Reason.of(ReasonCodes.WAITING_STAGE, "waiting for "
                    + g.describe() + " to finish: " + open + " of " + g.members.length + " cluster"
                    + (g.members.length == 1 ? "" : "s") + " not done")));
        }
        Instant openAt = gate.openAt().get();
        if (lastSuccess == null || g.stage.soak().isZero() || !lastSuccess.plus(g.stage.soak()).isAfter(openAt)) {
            return gate;
        }
        Instant soaked = lastSuccess.plus(g.stage.soak());
        return new Gate(Optional.of(soaked), false, Optional.of(Reason.until(ReasonCodes.SOAKING, g.describe()
                + " last succeeded at " + lastSuccess + " and soaks for " + Durations.format(g.stage.soak())
                + ", until " + soaked, soaked)));
    }
}
