package dev.upshift.adapters.kubernetes;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.spi.ClusterInventory;
import dev.upshift.testkit.contract.Capabilities;
import dev.upshift.testkit.contract.ClusterInventoryContract;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;

/** The inventory holds to the testkit's inventory contract, on the quick-start cluster in the mock server. */
@EnableKubernetesMockClient(crud = true)
class KubernetesInventoryContractTest extends ClusterInventoryContract {
    KubernetesClient client;
    private ManagementCluster management;
    private KubernetesClient reading;

    @BeforeEach
    void quickStart() {
        management = ManagementCluster.quickStart(client);
        reading = client;
    }

    @Override
    protected Capabilities<Capability> capabilities() {
        return Capabilities.all(Capability.class);
    }

    @Override
    protected ClusterInventory inventory() {
        return ClusterApiInventory.of(reading);
    }

    @Override
    protected void arrangeBadDocument() {
        ObjectNode broken = management.cluster().deepCopy();
        broken.withObjectProperty("metadata").put("name", "no-release").remove(List.of("resourceVersion", "uid"));
        Trees.metadataMap(broken, "labels").remove(UpshiftLabels.RELEASE);
        management.create(broken);
    }

    @Override
    protected void arrangeUnreachable() {
        reading = Unreachable.client();
    }
}
