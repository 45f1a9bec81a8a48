package dev.upshift.operator;

import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.ClusterInventory;
import dev.upshift.spi.StatusProbe;
import io.fabric8.kubernetes.client.KubernetesClient;

/**
 * The seam to the Kubernetes adapter (adapters/kubernetes): Cluster API's inventory, status probe
 * and server-side-apply publisher over the operator's client.
 */
record ClusterApiWiring(ClusterInventory inventory, ChangePublisher publisher, StatusProbe probe) {

    /**
     * The adapters over {@code client}.
     *
     * @throws IllegalStateException until the Kubernetes adapter is wired in
     */
    static ClusterApiWiring of(KubernetesClient client, String namespace) {
        throw new IllegalStateException("this build has no Cluster API adapter wired in yet (docs/operator.md)");
    }
}
