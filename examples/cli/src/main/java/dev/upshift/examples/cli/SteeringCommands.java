package dev.upshift.examples.cli;

import dev.upshift.core.plan.ActRequest;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.spi.Act;
import dev.upshift.spi.ApprovalGate;
import dev.upshift.spi.UpgradeState;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The commands that steer a rollout (docs/cli.md, "Steering a rollout"). */
final class SteeringCommands {
    private SteeringCommands() {}

    @Command(name = "approve", sortOptions = false, header = "Grants a stage's approval gate for the upgrade's run",
            description = {"Journals the approval of the stage's gate (before it starts, or --gate after: before the"
                + " next stage starts) for the upgrade's current target, with who approved (--as) and --comment. A"
                + " new target asks again."})
    static final class Approve extends SteeringCommand {
        @Parameters(index = "0", paramLabel = "UPGRADE", description = "the upgrade")
        String upgrade;

        @Option(names = "--stage", required = true, paramLabel = "S", description = "the stage")
        String stage;

        @Option(names = "--gate", paramLabel = "before|after", defaultValue = "before",
                description = "which gate (default before)")
        String gate;

        @Option(names = "--comment", paramLabel = "T", defaultValue = "", description = "why, or a change reference")
        String comment;

        @Override
        void check(CommandLine cl) {
            if (!ApprovalGate.words().containsKey(gate)) {
                throw new CommandLine.ParameterException(cl, "--gate is before or after, not '" + gate + "'");
            }
        }

        @Override
        List<ActRequest> requests(String by, Plan plan) {
            return List.of(ActRequest.approve(by, upgrade, stage, ApprovalGate.words().get(gate), comment));
        }
    }

    /** pause, resume and cancel: an upgrade and a reason. */
    abstract static class OfUpgrade extends SteeringCommand {
        @Parameters(index = "0", paramLabel = "UPGRADE", description = "the upgrade")
        String upgrade;

        @Option(names = "--reason", paramLabel = "T", defaultValue = "", description = "why, recorded in the journal")
        String reason;

        abstract Act.Kind kind();

        @Override
        List<ActRequest> requests(String by, Plan plan) {
            return List.of(ActRequest.upgrade(kind(), by, upgrade, reason));
        }
    }

    @Command(name = "pause", sortOptions = false, header = "Stops new starts of an upgrade; hops in flight finish",
            description = {"From the next reconcile no cluster starts a new hop of the upgrade until `upshift resume`;"
                + " hops under way finish, with their outcome, after-hooks and events."})
    static final class Pause extends OfUpgrade {
        @Override
        Act.Kind kind() {
            return Act.Kind.PAUSE;
        }
    }

    @Command(name = "resume", sortOptions = false, header = "Lets a paused upgrade start clusters again")
    static final class Resume extends OfUpgrade {
        @Override
        Act.Kind kind() {
            return Act.Kind.RESUME;
        }
    }

    @Command(name = "cancel", sortOptions = false, header = "Ends the upgrade's run for good; hops in flight finish",
            description = {"No cluster starts the upgrade's current target again; hops under way finish; the clusters"
                + " not reached show as CANCELLED. A new target (the document changed) starts a new run."})
    static final class Cancel extends OfUpgrade {
        @Override
        Act.Kind kind() {
            return Act.Kind.CANCEL;
        }
    }

    @Command(name = "retry", sortOptions = false, header = "Starts a failed hop again, same pinned target",
            description = {"The cluster's failed hop starts again as its next attempt at the next reconcile, towards"
                + " the target its path had; with --upgrade and --stage, every failed member of that stage."})
    static final class Retry extends SteeringCommand {
        @Parameters(index = "0", arity = "0..1", paramLabel = "CLUSTER", description = "the cluster")
        String cluster;

        @Option(names = "--upgrade", paramLabel = "U", description = "with --stage: the upgrade")
        String upgrade;

        @Option(names = "--stage", paramLabel = "S", description = "every failed member of this stage")
        String stage;

        @Option(names = "--comment", paramLabel = "T", defaultValue = "", description = "why")
        String comment;

        @Override
        void check(CommandLine cl) {
            if ((cluster == null) == (stage == null) || (stage == null) != (upgrade == null)) {
                throw new CommandLine.ParameterException(cl, "give a CLUSTER, or --upgrade U --stage S for every failed"
                        + " member of a stage");
            }
        }

        @Override
        List<ActRequest> requests(String by, Plan plan) {
            if (cluster != null) {
                return List.of(ActRequest.cluster(Act.Kind.RETRY, by, cluster, comment));
            }
            List<ActRequest> out = plan.entries().stream().filter(e -> e.upgrade().filter(upgrade::equals).isPresent()
                            && e.stage().filter(stage::equals).isPresent() && e.state() == UpgradeState.FAILED)
                    .map(PlanEntry::cluster).map(c -> ActRequest.cluster(Act.Kind.RETRY, by, c, comment)).toList();
            if (out.isEmpty()) {
                throw new dev.upshift.common.problem.UpshiftException("stage " + stage + " of upgrade " + upgrade
                        + " has no failed member to retry");
            }
            return out;
        }
    }

    @Command(name = "skip", sortOptions = false, header = "Takes a cluster out of its upgrade's run",
            description = {"The cluster is not started, counted or waited for by its stage in the upgrade's current"
                + " run; a hop under way finishes. It joins the upgrade's next run (a new target)."})
    static final class Skip extends SteeringCommand {
        @Parameters(index = "0", paramLabel = "CLUSTER", description = "the cluster")
        String cluster;

        @Option(names = "--reason", required = true, paramLabel = "T", description = "why, recorded in the journal")
        String reason;

        @Override
        List<ActRequest> requests(String by, Plan plan) {
            return List.of(ActRequest.cluster(Act.Kind.SKIP, by, cluster, reason));
        }
    }
}
