package dev.upshift.operator;

import static dev.upshift.operator.OperatorWorld.eventually;
import static dev.upshift.operator.OperatorWorld.label;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.upshift.adapters.kubernetes.ClusterApiInventory;
import dev.upshift.adapters.kubernetes.ClusterApiStatusProbe;
import dev.upshift.adapters.kubernetes.ServerSideApplyPublisher;
import dev.upshift.operator.resource.ClusterUpgradeStatus;
import dev.upshift.operator.resource.MaintenanceScheduleResource;
import dev.upshift.operator.resource.MaintenanceScheduleSpec;
import dev.upshift.operator.resource.ReleaseSpec;
import dev.upshift.operator.resource.ScheduleEntry;
import dev.upshift.testkit.TestClock;
import dev.upshift.testkit.assertions.UpshiftAssertions;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The operator with the Kubernetes adapter, on the mock server holding Cluster API's quick-start
 * cluster (the adapter's own test objects): a ClusterUpgrade is published to the Cluster through the
 * server-side-apply publisher, the test moves Cluster API's status as its controllers would, and the
 * ClusterUpgrade's status follows what the adapter's probe reads.
 */
@EnableKubernetesMockClient(crud = true)
class ClusterApiFlowTest {
    static final Path OBJECTS = Path.of("..", "adapters", "kubernetes", "src", "test", "resources", "dev", "upshift",
            "adapters", "kubernetes");
    static final String CORE = "cluster.x-k8s.io/v1beta2";
    static final String KCP = "controlplane.cluster.x-k8s.io/v1beta2";
    static final String CLUSTER = "capi-quickstart";
    static final String OPERATOR = "upshift-operator-under-test";

    KubernetesClient client;
    KubernetesMockServer server;
    OperatorWorld world;
    MergeApply apply;

    @BeforeEach
    void managementCluster() throws IOException {
        world = new OperatorWorld(client);
        load("quickstart.yaml");
        load("quickstart-machines.yaml");
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
        apply = new MergeApply(client);
    }

    @AfterEach
    void close() {
        world.close();
    }

    @Test
    @DisplayName("ClusterUpgrade created → applied to the Cluster API objects → Cluster API moves them → status finished;"
            + " every request the replica made is one deploy/rbac.yaml allows")
    void clusterApiUpgrade() throws IOException, InterruptedException {
        KubernetesClient operator = new KubernetesClientBuilder().withConfig(new ConfigBuilder(client.getConfiguration())
                .withUserAgent(OPERATOR).build()).build();
        UpshiftOperator replica = world.started(UpshiftOperator.builder()
                .client(operator).namespace(OperatorWorld.NAMESPACE).identity("replica-a")
                .lease(Duration.ofSeconds(2), Duration.ofMillis(1500), Duration.ofMillis(200), true)
                .history(world.history)
                .inventory(ClusterApiInventory.builder(operator).namespace("default").build())
                .publisher(ServerSideApplyPublisher.builder(operator).serverSideApply(apply).build())
                .probe(ClusterApiStatusProbe.of(operator))
                .clock(TestClock.at(Instant.parse("2026-11-27T10:00:00Z"))).pollInterval(Duration.ofMillis(300))
                .serverSideApplyStatus(false)
                .build());
        eventually("replica-a leads", () -> replica.term().isPresent());

        world.upgrade("dev-to-1.1", "1.1.0", label("env", "dev"));

        eventually("the Cluster carries release 1.1.0", () -> "1.1.0".equals(cluster().path("metadata").path("labels")
                .path("upshift.dev/release").asText()));
        assertThat(cluster().path("spec").path("topology").path("version").asText()).isEqualTo("v1.34.1");
        assertThat(cluster().path("metadata").path("annotations").path("upshift.dev/upgrade").asText())
                .isEqualTo("default/capi-quickstart:1.0.0..1.1.0#1");
        eventually("the status says in progress", () -> state().filter("inProgress"::equals).isPresent());

        clusterApiUpgrades("v1.34.1");

        eventually("the status says finished", () -> state().filter("finished"::equals).isPresent());
        ClusterUpgradeStatus done = world.read("dev-to-1.1").orElseThrow().getStatus();
        assertThat(done.outcome()).isEqualTo("success");
        assertThat(done.fromRelease()).isEqualTo("1.0.0");
        assertThat(done.toRelease()).isEqualTo("1.1.0");
        assertThat(apply.writes).as("one apply: the Cluster's topology, its release label and upgrade id").isEqualTo(1);
        UpshiftAssertions.assertThat(world.history.store()).isValid();
        world.close();
        List<RecordedRequest> requests = new ArrayList<>();
        for (RecordedRequest r = server.takeRequest(1, TimeUnit.SECONDS); r != null;
                r = server.takeRequest(1, TimeUnit.SECONDS)) {
            if (OPERATOR.equals(r.getHeader("User-Agent"))) {
                requests.add(r);
            }
        }
        assertThat(requests).as("the replica's requests").hasSizeGreaterThan(10);
        assertThat(RbacCheck.deployed().refused(requests)).as("requests deploy/rbac.yaml does not allow").isEmpty();
    }

    private Optional<String> state() {
        return world.read("dev-to-1.1").map(r -> r.getStatus()).map(ClusterUpgradeStatus::state);
    }

    private static Map<String, Object> defaults(String version) {
        return Map.of("match", Map.of("kind", "Cluster"), "values", Map.of("spec", Map.of("topology",
                Map.of("version", version))));
    }

    /** What Cluster API's controllers do once the topology moved: every machine replaced, then reported done. */
    private void clusterApiUpgrades(String version) {
        update(KCP, "KubeadmControlPlane", "capi-quickstart-7gnzv", kcp -> {
            kcp.withObjectProperty("spec").put("version", version);
            upToDate(kcp.withObjectProperty("status"), version);
        });
        update(CORE, "MachineDeployment", "capi-quickstart-md-0-h7c6b", md -> {
            md.withObjectProperty("spec").withObjectProperty("template").withObjectProperty("spec").put("version", version);
            upToDate(md.withObjectProperty("status"), version);
        });
        update(CORE, "Cluster", CLUSTER, c -> {
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

    private static void upToDate(ObjectNode status, String version) {
        int replicas = status.path("replicas").asInt(3);
        status.put("upToDateReplicas", replicas).put("readyReplicas", replicas).put("availableReplicas", replicas);
        ArrayNode versions = status.putArray("versions");
        versions.addObject().put("version", version).put("replicas", replicas);
    }

    private void update(String apiVersion, String kind, String name, Consumer<ObjectNode> change) {
        var resource = client.genericKubernetesResources(MergeApply.context(apiVersion, kind)).inNamespace("default").withName(name);
        ObjectNode o = client.getKubernetesSerialization().convertValue(resource.get(), ObjectNode.class);
        change.accept(o);
        store(o, false);
        ObjectNode stored = client.getKubernetesSerialization().convertValue(resource.get(), ObjectNode.class);
        stored.withObjectProperty("status").put("observedGeneration", stored.path("metadata").path("generation").asLong());
        store(stored, false);
    }

    private void store(ObjectNode o, boolean create) {
        var r = client.genericKubernetesResources(MergeApply.context(o.path("apiVersion").asText(), o.path("kind").asText()))
                .inNamespace(o.path("metadata").path("namespace").asText())
                .resource(client.getKubernetesSerialization().convertValue(o, GenericKubernetesResource.class));
        if (create) {
            r.create();
        } else {
            r.update();
        }
    }

    private ObjectNode cluster() {
        return client.getKubernetesSerialization().convertValue(client.genericKubernetesResources(MergeApply.context(CORE, "Cluster"))
                .inNamespace("default").withName(CLUSTER).get(), ObjectNode.class);
    }

    private void load(String file) throws IOException {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        try (InputStream in = Files.newInputStream(OBJECTS.resolve(file))) {
            var objects = yaml.readerFor(ObjectNode.class).<ObjectNode>readValues(in);
            while (objects.hasNext()) {
                ObjectNode o = objects.next();
                o.withObjectProperty("metadata").remove(List.of("resourceVersion", "uid", "creationTimestamp"));
                store(o, true);
            }
        }
    }
}
