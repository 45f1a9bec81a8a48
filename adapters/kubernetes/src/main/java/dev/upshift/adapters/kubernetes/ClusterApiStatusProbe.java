package dev.upshift.adapters.kubernetes;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.spi.StatusProbe;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradePart;
import dev.upshift.spi.UpgradeStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Follows an upgrade through what Cluster API reports on the management cluster (docs/adapters.md,
 * "What the probe reads"): the {@code Cluster}'s {@code TopologyReconciled} condition (reason
 * {@code ClusterUpgrading} while an upgrade runs) and the upgrade plan Cluster API 1.14 publishes
 * ({@code status.controlPlane.upgradePlan}, {@code status.workers.upgradePlan}); the control plane's
 * version and up-to-date, ready and total replicas; each machine deployment's; and the machines'
 * failures.
 *
 * <p>Answers in progress, with the machines needing the upgrade (the control plane's and every machine
 * deployment's wanted replicas), those up to date, and whether those are ready; succeeded once the
 * {@code Cluster} carries the target release ({@link UpshiftLabels#RELEASE}, written by
 * {@link ServerSideApplyPublisher}), every controller observed its object's latest generation, the
 * topology is reconciled with no upgrade plan left, and every machine is up to date, at its owner's
 * version and ready; failed when Cluster API reports the cluster, its control plane, a machine
 * deployment or a machine failed (phase {@code Failed}, or a failure reason), or when the
 * {@code Cluster} is gone. A topology that Cluster API cannot reconcile stays in progress with its
 * message: Cluster API keeps trying, and the engine's timeout decides. Only reads; an API server that
 * cannot be read throws the client's exception.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ClusterApiStatusProbe implements StatusProbe {
    private final KubeObjects objects;
    private final ApiVersions versions;

    private ClusterApiStatusProbe(KubernetesClient client, Map<String, String> versions) {
        this.objects = new KubeObjects(client);
        this.versions = new ApiVersions(versions);
    }

    /** A probe reading through the client, Cluster API's kinds at {@code v1beta2}. */
    public static ClusterApiStatusProbe of(KubernetesClient client) {
        return new ClusterApiStatusProbe(Objects.requireNonNull(client, "client"), Map.of());
    }

    /**
     * A probe that reads the control planes of the given API groups at the given versions, for a
     * control-plane provider whose references name only its group (as
     * {@link ClusterApiInventory.Builder#apiVersion(String, String)}).
     *
     * @param versions version by API group ({@code controlplane.example.com} → {@code v1alpha3})
     */
    public static ClusterApiStatusProbe of(KubernetesClient client, Map<String, String> versions) {
        versions.forEach((group, version) -> {
            if (group.isBlank() || version.isBlank() || group.contains("/") || version.contains("/")) {
                throw new IllegalArgumentException("an API group and version are non-empty names without '/', not '"
                        + group + "' and '" + version + "'");
            }
        });
        return new ClusterApiStatusProbe(Objects.requireNonNull(client, "client"), Map.copyOf(versions));
    }

    @Override
    public UpgradeStatus probe(Upgrade upgrade, Instant now) {
        return StatusMapping.of(read(ClusterRef.of(upgrade.cluster())), upgrade.to(), now);
    }

    /**
     * A part of a hop published in two parts. The workers' part is the whole hop, as
     * {@link #probe(Upgrade, Instant)} answers. The control plane's part fails as the whole hop does
     * (a failed cluster, control plane, machine deployment or machine), and succeeds once the
     * control plane's controller observed its latest generation and every one of its machines is up
     * to date at its {@code spec.version} and ready; the {@code Cluster}'s release is not asked for,
     * since it moves with the workers.
     */
    @Override
    public UpgradeStatus probe(Upgrade part, UpgradePart which, Instant now) {
        if (which == UpgradePart.WORKERS) {
            return probe(part, now);
        }
        return StatusMapping.controlPlane(read(ClusterRef.of(part.cluster())), now);
    }

    ClusterState read(ClusterRef ref) {
        String core = versions.core();
        Optional<ObjectNode> cluster = objects.get(core, "Cluster", ref.namespace(), ref.name());
        if (cluster.isEmpty()) {
            return new ClusterState("" + ref, Optional.empty(), Optional.empty(), List.of(), List.of());
        }
        Optional<ObjectNode> controlPlane = controlPlane(cluster.get(), ref.namespace());
        Map<String, String> mine = Map.of(UpshiftLabels.CLUSTER_NAME, ref.name());
        List<ObjectNode> deployments = objects.list(core, "MachineDeployment", Optional.of(ref.namespace()), mine);
        List<ObjectNode> machines = objects.list(core, "Machine", Optional.of(ref.namespace()), mine);
        return new ClusterState("" + ref, cluster, controlPlane, deployments, machines);
    }

    private Optional<ObjectNode> controlPlane(JsonNode cluster, String namespace) {
        JsonNode ref = Trees.at(cluster, "spec", "controlPlaneRef");
        String kind = Trees.text(ref, "kind");
        String name = Trees.text(ref, "name");
        if (kind.isEmpty() || name.isEmpty()) {
            return Optional.empty();
        }
        Optional<String> apiVersion = Trees.optionalText(ref, "apiVersion")
                .or(() -> versions.apiVersion(Trees.text(ref, "apiGroup"), kind));
        return apiVersion.flatMap(v -> objects.get(v, kind, namespace, name));
    }
}
