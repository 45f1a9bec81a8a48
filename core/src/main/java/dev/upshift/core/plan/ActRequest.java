package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.upshift.core.select.ResolvedTarget;
import dev.upshift.core.select.UpgradeSelection;
import dev.upshift.release.Version;
import dev.upshift.spi.Act;
import dev.upshift.spi.ApprovalGate;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.Reason;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What a person asks for when steering a rollout, before it is checked against the fleet and
 * resolved into an {@link Act} ({@link #resolve}): the upgrade's target becomes the run's release,
 * a retried cluster's failed hop becomes the hop to try again.
 *
 * @param kind what to do
 * @param by who asks; not blank
 * @param comment why; may be empty
 * @param upgrade the upgrade (approve, pause, resume, cancel)
 * @param stage the stage (approve)
 * @param gate the gate (approve); {@code before} when absent
 * @param cluster the cluster (retry, skip)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ActRequest(Act.Kind kind, String by, String comment, Optional<String> upgrade, Optional<String> stage,
        Optional<ApprovalGate> gate, Optional<String> cluster) {
    /** Validates the parts. */
    public ActRequest {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(by, "by");
        Objects.requireNonNull(comment, "comment");
        Objects.requireNonNull(upgrade, "upgrade");
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(gate, "gate");
        Objects.requireNonNull(cluster, "cluster");
        if (by.isBlank()) {
            throw new IllegalArgumentException("a person's act names who takes it");
        }
    }

    /** Approve a stage's gate of an upgrade's current run. */
    public static ActRequest approve(String by, String upgrade, String stage, ApprovalGate gate, String comment) {
        return new ActRequest(Act.Kind.APPROVE, by, comment, Optional.of(upgrade), Optional.of(stage),
                Optional.of(gate), Optional.empty());
    }

    /**
     * The approval that lifts an {@link ReasonCodes#AWAITING_APPROVAL} reason, read from the command
     * the reason names; empty for any other reason.
     */
    public static Optional<ActRequest> granting(Reason reason, String by, String comment) {
        return Steering.gate(reason).map(g -> approve(by, g[0], g[1], ApprovalGate.words().get(g[2]), comment));
    }

    /** Pause, resume or cancel an upgrade. */
    public static ActRequest upgrade(Act.Kind kind, String by, String upgrade, String reason) {
        return new ActRequest(kind, by, reason, Optional.of(upgrade), Optional.empty(), Optional.empty(),
                Optional.empty());
    }

    /** Retry or skip a cluster. */
    public static ActRequest cluster(Act.Kind kind, String by, String cluster, String reason) {
        return new ActRequest(kind, by, reason, Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.of(cluster));
    }

    /**
     * The act this request is, at {@code now}, against the fleet, its plan and its folded journal;
     * or, on the left, why it is refused (a person reads it): an upgrade, stage, gate or cluster
     * that does not exist, an upgrade whose target resolves to no release, a pause of a paused
     * upgrade, a resume of one that is not, a retry of a cluster whose latest hop did not fail, a
     * skip of a cluster no upgrade's run holds.
     */
    public Resolution resolve(PreparedFleet fleet, Plan plan, List<HistoryEntry> history, Instant now) {
        return resolve(fleet, plan, JournalIndex.of(history), now);
    }

    /** {@link #resolve(PreparedFleet, Plan, List, Instant)} with the history already folded. Not for use outside Upshift. */
    @API(status = INTERNAL, since = "0.1")
    public Resolution resolve(PreparedFleet fleet, Plan plan, JournalIndex journal, Instant now) {
        return switch (kind) {
            case APPROVE, PAUSE, RESUME, CANCEL -> ofUpgrade(fleet, journal, now);
            case RETRY -> retry(plan, journal, now);
            case SKIP -> skip(plan, fleet, now);
        };
    }

    private Resolution ofUpgrade(PreparedFleet fleet, JournalIndex journal, Instant now) {
        String name = upgrade.orElseThrow(() -> new IllegalArgumentException("a " + kind + " names an upgrade"));
        Optional<UpgradeSelection> u = fleet.selection().upgrade(name);
        if (u.isEmpty()) {
            return Resolution.refused("the fleet has no upgrade named '" + name + "'");
        }
        if (!(u.get().target() instanceof ResolvedTarget.Found found)) {
            return Resolution.refused("upgrade " + name + " has no target to act on: " + u.get().target());
        }
        Version release = found.release().version();
        Acts acts = journal.acts();
        return switch (kind) {
            case PAUSE -> acts.paused(name).isPresent() ? Resolution.refused("upgrade " + name + " is already paused")
                    : Resolution.of(Act.pause(now, by, name, release, comment));
            case RESUME -> acts.paused(name).isEmpty() ? Resolution.refused("upgrade " + name + " is not paused"
                    + (u.get().upgrade().paused() ? " by a person; its document sets spec.paused: true" : ""))
                    : Resolution.of(Act.resume(now, by, name, release, comment));
            case CANCEL -> acts.cancelled(name, release).isPresent()
                    ? Resolution.refused("upgrade " + name + "'s run to " + release + " is already cancelled")
                    : Resolution.of(Act.cancel(now, by, name, release, comment));
            default -> approve(u.get(), release, acts, now);
        };
    }

    private Resolution approve(UpgradeSelection u, Version release, Acts acts, Instant now) {
        String stageName = stage.orElseThrow(() -> new IllegalArgumentException("an approval names a stage"));
        ApprovalGate which = gate.orElse(ApprovalGate.BEFORE);
        Optional<Stage> s = u.upgrade().stages().stream().filter(x -> x.name().equals(stageName)).findFirst();
        if (s.isEmpty()) {
            return Resolution.refused("upgrade " + u.name() + " has no stage named '" + stageName + "'"
                    + (u.upgrade().stages().isEmpty() ? "" : "; its stages are " + String.join(", ",
                            u.upgrade().stages().stream().map(Stage::name).toList())));
        }
        if (!s.get().approvals().contains(which)) {
            return Resolution.refused("stage " + stageName + " of upgrade " + u.name() + " has no '" + which
                    + "' approval gate" + (s.get().approvals().isEmpty() ? "" : "; it has "
                    + String.join(", ", s.get().approvals().stream().map(ApprovalGate::word).toList())));
        }
        if (acts.approved(u.name(), release, stageName, which).isPresent()) {
            return Resolution.refused("the '" + which + "' gate of stage " + stageName + " of upgrade " + u.name() + " (to "
                    + release + ") is already approved");
        }
        return Resolution.of(Act.approve(now, by, u.name(), release, stageName, which, comment));
    }

    private Resolution retry(Plan plan, JournalIndex journal, Instant now) {
        String id = cluster.orElseThrow(() -> new IllegalArgumentException("a retry names a cluster"));
        if (plan.entry(id).isEmpty()) {
            return Resolution.refused("the fleet has no cluster named '" + id + "'");
        }
        Optional<HistoryEntry> last = journal.lastOutcome(id);
        if (last.isEmpty() || last.get().state() != UpgradeState.FAILED || journal.retried(last.get().upgradeId())) {
            return Resolution.refused(id + "'s latest hop did not fail" + (last.isPresent() && journal.retried(
                    last.get().upgradeId()) ? " since it was retried" : "") + "; there is nothing to retry");
        }
        HistoryEntry f = last.get();
        return Resolution.of(Act.retry(now, by, id, f.intent(), f.from(), f.to(), comment));
    }

    private Resolution skip(Plan plan, PreparedFleet fleet, Instant now) {
        String id = cluster.orElseThrow(() -> new IllegalArgumentException("a skip names a cluster"));
        Optional<PlanEntry> e = plan.entry(id);
        if (e.isEmpty()) {
            return Resolution.refused("the fleet has no cluster named '" + id + "'");
        }
        Optional<String> name = e.get().upgrade();
        Optional<ResolvedTarget> target = name.flatMap(n -> fleet.selection().upgrade(n)).map(UpgradeSelection::target);
        if (name.isEmpty() || !(target.orElse(null) instanceof ResolvedTarget.Found found)) {
            return Resolution.refused(id + " is in no upgrade's run; there is nothing to skip");
        }
        return Resolution.of(Act.skip(now, by, id, name.get(), found.release().version(), comment));
    }

    /**
     * A request resolved: the act, or why it is refused.
     *
     * @param act the act to journal; empty when refused
     * @param refusal why it is refused, for a person; empty when there is an act
     */
    public record Resolution(Optional<Act> act, String refusal) {
        /** Validates that exactly one of the two is given. */
        public Resolution {
            Objects.requireNonNull(act, "act");
            Objects.requireNonNull(refusal, "refusal");
            if (act.isPresent() == !refusal.isEmpty()) {
                throw new IllegalArgumentException("a resolution is an act or a refusal");
            }
        }

        static Resolution of(Act act) {
            return new Resolution(Optional.of(act), "");
        }

        static Resolution refused(String why) {
            return new Resolution(Optional.empty(), why);
        }
    }
}
