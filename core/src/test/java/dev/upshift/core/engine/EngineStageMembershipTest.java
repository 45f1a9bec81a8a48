package dev.upshift.core.engine;

import static dev.upshift.core.engine.World.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.MaxConcurrent;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeState;
import dev.upshift.testkit.oracle.HistoryRules;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Stage membership is fixed when a stage starts (docs/engine.md, "Stage membership"): the members
 * still to upgrade are enrolled with the stage's first attempt, a cluster that joins later waits for
 * the next run, and a member that leaves before its attempt starts is recorded as skipped.
 */
class EngineStageMembershipTest {
    private static final Duration HOUR = Duration.ofHours(1);

    /** c-1 in stage canary, p-1 and p-2 in stage prod (one at a time), all on 20.0.0, upgraded to {@code release}. */
    private static World world() {
        World w = new World().cluster("c-1", "20.0.0", "ring=canary").cluster("p-1", "20.0.0", "ring=prod")
                .cluster("p-2", "20.0.0", "ring=prod");
        w.releases = ReleaseCatalog.of(List.of(World.release("20.0.0", "1.29.2"), World.release("20.1.0", "1.30.1"),
                World.release("20.2.0", "1.30.5")));
        return w.intent(platform("20.1.0")).succeedAfter(HOUR);
    }

    private static ClusterUpgrade.Builder platform(String release) {
        return ClusterUpgrade.builder("platform").release(release).matcher(ClusterMatcher.clusterIdRegex(".*"))
                .expectedDuration(HOUR).stage(Stage.of("canary", ClusterMatcher.label("ring", "canary")))
                .stage(Stage.of("prod", ClusterMatcher.label("ring", "prod")).withMaxConcurrent(MaxConcurrent.clusters(1)));
    }

    private static List<HistoryEntry> enrolled(World w) {
        return w.history.all().stream().filter(e -> e.step() == Step.ENROLLED).toList();
    }

    private static PlanEntry entry(Reconciliation r, String cluster) {
        return r.plan().orElseThrow().entry(cluster).orElseThrow();
    }

    @Test
    @DisplayName("a stage's members still to upgrade are enrolled once, ahead of its first attempt, with the run's key")
    void enrolledWhenTheStageStarts() {
        World w = world();
        Engine engine = w.engine().build();
        engine.reconcile(T0);
        assertThat(w.steps("c-1")).containsExactly("enrolled 20.0.0>20.1.0", "starting 20.0.0>20.1.0",
                "published 20.0.0>20.1.0");
        assertThat(w.history.history("p-1")).as("prod has not started").isEmpty();

        engine.reconcile(T0.plus(HOUR));
        List<HistoryEntry> prod = enrolled(w).stream().filter(e -> e.clusterId().startsWith("p-")).toList();
        assertThat(prod).extracting(HistoryEntry::upgradeId).containsExactly("p-1:platform@20.1.0/prod",
                "p-2:platform@20.1.0/prod");
        assertThat(prod).allMatch(e -> e.at().equals(T0.plus(HOUR)));
        assertThat(prod.get(1).state()).as("p-2 waits for a slot").isEqualTo(UpgradeState.WAITING);
        assertThat(prod.get(0).message()).contains("stage prod of upgrade platform (to 20.1.0)", "2 clusters to upgrade");
        assertThat(w.steps("p-1")).startsWith("enrolled 20.0.0>20.1.0", "starting 20.0.0>20.1.0");

        engine.reconcile(T0.plus(HOUR.multipliedBy(2)));
        engine.reconcile(T0.plus(HOUR.multipliedBy(3)));
        assertThat(enrolled(w)).hasSize(3);
        assertThat(w.release("p-2").toString()).isEqualTo("20.1.0");
        assertThat(HistoryRules.violations(w.history.all())).isEmpty();
    }

    @Test
    @DisplayName("a cluster that joins a started stage waits for the next run, and the stage goes on without it")
    void joinerWaitsForTheNextRun() {
        World w = world();
        Engine engine = w.engine().build();
        engine.reconcile(T0);
        engine.reconcile(T0.plus(HOUR));
        w.cluster("p-3", "20.0.0", "ring=prod");

        Reconciliation r = engine.reconcile(T0.plus(HOUR.multipliedBy(2)));
        PlanEntry late = entry(r, "p-3");
        assertThat(late.state()).isEqualTo(UpgradeState.WAITING);
        assertThat(late.reasons()).extracting(x -> x.code()).containsExactly(ReasonCodes.JOINED_LATE);
        assertThat(late.reasons().get(0).message()).contains("joined stage prod of upgrade platform",
                "waits for the upgrade's next run");
        engine.reconcile(T0.plus(HOUR.multipliedBy(3)));
        Reconciliation done = engine.reconcile(T0.plus(HOUR.multipliedBy(4)));
        assertThat(w.release("p-2").toString()).isEqualTo("20.1.0");
        assertThat(w.history.history("p-3")).as("never started in this run").isEmpty();
        assertThat(entry(done, "p-3").state()).isEqualTo(UpgradeState.WAITING);
        RolloutStatus status = RolloutStatus.of(done.plan().orElseThrow(), w.history.all(), List.of(w.intent));
        assertThat(status.stage("platform", "prod").orElseThrow()).as("the run's members, without the joiner")
                .satisfies(st -> {
                    assertThat(st.clusters()).isEqualTo(2);
                    assertThat(st.outcome()).isEqualTo(RolloutStatus.StageOutcome.SUCCEEDED);
                });

        w.intent(platform("20.2.0"));
        Instant t = T0.plus(HOUR.multipliedBy(5));
        for (int i = 0; i < 6; i++) {
            engine.reconcile(t.plus(HOUR.multipliedBy(i)));
        }
        assertThat(w.steps("p-3")).startsWith("enrolled 20.0.0>20.2.0", "starting 20.0.0>20.2.0");
        assertThat(w.history.history("p-3").get(0).upgradeId()).isEqualTo("p-3:platform@20.2.0/prod");
        assertThat(HistoryRules.violations(w.history.all())).isEmpty();
    }

    @Test
    @DisplayName("the stage after counts only the run's members when it says how many are not done")
    void waitingCountsTheRunOnly() {
        World w = world();
        Engine engine = w.engine().build();
        engine.reconcile(T0);
        w.cluster("c-2", "20.0.0", "ring=canary");

        Reconciliation r = engine.reconcile(T0.plusSeconds(60));

        assertThat(entry(r, "c-2").reasons()).extracting(x -> x.code()).containsExactly(ReasonCodes.JOINED_LATE);
        assertThat(entry(r, "p-1").reasons().get(0).message())
                .isEqualTo("waiting for stage canary of upgrade platform to finish: 1 of 1 cluster not done");
    }

    @Test
    @DisplayName("a cluster added before its stage starts is a member like any other")
    void joinerBeforeTheStageStarts() {
        World w = world();
        Engine engine = w.engine().build();
        engine.reconcile(T0);
        w.cluster("p-3", "20.0.0", "ring=prod");
        engine.reconcile(T0.plus(HOUR));
        assertThat(enrolled(w)).extracting(HistoryEntry::clusterId).containsExactly("c-1", "p-1", "p-2", "p-3");
    }

    @Test
    @DisplayName("a member that leaves the fleet before its attempt starts is skipped once, and the stage finishes")
    void memberLeavesTheFleet() {
        World w = world();
        Engine engine = w.engine().build();
        engine.reconcile(T0);
        engine.reconcile(T0.plus(HOUR));
        w.remove("p-2");

        Reconciliation r = engine.reconcile(T0.plus(HOUR).plusSeconds(60));
        assertThat(r.recorded()).hasSize(1);
        HistoryEntry skipped = r.recorded().get(0);
        assertThat(skipped.step()).isEqualTo(Step.SKIPPED);
        assertThat(skipped.upgradeId()).isEqualTo("p-2:platform@20.1.0/prod");
        assertThat(skipped.reasons().get(0).code()).isEqualTo(EngineReasons.LEFT_STAGE);
        assertThat(skipped.message()).contains("left the run platform@20.1.0/prod", "no longer in the fleet");
        assertThat(engine.reconcile(T0.plus(HOUR).plusSeconds(120)).recorded()).as("skipped once").isEmpty();

        engine.reconcile(T0.plus(HOUR.multipliedBy(2)));
        assertThat(w.steps("p-1")).contains("succeeded 20.0.0>20.1.0");
        assertThat(HistoryRules.violations(w.history.all())).isEmpty();
    }

    @Test
    @DisplayName("a member moved to a stage already under way is skipped in its run and waits there for the next")
    void memberMovesToAStartedStage() {
        World w = world();
        Engine engine = w.engine().build();
        engine.reconcile(T0);
        engine.reconcile(T0.plus(HOUR));
        w.relabel("p-2", "ring", "canary");

        Reconciliation r = engine.reconcile(T0.plus(HOUR).plusSeconds(60));
        assertThat(r.recorded()).extracting(HistoryEntry::step).containsExactly(Step.SKIPPED);
        assertThat(r.recorded().get(0).message()).contains("now in stage canary of upgrade platform (to 20.1.0)");
        assertThat(entry(r, "p-2").reasons()).extracting(x -> x.code()).containsExactly(ReasonCodes.JOINED_LATE);
    }

    @Test
    @DisplayName("a new target supersedes a run without skipping its members; back on the old target, the run goes on")
    void retargetSupersedesTheRun() {
        World w = world();
        Engine engine = w.engine().build();
        engine.reconcile(T0);
        engine.reconcile(T0.plus(HOUR));
        w.intent(platform("20.2.0"));

        Reconciliation r = engine.reconcile(T0.plus(HOUR).plusSeconds(60));
        assertThat(r.recorded()).noneMatch(e -> e.step() == Step.SKIPPED);
        assertThat(w.steps("c-1")).as("the new target's canary run starts").contains("enrolled 20.1.0>20.2.0");
        assertThat(w.steps("p-1")).as("an attempt under way is followed").contains("starting 20.0.0>20.1.0");

        w.intent(platform("20.1.0"));
        for (int h = 2; h <= 6; h++) {
            engine.reconcile(T0.plus(HOUR.multipliedBy(h)));
        }
        assertThat(w.steps("p-2")).as("still a member of the first run: not enrolled again, not a joiner")
                .containsExactly("enrolled 20.0.0>20.1.0", "starting 20.0.0>20.1.0", "published 20.0.0>20.1.0",
                        "succeeded 20.0.0>20.1.0", "finished 20.0.0>20.1.0");
        assertThat(HistoryRules.violations(w.history.all())).isEmpty();
    }

    @Test
    @DisplayName("an upgrade that declares no stages enrolls no one and takes clusters that join it at any time")
    void implicitStageTakesJoiners() {
        World w = new World().cluster("dev-1", "20.0.0").intent(World.upgradeTo("20.1.0")).succeedAfter(HOUR);
        Engine engine = w.engine().build();
        engine.reconcile(T0);
        w.cluster("dev-2", "20.0.0");
        engine.reconcile(T0.plusSeconds(60));
        assertThat(w.steps("dev-2")).startsWith("starting 20.0.0>20.1.0");
        assertThat(enrolled(w)).isEmpty();
    }
}
