package dev.upshift.adapters.kubernetes;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.spi.StatusProbe;
import dev.upshift.spi.Upgrade;
import dev.upshift.testkit.contract.Capabilities;
import dev.upshift.testkit.contract.StatusProbeContract;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.BeforeEach;

/** The probe holds to the testkit's probe contract, Cluster API's status moved on the mock server. */
@EnableKubernetesMockClient(crud = true)
class KubernetesProbeContractTest extends StatusProbeContract {
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
    protected Upgrade upgrade() {
        return Upgrades.upgrade(ClusterApiInventory.of(client).clusters().items().get(0), "1.1.0", 1);
    }

    @Override
    protected StatusProbe newProbe() {
        return ClusterApiStatusProbe.of(reading);
    }

    private void cluster(java.util.function.Consumer<ObjectNode> change) {
        management.update(ManagementCluster.CORE, "Cluster", "capi-quickstart", change);
    }

    @Override
    protected void arrangeInProgress(Upgrade upgrade) {
        cluster(c -> {
            Trees.metadataMap(c, "labels").put(UpshiftLabels.RELEASE, "1.1.0");
            c.withObjectProperty("spec").withObjectProperty("topology").put("version", "v1.34.1");
            ((ObjectNode) Trees.condition(c, "TopologyReconciled").orElseThrow()).put("status", "False")
                    .put("reason", "ClusterUpgrading").put("message", "Cluster is upgrading to v1.34.1");
        });
        management.observe(ManagementCluster.CORE, "Cluster", "capi-quickstart");
    }

    @Override
    protected void arrangeSucceeded(Upgrade upgrade) {
        cluster(c -> {
            Trees.metadataMap(c, "labels").put(UpshiftLabels.RELEASE, "1.1.0");
            c.withObjectProperty("spec").withObjectProperty("topology").put("version", "v1.34.1");
            ((ObjectNode) Trees.condition(c, "TopologyReconciled").orElseThrow()).put("status", "True")
                    .put("reason", "ReconcileSucceeded");
        });
        management.update(ManagementCluster.KCP, "KubeadmControlPlane", "capi-quickstart-7gnzv", kcp -> {
            kcp.withObjectProperty("spec").put("version", "v1.34.1");
            kcp.withObjectProperty("status").putArray("versions").addObject().put("version", "v1.34.1");
        });
        management.update(ManagementCluster.CORE, "MachineDeployment", "capi-quickstart-md-0-h7c6b", md -> {
            md.withObjectProperty("spec").withObjectProperty("template").withObjectProperty("spec")
                    .put("version", "v1.34.1");
            md.withObjectProperty("status").putArray("versions").addObject().put("version", "v1.34.1");
        });
        management.observe(ManagementCluster.CORE, "Cluster", "capi-quickstart");
        management.observe(ManagementCluster.KCP, "KubeadmControlPlane", "capi-quickstart-7gnzv");
        management.observe(ManagementCluster.CORE, "MachineDeployment", "capi-quickstart-md-0-h7c6b");
    }

    @Override
    protected void arrangeFailed(Upgrade upgrade) {
        arrangeInProgress(upgrade);
        management.update(ManagementCluster.CORE, "Machine", "capi-quickstart-7gnzv-qz4rt",
                m -> m.withObjectProperty("status").put("phase", "Failed"));
    }

    @Override
    protected void arrangeUnreachable(Upgrade upgrade) {
        reading = Unreachable.client();
    }

    @Override
    protected Object system() {
        return management.snapshot();
    }
}
