package dev.upshift.adapters.kubernetes;

import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.testkit.contract.Capabilities;
import dev.upshift.testkit.contract.ChangePublisherContract;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;

/**
 * The publisher holds to the testkit's publisher contract: reads on the mock server, server-side apply
 * through the fake that models ownership and admission.
 */
@EnableKubernetesMockClient(crud = true)
class KubernetesPublisherContractTest extends ChangePublisherContract {
    KubernetesClient client;
    private ManagementCluster management;
    private FakeServerSideApply api;

    @BeforeEach
    void quickStart() {
        management = ManagementCluster.quickStart(client);
        api = new FakeServerSideApply(management);
    }

    @Override
    protected Capabilities<Capability> capabilities() {
        return Capabilities.all(Capability.class);
    }

    @Override
    protected ChangePublisher newPublisher() {
        return ServerSideApplyPublisher.builder(client).serverSideApply(api).build();
    }

    @Override
    protected Change change() {
        ManagedCluster cluster = ClusterApiInventory.of(client).clusters().items().get(0);
        return new Change(Upgrades.upgrade(cluster, "1.1.0", 1), Upgrades.merge(cluster, "1.1.0"));
    }

    @Override
    protected Object target() {
        return management.snapshot();
    }

    @Override
    protected ChangePublisher restart(ChangePublisher publisher) {
        return newPublisher();
    }

    @Override
    protected void arrangeRejection(ChangePublisher publisher) {
        api.admission("validation.cluster.cluster.x-k8s.io", (before, after) -> Optional.of("Cluster.cluster.x-k8s.io"
                + " \"capi-quickstart\" is invalid: spec.topology.version: Forbidden: upgrades are paused"));
    }

    @Override
    protected void arrangeUnreachable(ChangePublisher publisher) {
        api.unreachable();
    }
}
