package dev.upshift.adapters.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.diff.document.Document;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Rendering;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true)
class DryRunRendererTest {
    /** Cluster API's Cluster webhook: a topology version may move one minor at a time (without a version list). */
    static final FakeServerSideApply.Admission ONE_MINOR_AT_A_TIME = (before, after) -> {
        if (!"Cluster".equals(Trees.text(after, "kind")) || before.isEmpty()) {
            return Optional.empty();
        }
        Version from = Version.parse(Trees.text(before.get(), "spec", "topology", "version"));
        Version to = Version.parse(Trees.text(after, "spec", "topology", "version"));
        if (to.major() == from.major() && to.minor() > from.minor() + 1) {
            return Optional.of("Cluster.cluster.x-k8s.io \"" + Trees.text(after, "metadata", "name") + "\" is invalid:"
                    + " spec.topology.version: Forbidden: version cannot be increased from \"" + from + "\" to \"" + to
                    + "\"");
        }
        return Optional.empty();
    };

    /** Cluster API's Cluster webhook defaults the class's namespace to the Cluster's. */
    static final FakeServerSideApply.Admission CLASS_NAMESPACE = (before, after) -> {
        if ("Cluster".equals(Trees.text(after, "kind")) && after.at("/spec/topology/classRef") instanceof ObjectNode ref
                && !ref.has("namespace")) {
            ref.put("namespace", Trees.text(after, "metadata", "namespace"));
        }
        return Optional.empty();
    };

    KubernetesClient client;
    private ManagementCluster management;
    private FakeServerSideApply api;
    private ManagedCluster cluster;

    @BeforeEach
    void quickStart() {
        management = ManagementCluster.quickStart(client);
        api = new FakeServerSideApply(management).admission("default.cluster.cluster.x-k8s.io", CLASS_NAMESPACE)
                .admission("validation.cluster.cluster.x-k8s.io", ONE_MINOR_AT_A_TIME);
        cluster = ClusterApiInventory.of(client).clusters().items().get(0);
    }

    private JsonNode renderedCluster(Rendering r) {
        assertThat(r).isInstanceOf(Rendering.Rendered.class);
        return ((Rendering.Rendered) r).documents().documents().stream().filter(d -> d.id().kind().equals("Cluster"))
                .map(Document::tree).findFirst().orElseThrow();
    }

    @Test
    @DisplayName("renders what the release's defaults touch as the server would store it, its defaulting included,"
            + " noise stripped")
    void renders() {
        Rendering r = DryRunRenderer.builder(api).build().render(cluster, Upgrades.release("1.1.0"));
        JsonNode c = renderedCluster(r);
        assertThat(Trees.text(c, "spec", "topology", "version")).isEqualTo("v1.34.1");
        assertThat(Trees.text(c, "spec", "topology", "classRef", "namespace")).isEqualTo("default");
        assertThat(c.has("status")).isFalse();
        assertThat(c.get("metadata").has("managedFields")).isFalse();
        assertThat(((Rendering.Rendered) r).documents().documents()).extracting(d -> d.id().kind())
                .containsExactly("Cluster");
        assertThat(Trees.text(c, "spec", "clusterNetwork", "serviceDomain")).as("the live object's other fields")
                .isEqualTo("cluster.local");
    }

    @Test
    @DisplayName("a dry-run stores nothing")
    void storesNothing() {
        var before = management.snapshot();
        DryRunRenderer.builder(api).build().render(cluster, Upgrades.release("1.1.0"));
        assertThat(management.snapshot()).isEqualTo(before);
        assertThat(api.writes).isZero();
        assertThat(api.dryRuns).isEqualTo(1);
    }

    @Test
    @DisplayName("an admission webhook's denial is a rejected rendering with the server's message")
    void admissionRejects() {
        Rendering r = DryRunRenderer.builder(api).build().render(cluster, Upgrades.release("1.2.0"));
        assertThat(r).isInstanceOf(Rendering.Rejected.class);
        assertThat(((Rendering.Rejected) r).reason()).isEqualTo("the management cluster refuses release 1.2.0 for"
                + " default/capi-quickstart: Cluster default/capi-quickstart: admission webhook"
                + " \"validation.cluster.cluster.x-k8s.io\" denied the"
                + " request: Cluster.cluster.x-k8s.io \"capi-quickstart\" is invalid: spec.topology.version: Forbidden:"
                + " version cannot be increased from \"1.33.0\" to \"1.36.0\"");
    }

    @Test
    @DisplayName("a field another manager owns is a rejection naming both, unless the renderer forces as its publisher does")
    void conflicts() {
        api.owns("Cluster", "capi-quickstart", "capi-operator", "spec", "topology", "version");
        Rendering r = DryRunRenderer.builder(api).build().render(cluster, Upgrades.release("1.1.0"));
        assertThat(r).isInstanceOf(Rendering.Rejected.class);
        assertThat(((Rendering.Rejected) r).reason()).contains(".spec.topology.version (owned by capi-operator)");
        assertThat(DryRunRenderer.builder(api).forceConflicts(true).build().render(cluster, Upgrades.release("1.1.0")))
                .isInstanceOf(Rendering.Rendered.class);
    }

    @Test
    @DisplayName("a server that cannot be reached throws (the planner blocks the cluster for that round)")
    void unreachable() {
        api.unreachable();
        assertThatThrownBy(() -> DryRunRenderer.builder(api).build().render(cluster, Upgrades.release("1.1.0")))
                .isInstanceOf(KubernetesClientException.class);
    }
}
