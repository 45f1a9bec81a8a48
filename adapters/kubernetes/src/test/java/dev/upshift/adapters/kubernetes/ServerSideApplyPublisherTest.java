package dev.upshift.adapters.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Publication;
import dev.upshift.spi.Upgrade;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true)
class ServerSideApplyPublisherTest {
    KubernetesClient client;
    private ManagementCluster management;
    private FakeServerSideApply api;
    private ManagedCluster cluster;

    @BeforeEach
    void quickStart() {
        management = ManagementCluster.quickStart(client);
        api = new FakeServerSideApply(management);
        cluster = ClusterApiInventory.of(client).clusters().items().get(0);
    }

    private Publication publish(String to, ServerSideApplyPublisher publisher) {
        return publisher.publish(Upgrades.upgrade(cluster, to, 1), Upgrades.merge(cluster, to));
    }

    private ServerSideApplyPublisher publisher() {
        return ServerSideApplyPublisher.builder(client).serverSideApply(api).build();
    }

    @Test
    @DisplayName("applies the changed documents as field manager upshift, the Cluster stamped with the release and upgrade")
    void applies() {
        Publication p = publish("1.1.0", publisher());
        assertThat(p).isEqualTo(Publication.published("applied 1 of 6 objects as upshift: Cluster default/capi-quickstart"));
        ObjectNode live = management.cluster();
        assertThat(Trees.text(live, "spec", "topology", "version")).isEqualTo("v1.34.1");
        assertThat(Trees.text(live, "metadata", "labels", UpshiftLabels.RELEASE)).isEqualTo("1.1.0");
        assertThat(Trees.text(live, "metadata", "annotations", UpshiftLabels.UPGRADE))
                .isEqualTo("default/capi-quickstart:1.0.0..1.1.0#1");
        assertThat(api.fieldsOf("Cluster", "capi-quickstart", "upshift")).contains(".spec.topology.version",
                ".metadata.labels.upshift.dev/release");
        assertThat(api.writes).isEqualTo(1);
    }

    @Test
    @DisplayName("a repeat finds the live objects holding the change: published, nothing sent, nothing changed")
    void idempotent() {
        publish("1.1.0", publisher());
        var after = management.snapshot();
        Publication again = publish("1.1.0", publisher());
        assertThat(again).isInstanceOf(Publication.Published.class);
        assertThat(((Publication.Published) again).reference()).startsWith("already applied: the live objects hold"
                + " release 1.1.0");
        assertThat(api.writes).isEqualTo(1);
        assertThat(api.dryRuns).isEqualTo(1);
        assertThat(management.snapshot()).isEqualTo(after);
    }

    @Test
    @DisplayName("a field another manager owns is a rejection naming the field and the manager; nothing changes")
    void conflict() {
        api.owns("Cluster", "capi-quickstart", "kubectl-client-side-apply", "spec", "topology", "version");
        var before = management.snapshot();
        Publication p = publish("1.1.0", publisher());
        assertThat(p).isInstanceOf(Publication.Rejected.class);
        assertThat(((Publication.Rejected) p).reason()).contains("nothing was applied",
                "Cluster default/capi-quickstart: .spec.topology.version (owned by kubectl-client-side-apply) would"
                        + " change, and is not upshift's to change",
                "let this upgrade force conflicts");
        assertThat(api.writes).isZero();
        assertThat(management.snapshot()).isEqualTo(before);
    }

    @Test
    @DisplayName("an upgrade the publisher is told may force takes the field over")
    void forced() {
        api.owns("Cluster", "capi-quickstart", "kubectl-client-side-apply", "spec", "topology", "version");
        ServerSideApplyPublisher forcing = ServerSideApplyPublisher.builder(client).serverSideApply(api)
                .forceConflicts(u -> u.intent().equals(Optional.of("fleet-to-1.1.0"))).build();
        assertThat(publish("1.1.0", forcing)).isInstanceOf(Publication.Published.class);
        assertThat(api.fieldsOf("Cluster", "capi-quickstart", "kubectl-client-side-apply"))
                .doesNotContain(".spec.topology.version");
        assertThat(Trees.text(management.cluster(), "spec", "topology", "version")).isEqualTo("v1.34.1");
    }

    @Test
    @DisplayName("templates are applied first (new ones, as core renames a changed template) and the Cluster last")
    void order() {
        List<String> sent = new ArrayList<>();
        ServerSideApply recording = (o, options) -> {
            if (!options.dryRun()) {
                sent.add(Trees.display(o));
            }
            return api.apply(o, options);
        };
        Publication p = publish("1.3.0", ServerSideApplyPublisher.builder(client).serverSideApply(recording).build());
        assertThat(p).isInstanceOf(Publication.Published.class);
        assertThat(sent).hasSize(5);
        assertThat(sent.subList(0, 2)).allMatch(s -> s.startsWith("DockerMachineTemplate default/capi-quickstart-"))
                .doesNotContain("DockerMachineTemplate default/capi-quickstart-control-plane-vjk2m",
                        "DockerMachineTemplate default/capi-quickstart-md-0-infra-2kx8q");
        assertThat(sent.subList(2, 5)).containsExactlyInAnyOrder("MachineDeployment default/capi-quickstart-md-0-h7c6b",
                "KubeadmControlPlane default/capi-quickstart-7gnzv", "Cluster default/capi-quickstart");
        assertThat(sent.get(4)).isEqualTo("Cluster default/capi-quickstart");
        String newTemplate = sent.get(0).substring("DockerMachineTemplate default/".length());
        assertThat(management.get("infrastructure.cluster.x-k8s.io/v1beta2", "DockerMachineTemplate", "default",
                newTemplate)).hasValueSatisfying(t -> assertThat(Trees.text(t, "spec", "template", "spec",
                        "customImage")).isEqualTo("kindest/node:v1.34.1"));
        assertThat(management.get("infrastructure.cluster.x-k8s.io/v1beta2", "DockerMachineTemplate", "default",
                "capi-quickstart-control-plane-vjk2m")).as("the old template stays for the machines using it").isPresent();
    }

    @Test
    @DisplayName("when admission refuses one object, none is applied (every object is dry-run first)")
    void dryRunFirst() {
        api.admission("validation.kubeadmcontrolplane.controlplane.cluster.x-k8s.io", (before, after) ->
                "KubeadmControlPlane".equals(Trees.text(after, "kind")) ? Optional.of("KubeadmControlPlane.controlplane"
                        + ".cluster.x-k8s.io \"capi-quickstart-7gnzv\" is invalid: spec.rollout.strategy.rollingUpdate"
                        + ".maxSurge: Invalid value: 0: must be 1 with fewer than 3 replicas") : Optional.empty());
        var before = management.snapshot();
        Publication p = publish("1.3.0", publisher());
        assertThat(p).isInstanceOf(Publication.Rejected.class);
        assertThat(((Publication.Rejected) p).reason()).contains("admission webhook"
                + " \"validation.kubeadmcontrolplane.controlplane.cluster.x-k8s.io\" denied the request", "maxSurge");
        assertThat(api.writes).isZero();
        assertThat(management.snapshot()).isEqualTo(before);
    }

    @Test
    @DisplayName("the published Cluster reads back as the target release, and the probe sees it published")
    void readsBack() {
        publish("1.1.0", publisher());
        ManagedCluster after = ClusterApiInventory.of(client).clusters().items().get(0);
        assertThat(after.release().toString()).isEqualTo("1.1.0");
        Upgrade u = Upgrades.upgrade(cluster, "1.1.0", 1);
        assertThat(ClusterApiStatusProbe.of(client).probe(u, ClusterApiStatusProbeTest.NOW).condition().reason())
                .isNotEqualTo("WaitingForPublication");
    }
}
