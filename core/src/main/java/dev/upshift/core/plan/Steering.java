package dev.upshift.core.plan;

import dev.upshift.release.Version;
import dev.upshift.spi.Act;
import dev.upshift.spi.Approval;
import dev.upshift.spi.ApprovalGate;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.Reason;
import java.time.Instant;
import java.util.Optional;

/**
 * What people's acts and an upgrade document's controls ({@code spec.paused}, {@code spec.approvals},
 * a stage's {@code approval} and {@code startTime}) do to the gate each stage meets
 * (docs/planning.md, "Steering"): a cancelled run halts every stage; a paused upgrade holds every
 * stage; a stage's scheduled start moves its opening later; an approval gate before a stage holds
 * it until approved, unless its run already started; an approval gate after a stage holds the
 * next one once the stage is done.
 */
final class Steering {
    private final Acts acts;
    private final StageMembership membership;

    Steering(JournalIndex journal) {
        this.acts = journal.acts();
        this.membership = journal.membership();
    }

    /** The gate a stage meets, given what the stages before say ({@code gate}). */
    StageGate.Gate in(StageGroup g, StageGate.Gate gate) {
        Optional<Version> target = target(g);
        if (target.isEmpty()) {
            return gate;
        }
        String upgrade = g.upgrade.name();
        Optional<Act> cancel = acts.cancelled(upgrade, target.get());
        if (cancel.isPresent()) {
            return new StageGate.Gate(Optional.empty(), true, Optional.of(Reason.of(ReasonCodes.CANCELLED, "upgrade "
                    + upgrade + " (to " + target.get() + ") was cancelled by " + by(cancel.get()) + "; no cluster starts"
                    + " it again and the hops in flight finish; a new target starts a new run")));
        }
        if (gate.halted()) {
            return gate;
        }
        Optional<Reason> paused = paused(g.upgrade.upgrade());
        if (paused.isPresent()) {
            return new StageGate.Gate(Optional.empty(), false, paused);
        }
        StageGate.Gate in = startTime(g, gate);
        if (g.implicit || !g.stage.approvals().contains(ApprovalGate.BEFORE) || in.openAt().isEmpty()
                || membership.started(new StageRun(upgrade, target.get(), g.stage.name()).key())
                || approved(g, target.get(), ApprovalGate.BEFORE)) {
            return in;
        }
        Instant since = in.openAt().get();
        return new StageGate.Gate(Optional.empty(), false, Optional.of(Reason.of(ReasonCodes.AWAITING_APPROVAL,
                g.describe() + " (to " + target.get() + ") waits for approval before it starts"
                        + (since == Instant.MIN ? "" : ", from " + since + " on") + "; grant it with "
                        + command(upgrade, g.stage.name(), ApprovalGate.BEFORE))));
    }

    /** The gate the stage after {@code g} meets, given what {@code g} says of itself ({@code out}). */
    StageGate.Gate out(StageGroup g, StageGate.Gate out) {
        Optional<Version> target = target(g);
        if (target.isEmpty() || g.implicit || out.halted() || out.openAt().isEmpty()
                || !g.stage.approvals().contains(ApprovalGate.AFTER) || approved(g, target.get(), ApprovalGate.AFTER)) {
            return out;
        }
        Instant since = out.openAt().get();
        String soak = out.hold().filter(r -> r.code().equals(ReasonCodes.SOAKING)).map(r -> ", after its soak until "
                + since).orElse("");
        return new StageGate.Gate(Optional.empty(), false, Optional.of(Reason.of(ReasonCodes.AWAITING_APPROVAL,
                g.describe() + " (to " + target.get() + ") is done and waits for approval before the next stage starts"
                        + soak + "; grant it with " + command(g.upgrade.name(), g.stage.name(), ApprovalGate.AFTER))));
    }

    private static final java.util.regex.Pattern COMMAND = java.util.regex.Pattern.compile(
            "`upshift approve (\\S+) --stage (\\S+)( --gate after)?`");

    /** {@code `upshift approve platform --stage prod --gate after`}: what an AWAITING_APPROVAL reason says to type. */
    static String command(String upgrade, String stage, ApprovalGate gate) {
        return "`upshift approve " + upgrade + " --stage " + stage + (gate == ApprovalGate.AFTER ? " --gate after" : "")
                + "`";
    }

    /** The gate an AWAITING_APPROVAL reason holds: its upgrade, stage and gate, read from its command. */
    static Optional<String[]> gate(Reason r) {
        if (!r.code().equals(ReasonCodes.AWAITING_APPROVAL)) {
            return Optional.empty();
        }
        java.util.regex.Matcher m = COMMAND.matcher(r.message());
        return m.find() ? Optional.of(new String[] {m.group(1), m.group(2), m.group(3) == null ? "before" : "after"})
                : Optional.empty();
    }

    /** A stage's scheduled start, when it is later than the stages before let it open. */
    private static StageGate.Gate startTime(StageGroup g, StageGate.Gate gate) {
        if (g.stage.startTime().isEmpty() || gate.openAt().isEmpty()
                || !g.stage.startTime().get().isAfter(gate.openAt().get())) {
            return gate;
        }
        Instant start = g.stage.startTime().get();
        return new StageGate.Gate(Optional.of(start), false, Optional.of(Reason.until(ReasonCodes.WAITING_STAGE_START,
                g.describe() + " starts at " + start + " (its startTime)", start)));
    }

    private Optional<Reason> paused(ClusterUpgrade u) {
        if (u.paused()) {
            return Optional.of(Reason.of(ReasonCodes.PAUSED, "upgrade " + u.name() + " is paused: spec.paused is true"
                    + " in " + u.location() + "; no cluster starts a new hop of it until it is false"));
        }
        return acts.paused(u.name()).map(a -> Reason.of(ReasonCodes.PAUSED, "upgrade " + u.name() + " was paused by "
                + by(a) + "; no cluster starts a new hop of it until `upshift resume " + u.name() + "`"));
    }

    private boolean approved(StageGroup g, Version target, ApprovalGate gate) {
        String stage = g.stage.name();
        if (acts.approved(g.upgrade.name(), target, stage, gate).isPresent()) {
            return true;
        }
        for (Approval a : g.upgrade.upgrade().approvals()) {
            if (a.stage().equals(stage) && a.gate() == gate && a.release().samePrecedence(target)) {
                return true;
            }
        }
        return false;
    }

    private static Optional<Version> target(StageGroup g) {
        return g.upgrade.target() instanceof dev.upshift.core.select.ResolvedTarget.Found f
                ? Optional.of(f.release().version())
                : Optional.empty();
    }

    /** {@code alice at 2026-03-10T07:00:00Z: change CHG-1} — who, when and why, for a reason's message. */
    static String by(Act a) {
        return a.by() + " at " + a.at() + (a.comment().isBlank() ? "" : ": " + a.comment());
    }
}
