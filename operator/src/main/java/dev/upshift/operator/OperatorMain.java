package dev.upshift.operator;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.adapters.kubernetes.Fabric8ServerSideApply;
import dev.upshift.adapters.kubernetes.ServerSideApply;
import dev.upshift.adapters.postgres.PostgresHistoryStore;
import dev.upshift.common.problem.UpshiftException;
import dev.upshift.observe.MetricsEndpoint;
import dev.upshift.observe.UpshiftMetrics;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import org.apiguardian.api.API;

/**
 * The packaged operator: one replica, configured from its environment (docs/operator.md,
 * "Configure"), that runs until it is stopped or its term ends.
 *
 * <p>Exit statuses: 2 for a missing or wrong setting (one line naming it, on standard error); 1
 * when the history or the API server cannot be used at start, or when the replica's term ended (the
 * lease was lost, or the history refused its epoch), so that Kubernetes starts a fresh replica that
 * takes part in the election again. A stop ({@code SIGTERM}) closes the replica's gate at once and
 * hands the lease back before the process ends.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class OperatorMain {
    private static final String NAME = "upshift-operator: ";

    /**
     * What {@code --help} prints on standard output: the settings of docs/operator.md's
     * "Configure" table (but the test-only {@code UPSHIFT_MOCK_API_SERVER}) and the exit statuses.
     */
    static final String USAGE = """
            Usage: upshift-operator
                   upshift-operator --help

            Runs one replica of Upshift's operator: the engine inside a Kubernetes cluster, reconciling
            ClusterUpgrade, MaintenanceSchedule and Release resources, one replica acting at a time under
            a Lease, the history shared in PostgreSQL. It takes no other argument: its settings are
            environment variables.

            Environment:
              UPSHIFT_NAMESPACE             required: the namespace of the resources and of the lease
              UPSHIFT_IDENTITY              the replica's identity in the lease (default: HOSTNAME)
              UPSHIFT_LEASE                 the Lease's name (default: upshift-operator)
              UPSHIFT_LEASE_DURATION        how long a lease lasts without renewal (default: 15s)
              UPSHIFT_LEASE_RENEW_DEADLINE  how long a leader tries to renew, then stops acting (default: 10s)
              UPSHIFT_LEASE_RETRY_PERIOD    how often replicas try to take the lease (default: 2s)
              UPSHIFT_HISTORY_URL           required: the shared history, jdbc:postgresql://HOST[:PORT]/DATABASE
              UPSHIFT_HISTORY_USER          the history's user (default: the driver's)
              UPSHIFT_HISTORY_PASSWORD      the history's password (default: the driver's)
              UPSHIFT_FLEET                 the history's fleet name (default: the namespace)
              UPSHIFT_POLL_INTERVAL         the longest time between two reconciles of an upgrade (default: 30s)
              UPSHIFT_CLUSTER_NAMESPACE     where the Cluster API Cluster objects are (default: every namespace)
              UPSHIFT_METRICS_PORT          serve Prometheus metrics at :PORT/metrics (default: none)
              UPSHIFT_METRICS_ADDRESS       the address the metrics are served on (default: 0.0.0.0)
              KUBECONFIG                    outside a cluster: the kubeconfig file(s); unset in a pod
            Durations are Go style (90s, 1m30s) or ISO-8601 (PT90S).

            Exit status: 2 a missing or wrong setting; 1 the history or the API server cannot be used at
            start, or the replica's term ended (a fresh replica then joins the election); 143 stopped by
            SIGTERM, after handing the lease back. See docs/operator.md.
            """;

    private OperatorMain() {}

    /**
     * Runs a replica.
     *
     * @param args none (the settings are environment variables), or {@code --help}
     */
    public static void main(String[] args) {
        AtomicBoolean stopping = new AtomicBoolean();
        int status = run(List.of(args), System.getenv(), System.out, System.err, stopping);
        if (status != 0 && !stopping.get()) {
            System.exit(status);
        }
    }

    static int run(List<String> args, Map<String, String> env, PrintStream out, PrintStream err) {
        return run(args, env, out, err, new AtomicBoolean());
    }

    private static int run(List<String> args, Map<String, String> env, PrintStream out, PrintStream err,
            AtomicBoolean stopping) {
        if (args.equals(List.of("--help")) || args.equals(List.of("-h"))) {
            out.print(USAGE);
            out.flush();
            return 0;
        }
        if (!args.isEmpty()) {
            err.println(NAME + "takes no arguments, not " + String.join(" ", args)
                    + "; its settings are environment variables (--help, or docs/operator.md, \"Configure\")");
            return 2;
        }
        OperatorSettings settings;
        Config config;
        try {
            settings = OperatorSettings.from(env);
            config = kubernetesConfig(settings);
        } catch (IllegalArgumentException e) {
            err.println(NAME + e.getMessage());
            return 2;
        }
        PostgresHistoryStore store;
        try {
            PostgresHistoryStore.Builder history = PostgresHistoryStore.builder().url(settings.historyUrl())
                    .fleet(settings.fleet());
            settings.historyUser().ifPresent(history::user);
            settings.historyPassword().ifPresent(history::password);
            store = history.build();
        } catch (UpshiftException | IllegalArgumentException | IllegalStateException e) {
            err.println(NAME + OperatorSettings.HISTORY_URL + ": " + oneLine(e.getMessage()));
            return 1;
        }
        Optional<Metrics> metrics;
        try {
            metrics = settings.metrics().map(Metrics::start);
        } catch (UpshiftException e) {
            err.println(NAME + OperatorSettings.METRICS_PORT + ": " + oneLine(e.getMessage()));
            store.close();
            return 1;
        }
        KubernetesClient client = new KubernetesClientBuilder().withConfig(config).build();
        try {
            return runReplica(settings, client, store, err, stopping, metrics);
        } finally {
            metrics.ifPresent(m -> m.endpoint().close());
        }
    }

    /** The replica's metrics and where they are served ({@code UPSHIFT_METRICS_PORT}). */
    private record Metrics(UpshiftMetrics observer, MetricsEndpoint endpoint) {
        static Metrics start(InetSocketAddress at) {
            PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            UpshiftMetrics observer = UpshiftMetrics.on(registry);
            return new Metrics(observer, MetricsEndpoint.start(at, registry));
        }
    }

    private static int runReplica(OperatorSettings settings, KubernetesClient client, PostgresHistoryStore store,
            PrintStream err, AtomicBoolean stopping, Optional<Metrics> metrics) {
        CountDownLatch ended = new CountDownLatch(1);
        AtomicReference<String> why = new AtomicReference<>("");
        UpshiftOperator replica;
        try {
            replica = replica(settings, client, store, metrics, (term, reason) -> {
                why.set(term + ": " + reason);
                ended.countDown();
            });
            if (settings.mockApiServer()) {
                err.println(NAME + "WARNING: " + OperatorSettings.MOCK_API_SERVER + " is set: publishing by JSON merge"
                        + " patch, without field ownership, dry-run or admission; for a test's mock API server only");
            }
            replica.start();
        } catch (RuntimeException e) {
            err.println(NAME + "could not start against the API server " + client.getMasterUrl() + ": "
                    + oneLine(e.getMessage()));
            client.close();
            store.close();
            return 1;
        }
        AtomicBoolean stopped = new AtomicBoolean();
        Runnable stop = () -> {
            if (stopped.compareAndSet(false, true)) {
                replica.stop();
                store.close();
                client.close();
            }
        };
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopping.set(true);
            stop.run();
        }, "upshift-shutdown"));
        try {
            ended.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (stopping.get()) {
            return 0;
        }
        stop.run();
        err.println(NAME + "the term of " + why.get() + "; exiting, so that a fresh replica joins the election");
        return 1;
    }

    private static UpshiftOperator replica(OperatorSettings settings, KubernetesClient client,
            PostgresHistoryStore store, Optional<Metrics> metrics, BiConsumer<Term, String> onTermEnded) {
        ServerSideApply apply = settings.mockApiServer() ? new MockServerApply(client)
                : new Fabric8ServerSideApply(client);
        ClusterApiWiring wiring = ClusterApiWiring.of(client, settings.clusterNamespace(), apply);
        Leadership.Timing lease = settings.lease();
        UpshiftOperator.Builder b = UpshiftOperator.builder();
        metrics.ifPresent(m -> b.addObserver(m.observer()));
        return b
                .client(client).namespace(settings.namespace()).identity(settings.identity())
                .leaseName(settings.leaseName())
                .lease(lease.leaseDuration(), lease.renewDeadline(), lease.retryPeriod(), true)
                .history(store)
                .inventory(wiring.inventory()).publisher(wiring.publisher()).probe(wiring.probe())
                .pollInterval(settings.poll())
                .serverSideApplyStatus(!settings.mockApiServer())
                .onTermEnded(onTermEnded)
                .build();
    }

    /** A library's message on one line: YAML parsers point at the place on lines of their own. */
    private static String oneLine(String message) {
        if (message == null) {
            return "no reason given";
        }
        return String.join(" ", message.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.equals("^"))
                .toList());
    }

    /**
     * The client's configuration as fabric8 finds it (the pod's service account in a cluster, else
     * {@code KUBECONFIG} or {@code ~/.kube/config}), naming the replica in its user agent.
     */
    private static Config kubernetesConfig(OperatorSettings settings) {
        Config found;
        try {
            found = Config.autoConfigure(null);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(OperatorSettings.KUBECONFIG + ": "
                    + settings.kubeconfig().map(f -> "the kubeconfig " + f).orElse("the Kubernetes client's configuration")
                    + " could not be read: " + oneLine(e.getMessage()));
        }
        Config config = new ConfigBuilder(found).withUserAgent("upshift-operator/" + settings.identity()).build();
        if (settings.mockApiServer() && !onLoopback(config.getMasterUrl())) {
            throw new IllegalArgumentException(OperatorSettings.MOCK_API_SERVER + ": refused, because the API server "
                    + config.getMasterUrl() + " is not on this machine's loopback; the setting is for a test's mock"
                    + " server only: unset it");
        }
        return config;
    }

    private static boolean onLoopback(String url) {
        try {
            String host = URI.create(url).getHost();
            return host != null && InetAddress.getByName(host.replace("[", "").replace("]", "")).isLoopbackAddress();
        } catch (IllegalArgumentException | UnknownHostException e) {
            return false;
        }
    }
}
