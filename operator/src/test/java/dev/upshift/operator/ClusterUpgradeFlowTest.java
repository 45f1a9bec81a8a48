package dev.upshift.operator;

import static dev.upshift.operator.OperatorWorld.eventually;
import static dev.upshift.operator.OperatorWorld.label;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.operator.resource.ClusterUpgradeStatus;
import dev.upshift.operator.resource.Condition;
import dev.upshift.testkit.assertions.UpshiftAssertions;
import dev.upshift.testkit.fake.FakeProbe;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A ClusterUpgrade created on the (mock) API server is carried out by the engine of the replica that
 * leads, and its status follows what the clusters report.
 */
@EnableKubernetesMockClient(crud = true)
class ClusterUpgradeFlowTest {
    KubernetesClient client;
    OperatorWorld world;

    @BeforeEach
    void world() {
        world = new OperatorWorld(client);
    }

    @AfterEach
    void close() {
        world.close();
    }

    @Test
    @DisplayName("a ClusterUpgrade created → its cluster's upgrade published → the cluster reports success → the status says finished")
    void statusFollowsTheClusters() {
        UpshiftOperator replica = world.replica("replica-a", false);
        eventually("replica-a leads", () -> replica.term().isPresent());
        assertThat(replica.term().orElseThrow().epoch()).isEqualTo(1);

        world.upgrade("dev-to-20.1", "20.1.0", label("stage", "dev"));

        eventually("dev-1's hop is published", () -> world.publisher.effects("dev-1") == 1);
        eventually("the status says in progress", () -> state("dev-to-20.1").filter("inProgress"::equals).isPresent());
        ClusterUpgradeStatus running = status("dev-to-20.1");
        assertThat(running.triggeredAt()).isEqualTo(OperatorWorld.NOW.toString());
        assertThat(running.fromRelease()).isEqualTo("19.3.1");
        assertThat(running.toRelease()).isEqualTo("20.1.0");
        assertThat(running.clusters()).isEqualTo(1);
        assertThat(running.outcome()).isNull();
        assertThat(running.stages()).singleElement().satisfies(s -> {
            assertThat(s.name()).isEqualTo("all");
            assertThat(s.inProgress()).isEqualTo(1);
        });
        assertThat(condition(running, StatusView.IN_PROGRESS).status()).isEqualTo("True");
        assertThat(world.publisher.effects("prod-1")).isZero();

        world.probe.answer("dev-1", FakeProbe.Script.succeedAtOnce());

        eventually("the status says finished", () -> state("dev-to-20.1").filter("finished"::equals).isPresent());
        ClusterUpgradeStatus done = status("dev-to-20.1");
        assertThat(done.outcome()).isEqualTo("success");
        assertThat(done.finishedAt()).isEqualTo(OperatorWorld.NOW.toString());
        assertThat(done.triggeredAt()).isEqualTo(running.triggeredAt());
        assertThat(condition(done, StatusView.SUCCEEDED).status()).isEqualTo("True");
        assertThat(condition(done, StatusView.IN_PROGRESS).status()).isEqualTo("False");
        assertThat(world.publisher.calledIds()).containsExactly("dev-1:19.3.1..20.1.0#1");
        UpshiftAssertions.assertThat(world.history).isValid();
        assertThat(world.history.entries()).allSatisfy(e -> assertThat(e.epoch()).isEqualTo(1));
    }

    @Test
    @DisplayName("a ClusterUpgrade the document reader refuses is marked invalid, with the field and what was expected")
    void aBadUpgradeIsExplained() {
        UpshiftOperator replica = world.replica("replica-a", false);
        eventually("replica-a leads", () -> replica.term().isPresent());

        world.upgrade("broken", "not-a-version", label("stage", "dev"));

        eventually("the status says invalid", () -> state("broken").filter("invalid"::equals).isPresent());
        Condition accepted = condition(status("broken"), StatusView.ACCEPTED);
        assertThat(accepted.status()).isEqualTo("False");
        assertThat(accepted.message()).startsWith("ClusterUpgrade upshift-system/broken:").contains("spec.release");
        assertThat(accepted.message()).doesNotContain("Exception");
        assertThat(world.publisher.calls()).isEmpty();
    }

    private Optional<String> state(String name) {
        return world.read(name).map(r -> r.getStatus()).map(ClusterUpgradeStatus::state);
    }

    private ClusterUpgradeStatus status(String name) {
        return world.read(name).orElseThrow().getStatus();
    }

    static Condition condition(ClusterUpgradeStatus status, String type) {
        return status.conditions().stream().filter(c -> c.type().equals(type)).findFirst().orElseThrow();
    }
}
