package dev.upshift.adapters.kubernetes;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The labels and annotations the Kubernetes adapters read and write on Cluster API objects
 * (docs/adapters.md, "Kubernetes").
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class UpshiftLabels {
    /**
     * The release a cluster runs: a label on its {@code Cluster} ({@code upshift.dev/release: 19.3.1});
     * an annotation of the same name where the version cannot be a label value (build metadata, or
     * longer than 63 characters). The inventory reads it, the publisher writes the target release
     * into it.
     */
    public static final String RELEASE = "upshift.dev/release";

    /** Annotation on a {@code Cluster}: the name of its maintenance schedule. */
    public static final String SCHEDULE = "upshift.dev/schedule";

    /**
     * Annotation on a {@code Cluster}: where it runs ({@code aws}); without it, the kind of its
     * infrastructure object less {@code Cluster}, in lower case ({@code DockerCluster} → {@code docker}).
     */
    public static final String INFRASTRUCTURE = "upshift.dev/infrastructure";

    /** Annotation the publisher writes on a {@code Cluster}: the id of the upgrade it applied last. */
    public static final String UPGRADE = "upshift.dev/upgrade";

    /** Cluster API's label naming the cluster an object belongs to. */
    public static final String CLUSTER_NAME = "cluster.x-k8s.io/cluster-name";

    /** Cluster API's label on control-plane machines. */
    public static final String CONTROL_PLANE = "cluster.x-k8s.io/control-plane";

    /** Cluster API's label naming the machine deployment of a worker machine. */
    public static final String DEPLOYMENT_NAME = "cluster.x-k8s.io/deployment-name";

    private UpshiftLabels() {}
}
