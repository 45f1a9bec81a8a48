package dev.upshift.adapters.kubernetes;

import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;

/** A client of an API server that is not there: a closed port on this machine, no retries. */
final class Unreachable {
    private Unreachable() {}

    static KubernetesClient client() {
        return new KubernetesClientBuilder().withConfig(new ConfigBuilder().withMasterUrl("http://127.0.0.1:9")
                .withRequestRetryBackoffLimit(0).withConnectionTimeout(2_000).withRequestTimeout(2_000)
                .withAutoConfigure(false).build()).build();
    }
}
