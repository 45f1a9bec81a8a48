package dev.upshift.adapters.kubernetes;

import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.merge.ThreeWayMerge;
import dev.upshift.release.Release;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Upgrade;
import dev.upshift.testkit.fleet.TestFleet;
import java.util.Optional;

/**
 * Releases of the quick-start cluster and the upgrades between them, merged as core merges them:
 * 1.0.0 runs Kubernetes v1.33.0, 1.1.0 moves the topology to v1.34.1, 1.2.0 to v1.36.0 (a version the
 * Kubernetes API server's admission in these tests refuses: it skips a minor); 1.3.0 changes the
 * control plane's rollout and the machine templates' image too.
 */
final class Upgrades {
    static final TestFleet RELEASES = TestFleet.builder()
            .release("1.0.0", r -> r.kubernetes("1.33.0").defaults("Cluster", "{spec: {topology: {version: v1.33.0}}}"))
            .release("1.1.0", r -> r.kubernetes("1.34.1").upgradesFrom(">=1.0.0")
                    .defaults("Cluster", "{spec: {topology: {version: v1.34.1}}}")
                    .fieldRule("Cluster", "spec.topology.version", "overwrite", "rolling"))
            .release("1.2.0", r -> r.kubernetes("1.36.0").upgradesFrom(">=1.0.0")
                    .defaults("Cluster", "{spec: {topology: {version: v1.36.0}}}")
                    .fieldRule("Cluster", "spec.topology.version", "overwrite", "rolling"))
            .release("1.3.0", r -> r.kubernetes("1.34.1").upgradesFrom(">=1.0.0")
                    .defaults("Cluster", "{spec: {topology: {version: v1.34.1}}}")
                    .defaults("KubeadmControlPlane", "{spec: {rollout: {strategy: {rollingUpdate: {maxSurge: 0}}}}}")
                    .defaults("DockerMachineTemplate", "{spec: {template: {spec: {customImage: 'kindest/node:v1.34.1'}}}}")
                    .fieldRule("Cluster", "spec.topology.version", "overwrite", "rolling"))
            .build();

    private Upgrades() {}

    static Release release(String version) {
        return RELEASES.contents().releases().items().stream().filter(r -> r.version().toString().equals(version))
                .findFirst().orElseThrow();
    }

    static Upgrade upgrade(ManagedCluster cluster, String to, int attempt) {
        return new Upgrade(cluster.id() + ":" + cluster.release() + ".." + to + "#" + attempt, cluster,
                cluster.release(), Version.parse(to), Optional.of("fleet-to-" + to));
    }

    /** The three-way merge of the cluster's documents from its release to {@code to}. */
    static MergeResult merge(ManagedCluster cluster, String to) {
        return merge(cluster, release(cluster.release().toString()), release(to));
    }

    static MergeResult merge(ManagedCluster cluster, Release from, Release target) {
        DocumentSet current = cluster.resources();
        DocumentSet base = from.defaults().applyTo(current, "release " + from.version() + " defaults");
        DocumentSet rendered = target.defaults().applyTo(current, "release " + target.version() + " defaults");
        return ThreeWayMerge.withRules(target.fieldRules()).merge(base, current, rendered);
    }
}
