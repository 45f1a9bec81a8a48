package dev.upshift.observe;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.engine.EngineObserver;
import dev.upshift.core.engine.Fault;
import dev.upshift.core.engine.Reconciliation;
import dev.upshift.core.plan.Plan;
import dev.upshift.spi.HistoryEntry;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apiguardian.api.API;

/**
 * The engine's metrics on Micrometer (docs/observability.md has the table): clusters by state and
 * reason, hops started, succeeded and failed by upgrade and stage, hop durations, stage progress,
 * gates waiting and for how long, clusters past end of life, reconcile durations, history append
 * latency, and faults by call site. Names and labels follow Prometheus' conventions once a
 * Prometheus registry renders them ({@code upshift_} prefix, units in names, {@code _total} on
 * counters); no series carries a cluster's name unless {@link #clusterSeries()} asks for it.
 *
 * <pre>{@code
 * UpshiftMetrics metrics = UpshiftMetrics.on(registry);
 * try (Upshift upshift = Upshift.builder().fleet(folder).addObserver(metrics).build()) { ... }
 * }</pre>
 *
 * <p><b>Contract.</b> An {@link EngineObserver}: the engine tells it of each reconcile on its
 * thread; a registry's scrape may read it from another thread at the same time. Counters count
 * from the moment it is registered (a restarted process starts them at zero, which Prometheus'
 * {@code rate} and {@code increase} expect); gauges show the plan of the newest reconcile. Hop
 * durations are the engine's time from a hop's {@code starting} entry to its outcome (virtual in a
 * time-lapse); a hop that started before this observer did is counted, without a duration.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class UpshiftMetrics implements EngineObserver {
    /** Every metric's name starts with it. */
    public static final String PREFIX = "upshift.";
    /** What a label shows where an entry has no upgrade or stage. */
    static final String NONE = "none";

    private final MeterRegistry registry;
    private final PlanGauges plan;
    private final Timer reconcileDuration;
    private final Counter reconciles;
    private final AtomicLong lastReconcile = new AtomicLong();
    private final Map<String, HopStart> starts = new ConcurrentHashMap<>();
    private long reconcileStartedNanos;
    private java.time.Instant lastPlanned;

    private UpshiftMetrics(MeterRegistry registry, boolean clusterSeries) {
        this.registry = registry;
        this.plan = new PlanGauges(registry, clusterSeries);
        this.reconcileDuration = Timer.builder(PREFIX + "reconcile.duration")
                .description("How long a reconcile took, in wall-clock time")
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(1))
                .maximumExpectedValue(Duration.ofMinutes(5))
                .register(registry);
        this.reconciles = Counter.builder(PREFIX + "reconciles").description("Reconciles the engine ran")
                .register(registry);
        Gauge.builder(PREFIX + "last.reconcile.timestamp", lastReconcile, AtomicLong::doubleValue).baseUnit("seconds")
                .description("The instant of the newest reconcile, in seconds since the epoch (the engine's time)")
                .register(registry);
    }

    /**
     * The engine's metrics in {@code registry}, without series per cluster.
     *
     * @param registry a Prometheus registry, the embedder's own, or a composite
     */
    public static UpshiftMetrics on(MeterRegistry registry) {
        return new UpshiftMetrics(Objects.requireNonNull(registry, "registry"), false);
    }

    /**
     * The engine's metrics, and one series per cluster ({@code upshift_cluster_state{cluster, state}},
     * 1 for the state it is in): for fleets small enough that a series per cluster is affordable.
     *
     * @param registry where to register them
     */
    public static UpshiftMetrics withClusterSeries(MeterRegistry registry) {
        return new UpshiftMetrics(Objects.requireNonNull(registry, "registry"), true);
    }

    /** Whether this observer keeps a series per cluster. */
    public boolean clusterSeries() {
        return plan.clusterSeries();
    }

    @Override
    public void reconciling(java.time.Instant now) {
        reconcileStartedNanos = System.nanoTime();
    }

    @Override
    public void reconciled(Reconciliation done) {
        reconcileDuration.record(Duration.ofNanos(System.nanoTime() - reconcileStartedNanos));
        reconciles.increment();
        lastReconcile.set(done.now().getEpochSecond());
        // a reconcile at the instant of the one before that recorded nothing planned the same: its gauges stand
        if (done.changed() || !done.now().equals(lastPlanned)) {
            done.plan().ifPresent(p -> {
                plan.update(p, done.now());
                lastPlanned = done.now();
            });
        }
        for (HistoryEntry e : done.recorded()) {
            count(e, done.plan().orElse(null));
        }
        for (Fault f : done.faults()) {
            Counter.builder(PREFIX + "faults").description("Calls of the engine that threw, by call site")
                    .tag("call_site", f.site().name().toLowerCase(Locale.ROOT)).register(registry).increment();
        }
    }

    @Override
    public void historyAppended(int entries, Duration took, boolean failed) {
        Timer.builder(PREFIX + "history.append.duration")
                .description("How long an append to the history (the journal's fsync, a database's transaction) took")
                .tag("outcome", failed ? "failed" : "ok")
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofNanos(100_000))
                .maximumExpectedValue(Duration.ofSeconds(30))
                .register(registry).record(took);
        Counter.builder(PREFIX + "history.appended.entries").description("Entries appended to the history")
                .register(registry).increment(failed ? 0 : entries);
    }

    private void count(HistoryEntry e, Plan p) {
        switch (e.step()) {
            case STARTING -> {
                HopStart s = new HopStart(e.at(), upgradeOf(e), stageOf(e, p));
                starts.put(e.upgradeId(), s);
                hops("started", s.upgrade(), s.stage()).increment();
            }
            case SUCCEEDED, FAILED -> {
                HopStart s = starts.remove(e.upgradeId());
                String upgrade = s != null ? s.upgrade() : upgradeOf(e);
                String stage = s != null ? s.stage() : stageOf(e, p);
                String outcome = e.step() == HistoryEntry.Step.SUCCEEDED ? "succeeded" : "failed";
                hops(outcome, upgrade, stage).increment();
                if (s != null) {
                    Timer.builder(PREFIX + "hop.duration")
                            .description("How long a hop took from its start to its outcome, in the engine's time")
                            .tags("upgrade", upgrade, "stage", stage, "outcome", outcome)
                            .serviceLevelObjectives(HOP_BUCKETS)
                            .register(registry).record(Duration.between(s.at(), e.at()));
                }
            }
            default -> { }
        }
    }

    private Counter hops(String what, String upgrade, String stage) {
        return Counter.builder(PREFIX + "hops." + what).description("Hops " + what + ", by upgrade and stage")
                .tags("upgrade", upgrade, "stage", stage).register(registry);
    }

    private static String upgradeOf(HistoryEntry e) {
        return e.intent().orElse(NONE);
    }

    private static String stageOf(HistoryEntry e, Plan p) {
        if (p == null) {
            return NONE;
        }
        return p.entry(e.clusterId()).flatMap(x -> x.stage()).orElse(NONE);
    }

    /** The hop duration histogram's buckets: upgrades take minutes to hours. */
    private static final Duration[] HOP_BUCKETS = {Duration.ofMinutes(5), Duration.ofMinutes(15), Duration.ofMinutes(30),
        Duration.ofHours(1), Duration.ofHours(2), Duration.ofHours(4), Duration.ofHours(8), Duration.ofHours(24)};

    /** A hop's start, as its {@code starting} entry said it. */
    private record HopStart(java.time.Instant at, String upgrade, String stage) {}
}
