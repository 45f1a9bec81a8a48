package dev.upshift.adapters.kubernetes;

import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Renderer;
import dev.upshift.testkit.contract.Capabilities;
import dev.upshift.testkit.contract.RendererContract;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;

/** The dry-run renderer holds to the testkit's renderer contract, the dry-run modelled by the fake. */
@EnableKubernetesMockClient(crud = true)
class KubernetesRendererContractTest extends RendererContract {
    KubernetesClient client;
    private FakeServerSideApply api;

    @BeforeEach
    void server() {
        api = new FakeServerSideApply(new ManagementCluster(client));
    }

    @Override
    protected Capabilities<Capability> capabilities() {
        return Capabilities.all(Capability.class);
    }

    @Override
    protected Renderer newRenderer() {
        return DryRunRenderer.builder(api).build();
    }

    @Override
    protected void arrangeRejection(ManagedCluster cluster) {
        api.admission("validation.kubeadmcontrolplane.controlplane.cluster.x-k8s.io", (before, after) -> Optional.of(
                "KubeadmControlPlane.controlplane.cluster.x-k8s.io \"contract-1\" is invalid: spec.version: Forbidden"));
    }
}
