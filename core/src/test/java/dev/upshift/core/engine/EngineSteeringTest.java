package dev.upshift.core.engine;

import static dev.upshift.core.engine.World.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.plan.ActEntries;
import dev.upshift.core.plan.ActRequest;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.spi.Act;
import dev.upshift.spi.Approval;
import dev.upshift.spi.ApprovalGate;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.Reason;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeState;
import dev.upshift.spi.UpgradeStatus;
import dev.upshift.testkit.oracle.HistoryRules;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A person steers a rollout by acts the engine journals and the planner reads at the next
 * reconcile (docs/engine.md, "Steering"): approval gates, pause and resume, cancel, retry, skip.
 */
class EngineSteeringTest {
    private static final Duration HOUR = Duration.ofHours(1);

    /** c-1 in stage canary, p-1 and p-2 in stage prod, all on 20.0.0, upgraded to 20.1.0 in an hour. */
    private static World world(UnaryOperator<Stage> canary, UnaryOperator<Stage> prod) {
        World w = new World().cluster("c-1", "20.0.0", "ring=canary").cluster("p-1", "20.0.0", "ring=prod")
                .cluster("p-2", "20.0.0", "ring=prod");
        w.releases = ReleaseCatalog.of(List.of(World.release("20.0.0", "1.29.2"), World.release("20.1.0", "1.30.1")));
        return w.intent(platform(canary, prod)).succeedAfter(HOUR);
    }

    private static ClusterUpgrade.Builder platform(UnaryOperator<Stage> canary, UnaryOperator<Stage> prod) {
        return ClusterUpgrade.builder("platform").release("20.1.0").matcher(ClusterMatcher.clusterIdRegex(".*"))
                .expectedDuration(HOUR).stage(canary.apply(Stage.of("canary", ClusterMatcher.label("ring", "canary"))))
                .stage(prod.apply(Stage.of("prod", ClusterMatcher.label("ring", "prod"))));
    }

    private static PlanEntry entry(Reconciliation r, String cluster) {
        return r.plan().orElseThrow().entry(cluster).orElseThrow();
    }

    private static List<String> codes(PlanEntry e) {
        return e.reasons().stream().map(Reason::code).toList();
    }

    private static int indexOf(List<HistoryEntry> all, String cluster, Step step) {
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).clusterId().equals(cluster) && all.get(i).step() == step) {
                return i;
            }
        }
        return -1;
    }

    private static long starts(World w, String cluster) {
        return w.history.history(cluster).stream().filter(e -> e.step() == Step.STARTING).count();
    }

    @Test
    @DisplayName("a stage gated before waits for approval, says how to grant it, and starts at the reconcile after it")
    void approvalBefore() {
        World w = world(s -> s.withApprovals(ApprovalGate.BEFORE), s -> s);
        Engine engine = w.engine().build();
        Reconciliation r = engine.reconcile(T0);
        assertThat(r.started()).isEmpty();
        PlanEntry c1 = entry(r, "c-1");
        assertThat(c1.state()).isEqualTo(UpgradeState.WAITING);
        assertThat(c1.reasons().get(0).code()).isEqualTo(ReasonCodes.AWAITING_APPROVAL);
        assertThat(c1.reasons().get(0).message()).contains("stage canary of upgrade platform (to 20.1.0)",
                "upshift approve platform --stage canary");
        assertThat(entry(r, "p-1").reasons().get(0).message()).as("the stage before's gate reaches the next")
                .contains("stage canary of upgrade platform (to 20.1.0) waits for approval");

        Acted a = engine.act(T0.plus(Duration.ofMinutes(5)), ActRequest.approve("alice", "platform", "canary",
                ApprovalGate.BEFORE, "CHG-1"));
        assertThat(a.kind()).isEqualTo(Acted.Kind.RECORDED);
        HistoryEntry recorded = w.history.all().get(w.history.all().size() - 1);
        assertThat(recorded.step()).isEqualTo(Step.ACTED);
        assertThat(ActEntries.of(recorded)).contains(a.act().orElseThrow());
        assertThat(a.act().get().by()).isEqualTo("alice");
        assertThat(a.act().get().comment()).isEqualTo("CHG-1");

        r = engine.reconcile(T0.plus(Duration.ofMinutes(10)));
        assertThat(r.started()).extracting(PlanEntry::cluster).containsExactly("c-1");
        assertThat(engine.act(T0.plus(Duration.ofMinutes(11)), ActRequest.approve("bob", "platform", "canary",
                ApprovalGate.BEFORE, "")).message()).contains("already approved");
        assertThat(HistoryRules.violations(w.history.all())).isEmpty();
    }

    @Test
    @DisplayName("a gate after a stage holds the next stage once the stage is done, until approved")
    void approvalAfter() {
        World w = world(s -> s.withApprovals(ApprovalGate.AFTER), s -> s);
        Engine engine = w.engine().build();
        engine.reconcile(T0);
        Reconciliation r = engine.reconcile(T0.plus(HOUR));
        assertThat(w.release("c-1").toString()).isEqualTo("20.1.0");
        assertThat(r.started()).isEmpty();
        PlanEntry p1 = entry(r, "p-1");
        assertThat(codes(p1).get(0)).isEqualTo(ReasonCodes.AWAITING_APPROVAL);
        assertThat(p1.reasons().get(0).message()).contains("is done and waits for approval before the next stage",
                "--gate after");

        assertThat(engine.act(T0.plus(Duration.ofMinutes(61)), ActRequest.approve("alice", "platform", "canary",
                ApprovalGate.BEFORE, "")).message()).contains("has no 'before' approval gate");
        engine.act(T0.plus(Duration.ofMinutes(61)), ActRequest.approve("alice", "platform", "canary",
                ApprovalGate.AFTER, ""));
        r = engine.reconcile(T0.plus(Duration.ofMinutes(62)));
        assertThat(r.started()).extracting(PlanEntry::cluster).containsExactly("p-1", "p-2");
    }

    @Test
    @DisplayName("an approval written into the upgrade's document grants the gate for its release only")
    void approvalInTheDocument() {
        World w = world(s -> s.withApprovals(ApprovalGate.BEFORE), s -> s);
        w.intent(platform(s -> s.withApprovals(ApprovalGate.BEFORE), s -> s).approval(new Approval("canary",
                ApprovalGate.BEFORE, Version.parse("20.0.9"), "alice", "")));
        assertThat(w.engine().build().reconcile(T0).started()).as("an approval of another target").isEmpty();
        World granted = world(s -> s.withApprovals(ApprovalGate.BEFORE), s -> s);
        granted.intent(platform(s -> s.withApprovals(ApprovalGate.BEFORE), s -> s).approval(new Approval("canary",
                ApprovalGate.BEFORE, Version.parse("20.1.0"), "alice", "")));
        assertThat(granted.engine().build().reconcile(T0).started()).extracting(PlanEntry::cluster)
                .containsExactly("c-1");
    }

    @Test
    @DisplayName("a pause stops new starts and lets the hop in flight finish; a resume lets them go")
    void pauseAndResume() {
        World w = world(s -> s, s -> s);
        Engine engine = w.engine().build();
        engine.reconcile(T0);
        assertThat(engine.act(T0.plus(Duration.ofMinutes(1)), ActRequest.upgrade(Act.Kind.PAUSE, "carol", "platform",
                "incident 42")).kind()).isEqualTo(Acted.Kind.RECORDED);
        Reconciliation r = engine.reconcile(T0.plus(HOUR));
        assertThat(w.release("c-1").toString()).as("the hop in flight finished").isEqualTo("20.1.0");
        assertThat(r.started()).isEmpty();
        PlanEntry p1 = entry(r, "p-1");
        assertThat(p1.state()).isEqualTo(UpgradeState.WAITING);
        assertThat(p1.reasons().get(0).code()).isEqualTo(ReasonCodes.PAUSED);
        assertThat(p1.reasons().get(0).message()).contains("paused by carol at", "incident 42", "upshift resume platform");
        assertThat(engine.reconcile(T0.plus(HOUR.multipliedBy(5))).started()).isEmpty();
        assertThat(engine.act(T0.plus(HOUR.multipliedBy(5)), ActRequest.upgrade(Act.Kind.PAUSE, "carol", "platform",
                "")).kind()).isEqualTo(Acted.Kind.REFUSED);

        engine.act(T0.plus(HOUR.multipliedBy(6)), ActRequest.upgrade(Act.Kind.RESUME, "carol", "platform", "fixed"));
        r = engine.reconcile(T0.plus(HOUR.multipliedBy(6)));
        assertThat(r.started()).extracting(PlanEntry::cluster).containsExactly("p-1", "p-2");
        assertThat(HistoryRules.violations(w.history.all())).isEmpty();
    }

    @Test
    @DisplayName("spec.paused in the document holds the upgrade as a paused one")
    void pausedInTheDocument() {
        World w = world(s -> s, s -> s);
        w.intent(platform(s -> s, s -> s).paused(true));
        Reconciliation r = w.engine().build().reconcile(T0);
        assertThat(r.started()).isEmpty();
        assertThat(entry(r, "c-1").reasons().get(0).message()).contains("spec.paused is true");
    }

    @Test
    @DisplayName("a cancel lets the hop in flight finish and starts nothing of the run again")
    void cancel() {
        World w = world(s -> s, s -> s);
        Engine engine = w.engine().build();
        engine.reconcile(T0);
        engine.act(T0.plus(Duration.ofMinutes(1)), ActRequest.upgrade(Act.Kind.CANCEL, "dave", "platform", "bad"));
        Reconciliation r = engine.reconcile(T0.plus(HOUR));
        assertThat(w.release("c-1").toString()).isEqualTo("20.1.0");
        for (int h = 2; h < 10; h++) {
            r = engine.reconcile(T0.plus(HOUR.multipliedBy(h)));
            assertThat(r.started()).isEmpty();
        }
        PlanEntry p1 = entry(r, "p-1");
        assertThat(p1.state()).isEqualTo(UpgradeState.BLOCKED);
        assertThat(p1.reasons().get(0).code()).isEqualTo(ReasonCodes.CANCELLED);
        assertThat(p1.reasons().get(0).message()).contains("cancelled by dave", "bad");
    }

    @Test
    @DisplayName("a retried cluster publishes its failed hop once more, as attempt 2, and its stage goes on")
    void retry() {
        World w = world(s -> s, s -> s);
        w.answers = (u, now) -> u.id().equals("c-1:20.0.0..20.1.0#1")
                ? UpgradeStatus.failed("Broken", "node did not join", now)
                : UpgradeStatus.succeeded("Upgraded", "", now);
        Engine engine = w.engine().build();
        engine.reconcile(T0);
        Reconciliation r = engine.reconcile(T0.plus(HOUR));
        assertThat(entry(r, "c-1").state()).isEqualTo(UpgradeState.FAILED);
        assertThat(engine.reconcile(T0.plus(HOUR.multipliedBy(2))).started()).isEmpty();
        assertThat(engine.act(T0.plus(HOUR.multipliedBy(2)), ActRequest.cluster(Act.Kind.RETRY, "erin", "p-1", ""))
                .message()).contains("did not fail");

        Acted a = engine.act(T0.plus(HOUR.multipliedBy(2)), ActRequest.cluster(Act.Kind.RETRY, "erin", "c-1", ""));
        assertThat(a.act().orElseThrow().from()).contains(Version.parse("20.0.0"));
        r = engine.reconcile(T0.plus(HOUR.multipliedBy(3)));
        assertThat(r.started()).extracting(PlanEntry::cluster).as("c-1 again, then prod once it succeeded")
                .containsExactly("c-1", "p-1", "p-2");
        assertThat(w.publisher.published).containsKey("c-1:20.0.0..20.1.0#2");
        List<HistoryEntry> all = w.history.all();
        int succeeded = indexOf(all, "c-1", Step.SUCCEEDED);
        assertThat(succeeded).isLessThan(indexOf(all, "p-1", Step.STARTING));
        assertThat(all.get(succeeded).attempt()).isEqualTo(2);
        assertThat(w.release("c-1").toString()).isEqualTo("20.1.0");
        assertThat(starts(w, "c-1")).isEqualTo(2);
        assertThat(engine.act(T0.plus(HOUR.multipliedBy(6)), ActRequest.cluster(Act.Kind.RETRY, "erin", "c-1", ""))
                .kind()).isEqualTo(Acted.Kind.REFUSED);
        assertThat(HistoryRules.violations(w.history.all())).isEmpty();
    }

    @Test
    @DisplayName("a skipped cluster neither starts nor holds its stage, and the next stage goes on")
    void skip() {
        World w = world(s -> s, s -> s);
        w.answers = (u, now) -> u.id().startsWith("c-1:") ? UpgradeStatus.failed("Broken", "", now)
                : UpgradeStatus.succeeded("Upgraded", "", now);
        Engine engine = w.engine().build();
        engine.reconcile(T0);
        Reconciliation r = engine.reconcile(T0.plus(HOUR));
        assertThat(codes(entry(r, "p-1"))).contains(ReasonCodes.STAGE_HALTED);
        engine.act(T0.plus(HOUR), ActRequest.cluster(Act.Kind.SKIP, "frank", "c-1", "hardware fault"));
        r = engine.reconcile(T0.plus(HOUR.multipliedBy(2)));
        assertThat(r.started()).extracting(PlanEntry::cluster).containsExactly("p-1", "p-2");
        PlanEntry c1 = entry(r, "c-1");
        assertThat(codes(c1)).contains(ReasonCodes.SKIPPED);
        assertThat(c1.reasons().stream().filter(x -> x.code().equals(ReasonCodes.SKIPPED)).findFirst().orElseThrow()
                .message()).contains("by frank", "hardware fault");
        assertThat(starts(w, "c-1")).isEqualTo(1);
    }

    @Test
    @DisplayName("a cluster whose probe answers only faults for longer than unreachableAfter is skipped as UNREACHABLE, and its stage goes on")
    void unreachableIsSkipped() {
        World w = world(s -> s, s -> s);
        w.answers = (u, now) -> {
            if (u.cluster().id().equals("c-1")) {
                throw new IllegalStateException("connection refused");
            }
            return UpgradeStatus.succeeded("Upgraded", "", now);
        };
        Engine engine = w.engine().unreachableAfter(HOUR.multipliedBy(3)).build();
        engine.reconcile(T0);
        for (int h = 1; h <= 3; h++) {
            Reconciliation r = engine.reconcile(T0.plus(HOUR.multipliedBy(h)));
            assertThat(r.started()).as("hour " + h + ": prod waits for c-1").isEmpty();
        }
        Reconciliation r = engine.reconcile(T0.plus(HOUR.multipliedBy(4)));
        HistoryEntry skip = w.history.history("c-1").stream().filter(e -> e.step() == Step.ACTED).findFirst()
                .orElseThrow();
        assertThat(ActEntries.of(skip).orElseThrow().by()).isEqualTo(Engine.UNREACHABLE_BY);
        assertThat(skip.message()).startsWith("UNREACHABLE: ").contains("since " + T0, "for 3h or more");
        assertThat(skip.at()).as("three hours after its first fault").isEqualTo(T0.plus(HOUR.multipliedBy(3)));
        assertThat(r.started()).extracting(PlanEntry::cluster).containsExactly("p-1", "p-2");
        assertThat(codes(entry(r, "c-1"))).contains(ReasonCodes.SKIPPED);
        engine.reconcile(T0.plus(HOUR.multipliedBy(5)));
        assertThat(w.history.history("c-1")).filteredOn(e -> e.step() == Step.ACTED).hasSize(1);
    }

    @Test
    @DisplayName("a stage's startTime holds it until then, with the instant in the reason")
    void stageStartTime() {
        Instant start = T0.plus(HOUR.multipliedBy(5));
        World w = world(s -> s.withStartTime(start), s -> s);
        Engine engine = w.engine().build();
        Reconciliation r = engine.reconcile(T0);
        assertThat(r.started()).isEmpty();
        Reason why = entry(r, "c-1").reasons().get(0);
        assertThat(why.code()).isEqualTo(ReasonCodes.WAITING_STAGE_START);
        assertThat(why.until()).contains(start);
        assertThat(engine.reconcile(start).started()).extracting(PlanEntry::cluster).containsExactly("c-1");
    }

    @Test
    @DisplayName("requests that do not fit the fleet are refused with what is wrong, and nothing is journaled")
    void refusals() {
        World w = world(s -> s.withApprovals(ApprovalGate.BEFORE), s -> s);
        Engine engine = w.engine().build();
        assertThat(engine.act(T0, ActRequest.upgrade(Act.Kind.PAUSE, "a", "nope", "")).message())
                .contains("no upgrade named 'nope'");
        assertThat(engine.act(T0, ActRequest.approve("a", "platform", "qa", ApprovalGate.BEFORE, "")).message())
                .contains("no stage named 'qa'", "canary, prod");
        assertThat(engine.act(T0, ActRequest.upgrade(Act.Kind.RESUME, "a", "platform", "")).message())
                .contains("is not paused");
        assertThat(engine.act(T0, ActRequest.cluster(Act.Kind.SKIP, "a", "nope", "")).message())
                .contains("no cluster named 'nope'");
        assertThat(w.history.all()).isEmpty();
    }
}
