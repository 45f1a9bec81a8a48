package dev.upshift.core.engine;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.diff.document.DocumentSet;

/** Cluster API documents for strategy tests: a control plane and one machine deployment. */
final class Resources {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private Resources() {}

    static DocumentSet controlPlaneAndWorkers() {
        ObjectNode cp = JSON.objectNode();
        cp.put("apiVersion", "controlplane.cluster.x-k8s.io/v1beta1");
        cp.put("kind", "KubeadmControlPlane");
        cp.putObject("metadata").put("name", "cp").put("namespace", "fleet");
        cp.putObject("spec").put("version", "v1.29.2").put("replicas", 3);
        ObjectNode md = JSON.objectNode();
        md.put("apiVersion", "cluster.x-k8s.io/v1beta1");
        md.put("kind", "MachineDeployment");
        md.putObject("metadata").put("name", "md-0").put("namespace", "fleet");
        md.putObject("spec").put("replicas", 2);
        return DocumentSet.of(cp, md);
    }
}
