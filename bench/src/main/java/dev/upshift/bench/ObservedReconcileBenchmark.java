package dev.upshift.bench;

import com.sun.net.httpserver.HttpServer;
import dev.upshift.core.engine.Engine;
import dev.upshift.core.engine.EngineObserver;
import dev.upshift.core.engine.FleetReading;
import dev.upshift.core.engine.Reconciliation;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.observe.EventsOut;
import dev.upshift.observe.UpshiftMetrics;
import dev.upshift.observe.Webhook;
import dev.upshift.testkit.fake.FakeHistory;
import dev.upshift.testkit.fake.FakeHook;
import dev.upshift.testkit.fake.FakeProbe;
import dev.upshift.testkit.fake.FakePublisher;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 39: the engine's reconcile with metrics and events out on ({@code observed}: UpshiftMetrics
 * on a Prometheus registry, EventsOut to a webhook on loopback) against the same reconcile without
 * them ({@code plain}), over the same generated fleet and history, in the same run (target: at most
 * 5 % more). The reconcile is ReconcileBenchmark's "nothing due" one, which a controller runs most
 * of the time, at the same instant ({@code advance=false}: the metrics' gauges stand, as nothing
 * changed) and a second apart ({@code advance=true}: the gauges are worked out from the whole plan
 * every time); events out only queue what a reconcile records.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgs = {"-Xmx2g"})
public class ObservedReconcileBenchmark {

    /** Two engines over one prepared fleet: one plain, one observed. */
    @State(Scope.Benchmark)
    public static class Engines {
        @Param({"10000"})
        int clusters;

        /**
         * Whether each reconcile is a second after the one before (the gauges are worked out again
         * every time), or at the same instant (nothing changed: they stand).
         */
        @Param({"false", "true"})
        boolean advance;

        private long plainCalls;
        private long observedCalls;

        Engine plain;
        Engine observed;
        Instant now = FleetGenerator.NOW;
        private HttpServer receiver;
        private EventsOut events;
        private Path state;

        @Setup(Level.Trial)
        public void setUp() throws IOException {
            PreparedFleet prepared;
            try (GeneratedFleet fleet = GeneratedFleet.create(FleetGenerator.Shape.of(clusters))) {
                prepared = Planner.standard().prepare(fleet.readChecked());
            }
            receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
            receiver.createContext("/", x -> {
                x.getRequestBody().readAllBytes();
                x.sendResponseHeaders(204, -1);
                x.close();
            });
            receiver.start();
            state = Files.createTempDirectory("upshift-bench-events");
            events = EventsOut.builder().state(state)
                    .addWebhook(Webhook.cloudEvents("http://127.0.0.1:" + receiver.getAddress().getPort() + "/"))
                    .build();
            UpshiftMetrics metrics = UpshiftMetrics.on(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
            plain = engine(prepared, new FakeHistory(), List.of());
            FakeHistory observedHistory = new FakeHistory();
            observed = engine(prepared, observedHistory, List.of(metrics, events));
            events.start(observedHistory);
            System.out.println("held " + plain.reconcile(now).recorded().size() + " and "
                    + observed.reconcile(now).recorded().size() + " ready clusters");
        }

        private static Engine engine(PreparedFleet prepared, FakeHistory store, List<EngineObserver> observers) {
            Engine.Builder b = Engine.builder()
                    .fleet(() -> FleetReading.of(prepared))
                    .history(store)
                    .publisher(new FakePublisher())
                    .probe(new FakeProbe().answer(FakeProbe.Script.stayInProgress()))
                    .addHook("hold", new FakeHook().holdBefore(Duration.ofDays(365)));
            observers.forEach(b::addObserver);
            return b.build();
        }

        @TearDown(Level.Trial)
        public void tearDown() throws IOException {
            events.close();
            receiver.stop(0);
            try (var files = Files.walk(state)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> {
                    try {
                        Files.delete(p);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            }
        }
    }

    @Benchmark
    public Reconciliation plain(Engines s) {
        return s.plain.reconcile(s.advance ? s.now.plusSeconds(++s.plainCalls) : s.now);
    }

    @Benchmark
    public Reconciliation observed(Engines s) {
        return s.observed.reconcile(s.advance ? s.now.plusSeconds(++s.observedCalls) : s.now);
    }
}
