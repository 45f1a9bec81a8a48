package dev.upshift.adapters.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problem;
import dev.upshift.diff.document.Document;
import dev.upshift.release.Version;
import dev.upshift.spi.Listing;
import dev.upshift.spi.ManagedCluster;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true)
class ClusterApiInventoryTest {
    KubernetesClient client;
    private ManagementCluster management;

    @BeforeEach
    void quickStart() {
        management = ManagementCluster.quickStart(client);
    }

    private ManagedCluster only() {
        Listing<ManagedCluster> listing = ClusterApiInventory.of(client).clusters();
        assertThat(listing.problems()).isEmpty();
        assertThat(listing.items()).hasSize(1);
        return listing.items().get(0);
    }

    @Test
    @DisplayName("a Cluster is a managed cluster: id namespace/name, its labels, release, schedule and infrastructure")
    void readsTheCluster() {
        ManagedCluster c = only();
        assertThat(c.id()).isEqualTo("default/capi-quickstart");
        assertThat(c.release()).isEqualTo(Version.parse("1.0.0"));
        assertThat(c.labels()).containsEntry("env", "dev").containsEntry("upshift.dev/release", "1.0.0")
                .containsEntry("cluster.x-k8s.io/cluster-name", "capi-quickstart");
        assertThat(c.schedule()).contains("weekday-nights");
        assertThat(c.infrastructure()).isEqualTo("docker");
        assertThat(c.location().source()).isEqualTo("Cluster default/capi-quickstart");
    }

    @Test
    @DisplayName("its documents are the Cluster, its control plane, machine deployments and their templates; no machines")
    void documents() {
        assertThat(only().resources().documents()).extracting(d -> d.id().kind() + " " + d.id().name())
                .containsExactlyInAnyOrder("Cluster capi-quickstart", "KubeadmControlPlane capi-quickstart-7gnzv",
                        "DockerMachineTemplate capi-quickstart-control-plane-vjk2m",
                        "DockerMachineTemplate capi-quickstart-md-0-infra-2kx8q",
                        "KubeadmConfigTemplate capi-quickstart-md-0-bootstrap-lm7ts",
                        "MachineDeployment capi-quickstart-md-0-h7c6b");
    }

    @Test
    @DisplayName("server noise is stripped as the merge expects; the specification stays whole")
    void stripsServerNoise() {
        for (Document d : only().resources().documents()) {
            assertThat(d.tree().has("status")).as(d.displayName()).isFalse();
            assertThat(d.tree().get("metadata").fieldNames()).toIterable().as(d.displayName())
                    .doesNotContain("managedFields", "resourceVersion", "uid", "generation", "creationTimestamp");
        }
        Document kcp = only().resources().documents().stream().filter(d -> d.id().kind().equals("KubeadmControlPlane"))
                .findFirst().orElseThrow();
        assertThat(Trees.text(kcp.tree(), "spec", "version")).isEqualTo("v1.33.0");
        assertThat(Trees.text(kcp.tree(), "spec", "machineTemplate", "spec", "infrastructureRef", "name"))
                .isEqualTo("capi-quickstart-control-plane-vjk2m");
    }

    @Test
    @DisplayName("two reads with nothing changed give equal clusters and documents")
    void stable() {
        ManagedCluster first = only();
        ManagedCluster second = only();
        assertThat(second.toString()).isEqualTo(first.toString());
        assertThat(second.labels()).isEqualTo(first.labels());
        assertThat(second.resources().documents()).extracting(Document::tree)
                .isEqualTo(first.resources().documents().stream().map(Document::tree).toList());
    }

    @Test
    @DisplayName("a Cluster without the release label is a problem naming the label; the others are still listed")
    void noRelease() {
        addSecondCluster();
        management.update(ManagementCluster.CORE, "Cluster", "capi-quickstart",
                c -> Trees.metadataMap(c, "labels").remove(UpshiftLabels.RELEASE));
        Listing<ManagedCluster> listing = ClusterApiInventory.of(client).clusters();
        assertThat(listing.items()).extracting(ManagedCluster::id).containsExactly("default/second");
        Problem p = listing.problems().get(0);
        assertThat(p.isError()).isTrue();
        assertThat(p.location().source()).isEqualTo("Cluster default/capi-quickstart");
        assertThat(p.field()).isEqualTo("metadata.labels.upshift.dev/release");
        assertThat(p.message()).contains("has no label upshift.dev/release");
    }

    @Test
    @DisplayName("the release may be an annotation (a version that cannot be a label value)")
    void releaseAnnotation() {
        management.update(ManagementCluster.CORE, "Cluster", "capi-quickstart", c -> {
            Trees.metadataMap(c, "labels").remove(UpshiftLabels.RELEASE);
            Trees.metadataMap(c, "annotations").put(UpshiftLabels.RELEASE, "1.0.0+build.7");
        });
        assertThat(only().release()).isEqualTo(Version.parse("1.0.0+build.7"));
    }

    @Test
    @DisplayName("a release that is not a version is a problem naming the field and what was expected")
    void badRelease() {
        management.update(ManagementCluster.CORE, "Cluster", "capi-quickstart",
                c -> Trees.metadataMap(c, "labels").put(UpshiftLabels.RELEASE, "latest"));
        Listing<ManagedCluster> listing = ClusterApiInventory.of(client).clusters();
        assertThat(listing.items()).isEmpty();
        assertThat(listing.problems()).singleElement().satisfies(p -> {
            assertThat(p.field()).isEqualTo("metadata.labels.upshift.dev/release");
            assertThat(p.message()).contains("'latest'", "expected a release version");
        });
    }

    @Test
    @DisplayName("a reference to an object that does not exist is a problem naming both")
    void missingTemplate() {
        management.delete("infrastructure.cluster.x-k8s.io/v1beta2", "DockerMachineTemplate",
                "capi-quickstart-md-0-infra-2kx8q");
        Listing<ManagedCluster> listing = ClusterApiInventory.of(client).clusters();
        assertThat(listing.items()).isEmpty();
        assertThat(listing.problems()).singleElement().satisfies(p -> {
            assertThat(p.field()).isEqualTo("spec.template.spec.infrastructureRef");
            assertThat(p.message()).contains("MachineDeployment default/capi-quickstart-md-0-h7c6b references"
                    + " DockerMachineTemplate default/capi-quickstart-md-0-infra-2kx8q", "does not exist");
        });
    }

    @Test
    @DisplayName("a provider group Upshift does not know needs its version set; with it, the cluster is read")
    void unknownGroup() {
        management.update(ManagementCluster.CORE, "Cluster", "capi-quickstart", c -> c.withObjectProperty("spec")
                .withObjectProperty("controlPlaneRef").put("apiGroup", "controlplane.example.com"));
        ObjectNodes.copy(management, ManagementCluster.KCP, "KubeadmControlPlane", "capi-quickstart-7gnzv",
                "controlplane.example.com/v1alpha3");
        Listing<ManagedCluster> unknown = ClusterApiInventory.of(client).clusters();
        assertThat(unknown.problems()).singleElement().satisfies(p -> assertThat(p.message())
                .contains("API group controlplane.example.com", "apiVersion(\"controlplane.example.com\", version)"));
        Listing<ManagedCluster> known = ClusterApiInventory.builder(client)
                .apiVersion("controlplane.example.com", "v1alpha3").build().clusters();
        assertThat(known.problems()).isEmpty();
        assertThat(known.items().get(0).resources().documents()).anyMatch(d -> d.apiVersion()
                .equals("controlplane.example.com/v1alpha3"));
    }

    @Test
    @DisplayName("an inventory of one namespace lists only its clusters")
    void namespace() {
        assertThat(ClusterApiInventory.builder(client).namespace("fleet").build().clusters().items()).isEmpty();
        assertThat(ClusterApiInventory.builder(client).namespace("default").build().clusters().items()).hasSize(1);
    }

    private void addSecondCluster() {
        var second = management.cluster().deepCopy();
        Trees.metadataMap(second, "labels").put(UpshiftLabels.CLUSTER_NAME, "second");
        second.withObjectProperty("metadata").put("name", "second").remove(List.of("resourceVersion", "uid"));
        second.withObjectProperty("spec").remove("controlPlaneRef");
        management.create(second);
        assertThat(management.get(ManagementCluster.CORE, "Cluster", "default", "second")).isPresent();
    }
}
