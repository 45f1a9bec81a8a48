package dev.upshift.operator;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.engine.EngineObserver;
import dev.upshift.core.plan.Planner;
import dev.upshift.release.Version;
import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.ClusterInventory;
import dev.upshift.spi.EventSink;
import dev.upshift.spi.FencedHistoryStore;
import dev.upshift.spi.StatusProbe;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.Operator;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/**
 * One replica of Upshift's operator: the engine inside a Kubernetes cluster (docs/operator.md).
 *
 * <pre>{@code
 * UpshiftOperator replica = UpshiftOperator.builder()
 *         .client(client).namespace("upshift-system").identity(podName)
 *         .history(history)                                  // shared and fenced: PostgreSQL
 *         .inventory(inventory).publisher(publisher).probe(probe)
 *         .build();
 * replica.start();
 * }</pre>
 *
 * <h2>What it does</h2>
 * It watches the {@code ClusterUpgrade} resources of its namespace with the Java Operator SDK. While
 * it holds the lease, each reconcile runs the engine's {@code reconcile(now)} over the fleet (the
 * {@code Release}, {@code MaintenanceSchedule} and {@code ClusterUpgrade} resources of the namespace,
 * the clusters of the inventory) and writes each upgrade's status back; the next reconcile comes
 * when the engine's next wake is due, or after the poll interval.
 *
 * <h2>Leadership and fencing</h2>
 * Every replica takes part in a leader election on the Lease named {@link Builder#leaseName}. The one
 * that wins claims the epoch {@code leaseTransitions + 1} in the shared history before it acts, so
 * that a replica of an older term is refused by the history, and, since the engine records before it
 * acts, can neither record nor publish. A replica that learns it lost the lease closes its gate at
 * once: nothing more is recorded, published or written back, and {@link Builder#onTermEnded} is told
 * (the packaged main exits, and Kubernetes starts a fresh replica).
 *
 * <p>Thread-safe. A replica is started once and stopped once.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class UpshiftOperator {
    private final Leadership leadership;
    private final Operator operator;
    private final String identity;
    private final ClusterUpgradeReconciler reconciler;
    private boolean started;

    private UpshiftOperator(Builder b) {
        Objects.requireNonNull(b.client, "an operator needs a Kubernetes client (builder.client)");
        Objects.requireNonNull(b.namespace, "an operator needs its namespace (builder.namespace)");
        Objects.requireNonNull(b.identity, "an operator needs an identity in the lease (builder.identity)");
        Objects.requireNonNull(b.history, "an operator needs a shared history (builder.history)");
        Objects.requireNonNull(b.inventory, "an operator needs a cluster inventory (builder.inventory)");
        Objects.requireNonNull(b.publisher, "an operator needs a publisher (builder.publisher)");
        Objects.requireNonNull(b.probe, "an operator needs a status probe (builder.probe)");
        this.identity = b.identity;
        BiConsumer<Term, String> ended = b.onTermEnded;
        this.leadership = new Leadership(b.client, b.namespace, b.leaseName, b.identity, b.history, b.timing,
                new Leadership.Listener() {
                    @Override
                    public void started(Term term) {}

                    @Override
                    public void ended(Term term, String why) {
                        ended.accept(term, why);
                    }
                });
        ClusterFleet fleet = new ClusterFleet(b.client, b.namespace, b.inventory, b.observed, b.planner);
        FleetEngine engine = new FleetEngine(fleet, b.history, b.publisher, b.probe, b.events, b.clock, leadership,
                b.observers);
        KubernetesClient client = b.client;
        this.operator = new Operator(o -> o.withKubernetesClient(client).withCloseClientOnStop(false)
                .withUseSSAToPatchPrimaryResource(b.serverSideApplyStatus));
        String namespace = b.namespace;
        this.reconciler = new ClusterUpgradeReconciler(engine, b.clock, b.poll);
        operator.register(reconciler, c -> c.settingNamespace(namespace));
    }

    /** Starts configuring a replica. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Starts watching the resources and taking part in the leader election.
     *
     * @throws IllegalStateException when started before
     */
    public synchronized void start() {
        if (started) {
            throw new IllegalStateException("replica " + identity + " was started before; start a new one");
        }
        started = true;
        operator.start();
        leadership.start();
    }

    /**
     * Stops acting at once, leaves the election (releasing the lease, unless the timing says
     * otherwise) and stops watching.
     */
    public synchronized void stop() {
        leadership.stop();
        operator.stop();
    }

    /** The replica's term while it leads and acts; empty otherwise. */
    public Optional<Term> term() {
        return leadership.current();
    }

    /** How many reconciles found this replica not leading and changed nothing (for tests). */
    int idleReconciles() {
        return reconciler.idleReconciles();
    }

    /** The replica's identity in the lease. */
    public String identity() {
        return identity;
    }

    @Override
    public String toString() {
        return "Upshift operator replica " + identity + term().map(t -> ", leading with epoch " + t.epoch())
                .orElse(", not leading");
    }

    /** Configures a replica; every setter checks its argument at once. */
    public static final class Builder {
        private KubernetesClient client;
        private String namespace;
        private String identity;
        private String leaseName = "upshift-operator";
        private Leadership.Timing timing = Leadership.Timing.standard();
        private FencedHistoryStore history;
        private ClusterInventory inventory;
        private ChangePublisher publisher;
        private StatusProbe probe;
        private EventSink events = EventSink.noop();
        private Clock clock = Clock.systemUTC();
        private Duration poll = Duration.ofSeconds(30);
        private Planner planner = Planner.standard();
        private Supplier<Map<String, Version>> observed = Map::of;
        private BiConsumer<Term, String> onTermEnded = (t, why) -> {};
        private boolean serverSideApplyStatus = true;
        private final List<EngineObserver> observers = new ArrayList<>();

        private Builder() {}

        /** The client to the cluster the resources and the lease live in. */
        public Builder client(KubernetesClient kubernetes) {
            this.client = Objects.requireNonNull(kubernetes, "client");
            return this;
        }

        /** The namespace whose resources the replica reads, and where the lease is. */
        public Builder namespace(String name) {
            this.namespace = nonBlank(name, "namespace");
            return this;
        }

        /** The replica's identity in the lease: unique among replicas (the pod's name). */
        public Builder identity(String name) {
            this.identity = nonBlank(name, "identity");
            return this;
        }

        /** The Lease's name; {@code upshift-operator} by default. */
        public Builder leaseName(String name) {
            this.leaseName = nonBlank(name, "leaseName");
            return this;
        }

        /**
         * The lease's timing: how long a lease lasts, how long a leader tries to renew it before it
         * gives up, and how often it tries; 15 s, 10 s and 2 s by default.
         *
         * @param releaseOnStop whether {@link #stop()} hands the lease back at once (true by default);
         *     false: the next leader waits for it to run out, as after a crash
         * @throws IllegalArgumentException unless {@code retryPeriod < renewDeadline < leaseDuration}
         */
        public Builder lease(Duration leaseDuration, Duration renewDeadline, Duration retryPeriod,
                boolean releaseOnStop) {
            this.timing = new Leadership.Timing(leaseDuration, renewDeadline, retryPeriod, releaseOnStop);
            return this;
        }

        /**
         * The history every replica shares, fenced by the lease's epoch: a store that claims epochs,
         * such as {@code PostgresHistoryStore} (the SPI's {@code InMemoryHistoryStore} in a test).
         */
        public Builder history(FencedHistoryStore store) {
            this.history = Objects.requireNonNull(store, "history");
            return this;
        }

        /** Where the clusters are read from (Cluster API's inventory). */
        public Builder inventory(ClusterInventory clusters) {
            this.inventory = Objects.requireNonNull(clusters, "inventory");
            return this;
        }

        /** Where changes go. */
        public Builder publisher(ChangePublisher to) {
            this.publisher = Objects.requireNonNull(to, "publisher");
            return this;
        }

        /** How upgrades in flight are observed. */
        public Builder probe(StatusProbe by) {
            this.probe = Objects.requireNonNull(by, "probe");
            return this;
        }

        /**
         * Adds an observer of the engine (its metrics: {@code upshift-observe}'s {@code UpshiftMetrics});
         * none by default.
         */
        public Builder addObserver(EngineObserver observer) {
            observers.add(Objects.requireNonNull(observer, "observer"));
            return this;
        }

        /** Where finished upgrades are reported; none by default. */
        public Builder events(EventSink sink) {
            this.events = Objects.requireNonNull(sink, "events");
            return this;
        }

        /** The clock each reconcile reads its instant from; UTC system time by default. */
        public Builder clock(Clock time) {
            this.clock = Objects.requireNonNull(time, "clock");
            return this;
        }

        /**
         * How long after a reconcile the next one comes at the latest (the engine's next wake may be
         * sooner); 30 s by default. Status probes are asked this often.
         *
         * @throws IllegalArgumentException unless positive
         */
        public Builder pollInterval(Duration interval) {
            if (interval.isNegative() || interval.isZero()) {
                throw new IllegalArgumentException("a poll interval is positive, not " + interval);
            }
            this.poll = interval;
            return this;
        }

        /** The planner; {@link Planner#standard()} by default. */
        public Builder planner(Planner p) {
            this.planner = Objects.requireNonNull(p, "planner");
            return this;
        }

        /**
         * Releases some clusters run that the inventory does not show yet, by cluster id (an inventory
         * that lags behind the publisher); none by default: the inventory is the truth.
         */
        public Builder observedReleases(Supplier<Map<String, Version>> releases) {
            this.observed = Objects.requireNonNull(releases, "observedReleases");
            return this;
        }

        /**
         * Told, once, when this replica's term ends (the lease was lost or the history refused its
         * epoch), after it stopped acting; the packaged main exits there. Nothing by default.
         */
        public Builder onTermEnded(BiConsumer<Term, String> action) {
            this.onTermEnded = Objects.requireNonNull(action, "onTermEnded");
            return this;
        }

        /**
         * Whether status is written with server-side apply (the default) or a JSON merge patch.
         */
        public Builder serverSideApplyStatus(boolean on) {
            this.serverSideApplyStatus = on;
            return this;
        }

        /**
         * Builds the replica.
         *
         * @throws NullPointerException when the client, namespace, identity, history, inventory,
         *     publisher or probe is missing
         */
        public UpshiftOperator build() {
            return new UpshiftOperator(this);
        }

        private static String nonBlank(String value, String what) {
            Objects.requireNonNull(value, what);
            if (value.isBlank()) {
                throw new IllegalArgumentException(what + " must not be blank");
            }
            return value;
        }
    }
}
