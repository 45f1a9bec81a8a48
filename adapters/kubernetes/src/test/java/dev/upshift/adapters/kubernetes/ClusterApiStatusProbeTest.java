package dev.upshift.adapters.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradePart;
import dev.upshift.spi.UpgradeStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The probe against the quick-start cluster on the mock server, its status moved as Cluster API moves
 * it during an upgrade from v1.33.0 (release 1.0.0) to v1.34.1 (release 1.1.0).
 */
@EnableKubernetesMockClient(crud = true)
class ClusterApiStatusProbeTest {
    static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");
    static final String MD = "capi-quickstart-md-0-h7c6b";
    static final String CP = "capi-quickstart-7gnzv";
    KubernetesClient client;
    private ManagementCluster management;
    private Upgrade upgrade;

    @BeforeEach
    void quickStart() {
        management = ManagementCluster.quickStart(client);
        ManagedCluster cluster = ClusterApiInventory.of(client).clusters().items().get(0);
        upgrade = Upgrades.upgrade(cluster, "1.1.0", 1);
    }

    private UpgradeStatus probe() {
        return ClusterApiStatusProbe.of(client).probe(upgrade, NOW);
    }

    /** What the publisher leaves: the Cluster at the target release, its topology moved on. */
    private void published() {
        management.update(ManagementCluster.CORE, "Cluster", "capi-quickstart", c -> {
            Trees.metadataMap(c, "labels").put(UpshiftLabels.RELEASE, "1.1.0");
            c.withObjectProperty("spec").withObjectProperty("topology").put("version", "v1.34.1");
        });
    }

    /** Cluster API's topology controller picks the change up and starts the upgrade: the plan is published. */
    private void upgrading() {
        management.observe(ManagementCluster.CORE, "Cluster", "capi-quickstart");
        management.update(ManagementCluster.CORE, "Cluster", "capi-quickstart", c -> {
            ObjectNode status = c.withObjectProperty("status");
            ObjectNode topology = (ObjectNode) Trees.condition(c, "TopologyReconciled").orElseThrow();
            topology.put("status", "False").put("reason", "ClusterUpgrading")
                    .put("message", "Cluster is upgrading to v1.34.1\n  * KubeadmControlPlane capi-quickstart-7gnzv"
                            + " upgrading to version v1.34.1")
                    .put("lastTransitionTime", "2026-11-27T09:40:00Z");
            status.withObjectProperty("controlPlane").putArray("upgradePlan").addObject().put("version", "v1.34.1");
            status.withObjectProperty("workers").putArray("upgradePlan").addObject().put("version", "v1.34.1");
        });
    }

    private void controlPlane(String version, int upToDate, int ready, int replicas) {
        management.update(ManagementCluster.KCP, "KubeadmControlPlane", CP, kcp -> {
            kcp.withObjectProperty("spec").put("version", version);
            ObjectNode s = kcp.withObjectProperty("status");
            s.put("upToDateReplicas", upToDate).put("readyReplicas", ready)
                    .put("replicas", replicas);
            s.putArray("versions").addObject().put("version", version).put("replicas", upToDate);
            if (upToDate < replicas) {
                ((com.fasterxml.jackson.databind.node.ArrayNode) s.get("versions")).addObject().put("version", "v1.33.0")
                        .put("replicas", replicas - upToDate);
            }
        });
        management.observe(ManagementCluster.KCP, "KubeadmControlPlane", CP);
    }

    private void workers(String version, int upToDate, int ready, int replicas) {
        management.update(ManagementCluster.CORE, "MachineDeployment", MD, md -> {
            md.withObjectProperty("spec").withObjectProperty("template").withObjectProperty("spec").put("version", version);
            ObjectNode s = md.withObjectProperty("status");
            s.put("upToDateReplicas", upToDate).put("readyReplicas", ready)
                    .put("replicas", replicas);
            s.putArray("versions").addObject().put("version", version).put("replicas", replicas);
        });
        management.observe(ManagementCluster.CORE, "MachineDeployment", MD);
    }

    private void planDone() {
        management.update(ManagementCluster.CORE, "Cluster", "capi-quickstart", c -> {
            c.withObjectProperty("status").withObjectProperty("controlPlane").remove("upgradePlan");
            c.withObjectProperty("status").withObjectProperty("workers").remove("upgradePlan");
            ((ObjectNode) Trees.condition(c, "TopologyReconciled").orElseThrow()).put("status", "True")
                    .put("reason", "ReconcileSucceeded").put("message", "")
                    .put("lastTransitionTime", "2026-11-27T09:58:30Z");
        });
    }

    @Test
    @DisplayName("before the Cluster carries the target release, the upgrade is in progress, waiting for it")
    void waitingForPublication() {
        UpgradeStatus s = probe();
        assertThat(s).isInstanceOf(UpgradeStatus.InProgress.class);
        assertThat(s.condition().reason()).isEqualTo("WaitingForPublication");
        assertThat(s.condition().message()).contains("does not carry release 1.1.0", "'1.0.0'");
    }

    @Test
    @DisplayName("published but not yet observed by Cluster API: in progress, waiting for Cluster API")
    void notObserved() {
        published();
        UpgradeStatus s = probe();
        assertThat(s.condition().reason()).isEqualTo("WaitingForClusterAPI");
    }

    @Test
    @DisplayName("TopologyReconciled ClusterUpgrading with an upgrade plan: in progress with Cluster API's message and the plan")
    void clusterUpgrading() {
        published();
        upgrading();
        UpgradeStatus s = probe();
        assertThat(s).isInstanceOf(UpgradeStatus.InProgress.class);
        assertThat(s.condition().reason()).isEqualTo("ClusterUpgrading");
        assertThat(s.condition().message()).contains("Cluster API is upgrading the cluster",
                "KubeadmControlPlane capi-quickstart-7gnzv upgrading to version v1.34.1",
                "still to apply: control plane v1.34.1, workers v1.34.1");
        assertThat(s.condition().lastTransitionTime()).isEqualTo(Instant.parse("2026-11-27T09:40:00Z"));
        assertThat(((UpgradeStatus.InProgress) s).progress()).contains(new UpgradeStatus.Progress(6, 0, true));
    }

    @Test
    @DisplayName("the control plane rolling: counts of machines up to date at the new version, and ready")
    void controlPlaneRolling() {
        published();
        upgrading();
        controlPlane("v1.34.1", 1, 3, 4);
        UpgradeStatus s = probe();
        assertThat(((UpgradeStatus.InProgress) s).progress()).contains(new UpgradeStatus.Progress(6, 1, true));
        assertThat(s.condition().message()).contains(
                "control plane: 1 of 3 machines up to date at v1.34.1, 3 ready, 4 in all (running v1.34.1, v1.33.0)");
    }

    @Test
    @DisplayName("workers rolling after the control plane: in progress, WorkersUpgrading, with the deployment's counts")
    void workersRolling() {
        published();
        upgrading();
        controlPlane("v1.34.1", 3, 3, 3);
        workers("v1.34.1", 1, 0, 3);
        planDone();
        UpgradeStatus s = probe();
        assertThat(s.condition().reason()).isEqualTo("WorkersUpgrading");
        assertThat(((UpgradeStatus.InProgress) s).progress()).contains(new UpgradeStatus.Progress(6, 4, false));
        assertThat(s.condition().message()).contains("machine deployment " + MD + ": 1 of 3 machines up to date at"
                + " v1.34.1, 0 ready");
    }

    @Test
    @DisplayName("every machine up to date and ready, the plan done: succeeded at Cluster API's latest transition")
    void succeeded() {
        published();
        upgrading();
        controlPlane("v1.34.1", 3, 3, 3);
        workers("v1.34.1", 3, 3, 3);
        planDone();
        UpgradeStatus s = probe();
        assertThat(s).isInstanceOf(UpgradeStatus.Succeeded.class);
        assertThat(s.condition().reason()).isEqualTo("UpgradeCompleted");
        assertThat(s.condition().lastTransitionTime()).isEqualTo(Instant.parse("2026-11-27T09:58:30Z"));
        assertThat(s.condition().message()).contains("control plane: 3 of 3 machines up to date at v1.34.1, 3 ready");
    }

    @Test
    @DisplayName("counts that look done while a surplus machine is still there are not done")
    void surplusMachine() {
        published();
        upgrading();
        controlPlane("v1.34.1", 3, 3, 4);
        workers("v1.34.1", 3, 3, 3);
        planDone();
        assertThat(probe()).isInstanceOf(UpgradeStatus.InProgress.class);
    }

    @Test
    @DisplayName("a machine Cluster API marks failed fails the upgrade, naming the machine, its deployment and why")
    void machineFailed() {
        published();
        upgrading();
        management.update(ManagementCluster.CORE, "Machine", "capi-quickstart-md-0-h7c6b-5x8vd-kq9zt", m -> {
            ObjectNode s = m.withObjectProperty("status");
            s.put("phase", "Failed");
            s.withObjectProperty("deprecated").withObjectProperty("v1beta1").put("failureReason", "CreateError")
                    .put("failureMessage", "failed to create container: image kindest/node:v1.34.1 not found");
        });
        UpgradeStatus s = probe();
        assertThat(s).isInstanceOf(UpgradeStatus.Failed.class);
        assertThat(s.condition().reason()).isEqualTo("MachineFailed");
        assertThat(s.condition().message()).isEqualTo("machine capi-quickstart-md-0-h7c6b-5x8vd-kq9zt of machine"
                + " deployment capi-quickstart-md-0-h7c6b failed at v1.33.0: CreateError: failed to create container:"
                + " image kindest/node:v1.34.1 not found");
        assertThat(s.condition().lastTransitionTime()).isEqualTo(NOW);
    }

    @Test
    @DisplayName("a topology Cluster API cannot reconcile stays in progress with its message (the engine's timeout decides)")
    void reconcileFailed() {
        published();
        upgrading();
        management.update(ManagementCluster.CORE, "Cluster", "capi-quickstart",
                c -> ((ObjectNode) Trees.condition(c, "TopologyReconciled").orElseThrow()).put("reason", "ReconcileFailed")
                        .put("message", "error reconciling the Cluster topology: KubeadmControlPlane is invalid"));
        UpgradeStatus s = probe();
        assertThat(s).isInstanceOf(UpgradeStatus.InProgress.class);
        assertThat(s.condition().reason()).isEqualTo("TopologyReconcileFailed");
        assertThat(s.condition().message()).contains("could not reconcile the topology", "KubeadmControlPlane is invalid");
    }

    @Test
    @DisplayName("a Cluster being deleted (its finalizer still on), and then gone, fails the upgrade")
    void deleted() {
        management.delete(ManagementCluster.CORE, "Cluster", "capi-quickstart");
        UpgradeStatus deleting = probe();
        assertThat(deleting).isInstanceOf(UpgradeStatus.Failed.class);
        assertThat(deleting.condition().message()).isEqualTo("the Cluster default/capi-quickstart is being deleted");
        management.update(ManagementCluster.CORE, "Cluster", "capi-quickstart",
                c -> c.withObjectProperty("metadata").remove("finalizers"));
        UpgradeStatus gone = probe();
        assertThat(gone).isInstanceOf(UpgradeStatus.Failed.class);
        assertThat(gone.condition().message()).contains("default/capi-quickstart no longer exists");
    }

    @Test
    @DisplayName("a control plane of another provider's group is read at the version the probe is given")
    void otherProvider() {
        published();
        upgrading();
        management.update(ManagementCluster.CORE, "Cluster", "capi-quickstart", c -> c.withObjectProperty("spec")
                .withObjectProperty("controlPlaneRef").put("apiGroup", "controlplane.example.com"));
        ObjectNodes.copy(management, ManagementCluster.KCP, "KubeadmControlPlane", CP, "controlplane.example.com/v1alpha3");
        assertThat(ClusterApiStatusProbe.of(client).probe(upgrade, NOW).condition().message())
                .doesNotContain("control plane:");
        assertThat(ClusterApiStatusProbe.of(client, java.util.Map.of("controlplane.example.com", "v1alpha3"))
                .probe(upgrade, NOW).condition().message()).contains("control plane: 0 of 3 machines");
    }

    @Test
    @DisplayName("probing reads only: the stored objects are the same afterwards")
    void onlyReads() {
        published();
        upgrading();
        var before = management.snapshot();
        probe();
        assertThat(management.snapshot()).isEqualTo(before);
    }

    private UpgradeStatus probe(UpgradePart which) {
        Upgrade part = new Upgrade(upgrade.id() + "/" + which.word(), upgrade.cluster(), upgrade.from(), upgrade.to(),
                upgrade.intent());
        return ClusterApiStatusProbe.of(client).probe(part, which, NOW);
    }

    @Test
    @DisplayName("a hop in two parts: the control plane's part is done once the control plane alone is, the release not moved")
    void controlPlanePart() {
        management.update(ManagementCluster.KCP, "KubeadmControlPlane", CP,
                kcp -> kcp.withObjectProperty("spec").put("version", "v1.34.1"));
        UpgradeStatus published = probe(UpgradePart.CONTROL_PLANE);
        assertThat(published).isInstanceOf(UpgradeStatus.InProgress.class);
        assertThat(published.condition().reason()).isEqualTo("ControlPlaneUpgrading");

        controlPlane("v1.34.1", 1, 3, 4);
        UpgradeStatus rolling = probe(UpgradePart.CONTROL_PLANE);
        assertThat(((UpgradeStatus.InProgress) rolling).progress()).contains(new UpgradeStatus.Progress(3, 1, true));
        assertThat(rolling.condition().message()).contains("control plane: 1 of 3 machines up to date at v1.34.1");

        controlPlane("v1.34.1", 3, 3, 3);
        UpgradeStatus done = probe(UpgradePart.CONTROL_PLANE);
        assertThat(done).isInstanceOf(UpgradeStatus.Succeeded.class);
        assertThat(done.condition().reason()).isEqualTo("ControlPlaneUpgraded");
        assertThat(probe(UpgradePart.WORKERS).condition().reason()).as("the workers' part is the whole hop")
                .isEqualTo("WaitingForPublication");
    }

    @Test
    @DisplayName("a hop in two parts: a failed machine fails the control plane's part too")
    void controlPlanePartFails() {
        management.update(ManagementCluster.CORE, "Machine", "capi-quickstart-md-0-h7c6b-5x8vd-kq9zt",
                m -> m.withObjectProperty("status").put("phase", "Failed"));
        UpgradeStatus s = probe(UpgradePart.CONTROL_PLANE);
        assertThat(s).isInstanceOf(UpgradeStatus.Failed.class);
        assertThat(s.condition().reason()).isEqualTo("MachineFailed");
    }
}
