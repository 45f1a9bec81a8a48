package dev.upshift.operator;

import static dev.upshift.operator.OperatorWorld.eventually;
import static dev.upshift.operator.OperatorWorld.id;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.operator.resource.ClusterUpgradeStatus;
import dev.upshift.testkit.assertions.UpshiftAssertions;
import dev.upshift.testkit.fake.FakeProbe;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.HashSet;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Several replicas: one acts at a time, a new leader takes over, and an old one is fenced off. */
@EnableKubernetesMockClient(crud = true)
class ReplicasTest {
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
    @DisplayName("two replicas, the leader killed mid-upgrade: the other takes over with a newer epoch and nothing is published twice")
    void theOtherReplicaTakesOver() {
        UpshiftOperator a = world.replica("replica-a", true);
        eventually("replica-a leads", () -> a.term().isPresent());
        UpshiftOperator b = world.replica("replica-b", false);
        world.upgrade("all-to-20.1", "20.1.0", id("dev-1"), id("prod-1"));
        eventually("both hops are published", () -> world.publisher.published().size() == 2);
        assertThat(b.term()).isEmpty();

        a.stop();

        eventually("replica-b leads", () -> b.term().isPresent());
        assertThat(b.term().orElseThrow().epoch()).isEqualTo(2);
        assertThat(a.term()).isEmpty();
        world.probe.answer(FakeProbe.Script.succeedAtOnce());
        eventually("the upgrade finished", () -> "finished".equals(state("all-to-20.1").orElse("")));

        assertThat(world.publisher.calledIds()).hasSize(2).doesNotHaveDuplicates();
        assertThat(world.publisher.effects("dev-1")).isEqualTo(1);
        assertThat(world.publisher.effects("prod-1")).isEqualTo(1);
        assertThat(new HashSet<>(world.history.entries().stream().map(e -> e.epoch()).toList())).containsExactlyInAnyOrder(1L, 2L);
        UpshiftAssertions.assertThat(world.history).isValid();
    }

    @Test
    @DisplayName("a leader whose lease another holder took stops acting at once: it records, publishes and writes nothing more")
    void aReplicaThatLosesTheLeaseStops() {
        UpshiftOperator a = world.replica("replica-a", true);
        eventually("replica-a leads", () -> a.term().isPresent());

        Leases.takeOver(client, OperatorWorld.NAMESPACE, "upshift-operator", "intruder");

        eventually("replica-a's term ends", () -> !world.ended.isEmpty());
        assertThat(a.term()).isEmpty();
        assertThat(world.ended).singleElement().asString().contains("replica-a, epoch 1").contains("lease was lost");
        int idle = a.idleReconciles();
        world.upgrade("dev-to-20.1", "20.1.0", id("dev-1"));
        eventually("replica-a reconciles twice more, as a replica that does not lead",
                () -> a.idleReconciles() >= idle + 2);
        assertThat(world.publisher.calls()).isEmpty();
        assertThat(world.history.entries()).isEmpty();
    }

    @Test
    @DisplayName("a leader that does not know yet that a newer term began is refused by the history's fence, and stops")
    void aStaleLeaderIsFencedOff() {
        UpshiftOperator a = world.replica("replica-a", true);
        eventually("replica-a leads", () -> a.term().isPresent());
        world.history.claimEpoch(2);

        world.upgrade("dev-to-20.1", "20.1.0", id("dev-1"));

        eventually("replica-a's term ends", () -> !world.ended.isEmpty());
        assertThat(world.ended).singleElement().asString().contains("replica-a, epoch 1").contains("epoch");
        assertThat(a.term()).isEmpty();
        assertThat(world.publisher.calls()).isEmpty();
        assertThat(world.history.entries()).isEmpty();
        assertThat(state("dev-to-20.1")).isEmpty();
    }

    private Optional<String> state(String name) {
        return world.read(name).map(r -> r.getStatus()).map(ClusterUpgradeStatus::state);
    }
}
