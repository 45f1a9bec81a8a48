package dev.upshift.adapters.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.release.Release;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.ReadinessFinding;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Live readiness on the mock server, which serves both sides: the management cluster's kubeconfig
 * Secret ({@code <cluster>-kubeconfig}, key {@code value}) and, through that kubeconfig, the workload
 * cluster's {@code /metrics} text. What only a real cluster proves is in docs/operator.md.
 */
@EnableKubernetesMockClient
class ApiServerReadinessCheckTest {
    static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");
    static final String SECRET = "/api/v1/namespaces/default/secrets/capi-quickstart-kubeconfig";
    static final String METRICS = """
            # HELP apiserver_requested_deprecated_apis [STABLE] Gauge of deprecated APIs that have been requested, broken out by API group, version, resource, subresource, and removed_release.
            # TYPE apiserver_requested_deprecated_apis gauge
            apiserver_requested_deprecated_apis{group="batch",removed_release="1.25",resource="cronjobs",subresource="",version="v1beta1"} 1
            apiserver_requested_deprecated_apis{group="policy",removed_release="1.25",resource="podsecuritypolicies",subresource="",version="v1beta1"} 0
            apiserver_requested_deprecated_apis{group="flowcontrol.apiserver.k8s.io",removed_release="1.29",resource="flow\\"schemas",subresource="status",version="v1beta2"} 1
            apiserver_requested_deprecated_apis{group="",removed_release="",resource="componentstatuses",subresource="",version="v1"} 1
            apiserver_request_total{code="200",group="batch",resource="cronjobs",verb="LIST",version="v1beta1"} 42
            """;
    KubernetesMockServer server;
    KubernetesClient client;

    static final ManagedCluster CLUSTER = ManagedCluster.builder("default/capi-quickstart").infrastructure("docker")
            .release("1.0.0").build();
    static final Release FROM = Release.builder("1.0.0").component("kubernetes", "1.24.3").build();
    static final Release TO = Release.builder("1.1.0").component("kubernetes", "1.25.2").build();

    /** Cluster API's kubeconfig Secret of the workload cluster, pointing at the mock server. */
    static Secret kubeconfig(KubernetesClient client) {
        String config = """
                apiVersion: v1
                kind: Config
                clusters:
                - name: workload
                  cluster: {server: "%s", insecure-skip-tls-verify: true}
                users:
                - name: admin
                  user: {token: not-a-secret}
                contexts:
                - name: admin@workload
                  context: {cluster: workload, user: admin}
                current-context: admin@workload
                """.formatted(client.getConfiguration().getMasterUrl());
        return new SecretBuilder().withNewMetadata().withName("capi-quickstart-kubeconfig").withNamespace("default")
                .endMetadata().addToData("value", Base64.getEncoder().encodeToString(config.getBytes(StandardCharsets.UTF_8)))
                .build();
    }

    static void serve(KubernetesMockServer server, KubernetesClient client) {
        server.expect().get().withPath(SECRET).andReturn(200, kubeconfig(client)).always();
        server.expect().get().withPath("/metrics").andReturn(200, METRICS).always();
    }

    @Test
    @DisplayName("reads each deprecated API requested on the workload cluster, with its removing release and when seen")
    void findsRequestedDeprecatedApis() throws InterruptedException {
        serve(server, client);
        List<ReadinessFinding> found = ApiServerReadinessCheck.of(client).check(CLUSTER, FROM, TO, NOW);

        assertThat(found).extracting(ReadinessFinding::toString).containsExactly("batch/v1beta1 cronjobs",
                "flowcontrol.apiserver.k8s.io/v1beta2 flow\"schemas", "v1 componentstatuses");
        ReadinessFinding cron = found.get(0);
        assertThat(cron.removedIn()).contains(Version.parse("1.25.0"));
        assertThat(cron.lastSeen()).contains(NOW);
        assertThat(cron.source()).isEqualTo("apiserver_requested_deprecated_apis of cluster default/capi-quickstart");
        assertThat(found.get(2).removedIn()).as("no removal planned").isEmpty();
        assertThat(server.getLastRequest().getPath()).isEqualTo("/metrics");
    }

    @Test
    @DisplayName("no kubeconfig Secret: it throws, naming the Secret, rather than finding nothing")
    void missingSecret() {
        server.expect().get().withPath(SECRET).andReturn(404, "").always();
        assertThatThrownBy(() -> ApiServerReadinessCheck.of(client).check(CLUSTER, FROM, TO, NOW))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("default/capi-quickstart-kubeconfig").hasMessageContaining("'value'");
    }

    @Test
    @DisplayName("label values with escapes and malformed lines are read or skipped, never misread")
    void parsesLabels() {
        assertThat(DeprecatedApiMetrics.labels("a=\"1\",b=\"x\\\"y\",c=\"\"")).hasValueSatisfying(m -> {
            assertThat(m).containsEntry("a", "1").containsEntry("b", "x\"y").containsEntry("c", "");
        });
        assertThat(DeprecatedApiMetrics.labels("a=1")).isEmpty();
        assertThat(DeprecatedApiMetrics.labels("a=\"open")).isEmpty();
        assertThat(DeprecatedApiMetrics.parse("apiserver_requested_deprecated_apis{version=\"v1beta1\"} 1\n"
                + "apiserver_requested_deprecated_apis{group=\"batch\",version=\"v1beta1\",resource=\"cronjobs\"} x\n",
                NOW, "s")).isEmpty();
        assertThat(DeprecatedApiMetrics.parse("apiserver_requested_deprecated_apis{group=\"batch\",version=\"v1beta1\","
                + "resource=\"cronjobs\",removed_release=\"1.25\"} 1 1700000000000\n", NOW, "s"))
                .singleElement().extracting(ReadinessFinding::removedIn).isEqualTo(Optional.of(Version.parse("1.25")));
    }
}
