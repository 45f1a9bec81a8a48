package dev.upshift.testkit.contract;

import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.render.YamlWriter;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.StrategyPreference;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeRequest;
import dev.upshift.testkit.fleet.TestFleet;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** The small fleet the contracts' default upgrades, changes and requests come from. */
final class ContractFleets {
    static final String CLUSTER = "contract-1";

    private ContractFleets() {}

    /** One cluster on 1.0.0 with a control plane, and 1.1.0 that moves its version; an intent to 1.1.0. */
    static TestFleet fleet() {
        return TestFleet.builder()
                .release("1.0.0", r -> r.kubernetes("1.29.4").defaults("KubeadmControlPlane", "{spec: {version: v1.29.4}}"))
                .release("1.1.0", r -> r.kubernetes("1.30.2").upgradesFrom(">=1.0.0")
                        .defaults("KubeadmControlPlane", "{spec: {version: v1.30.2}}")
                        .fieldRule("KubeadmControlPlane", "spec.version", "overwrite", "rolling"))
                .cluster(CLUSTER, c -> c.release("1.0.0").label("stage", "test").resources("""
                        apiVersion: controlplane.cluster.x-k8s.io/v1beta1
                        kind: KubeadmControlPlane
                        metadata: {name: contract-1, namespace: fleet}
                        spec: {version: v1.29.4, replicas: 3}
                        """))
                .schedule("nights", s -> s.window("nights", "2026-01-05T22:00:00", Duration.ofHours(4), "FREQ=DAILY"))
                .upgrade("contract", u -> u.release("1.1.0").matchCluster(CLUSTER).expectedDuration(Duration.ofHours(1)))
                .build();
    }

    /**
     * The same cluster with a machine deployment too, and releases whose defaults move both the
     * control plane's and the workers' Kubernetes version: with a part hook, its hop goes in two parts.
     */
    static TestFleet fleetInParts() {
        return TestFleet.builder()
                .release("1.0.0", r -> r.kubernetes("1.29.4").defaults("KubeadmControlPlane", "{spec: {version: v1.29.4}}")
                        .defaults("MachineDeployment", "{spec: {template: {spec: {version: v1.29.4}}}}"))
                .release("1.1.0", r -> r.kubernetes("1.30.2").upgradesFrom(">=1.0.0")
                        .defaults("KubeadmControlPlane", "{spec: {version: v1.30.2}}")
                        .defaults("MachineDeployment", "{spec: {template: {spec: {version: v1.30.2}}}}")
                        .fieldRule("KubeadmControlPlane", "spec.version", "overwrite", "rolling")
                        .fieldRule("MachineDeployment", "spec.template.spec.version", "overwrite", "rolling"))
                .cluster(CLUSTER, c -> c.release("1.0.0").label("stage", "test").resources("""
                        apiVersion: controlplane.cluster.x-k8s.io/v1beta1
                        kind: KubeadmControlPlane
                        metadata: {name: contract-1, namespace: fleet}
                        spec: {version: v1.29.4, replicas: 3}
                        ---
                        apiVersion: cluster.x-k8s.io/v1beta1
                        kind: MachineDeployment
                        metadata: {name: contract-1-md-0, namespace: fleet}
                        spec: {replicas: 2, template: {spec: {version: v1.29.4}}}
                        """))
                .upgrade("contract", u -> u.release("1.1.0").matchCluster(CLUSTER).expectedDuration(Duration.ofHours(1)))
                .build();
    }

    static ManagedCluster cluster(TestFleet fleet) {
        return fleet.cluster(CLUSTER).orElseThrow();
    }

    static Upgrade upgrade(ManagedCluster cluster, int attempt) {
        return new Upgrade(cluster.id() + ":1.0.0..1.1.0#" + attempt, cluster, cluster.release(), Version.parse("1.1.0"),
                Optional.of("contract"));
    }

    static MergeResult merge(TestFleet fleet) {
        return fleet.prepared().change(CLUSTER, Version.parse("1.1.0")).flatMap(c -> c.merge()).orElseThrow();
    }

    static UpgradeRequest request() {
        TestFleet fleet = fleet();
        ManagedCluster c = cluster(fleet);
        MergeResult merge = merge(fleet);
        DocumentId cp = merge.documents().ids().iterator().next();
        return new UpgradeRequest(upgrade(c, 1), UpgradeRequest.Owner.controlPlane(cp), List.of(), merge.documents(),
                merge, StrategyPreference.IN_PLACE);
    }

    /** Documents as canonical text, to compare. */
    static String text(DocumentSet documents) {
        return YamlWriter.writeAll(documents.documents().stream().map(Document::tree).toList(),
                YamlWriter.KeyOrder.SORTED);
    }
}
