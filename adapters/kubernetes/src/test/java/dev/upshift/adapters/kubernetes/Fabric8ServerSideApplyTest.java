package dev.upshift.adapters.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The real {@link ServerSideApply}: what it sends (against the mock server in expectation mode, which
 * answers what a test tells it to) and how it reads the API server's refusals (statuses shaped as
 * Kubernetes 1.34 sends them).
 */
@EnableKubernetesMockClient
class Fabric8ServerSideApplyTest {
    static final String CONFLICT_MESSAGE = "Apply failed with 1 conflict: conflict with \"capi-topology\" using"
            + " controlplane.cluster.x-k8s.io/v1beta2: .spec.version";
    KubernetesClient client;
    KubernetesMockServer server;

    private ObjectNode kcp() {
        return (ObjectNode) ManagementCluster.read("quickstart.yaml").get(1);
    }

    @Test
    @DisplayName("sends an apply patch as field manager upshift, with dryRun=All and force as asked")
    void request() throws Exception {
        new Fabric8ServerSideApply(client).apply(kcp(), new ApplyOptions("upshift", true, true));
        RecordedRequest sent = server.getLastRequest();
        assertThat(sent.getMethod()).isEqualTo("PATCH");
        assertThat(sent.getPath()).startsWith("/apis/controlplane.cluster.x-k8s.io/v1beta2/namespaces/default/"
                + "kubeadmcontrolplanes/capi-quickstart-7gnzv?").contains("fieldManager=upshift", "force=true",
                "dryRun=All");
        assertThat(sent.getHeader("Content-Type")).startsWith("application/apply-patch+yaml");
        assertThat(sent.getBody().readString(StandardCharsets.UTF_8)).contains("v1.33.0");
    }

    @Test
    @DisplayName("a real apply sends neither dryRun nor force")
    void plainRequest() throws Exception {
        new Fabric8ServerSideApply(client).apply(kcp(), ApplyOptions.upshift());
        assertThat(server.getLastRequest().getPath()).contains("fieldManager=upshift").doesNotContain("dryRun")
                .doesNotContain("force=true");
    }

    @Test
    @DisplayName("the server's answer is the applied object")
    void applied() throws Exception {
        new Fabric8ServerSideApply(client).apply(kcp(), ApplyOptions.upshift());
        String path = server.getLastRequest().getPath();
        ObjectNode answer = kcp().deepCopy();
        answer.withObjectProperty("spec").put("version", "v1.34.1");
        server.expect().patch().withPath(path).andReturn(200, answer.toString()).once();
        ApplyResult r = new Fabric8ServerSideApply(client).apply(kcp(), ApplyOptions.upshift());
        assertThat(r).isInstanceOf(ApplyResult.Applied.class);
        assertThat(Trees.text(((ApplyResult.Applied) r).object(), "spec", "version")).isEqualTo("v1.34.1");
    }

    @Test
    @DisplayName("409 with field-manager causes is a conflict naming each field and its manager")
    void conflict() throws Exception {
        new Fabric8ServerSideApply(client).apply(kcp(), ApplyOptions.upshift());
        String path = server.getLastRequest().getPath();
        Status status = new StatusBuilder().withKind("Status").withApiVersion("v1").withStatus("Failure").withCode(409)
                .withReason("Conflict").withMessage(CONFLICT_MESSAGE).withNewDetails().addNewCause()
                .withReason("FieldManagerConflict").withField(".spec.version")
                .withMessage("conflict with \"capi-topology\" using controlplane.cluster.x-k8s.io/v1beta2").endCause()
                .endDetails().build();
        server.expect().patch().withPath(path).andReturn(409, status).once();
        ApplyResult r = new Fabric8ServerSideApply(client).apply(kcp(), ApplyOptions.upshift());
        assertThat(r).isEqualTo(new ApplyResult.Conflicted(List.of(new FieldConflict(".spec.version", "capi-topology")),
                CONFLICT_MESSAGE));
    }

    @Test
    @DisplayName("a webhook's denial (422, 403) is a refusal with the server's message")
    void denied() {
        String message = "admission webhook \"validation.kubeadmcontrolplane.controlplane.cluster.x-k8s.io\" denied the"
                + " request: spec.version: Forbidden: cannot update Kubernetes version from v1.33.0 to v1.35.0";
        for (int code : new int[] {422, 403, 400, 404}) {
            ApplyResult r = Fabric8ServerSideApply.refusal(new KubernetesClientException(new StatusBuilder()
                    .withCode(code).withMessage(message).build()), "KubeadmControlPlane default/x");
            assertThat(r).as("code %d", code).isEqualTo(new ApplyResult.Refused("KubeadmControlPlane default/x: "
                    + message));
        }
    }

    @Test
    @DisplayName("what trying again may fix (server errors, throttling, no answer) is thrown, not answered")
    void thrown() {
        for (int code : new int[] {500, 503, 429, 401, 0}) {
            KubernetesClientException e = new KubernetesClientException(new StatusBuilder().withCode(code)
                    .withMessage("etcdserver: request timed out").build());
            assertThatThrownBy(() -> Fabric8ServerSideApply.refusal(e, "Cluster default/x")).as("code %d", code)
                    .isSameAs(e);
        }
    }
}
