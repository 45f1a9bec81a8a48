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
        // counted by plain keys first, turned into tags once per row: a plan has far more entries than rows
        Map<Key, int[]> byState = new LinkedHashMap<>();
        Map<Key, int[]> byStage = new LinkedHashMap<>();
        Map<Key, int[]> progress = new LinkedHashMap<>();
        Map<Key, int[]> waiting = new LinkedHashMap<>();
        Map<Key, Duration> longest = new LinkedHashMap<>();
        Map<Key, int[]> blocked = new LinkedHashMap<>();
        Map<Key, int[]> eol = new LinkedHashMap<>();
        List<MultiGauge.Row<?>> perCluster = new ArrayList<>();
        Map<String, Instant> stillWaiting = new HashMap<>();
        for (PlanEntry e : plan.entries()) {
            String state = e.state().word();
            String reason = e.reasons().isEmpty() ? NONE : e.reasons().get(0).code();
            count(byState, new Key(state, reason, ""));
            String upgrade = e.upgrade().orElse(NONE);
            String stage = e.stage().orElse(NONE);
            if (e.upgrade().isPresent()) {
                count(byStage, new Key(upgrade, stage, state));
                int[] p = progress.computeIfAbsent(new Key(upgrade, stage, ""), k -> new int[2]);
                p[1]++;
                if (e.state() == UpgradeState.SUCCEEDED || e.state() == UpgradeState.UP_TO_DATE) {
                    p[0]++;
                }
            }
            if (e.state() == UpgradeState.WAITING && !e.reasons().isEmpty()) {
                Key gate = new Key(upgrade, stage, reason);
                count(waiting, gate);
                String key = e.cluster() + "\u0000" + reason;
                Instant since = waitingSince.getOrDefault(key, now);
                stillWaiting.put(key, since);
                longest.merge(gate, Duration.between(since, now), (a, b) -> a.compareTo(b) >= 0 ? a : b);
            }
            if (e.state() == UpgradeState.BLOCKED && e.upgrade().isPresent()) {
                count(blocked, new Key(upgrade, stage, reason));
            }
            if (e.endOfLife().isPresent()) {
                count(eol, new Key(e.from().toString(), "", ""));
            }
            if (clusterSeries) {
                perCluster.add(MultiGauge.Row.of(Tags.of("cluster", e.cluster(), "state", state), 1));
            }
        }
        waitingSince.clear();
        waitingSince.putAll(stillWaiting);
        clusters.register(rows(byState, "state", "reason", null), true);
        stageClusters.register(rows(byStage, "upgrade", "stage", "state"), true);
        List<MultiGauge.Row<?>> ratios = new ArrayList<>();
        progress.forEach((k, p) -> ratios.add(MultiGauge.Row.of(k.tags("upgrade", "stage", null), (double) p[0] / p[1])));
        stageProgress.register(ratios, true);
        gatesWaiting.register(rows(waiting, "upgrade", "stage", "gate"), true);
        stageBlocked.register(rows(blocked, "upgrade", "stage", "reason"), true);
        List<MultiGauge.Row<?>> seconds = new ArrayList<>();
        longest.forEach((k, d) -> seconds.add(MultiGauge.Row.of(k.tags("upgrade", "stage", "gate"),
                d.toMillis() / 1000.0)));
        gateWaitingSeconds.register(seconds, true);
        pastEndOfLife.register(rows(eol, "release", null, null), true);
        clusterState.register(perCluster, true);
    }

    private static void count(Map<Key, int[]> counts, Key key) {
        counts.computeIfAbsent(key, k -> new int[1])[0]++;
    }

    private static List<MultiGauge.Row<?>> rows(Map<Key, int[]> counts, String a, String b, String c) {
        List<MultiGauge.Row<?>> out = new ArrayList<>();
        counts.forEach((k, n) -> out.add(MultiGauge.Row.of(k.tags(a, b, c), n[0])));
        return out;
    }

    /** Up to three label values; the names are given when the key becomes tags. */
    private record Key(String a, String b, String c) {
        Tags tags(String nameA, String nameB, String nameC) {
            Tags t = Tags.of(nameA, a);
            if (nameB != null) {
                t = t.and(nameB, b);
            }
            return nameC != null ? t.and(nameC, c) : t;
        }
    }
}
