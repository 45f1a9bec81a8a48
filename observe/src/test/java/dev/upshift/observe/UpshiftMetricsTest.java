package dev.upshift.observe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.spi.HistoryEntry;
import dev.upshift.testkit.TestWorld;
import dev.upshift.testkit.fake.FakeProbe;
import dev.upshift.testkit.fleet.TestFleet;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.search.Search;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class UpshiftMetricsTest {
    static final Instant START = Instant.parse("2026-12-14T09:00:00Z");

    static TestFleet fleet() {
        var b = TestFleet.builder()
                .release("1.0.0", r -> r.kubernetes("1.29.4"))
                .release("1.1.0", r -> r.kubernetes("1.30.2").upgradesFrom(">=1.0.0 <1.1.0"));
        for (int i = 1; i <= 3; i++) {
            b.cluster("dev-" + i, c -> c.release("1.0.0").label("stage", "dev"));
            b.cluster("prod-" + i, c -> c.release("1.0.0").label("stage", "prod"));
        }
        return b.upgrade("to-1.1", u -> u.release("1.1.0").matchLabelRegex("stage", "dev|prod")
                        .startTime(START).expectedDuration(Duration.ofHours(2))
                        .stage("dev", st -> st.matchLabel("stage", "dev").soak(Duration.ofHours(4)).maxFailures(1))
                        .stage("prod", st -> st.matchLabel("stage", "prod").maxConcurrent(2)))
                .build();
    }

    @Test
    @DisplayName("hops started, succeeded and failed count what the history recorded, by upgrade and stage")
    void hopCountersMatchTheHistory() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        TestWorld world = TestWorld.of(fleet(), START).configure(b -> b.addObserver(UpshiftMetrics.on(registry)));
        world.probe().answer(FakeProbe.Script.succeedAfter(Duration.ofHours(2)));
        world.probe().answer("dev-2", FakeProbe.Script.failAfter(Duration.ofHours(1), "node cp-2 did not drain"));

        world.runUntil(START.plus(Duration.ofDays(3)));

        List<HistoryEntry> history = world.history().all();
        assertThat(sum(registry, "upshift.hops.started")).isEqualTo(count(history, HistoryEntry.Step.STARTING))
                .isEqualTo(6);
        assertThat(sum(registry, "upshift.hops.succeeded")).isEqualTo(count(history, HistoryEntry.Step.SUCCEEDED))
                .isEqualTo(5);
        assertThat(sum(registry, "upshift.hops.failed")).isEqualTo(1);
        assertThat(registry.get("upshift.hops.failed").tags("upgrade", "to-1.1", "stage", "dev").counter().count())
                .isEqualTo(1);
        assertThat(registry.get("upshift.hops.started").tags("upgrade", "to-1.1", "stage", "prod").counter().count())
                .isEqualTo(3);
        Timer failed = registry.get("upshift.hop.duration").tags("outcome", "failed").timer();
        assertThat(failed.count()).isEqualTo(1);
        assertThat(failed.totalTime(java.util.concurrent.TimeUnit.MINUTES)).as("the engine's time").isEqualTo(60.0);
        assertThat(registry.get("upshift.reconciles").counter().count()).isPositive();
    }

    @Test
    @DisplayName("the Prometheus text names every metric with the upshift_ prefix, its unit and _total on counters")
    void prometheusNames() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        TestWorld world = TestWorld.of(fleet(), START).configure(b -> b.addObserver(UpshiftMetrics.on(registry)));
        world.probe().answer(FakeProbe.Script.succeedAfter(Duration.ofHours(2)));
        world.publisher().faults().saying("git push: connection refused").throwTimes(2);

        world.runUntil(START.plus(Duration.ofHours(3)));

        String text = registry.scrape();
        assertThat(text).contains("upshift_hops_started_total{stage=\"dev\",upgrade=\"to-1.1\"} 3.0")
                .contains("upshift_hop_duration_seconds_bucket{outcome=\"succeeded\",stage=\"dev\",upgrade=\"to-1.1\",le=\"7200.0\"}")
                .contains("upshift_faults_total{call_site=\"publish\"} 2.0")
                .contains("upshift_reconcile_duration_seconds_bucket")
                .contains("upshift_history_append_duration_seconds_count{outcome=\"ok\"}")
                .contains("upshift_clusters{reason=\"WAITING_STAGE\",state=\"waiting\"} 3.0")
                .contains("upshift_gate_waiting_clusters{gate=\"WAITING_STAGE\",stage=\"prod\",upgrade=\"to-1.1\"} 3.0")
                .contains("upshift_gate_waiting_seconds{gate=\"WAITING_STAGE\",stage=\"prod\",upgrade=\"to-1.1\"}")
                .contains("upshift_stage_progress_ratio{stage=\"dev\",upgrade=\"to-1.1\"}")
                .contains("upshift_last_reconcile_timestamp_seconds")
                .doesNotContain("cluster=\"dev-1\"");
    }

    @Test
    @DisplayName("a series per cluster only when asked for")
    void clusterSeriesWhenAsked() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        TestWorld world = TestWorld.of(fleet(), START)
                .configure(b -> b.addObserver(UpshiftMetrics.withClusterSeries(registry)));
        world.reconcile();
        assertThat(registry.scrape()).contains("upshift_cluster_state{cluster=\"prod-1\",state=\"waiting\"} 1.0");
    }

    @Test
    @DisplayName("how long a gate has waited grows with the engine's time, and is gone once the gate lifts")
    void gateWaitingSeconds() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        TestWorld world = TestWorld.of(fleet(), START).configure(b -> b.addObserver(UpshiftMetrics.on(registry)));
        world.probe().answer(FakeProbe.Script.succeedAfter(Duration.ofHours(2)));
        world.runUntil(START.plus(Duration.ofHours(3)));
        // dev finished at 11:00 and soaks 4 hours; prod has waited for it since, at the reconcile of 12:00
        double waited = registry.get("upshift.gate.waiting").tags("stage", "prod", "gate", "SOAKING").gauge().value();
        assertThat(waited).isEqualTo(Duration.ofHours(1).toSeconds());
        world.runUntil(START.plus(Duration.ofDays(3)));
        assertThat(Search.in(registry).name("upshift.gate.waiting").tags("stage", "prod").gauge()).isNull();
    }

    private static double sum(MeterRegistry registry, String name) {
        return Search.in(registry).name(name).counters().stream().mapToDouble(Counter::count).sum();
    }

    private static long count(List<HistoryEntry> history, HistoryEntry.Step step) {
        return history.stream().filter(e -> e.step() == step).count();
    }
}
