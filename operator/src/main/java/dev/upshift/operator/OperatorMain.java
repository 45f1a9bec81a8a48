package dev.upshift.operator;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.adapters.postgres.PostgresHistoryStore;
import dev.upshift.common.problem.UpshiftException;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.apiguardian.api.API;

/**
 * The packaged operator: one replica, configured from its environment (docs/operator.md,
 * "Configure"), that runs until it is stopped or its term ends; then it exits with status 1, and
 * Kubernetes starts a fresh replica that takes part in the election again.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class OperatorMain {
    private OperatorMain() {}

    /**
     * Runs a replica.
     *
     * @param args none
     */
    public static void main(String[] args) {
        int status = run(System.getenv(), System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    static int run(Map<String, String> env, PrintStream err) {
        OperatorSettings settings;
        try {
            settings = OperatorSettings.from(env);
        } catch (IllegalArgumentException e) {
            err.println("upshift-operator: " + e.getMessage());
            return 2;
        }
        KubernetesClient client = new KubernetesClientBuilder().build();
        PostgresHistoryStore.Builder history = PostgresHistoryStore.builder().url(settings.historyUrl())
                .fleet(settings.fleet());
        settings.historyUser().ifPresent(history::user);
        settings.historyPassword().ifPresent(history::password);
        CountDownLatch ended = new CountDownLatch(1);
        UpshiftOperator replica;
        try {
            ClusterApiWiring wiring = ClusterApiWiring.of(client, settings.clusterNamespace());
            replica = UpshiftOperator.builder()
                    .client(client).namespace(settings.namespace()).identity(settings.identity())
                    .leaseName(settings.leaseName())
                    .history(new PostgresFencedHistory(history.build()))
                    .inventory(wiring.inventory()).publisher(wiring.publisher()).probe(wiring.probe())
                    .pollInterval(settings.poll())
                    .onTermEnded((term, why) -> ended.countDown())
                    .build();
        } catch (UpshiftException | IllegalStateException e) {
            err.println("upshift-operator: " + e.getMessage());
            return 1;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(replica::stop, "upshift-shutdown"));
        replica.start();
        try {
            ended.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        replica.stop();
        return 1;
    }
}
