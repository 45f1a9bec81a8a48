package dev.upshift.operator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.upshift.operator.resource.MaintenanceScheduleResource;
import dev.upshift.operator.resource.MaintenanceScheduleSpec;
import dev.upshift.operator.resource.ReleaseSpec;
import dev.upshift.operator.resource.ScheduleEntry;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Cluster API's quick-start cluster on the mock server (the Kubernetes adapter's test objects: a
 * {@code Cluster} labelled {@code env: dev} at release 1.0.0, its control plane, machine deployment,
 * machines and templates), the operator's two releases 1.0.0 and 1.1.0 and an always-open
 * schedule, and what Cluster API's controllers do to those objects during an upgrade.
 */
final class ClusterApiObjects {
    static final Path OBJECTS = Path.of("..", "adapters", "kubernetes", "src", "test", "resources", "dev", "upshift",
            "adapters", "kubernetes");
    static final String CORE = "cluster.x-k8s.io/v1beta2";
    static final String KCP = "controlplane.cluster.x-k8s.io/v1beta2";
    static final String CLUSTER = "capi-quickstart";

    private final KubernetesClient client;

    ClusterApiObjects(KubernetesClient client) {
        this.client = client;
    }

    /** The releases 1.0.0 and 1.1.0 and the schedule {@code weekday-nights}, open all day every day. */
    void releasesAndSchedule(OperatorWorld world) {
        world.release("1.0.0", new ReleaseSpec(null, null, null, Map.of("kubernetes", "1.33.0"), null, null,
                List.of(defaults("v1.33.0")), null));
        world.release("1.1.0", new ReleaseSpec(null, null, null, Map.of("kubernetes", "1.34.1"), ">=1.0.0", null,
                List.of(defaults("v1.34.1")), List.of(Map.of("match", Map.of("kind", "Cluster"),
                        "path", "spec.topology.version", "onConflict", "overwrite", "impact", "rolling"))));
        MaintenanceScheduleResource schedule = new MaintenanceScheduleResource();
        schedule.setMetadata(new ObjectMetaBuilder().withName("weekday-nights").withNamespace(OperatorWorld.NAMESPACE)
                .build());
        schedule.setSpec(new MaintenanceScheduleSpec("UTC", List.of(new ScheduleEntry("every-day",
                "2026-11-23T00:00:00Z", null, "24h", "FREQ=DAILY", null, null)), null));
        client.resource(schedule).inNamespace(OperatorWorld.NAMESPACE).create();
    }

    /** The quick-start cluster's objects, created in {@code namespace}. */
    void quickStart(String namespace) {
        load("quickstart.yaml", namespace);
        load("quickstart-machines.yaml", namespace);
    }

    private static Map<String, Object> defaults(String version) {
        return Map.of("match", Map.of("kind", "Cluster"), "values", Map.of("spec", Map.of("topology",
                Map.of("version", version))));
    }

    /** What Cluster API's controllers do once the topology moved: every machine replaced, then reported done. */
    void clusterApiUpgrades(String namespace, String version) {
        update(namespace, KCP, "KubeadmControlPlane", "capi-quickstart-7gnzv", kcp -> {
            kcp.withObjectProperty("spec").put("version", version);
            upToDate(kcp.withObjectProperty("status"), version);
        });
        update(namespace, CORE, "MachineDeployment", "capi-quickstart-md-0-h7c6b", md -> {
            md.withObjectProperty("spec").withObjectProperty("template").withObjectProperty("spec").put("version", version);
            upToDate(md.withObjectProperty("status"), version);
        });
        update(namespace, CORE, "Cluster", CLUSTER, c -> {
            ObjectNode status = c.withObjectProperty("status");
            status.put("observedGeneration", c.path("metadata").path("generation").asLong());
            for (var condition : status.withArray("conditions")) {
                if (condition.path("type").asText().equals("TopologyReconciled")) {
                    ((ObjectNode) condition).put("status", "True").put("reason", "ReconcileSucceeded")
                            .put("lastTransitionTime", "2026-11-27T10:00:00Z");
                }
            }
        });
    }

    /** The quick-start {@code Cluster} in {@code namespace}, as stored. */
    ObjectNode cluster(String namespace) {
        return client.getKubernetesSerialization().convertValue(client.genericKubernetesResources(
                MockServerApply.context(CORE, "Cluster")).inNamespace(namespace).withName(CLUSTER).get(), ObjectNode.class);
    }

    /** The release label of the quick-start {@code Cluster} in {@code namespace}. */
    String release(String namespace) {
        return cluster(namespace).path("metadata").path("labels").path("upshift.dev/release").asText();
    }

    private static void upToDate(ObjectNode status, String version) {
        int replicas = status.path("replicas").asInt(3);
        status.put("upToDateReplicas", replicas).put("readyReplicas", replicas).put("availableReplicas", replicas);
        ArrayNode versions = status.putArray("versions");
        versions.addObject().put("version", version).put("replicas", replicas);
    }

    private void update(String namespace, String apiVersion, String kind, String name, Consumer<ObjectNode> change) {
        var resource = client.genericKubernetesResources(MockServerApply.context(apiVersion, kind)).inNamespace(namespace)
                .withName(name);
        ObjectNode o = client.getKubernetesSerialization().convertValue(resource.get(), ObjectNode.class);
        change.accept(o);
        store(o, false);
        ObjectNode stored = client.getKubernetesSerialization().convertValue(resource.get(), ObjectNode.class);
        stored.withObjectProperty("status").put("observedGeneration", stored.path("metadata").path("generation").asLong());
        store(stored, false);
    }

    private void store(ObjectNode o, boolean create) {
        var r = client.genericKubernetesResources(MockServerApply.context(o.path("apiVersion").asText(), o.path("kind").asText()))
                .inNamespace(o.path("metadata").path("namespace").asText())
                .resource(client.getKubernetesSerialization().convertValue(o, GenericKubernetesResource.class));
        if (create) {
            r.create();
        } else {
            r.update();
        }
    }

    private void load(String file, String namespace) {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        try (InputStream in = Files.newInputStream(OBJECTS.resolve(file))) {
            var objects = yaml.readerFor(ObjectNode.class).<ObjectNode>readValues(in);
            while (objects.hasNext()) {
                ObjectNode o = objects.next();
                ObjectNode metadata = o.withObjectProperty("metadata");
                metadata.remove(List.of("resourceVersion", "uid", "creationTimestamp"));
                metadata.put("namespace", namespace);
                store(o, true);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
