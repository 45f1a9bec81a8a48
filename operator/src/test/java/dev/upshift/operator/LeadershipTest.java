package dev.upshift.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.spi.InMemoryHistoryStore;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** What a replica does the moment it wins the lease (issue 36, item 9). */
@EnableKubernetesMockClient(crud = true)
class LeadershipTest {
    KubernetesClient client;

    @Test
    @DisplayName("a replica that won the lease but finds another holder in it when it reads its term back leaves as a lost one does")
    void wonButTakenOver() throws InterruptedException {
        client.resources(Lease.class).inNamespace("ns").resource(new LeaseBuilder().withNewMetadata().withName("lease")
                .endMetadata().withNewSpec().withHolderIdentity("intruder").withLeaseTransitions(3).endSpec().build())
                .create();
        List<String> ended = new CopyOnWriteArrayList<>();
        InMemoryHistoryStore history = new InMemoryHistoryStore();
        Leadership leadership = new Leadership(client, "ns", "lease", "replica-a", history,
                new Leadership.Timing(Duration.ofSeconds(4), Duration.ofSeconds(3), Duration.ofMillis(500), false),
                new Leadership.Listener() {
                    @Override
                    public void started(Term term) {
                        ended.add("started " + term);
                    }

                    @Override
                    public void ended(Term term, String why) {
                        ended.add(term + ": " + why);
                    }
                });

        leadership.won();

        for (int i = 0; i < 200 && ended.isEmpty(); i++) {
            TimeUnit.MILLISECONDS.sleep(10);
        }
        assertThat(ended).containsExactly("replica-a, epoch 3: it won the lease, but 'intruder' took it before the"
                + " replica could read its term back");
        assertThat(leadership.current()).isEmpty();
        assertThat(history.acceptedEpoch()).as("nothing claimed").isZero();
    }
}
