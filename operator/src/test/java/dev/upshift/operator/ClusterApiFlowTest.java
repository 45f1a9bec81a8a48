package dev.upshift.operator;

import static dev.upshift.operator.OperatorWorld.eventually;
import static dev.upshift.operator.OperatorWorld.label;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.adapters.kubernetes.ClusterApiInventory;
import dev.upshift.adapters.kubernetes.ClusterApiStatusProbe;
import dev.upshift.adapters.kubernetes.ServerSideApply;
import dev.upshift.adapters.kubernetes.ServerSideApplyPublisher;
import dev.upshift.operator.resource.ClusterUpgradeStatus;
import dev.upshift.testkit.TestClock;
import dev.upshift.testkit.assertions.UpshiftAssertions;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The operator with the Kubernetes adapter, on the mock server holding Cluster API's quick-start
 * cluster (the adapter's own test objects): a ClusterUpgrade is published to the Cluster through the
 * server-side-apply publisher, the test moves Cluster API's status as its controllers would, and the
 * ClusterUpgrade's status follows what the adapter's probe reads. The publisher applies through
 * {@link MockServerApply} (a JSON merge patch: the mock takes no server-side apply), as the packaged
 * operator does with {@code UPSHIFT_MOCK_API_SERVER}; {@link OperatorProcessTest} runs it as a process.
 */
@EnableKubernetesMockClient(crud = true)
class ClusterApiFlowTest {
    static final String OPERATOR = "upshift-operator-under-test";

    KubernetesClient client;
    KubernetesMockServer server;
    OperatorWorld world;
    ClusterApiObjects objects;
    final AtomicInteger applies = new AtomicInteger();

    @BeforeEach
    void managementCluster() {
        world = new OperatorWorld(client);
        objects = new ClusterApiObjects(client);
        objects.quickStart("default");
        objects.releasesAndSchedule(world);
    }

    KubernetesClient operator;

    @AfterEach
    void close() {
        world.close();
        if (operator != null) {
            operator.close();
        }
    }

    @Test
    @DisplayName("ClusterUpgrade created → applied to the Cluster API objects → Cluster API moves them → status finished;"
            + " every request the replica made is one deploy/rbac.yaml allows")
    void clusterApiUpgrade() throws IOException, InterruptedException {
        operator = new KubernetesClientBuilder().withConfig(new ConfigBuilder(client.getConfiguration())
                .withUserAgent(OPERATOR).build()).build();
        UpshiftOperator replica = world.started(UpshiftOperator.builder()
                .client(operator).namespace(OperatorWorld.NAMESPACE).identity("replica-a")
                .lease(Duration.ofSeconds(2), Duration.ofMillis(1500), Duration.ofMillis(200), true)
                .history(world.history)
                .inventory(ClusterApiInventory.builder(operator).namespace("default").build())
                .publisher(ServerSideApplyPublisher.builder(operator).serverSideApply(counted(new MockServerApply(operator)))
                        .build())
                .probe(ClusterApiStatusProbe.of(operator))
                .clock(TestClock.at(Instant.parse("2026-11-27T10:00:00Z"))).pollInterval(Duration.ofMillis(300))
                .serverSideApplyStatus(false)
                .build());
        eventually("replica-a leads", () -> replica.term().isPresent());

        world.upgrade("dev-to-1.1", "1.1.0", label("env", "dev"));

        eventually("the Cluster carries release 1.1.0", () -> "1.1.0".equals(objects.release("default")));
        ObjectNode cluster = objects.cluster("default");
        assertThat(cluster.path("spec").path("topology").path("version").asText()).isEqualTo("v1.34.1");
        assertThat(cluster.path("metadata").path("annotations").path("upshift.dev/upgrade").asText())
                .isEqualTo("default/capi-quickstart:1.0.0..1.1.0#1");
        eventually("the status says in progress", () -> state().filter("inProgress"::equals).isPresent());

        objects.clusterApiUpgrades("default", "v1.34.1");

        eventually("the status says finished", () -> state().filter("finished"::equals).isPresent());
        ClusterUpgradeStatus done = world.read("dev-to-1.1").orElseThrow().getStatus();
        assertThat(done.outcome()).isEqualTo("success");
        assertThat(done.fromRelease()).isEqualTo("1.0.0");
        assertThat(done.toRelease()).isEqualTo("1.1.0");
        assertThat(applies.get()).as("one apply: the Cluster's topology, its release label and upgrade id").isEqualTo(1);
        UpshiftAssertions.assertThat(world.history).isValid();
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

    /** Counts the applies that are not dry-runs: the mock server would store a dry-run for real. */
    private ServerSideApply counted(ServerSideApply apply) {
        return (object, options) -> {
            if (!options.dryRun()) {
                applies.incrementAndGet();
            }
            return apply.apply(object, options);
        };
    }

    private Optional<String> state() {
        return world.read("dev-to-1.1").map(r -> r.getStatus()).map(ClusterUpgradeStatus::state);
    }
}
