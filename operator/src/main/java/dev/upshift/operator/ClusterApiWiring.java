package dev.upshift.operator;

import dev.upshift.adapters.kubernetes.ClusterApiInventory;
import dev.upshift.adapters.kubernetes.ClusterApiStatusProbe;
import dev.upshift.adapters.kubernetes.Fabric8ServerSideApply;
import dev.upshift.adapters.kubernetes.ServerSideApply;
import dev.upshift.adapters.kubernetes.ServerSideApplyPublisher;
import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.ClusterInventory;
import dev.upshift.spi.StatusProbe;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Optional;

/**
 * The Kubernetes adapter (adapters/kubernetes) over the operator's client: Cluster API's inventory,
 * status probe and server-side-apply publisher (field manager {@code upshift}, conflicts never
 * forced).
 */
record ClusterApiWiring(ClusterInventory inventory, ChangePublisher publisher, StatusProbe probe) {

    /**
     * The adapters over {@code client}.
     *
     * @param clusters the namespace of the Cluster API clusters; empty: every namespace
     */
    static ClusterApiWiring of(KubernetesClient client, Optional<String> clusters) {
        return of(client, clusters, new Fabric8ServerSideApply(client));
    }

    /** The adapters over {@code client}, the publisher applying through {@code apply}. */
    static ClusterApiWiring of(KubernetesClient client, Optional<String> clusters, ServerSideApply apply) {
        ClusterApiInventory.Builder inventory = ClusterApiInventory.builder(client);
        clusters.ifPresent(inventory::namespace);
        return new ClusterApiWiring(inventory.build(), ServerSideApplyPublisher.builder(client).serverSideApply(apply)
                .build(), ClusterApiStatusProbe.of(client));
    }
}
