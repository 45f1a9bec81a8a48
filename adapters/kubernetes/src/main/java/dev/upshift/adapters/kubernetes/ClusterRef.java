package dev.upshift.adapters.kubernetes;

import dev.upshift.diff.document.Document;
import dev.upshift.spi.ManagedCluster;

/** Where a managed cluster's {@code Cluster} object lives: from its documents, or from its {@code namespace/name} id. */
record ClusterRef(String namespace, String name) {

    static ClusterRef of(ManagedCluster cluster) {
        for (Document d : cluster.resources().documents()) {
            if ("Cluster".equals(d.id().kind()) && ApiVersions.CLUSTER_GROUP.equals(d.id().group())) {
                return new ClusterRef(d.id().namespace(), d.id().name());
            }
        }
        int slash = cluster.id().indexOf('/');
        if (slash <= 0 || slash == cluster.id().length() - 1) {
            throw new IllegalArgumentException("cluster " + cluster.id() + " has no Cluster document and its id is not"
                    + " namespace/name: the Kubernetes adapters cannot tell which Cluster it is");
        }
        return new ClusterRef(cluster.id().substring(0, slash), cluster.id().substring(slash + 1));
    }

    @Override
    public String toString() {
        return namespace + "/" + name;
    }
}
