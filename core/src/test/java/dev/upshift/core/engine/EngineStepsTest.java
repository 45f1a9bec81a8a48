package dev.upshift.core.engine;

import static dev.upshift.core.engine.World.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.plan.Attempt;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.HookResult;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeEvent;
import dev.upshift.spi.UpgradeHook;
import dev.upshift.spi.UpgradeState;
import dev.upshift.spi.UpgradeStatus;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Each step of a pass on its own: given the view a pass would see, what it returns; and that it
 * journals nothing itself (the pass appends what it returns).
 */
class EngineStepsTest {

    /** A world of one cluster one hop from its target, the engine over it with one hook. */
    private static World world() {
        return new World().cluster("dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"));
    }

    private static Flight latest(PassView v, String cluster) {
        Attempt a = v.journal().latest(cluster).orElseThrow();
        return v.flight(a);
    }

    @Nested
    @DisplayName("Start")
    class StartStep {
        @Test
        @DisplayName("hooks proceed: the starting entry, owing the after-hooks, and the attempt to publish; nothing journaled yet")
        void starts() {
            World w = world();
            Engine engine = w.engine().addHook("alerts", hook(HookResult.proceed())).build();
            PassView v = engine.view(T0);
            PlanEntry ready = v.plan().entry("dev-1").orElseThrow();

            StepResult r = Start.decide(v, ready);

            assertThat(r.entries()).singleElement().satisfies(e -> {
                assertThat(e.step()).isEqualTo(Step.STARTING);
                assertThat(e.upgradeId()).isEqualTo("dev-1:20.0.0..20.1.0#1");
                assertThat(e.owedHooks()).containsExactly("alerts");
            });
            assertThat(r.next()).extracting(f -> f.upgrade().id()).containsExactly("dev-1:20.0.0..20.1.0#1");
            assertThat(r.faults()).isEmpty();
            assertThat(w.history.all()).as("a step journals nothing").isEmpty();
            assertThat(w.publisher.calls).as("nor publishes").isEmpty();
        }

        @Test
        @DisplayName("a hook holds: a held entry until the shortest hold, a wake then, and nothing to publish")
        void held() {
            World w = world();
            Engine engine = w.engine().addHook("a", hook(HookResult.retryAfter(Duration.ofMinutes(30))))
                    .addHook("b", hook(HookResult.retryAfter(Duration.ofMinutes(10)))).build();
            PassView v = engine.view(T0);

            StepResult r = Start.decide(v, v.plan().entry("dev-1").orElseThrow());

            assertThat(r.entries()).singleElement().extracting(HistoryEntry::step).isEqualTo(Step.HELD);
            assertThat(r.wakes()).containsExactly(T0.plus(Duration.ofMinutes(10)));
            assertThat(r.next()).isEmpty();
        }

        @Test
        @DisplayName("a hook throws: a fault, no entry, nothing to publish")
        void hookThrows() {
            World w = world();
            Engine engine = w.engine().addHook("a", new UpgradeHook() {
                @Override
                public HookResult beforeUpgrade(Upgrade upgrade) {
                    throw new IllegalStateException("change calendar down");
                }
            }).build();
            PassView v = engine.view(T0);

            StepResult r = Start.decide(v, v.plan().entry("dev-1").orElseThrow());

            assertThat(r.entries()).isEmpty();
            assertThat(r.next()).isEmpty();
            assertThat(r.faults()).singleElement().extracting(Fault::site).isEqualTo(CallSite.BEFORE_HOOK);
        }
    }

    @Nested
    @DisplayName("Publishing")
    class PublishingStep {
        @Test
        @DisplayName("published: the entry with the publisher's reference, the attempt to probe, a wake at its deadline")
        void published() {
            World w = world();
            w.publisher.throwNext();
            Engine engine = w.engine().build();
            engine.reconcile(T0);
            PassView v = engine.view(T0.plusSeconds(60));
            Flight f = latest(v, "dev-1");

            StepResult r = Publishing.step(v, f);

            assertThat(r.entries()).singleElement().extracting(HistoryEntry::step).isEqualTo(Step.PUBLISHED);
            assertThat(r.next()).containsExactly(f);
            assertThat(r.wakes()).containsExactly(f.startedAt().plus(Duration.ofHours(3)));
            assertThat(w.history.all()).extracting(HistoryEntry::step).containsExactly(Step.STARTING);
        }

        @Test
        @DisplayName("refused for good: the failure, and the attempt to finish")
        void refused() {
            World w = world();
            w.publisher.throwNext();
            Engine engine = w.engine().build();
            engine.reconcile(T0);
            w.publisher.rejectNext("branch protected");
            PassView v = engine.view(T0.plusSeconds(60));

            StepResult r = Publishing.step(v, latest(v, "dev-1"));

            assertThat(r.entries()).singleElement().satisfies(e -> {
                assertThat(e.step()).isEqualTo(Step.FAILED);
                assertThat(e.reasons().get(0).code()).isEqualTo(EngineReasons.PUBLISH_REJECTED);
            });
            assertThat(r.finish()).singleElement().satisfies(f -> assertThat(f.outcome()).isPresent());
            assertThat(r.next()).isEmpty();
        }
    }

    @Nested
    @DisplayName("Probing")
    class ProbingStep {
        @Test
        @DisplayName("in progress before its deadline: nothing to journal, a wake at the deadline; past it, the timeout")
        void timeout() {
            World w = world();
            Engine engine = w.engine().build();
            engine.reconcile(T0);
            PassView before = engine.view(T0.plus(Duration.ofHours(1)));

            StepResult waiting = Probing.step(before, latest(before, "dev-1"));

            assertThat(waiting.entries()).isEmpty();
            assertThat(waiting.wakes()).containsExactly(T0.plus(Duration.ofHours(3)));

            PassView after = engine.view(T0.plus(Duration.ofHours(3)));
            StepResult late = Probing.step(after, latest(after, "dev-1"));

            assertThat(late.entries()).singleElement().satisfies(e -> {
                assertThat(e.state()).isEqualTo(UpgradeState.FAILED);
                assertThat(e.reasons().get(0).code()).isEqualTo(EngineReasons.TIMEOUT);
            });
            assertThat(late.finish()).hasSize(1);
        }

        @Test
        @DisplayName("succeeded: the outcome, owing the after-hooks, and the attempt to finish")
        void succeeded() {
            World w = world();
            Engine engine = w.engine().addHook("alerts", hook(HookResult.proceed())).build();
            engine.reconcile(T0);
            w.answers = (u, now) -> UpgradeStatus.succeeded("Upgraded", "all nodes ready", now);
            PassView v = engine.view(T0.plusSeconds(60));

            StepResult r = Probing.step(v, latest(v, "dev-1"));

            assertThat(r.entries()).singleElement().satisfies(e -> {
                assertThat(e.step()).isEqualTo(Step.SUCCEEDED);
                assertThat(e.message()).isEqualTo("Upgraded: all nodes ready");
                assertThat(e.owedHooks()).containsExactly("alerts");
            });
            assertThat(r.finish()).hasSize(1);
        }
    }

    @Nested
    @DisplayName("Finish")
    class FinishStep {
        @Test
        @DisplayName("an owed after-hook holds: not asked again before the hold ends; then asked, it holds again, in the engine's memory")
        void holds() {
            World w = world();
            w.answers = (u, now) -> UpgradeStatus.succeeded("Upgraded", "", now);
            Engine engine = w.engine().addHook("alerts", new AfterHook(HookResult.retryAfter(Duration.ofMinutes(20))))
                    .build();
            engine.reconcile(T0);
            PassView early = engine.view(T0.plus(Duration.ofMinutes(5)));

            StepResult waiting = Finish.step(early, latest(early, "dev-1"));

            assertThat(waiting.entries()).isEmpty();
            assertThat(waiting.wakes()).containsExactly(T0.plus(Duration.ofMinutes(20)));

            Instant later = T0.plus(Duration.ofMinutes(30));
            PassView v = engine.view(later);
            Flight f = latest(v, "dev-1");
            StepResult r = Finish.step(v, f);

            assertThat(r.entries()).isEmpty();
            assertThat(r.wakes()).containsExactly(later.plus(Duration.ofMinutes(20)));
            assertThat(v.memory().afterHooksHeldUntil(f.upgrade().id())).contains(later.plus(Duration.ofMinutes(20)));
            assertThat(w.events).isEmpty();
        }

        @Test
        @DisplayName("the after-hooks pass: the event emitted, and the finished entry")
        void finishes() {
            World w = world();
            w.answers = (u, now) -> UpgradeStatus.succeeded("Upgraded", "", now);
            AfterHook alerts = new AfterHook(HookResult.retryAfter(Duration.ofMinutes(20)));
            Engine engine = w.engine().addHook("alerts", alerts).build();
            engine.reconcile(T0);
            alerts.answer = HookResult.proceed();
            PassView v = engine.view(T0.plus(Duration.ofHours(1)));

            StepResult r = Finish.step(v, latest(v, "dev-1"));

            assertThat(r.entries()).singleElement().satisfies(e -> {
                assertThat(e.step()).isEqualTo(Step.FINISHED);
                assertThat(e.message()).isEqualTo("20.0.0 → 20.1.0 succeeded; after-hooks done: alerts");
            });
            assertThat(w.events).singleElement().extracting(e -> e.upgrade().cluster().id()).isEqualTo("dev-1");
        }
    }

    @Nested
    @DisplayName("Parts")
    class PartsSteps {
        private final Duration half = Duration.ofMinutes(30);

        @Test
        @DisplayName("control plane in progress: nothing to journal, a wake at its deadline; done and the part hooks proceed: the workers' intent, and the attempt to publish them")
        void controlPlane() {
            World w = PartsWorld.cluster(PartsWorld.world(), "dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"));
            Engine engine = w.engine().probe(PartsWorld.probe(w, half, half)).addHook("gate", new PartsWorld.Recorder())
                    .build();
            engine.reconcile(T0);
            PassView early = engine.view(T0.plus(Duration.ofMinutes(10)));

            StepResult waiting = Parts.controlPlane(early, latest(early, "dev-1"));

            assertThat(waiting.entries()).isEmpty();
            assertThat(waiting.wakes()).containsExactly(T0.plus(Duration.ofHours(3)));
            assertThat(Parts.stage(early, latest(early, "dev-1"))).isEqualTo(Parts.Stage.CONTROL_PLANE);

            PassView done = engine.view(T0.plus(half));
            StepResult r = Parts.controlPlane(done, latest(done, "dev-1"));

            assertThat(r.entries()).singleElement().extracting(HistoryEntry::step).isEqualTo(Step.WORKERS_STARTING);
            assertThat(r.next()).hasSize(1);
            assertThat(w.history.all()).extracting(HistoryEntry::step).doesNotContain(Step.WORKERS_STARTING);
        }

        @Test
        @DisplayName("the part hooks hold between the parts: the engine's memory keeps the hold, and no timeout runs while it does")
        void holdBetweenParts() {
            World w = PartsWorld.cluster(PartsWorld.world(), "dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"));
            PartsWorld.Recorder gate = new PartsWorld.Recorder().answer("afterControlPlane",
                    HookResult.retryAfter(Duration.ofHours(5)));
            Engine engine = w.engine().probe(PartsWorld.probe(w, half, half)).addHook("gate", gate).build();
            engine.reconcile(T0);
            PassView v = engine.view(T0.plus(half));
            Flight f = latest(v, "dev-1");

            StepResult r = Parts.controlPlane(v, f);

            assertThat(r.entries()).isEmpty();
            String part = f.upgrade().id() + "/control-plane";
            assertThat(v.memory().partHooksHeldUntil(part)).contains(T0.plus(half).plus(Duration.ofHours(5)));
            PassView past = engine.view(T0.plus(Duration.ofHours(4)));
            assertThat(Parts.controlPlane(past, latest(past, "dev-1")).entries()).as("no timeout while held").isEmpty();
        }
    }

    private static UpgradeHook hook(HookResult before) {
        return new UpgradeHook() {
            @Override
            public HookResult beforeUpgrade(Upgrade upgrade) {
                return before;
            }
        };
    }

    /** A hook that proceeds before an upgrade and answers as told after it. */
    private static final class AfterHook implements UpgradeHook {
        HookResult answer;

        AfterHook(HookResult answer) {
            this.answer = answer;
        }

        @Override
        public HookResult beforeUpgrade(Upgrade upgrade) {
            return HookResult.proceed();
        }

        @Override
        public HookResult afterUpgrade(UpgradeEvent finished) {
            return answer;
        }
    }
}
