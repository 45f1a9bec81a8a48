package dev.upshift.adapters.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.release.Version;
import dev.upshift.spi.UpgradeStatus;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Maps what Cluster API reports of a cluster to an upgrade's status (docs/adapters.md, "What the
 * probe reads"): failed when Cluster API marks the cluster, a machine deployment or a machine failed;
 * in progress until the cluster carries the target release, its controllers have observed every
 * change, the topology is reconciled with no upgrade plan left, and the control plane and every machine
 * deployment have all their machines up to date, at their version and ready; then succeeded.
 */
final class StatusMapping {
    static final String TOPOLOGY_RECONCILED = "TopologyReconciled";
    private static final int MAX_MESSAGE = 4_000;

    private StatusMapping() {}

    static UpgradeStatus of(ClusterState state, Version target, Instant now) {
        if (state.cluster().isEmpty()) {
            return UpgradeStatus.failed("ClusterDeleted", "the Cluster " + state.display()
                    + " no longer exists on the management cluster", now);
        }
        ObjectNode cluster = state.cluster().get();
        if (!Trees.text(cluster, "metadata", "deletionTimestamp").isEmpty()) {
            return UpgradeStatus.failed("ClusterDeleted", "the Cluster " + state.display() + " is being deleted", now);
        }
        Optional<UpgradeStatus> failed = failure(state, now);
        if (failed.isPresent()) {
            return failed.get();
        }
        String carried = Trees.optionalText(cluster, "metadata", "labels", UpshiftLabels.RELEASE)
                .or(() -> Trees.optionalText(cluster, "metadata", "annotations", UpshiftLabels.RELEASE)).orElse("");
        if (!Version.tryParse(carried).map(target::equals).orElse(false)) {
            return UpgradeStatus.inProgress("WaitingForPublication", "the Cluster " + state.display()
                    + " does not carry release " + target + " yet (its " + UpshiftLabels.RELEASE + " is '" + carried
                    + "')", now);
        }
        List<Owner> owners = new ArrayList<>();
        String topologyVersion = Trees.text(cluster, "spec", "topology", "version");
        state.controlPlane().map(cp -> Owner.controlPlane(cp, topologyVersion)).ifPresent(owners::add);
        state.deployments().forEach(md -> owners.add(Owner.deployment(md, topologyVersion)));
        Optional<JsonNode> topology = Trees.condition(cluster, TOPOLOGY_RECONCILED);
        boolean topologyDone = topology.map(c -> "True".equals(Trees.text(c, "status"))).orElse(true);
        List<String> plan = plan(cluster);
        boolean clusterSeen = Trees.number(cluster, "metadata", "generation").isEmpty()
                || Trees.number(cluster, "status", "observedGeneration").orElse(0)
                        >= Trees.number(cluster, "metadata", "generation").getAsLong();
        boolean done = clusterSeen && topologyDone && plan.isEmpty() && owners.stream().allMatch(Owner::done);
        int required = owners.stream().mapToInt(Owner::desired).sum();
        int upgraded = owners.stream().mapToInt(Owner::upgraded).sum();
        boolean ready = owners.stream().allMatch(o -> o.ready() >= o.upgraded());
        String counts = String.join("; ", owners.stream().map(Owner::describe).toList());
        if (done) {
            return UpgradeStatus.succeeded("UpgradeCompleted", limit("every machine is up to date and ready: "
                    + (counts.isEmpty() ? "no machines" : counts)), latest(state, now));
        }
        StringBuilder message = new StringBuilder();
        String reason;
        Instant since = now;
        if (!clusterSeen) {
            reason = "WaitingForClusterAPI";
            message.append("Cluster API has not yet observed the change of the Cluster");
        } else if (topology.isPresent() && !topologyDone) {
            String why = Trees.text(topology.get(), "reason");
            reason = "ReconcileFailed".equals(why) ? "TopologyReconcileFailed" : "ClusterUpgrading";
            message.append("ReconcileFailed".equals(why) ? "Cluster API could not reconcile the topology"
                    : "Cluster API is upgrading the cluster");
            String text = Trees.text(topology.get(), "message");
            if (!text.isEmpty()) {
                message.append(" (").append(text.strip()).append(')');
            }
            since = transition(topology.get(), now);
        } else if (!owners.isEmpty() && !owners.get(0).done() && state.controlPlane().isPresent()) {
            reason = "ControlPlaneUpgrading";
            message.append("the control plane is rolling out");
        } else {
            reason = "WorkersUpgrading";
            message.append("the workers are rolling out");
        }
        if (!counts.isEmpty()) {
            message.append("; ").append(counts);
        }
        if (!plan.isEmpty()) {
            message.append("; still to apply: ").append(String.join(", ", plan));
        }
        return UpgradeStatus.inProgress(reason, limit(message.toString()), since,
                new UpgradeStatus.Progress(required, upgraded, ready));
    }

    /**
     * The control plane's part of a hop in two parts: failed as {@link #of} fails; succeeded once the
     * control plane is done (observed, every machine up to date at its version and ready); in
     * progress otherwise, with its machines' counts.
     */
    static UpgradeStatus controlPlane(ClusterState state, Instant now) {
        if (state.cluster().isEmpty()) {
            return UpgradeStatus.failed("ClusterDeleted", "the Cluster " + state.display()
                    + " no longer exists on the management cluster", now);
        }
        Optional<UpgradeStatus> failed = failure(state, now);
        if (failed.isPresent()) {
            return failed.get();
        }
        if (state.controlPlane().isEmpty()) {
            return UpgradeStatus.inProgress("WaitingForControlPlane", "the Cluster " + state.display()
                    + " names no control plane that can be read yet", now);
        }
        Owner cp = Owner.controlPlane(state.controlPlane().get(), "");
        if (cp.done()) {
            return UpgradeStatus.succeeded("ControlPlaneUpgraded", limit(cp.describe()), latest(state, now));
        }
        return UpgradeStatus.inProgress("ControlPlaneUpgrading", limit("the control plane is rolling out; "
                + cp.describe()), now, new UpgradeStatus.Progress(cp.desired(), cp.upgraded(), cp.ready() >= cp.upgraded()));
    }

    /** The versions Cluster API 1.14 still has to apply ({@code status.controlPlane.upgradePlan}, {@code status.workers.upgradePlan}). */
    private static List<String> plan(JsonNode cluster) {
        List<String> out = new ArrayList<>();
        for (String part : List.of("controlPlane", "workers")) {
            List<String> versions = new ArrayList<>();
            for (JsonNode v : Trees.at(cluster, "status", part, "upgradePlan")) {
                versions.add(Trees.text(v, "version"));
            }
            if (!versions.isEmpty()) {
                out.add(("controlPlane".equals(part) ? "control plane " : "workers ") + String.join(" → ", versions));
            }
        }
        return out;
    }

    private static Optional<UpgradeStatus> failure(ClusterState state, Instant now) {
        ObjectNode cluster = state.cluster().orElseThrow();
        if ("Failed".equals(Trees.text(cluster, "status", "phase")) || hasFailure(cluster)) {
            return Optional.of(UpgradeStatus.failed("ClusterFailed", limit("Cluster API reports the Cluster "
                    + state.display() + " failed" + failureText(cluster)), now));
        }
        List<JsonNode> others = new ArrayList<>();
        state.controlPlane().ifPresent(others::add);
        others.addAll(state.deployments());
        for (JsonNode o : others) {
            if ("Failed".equals(Trees.text(o, "status", "phase")) || hasFailure(o)) {
                return Optional.of(UpgradeStatus.failed("ClusterAPIFailed", limit("Cluster API reports "
                        + Trees.display(o) + " failed" + failureText(o)), now));
            }
        }
        for (JsonNode m : state.machines()) {
            if ("Failed".equals(Trees.text(m, "status", "phase")) || hasFailure(m)) {
                String role = Trees.at(m, "metadata", "labels").has(UpshiftLabels.CONTROL_PLANE) ? "control-plane machine "
                        : "machine ";
                String md = Trees.text(m, "metadata", "labels", UpshiftLabels.DEPLOYMENT_NAME);
                return Optional.of(UpgradeStatus.failed("MachineFailed", limit(role + Trees.text(m, "metadata", "name")
                        + (md.isEmpty() ? "" : " of machine deployment " + md) + " failed"
                        + (Trees.text(m, "spec", "version").isEmpty() ? "" : " at " + Trees.text(m, "spec", "version"))
                        + failureText(m)), now));
            }
        }
        return Optional.empty();
    }

    private static boolean hasFailure(JsonNode o) {
        return !failureText(o).isEmpty();
    }

    /** Cluster API's failure reason and message ({@code status.deprecated.v1beta1}, or v1beta1's {@code status}). */
    private static String failureText(JsonNode o) {
        for (JsonNode s : List.of(Trees.at(o, "status", "deprecated", "v1beta1"), Trees.at(o, "status"))) {
            String reason = Trees.text(s, "failureReason");
            String message = Trees.text(s, "failureMessage");
            if (!reason.isEmpty() || !message.isEmpty()) {
                return ": " + (reason.isEmpty() ? "" : reason + (message.isEmpty() ? "" : ": ")) + message.strip();
            }
        }
        return "";
    }

    /** When the upgrade finished, as Cluster API reports it: the latest condition change, no later than now. */
    private static Instant latest(ClusterState state, Instant now) {
        Instant latest = Instant.MIN;
        List<JsonNode> all = new ArrayList<>();
        state.cluster().ifPresent(all::add);
        state.controlPlane().ifPresent(all::add);
        all.addAll(state.deployments());
        for (JsonNode o : all) {
            for (JsonNode c : Trees.at(o, "status", "conditions")) {
                Instant t = transition(c, Instant.MIN);
                if (t.isAfter(latest)) {
                    latest = t;
                }
            }
        }
        return latest.equals(Instant.MIN) || latest.isAfter(now) ? now : latest;
    }

    private static Instant transition(JsonNode condition, Instant otherwise) {
        try {
            Instant t = Instant.parse(Trees.text(condition, "lastTransitionTime"));
            return t.isAfter(otherwise) && otherwise != Instant.MIN ? otherwise : t;
        } catch (DateTimeParseException e) {
            return otherwise;
        }
    }

    private static String limit(String message) {
        return message.length() <= MAX_MESSAGE ? message : message.substring(0, MAX_MESSAGE - 1) + "…";
    }
}
