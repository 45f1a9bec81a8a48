package dev.upshift.adapters.kubernetes;

import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.ReadinessCheck;
import dev.upshift.testkit.contract.Capabilities;
import dev.upshift.testkit.contract.ReadinessCheckContract;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;

/** The live readiness check holds to the testkit's contract, on the mock server. */
@EnableKubernetesMockClient
class KubernetesReadinessContractTest extends ReadinessCheckContract {
    KubernetesMockServer server;
    KubernetesClient client;

    @Override
    protected Capabilities<Capability> capabilities() {
        return Capabilities.all(Capability.class);
    }

    @Override
    protected ManagedCluster cluster() {
        return ApiServerReadinessCheckTest.CLUSTER;
    }

    @Override
    protected ReadinessCheck newCheck() {
        return ApiServerReadinessCheck.of(client);
    }

    @Override
    protected void arrangeUsage(ManagedCluster cluster) {
        ApiServerReadinessCheckTest.serve(server, client);
    }

    @Override
    protected void arrangeUnreachable(ManagedCluster cluster) {
        server.expect().get().withPath(ApiServerReadinessCheckTest.SECRET).andReturn(404, "").always();
    }
}
