package dev.upshift.adapters.kubernetes;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Release;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.ReadinessCheck;
import dev.upshift.spi.ReadinessFinding;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * Live readiness from the workload cluster's own API server, as AKS reads its usage records
 * (docs/adapters.md, "Live readiness"): the deprecated APIs its clients requested, from the
 * {@code apiserver_requested_deprecated_apis} gauge at {@code /metrics}, each with the release that
 * removes it ({@code removed_release}).
 *
 * <p>The workload cluster is reached through the kubeconfig Secret Cluster API keeps for it on the
 * management cluster: {@code <cluster>-kubeconfig} in the {@code Cluster}'s namespace, key
 * {@code value}. Each call reads the Secret, opens a client from it, reads the metrics and closes
 * the client; it changes nothing. The gauge counts requests since the API server started, so a
 * finding's {@code lastSeen} is the instant of the check: the API server still counted it then.
 * Throws {@link IllegalStateException} when the Secret is missing or has no {@code value}, and the
 * client's exception when either API server cannot be read: the caller does not know the hop is
 * ready.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ApiServerReadinessCheck implements ReadinessCheck {
    private final KubernetesClient management;
    private final Function<String, KubernetesClient> workload;

    private ApiServerReadinessCheck(KubernetesClient management, Function<String, KubernetesClient> workload) {
        this.management = management;
        this.workload = workload;
    }

    /** A check that reads the kubeconfig Secrets through the management cluster's client. */
    public static ApiServerReadinessCheck of(KubernetesClient management) {
        return new ApiServerReadinessCheck(Objects.requireNonNull(management, "management"),
                kubeconfig -> new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(kubeconfig)).build());
    }

    @Override
    public List<ReadinessFinding> check(ManagedCluster cluster, Release from, Release to, Instant now) {
        ClusterRef ref = ClusterRef.of(cluster);
        String name = ref.name() + "-kubeconfig";
        Secret secret = management.secrets().inNamespace(ref.namespace()).withName(name).get();
        if (secret == null || secret.getData() == null || secret.getData().get("value") == null) {
            throw new IllegalStateException("cluster " + cluster.id() + ": no kubeconfig Secret " + ref.namespace() + "/"
                    + name + " with a key 'value' on the management cluster, so its API server cannot be asked");
        }
        String kubeconfig = new String(Base64.getMimeDecoder().decode(secret.getData().get("value")),
                StandardCharsets.UTF_8);
        try (KubernetesClient client = workload.apply(kubeconfig)) {
            String url = client.getMasterUrl().toString();
            String text = client.raw((url.endsWith("/") ? url : url + "/") + "metrics");
            if (text == null) {
                throw new KubernetesClientException("cluster " + cluster.id() + ": its API server serves no /metrics");
            }
            return DeprecatedApiMetrics.parse(text, now, DeprecatedApiMetrics.METRIC + " of cluster " + cluster.id());
        }
    }

    @Override
    public String toString() {
        return "live readiness from " + DeprecatedApiMetrics.METRIC;
    }
}
