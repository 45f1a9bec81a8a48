package dev.upshift.observe;

import static dev.upshift.observe.UpshiftMetrics.NONE;
import static dev.upshift.observe.UpshiftMetrics.PREFIX;

import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.spi.UpgradeState;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The gauges read off the newest plan: clusters by state and reason, each stage's clusters by state
 * and its progress, the gates clusters wait at and for how long, clusters past end of life, and
 * (when asked) a series per cluster. Rows that no longer occur are removed, so that a stage that
 * finished stops showing clusters in flight.
 */
final class PlanGauges {
    private final boolean clusterSeries;
    private final MultiGauge clusters;
    private final MultiGauge stageClusters;
    private final MultiGauge stageProgress;
    private final MultiGauge gatesWaiting;
    private final MultiGauge stageBlocked;
    private final MultiGauge gateWaitingSeconds;
    private final MultiGauge pastEndOfLife;
    private final MultiGauge clusterState;
    /** When each (cluster, gate) was first seen waiting, in the engine's time. */
    private final Map<String, Instant> waitingSince = new HashMap<>();

    PlanGauges(MeterRegistry registry, boolean clusterSeries) {
        this.clusterSeries = clusterSeries;
        this.clusters = MultiGauge.builder(PREFIX + "clusters")
                .description("Clusters by the state the plan gives them and its first reason").register(registry);
        this.stageClusters = MultiGauge.builder(PREFIX + "stage.clusters")
                .description("Clusters of each stage by state").register(registry);
        this.stageProgress = MultiGauge.builder(PREFIX + "stage.progress").baseUnit("ratio")
                .description("The share of a stage's clusters that reached their target (succeeded or up to date)")
                .register(registry);
        this.gatesWaiting = MultiGauge.builder(PREFIX + "gate.waiting.clusters")
                .description("Clusters waiting, by upgrade, stage and what they wait for (the reason code)")
                .register(registry);
        this.stageBlocked = MultiGauge.builder(PREFIX + "stage.blocked.clusters")
                .description("Clusters blocked, by upgrade, stage and reason (STAGE_HALTED: the stage is halted)")
                .register(registry);
        this.gateWaitingSeconds = MultiGauge.builder(PREFIX + "gate.waiting").baseUnit("seconds")
                .description("How long the longest waiting cluster has waited at a gate, in the engine's time")
                .register(registry);
        this.pastEndOfLife = MultiGauge.builder(PREFIX + "clusters.past.end.of.life")
                .description("Clusters running a release past its end of life, by release").register(registry);
        this.clusterState = MultiGauge.builder(PREFIX + "cluster.state")
                .description("1 for the state each cluster is in (only when series per cluster are asked for)")
                .register(registry);
    }

    boolean clusterSeries() {
        return clusterSeries;
    }

    void update(Plan plan, Instant now) {
        Map<Tags, Integer> byState = new LinkedHashMap<>();
        Map<Tags, Integer> byStage = new LinkedHashMap<>();
        Map<Tags, int[]> progress = new LinkedHashMap<>();
        Map<Tags, Integer> waiting = new LinkedHashMap<>();
        Map<Tags, Integer> blocked = new LinkedHashMap<>();
        Map<Tags, Duration> longest = new LinkedHashMap<>();
        Map<Tags, Integer> eol = new LinkedHashMap<>();
        List<MultiGauge.Row<?>> perCluster = new ArrayList<>();
        Map<String, Instant> stillWaiting = new HashMap<>();
        for (PlanEntry e : plan.entries()) {
            String state = e.state().word();
            String reason = e.reasons().isEmpty() ? NONE : e.reasons().get(0).code();
            byState.merge(Tags.of("state", state, "reason", reason), 1, Integer::sum);
            String upgrade = e.upgrade().orElse(NONE);
            String stage = e.stage().orElse(NONE);
            if (e.upgrade().isPresent()) {
                byStage.merge(Tags.of("upgrade", upgrade, "stage", stage, "state", state), 1, Integer::sum);
                int[] p = progress.computeIfAbsent(Tags.of("upgrade", upgrade, "stage", stage), k -> new int[2]);
                p[1]++;
                if (e.state() == UpgradeState.SUCCEEDED || e.state() == UpgradeState.UP_TO_DATE) {
                    p[0]++;
                }
            }
            if (e.state() == UpgradeState.WAITING && !e.reasons().isEmpty()) {
                Tags gate = Tags.of("upgrade", upgrade, "stage", stage, "gate", reason);
                waiting.merge(gate, 1, Integer::sum);
                String key = e.cluster() + "\u0000" + reason;
                Instant since = waitingSince.getOrDefault(key, now);
                stillWaiting.put(key, since);
                longest.merge(gate, Duration.between(since, now), (a, b) -> a.compareTo(b) >= 0 ? a : b);
            }
            if (e.state() == UpgradeState.BLOCKED && e.upgrade().isPresent()) {
                blocked.merge(Tags.of("upgrade", upgrade, "stage", stage, "reason", reason), 1, Integer::sum);
            }
            e.endOfLife().ifPresent(d -> eol.merge(Tags.of("release", e.from().toString()), 1, Integer::sum));
            if (clusterSeries) {
                perCluster.add(MultiGauge.Row.of(Tags.of("cluster", e.cluster(), "state", state), 1));
            }
        }
        waitingSince.clear();
        waitingSince.putAll(stillWaiting);
        clusters.register(rows(byState), true);
        stageClusters.register(rows(byStage), true);
        List<MultiGauge.Row<?>> ratios = new ArrayList<>();
        progress.forEach((t, p) -> ratios.add(MultiGauge.Row.of(t, (double) p[0] / p[1])));
        stageProgress.register(ratios, true);
        gatesWaiting.register(rows(waiting), true);
        stageBlocked.register(rows(blocked), true);
        List<MultiGauge.Row<?>> seconds = new ArrayList<>();
        longest.forEach((t, d) -> seconds.add(MultiGauge.Row.of(t, d.toMillis() / 1000.0)));
        gateWaitingSeconds.register(seconds, true);
        pastEndOfLife.register(rows(eol), true);
        clusterState.register(perCluster, true);
    }

    private static List<MultiGauge.Row<?>> rows(Map<Tags, Integer> counts) {
        List<MultiGauge.Row<?>> out = new ArrayList<>();
        counts.forEach((t, n) -> out.add(MultiGauge.Row.of(t, n)));
        return out;
    }
}
