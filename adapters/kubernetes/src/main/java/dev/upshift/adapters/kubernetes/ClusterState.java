package dev.upshift.adapters.kubernetes;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;

/**
 * One cluster's live objects as the probe reads them: the {@code Cluster} (absent when deleted), its
 * control plane, machine deployments and machines.
 */
record ClusterState(String display, Optional<ObjectNode> cluster, Optional<ObjectNode> controlPlane,
        List<ObjectNode> deployments, List<ObjectNode> machines) {
    ClusterState {
        deployments = List.copyOf(deployments);
        machines = List.copyOf(machines);
    }
}
