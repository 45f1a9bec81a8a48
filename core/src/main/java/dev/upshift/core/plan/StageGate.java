package dev.upshift.core.plan;

import dev.upshift.common.value.Durations;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The stages of one upgrade, in order, at one instant (docs/planning.md, "Stages"): a stage opens
 * when every cluster of the one before is done (at the target, succeeded, or failed within that
 * stage's failure budget) and that stage's soak, counted from its last success, has passed; a stage
 * with more failures than {@code maxFailures} halts, and every later stage with it; at most
 * {@code maxConcurrent} clusters of a stage are in flight (upgrading, or part-way along a path of
 * several hops, between two of them, which keep their slot), the ready ones taken in cluster-id order.
 * Each stage is visited once: linear in the upgrade's clusters.
 *
 * <p>A stage is judged in three parts, so that a {@link PlanSession} can keep the entries of a stage
 * whose members did not change: {@link #params} from what each member's history says
 * ({@link Member}), {@link #members} for the drafts made this round, {@link #out} for the stage after.
 */
final class StageGate {
    /** What the stages before say about the first. */
    static final Gate OPEN = new Gate(Optional.of(Instant.MIN), false, Optional.empty());

    private final WindowFinder windows;
    private final Instant now;

    StageGate(WindowFinder windows, Instant now) {
        this.windows = windows;
        this.now = now;
    }

    /** What the previous stages say about the next one. */
    record Gate(Optional<Instant> openAt, boolean halted, Optional<Reason> hold) {}

    /**
     * What stage gating reads of a cluster's draft before its window is looked for.
     *
     * @param staged it takes part in its stage's gating
     * @param failed its upgrade failed
     * @param inFlight it is upgrading, or part-way along its path and needing a window
     * @param done its release part is done, or it failed, or it joined the stage's run late
     * @param succeededAt when its upgrade to the target last succeeded
     * @param gated the stage's judgement reaches it: staged, and still needing a window
     * @param joinedLate it joined the stage after the stage's run started: not one of the run's members
     */
    record Member(boolean staged, boolean failed, boolean inFlight, boolean done, Instant succeededAt, boolean gated,
            boolean joinedLate) {
        static Member of(Draft d) {
            boolean failed = d.state == UpgradeState.FAILED;
            return new Member(d.staged, failed, d.state == UpgradeState.IN_PROGRESS || d.midPath && d.needsWindow(),
                    d.releaseDone || failed || d.joinedLate, d.succeededAt, d.staged && d.needsWindow(), d.joinedLate);
        }
    }

    /**
     * A stage's judgement at this round: what reaches it from the stages before, whether it halts,
     * and how many of its clusters may start.
     */
    record Params(Gate in, boolean ownHalt, boolean halted, Reason haltReason, int slots, int size, int limit) {
        /** Whether every member that is not ready reads the same under both. */
        boolean sameFor(Params other) {
            return other != null && in.equals(other.in) && ownHalt == other.ownHalt && halted == other.halted
                    && Objects.equals(haltReason, other.haltReason);
        }

        /**
         * Whether the members it reaches read the same as under {@code other} but for the stage before's
         * {@code WAITING_STAGE} reason, whose count of clusters not done changed: the kept entries
         * are then right with that one reason replaced.
         */
        boolean onlyWaitingReasonDiffers(Params other) {
            return other != null && !halted && !other.halted && in.openAt().isEmpty() && other.in.openAt().isEmpty()
                    && in.hold().isPresent() && other.in.hold().isPresent()
                    && in.hold().get().code().equals(ReasonCodes.WAITING_STAGE)
                    && other.in.hold().get().code().equals(ReasonCodes.WAITING_STAGE);
        }
    }

    Params params(StageGroup g, Gate gate, Member[] members) {
        int failures = 0;
        int inFlight = 0;
        int size = 0;
        for (int m : g.members) {
            Member d = members[m];
            size += d.joinedLate() ? 0 : 1;
            if (!d.staged()) {
                continue;
            }
            failures += d.failed() ? 1 : 0;
            inFlight += d.inFlight() ? 1 : 0;
        }
        boolean ownHalt = failures > g.stage.maxFailures();
        boolean halted = gate.halted() || ownHalt;
        Reason cancelled = gate.halted() ? gate.hold().filter(r -> r.code().equals(ReasonCodes.CANCELLED)).orElse(null)
                : null;
        Reason haltReason = cancelled != null ? cancelled : ownHalt
                ? Reason.of(ReasonCodes.STAGE_HALTED, g.describe() + " is halted: " + failures + " failed upgrade"
                        + (failures == 1 ? "" : "s") + ", more than its maxFailures of " + g.stage.maxFailures())
                : gate.hold().filter(r -> r.code().equals(ReasonCodes.STAGE_HALTED)).orElse(null);
        int limit = g.limit(size);
        return new Params(gate, ownHalt, halted, haltReason, Math.max(0, limit - inFlight), size, limit);
    }

    /**
     * Gates the members drafted this round ({@code drafts[m]} not null) among {@code which}, in
     * cluster-id order: a member not drafted again is neither ready nor waiting for a slot (those are
     * drafted every round), so it takes no slot.
     */
    void members(StageGroup g, Params p, Draft[] drafts, int[] which) {
        Gate gate = p.in();
        int slots = p.slots();
        for (int m : which) {
            Draft d = drafts[m];
            if (d == null || !d.staged || !d.needsWindow()) {
                continue;
            }
            if (p.halted()) {
                d.block(p.haltReason());
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
                if (openAt.isAfter(now)) {
                    d.validUntil(openAt);
                }
                if (openAt.isAfter(now) && d.state != UpgradeState.BLOCKED) {
                    d.times.add(gate.hold().orElseThrow());
                    d.state = UpgradeState.WAITING;
                } else if (d.state == UpgradeState.READY && !d.midPath) {
                    if (slots > 0) {
                        slots--;
                    } else {
                        d.validUntil(now); // a slot may free at any step
                        d.holds.add(Reason.of(ReasonCodes.MAX_CONCURRENT, g.describe() + " already has " + p.limit()
                                + " cluster" + (p.limit() == 1 ? "" : "s") + " upgrading or starting (maxConcurrent "
                                + g.stage.maxConcurrent().orElseThrow() + ")"));
                        d.state = UpgradeState.WAITING;
                        d.window = Optional.empty();
                        d.expectedEnd = Optional.empty();
                    }
                }
            }
        }
    }

    /** The gate the stage after {@code g} meets. */
    Gate out(StageGroup g, Params p, Member[] members) {
        if (p.ownHalt()) {
            return new Gate(Optional.empty(), true, Optional.of(Reason.of(ReasonCodes.STAGE_HALTED, "an earlier stage is"
                    + " halted: " + p.haltReason().message())));
        }
        return p.halted() ? p.in() : next(g, p.in(), members, p.size());
    }

    private Gate next(StageGroup g, Gate gate, Member[] members, int size) {
        int open = 0;
        Instant lastSuccess = null;
        for (int m : g.members) {
            Member d = members[m];
            if (!d.done()) {
                open++;
            }
            if (d.succeededAt() != null && (lastSuccess == null || d.succeededAt().isAfter(lastSuccess))) {
                lastSuccess = d.succeededAt();
            }
        }
        if (gate.openAt().isEmpty()) {
            return gate;
        }
        if (open > 0) {
            return new Gate(Optional.empty(), false, Optional.of(Reason.of(ReasonCodes.WAITING_STAGE, "waiting for "
                    + g.describe() + " to finish: " + open + " of " + size + " cluster"
                    + (size == 1 ? "" : "s") + " not done")));
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
