package dev.upshift.core.engine;

import static dev.upshift.core.engine.World.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.release.Version;
import dev.upshift.spi.Decision;
import dev.upshift.spi.Fallback;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.HookResult;
import dev.upshift.spi.Outcome;
import dev.upshift.spi.StrategyPreference;
import dev.upshift.spi.UpgradeEvent;
import dev.upshift.spi.UpgradeHook;
import dev.upshift.spi.UpgradeStatus;
import dev.upshift.spi.WindowPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** One test per transition of an attempt, against in-memory fakes (docs/engine.md draws the machine). */
class EngineTransitionsTest {

    @Test
    @DisplayName("a ready cluster is journaled starting before it is published, under one idempotency key")
    void startsWriteAhead() {
        World w = new World().cluster("dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"));
        Reconciliation r = w.engine().build().reconcile(T0);

        assertThat(w.steps("dev-1")).containsExactly("starting 20.0.0>20.1.0", "published 20.0.0>20.1.0");
        HistoryEntry starting = r.recorded().get(0);
        assertThat(starting.upgradeId()).isEqualTo("dev-1:20.0.0..20.1.0#1");
        assertThat(w.publisher.calls).containsExactly("dev-1:20.0.0..20.1.0#1");
        assertThat(starting.hop()).isEqualTo(HistoryEntry.Hop.only(Version.parse("20.1.0")));
        assertThat(w.history.groups()).as("one append group per phase").isEqualTo(2);
    }

    @Test
    @DisplayName("a second reconcile at the same instant records nothing and publishes nothing")
    void idempotentAtOneInstant() {
        World w = new World().cluster("dev-1", "20.0.0").cluster("dev-2", "19.1.0").intent(World.upgradeTo("20.1.0"));
        Engine engine = w.engine().build();
        engine.reconcile(T0);
        int calls = w.publisher.calls.size();

        Reconciliation again = engine.reconcile(T0);

        assertThat(again.recorded()).isEmpty();
        assertThat(w.publisher.calls).hasSize(calls);
    }

    @Test
    @DisplayName("a succeeded hop is recorded, finished, reported once, and the next hop starts")
    void hopByHop() {
        World w = new World().cluster("dev-1", "19.1.0").intent(World.upgradeTo("20.1.0")).succeedAfter(Duration.ofHours(1));
        Engine engine = w.engine().build();
        engine.reconcile(T0);
        assertThat(w.publisher.calls).containsExactly("dev-1:19.1.0..20.0.0#1");

        engine.reconcile(T0.plus(Duration.ofHours(1)));

        assertThat(w.steps("dev-1")).containsExactly("starting 19.1.0>20.0.0", "published 19.1.0>20.0.0",
                "succeeded 19.1.0>20.0.0", "finished 19.1.0>20.0.0", "starting 20.0.0>20.1.0",
                "published 20.0.0>20.1.0");
        List<HistoryEntry> h = w.history.history("dev-1");
        assertThat(h.get(0).hop()).isEqualTo(new HistoryEntry.Hop(1, 2, Version.parse("20.1.0")));
        assertThat(h.get(4).hop()).isEqualTo(new HistoryEntry.Hop(2, 2, Version.parse("20.1.0")));
        assertThat(w.events).singleElement().satisfies(e -> {
            assertThat(e.outcome()).isEqualTo(Outcome.SUCCEEDED);
            assertThat(e.duration()).isEqualTo(Duration.ofHours(1));
        });

        engine.reconcile(T0.plus(Duration.ofHours(2)));
        assertThat(w.release("dev-1")).isEqualTo(Version.parse("20.1.0"));
        assertThat(w.events).hasSize(2);
        assertThat(engine.reconcile(T0.plus(Duration.ofHours(3))).recorded()).isEmpty();
    }

    @Test
    @DisplayName("a before-hook that holds delays the start until its retry-after, the shortest of all holds")
    void hookHolds() {
        World w = new World().cluster("dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"));
        int[] asked = {0};
        UpgradeHook approval = new UpgradeHook() {
            @Override
            public HookResult beforeUpgrade(dev.upshift.spi.Upgrade upgrade) {
                return ++asked[0] < 3 ? HookResult.retryAfter(Duration.ofMinutes(10)) : HookResult.proceed();
            }
        };
        UpgradeHook slow = new UpgradeHook() {
            @Override
            public HookResult beforeUpgrade(dev.upshift.spi.Upgrade upgrade) {
                return asked[0] < 2 ? HookResult.retryAfter(Duration.ofHours(1)) : HookResult.proceed();
            }
        };
        Engine engine = w.engine().addHook("approval", approval).addHook("change-board", slow).build();

        Reconciliation first = engine.reconcile(T0);
        assertThat(first.recorded()).singleElement().satisfies(e -> {
            assertThat(e.step()).isEqualTo(Step.HELD);
            assertThat(e.reasons().get(0).until()).contains(T0.plusSeconds(600));
        });
        assertThat(first.nextWake()).contains(T0.plusSeconds(600));
        assertThat(engine.reconcile(T0.plusSeconds(300)).recorded()).as("not asked before the retry").isEmpty();
        assertThat(asked[0]).isEqualTo(1);

        engine.reconcile(T0.plusSeconds(600));
        engine.reconcile(T0.plusSeconds(1200));

        assertThat(w.steps("dev-1")).containsExactly("held 20.0.0>20.1.0", "held 20.0.0>20.1.0",
                "starting 20.0.0>20.1.0", "published 20.0.0>20.1.0");
        assertThat(w.history.history("dev-1")).extracting(HistoryEntry::upgradeId).containsOnly("dev-1:20.0.0..20.1.0#1");
    }

    @Test
    @DisplayName("a before-hook that aborts fails the attempt with its reason, and nothing is published")
    void hookAborts() {
        World w = new World().cluster("dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"));
        UpgradeHook freezeService = new UpgradeHook() {
            @Override
            public HookResult beforeUpgrade(dev.upshift.spi.Upgrade upgrade) {
                return HookResult.abort("change freeze CHG-42");
            }
        };
        Engine engine = w.engine().addHook("freeze", freezeService).build();
        engine.reconcile(T0);

        assertThat(w.publisher.calls).isEmpty();
        assertThat(w.steps("dev-1")).containsExactly("failed 20.0.0>20.1.0", "finished 20.0.0>20.1.0");
        assertThat(w.history.history("dev-1").get(0).reasons().get(0).message()).contains("change freeze CHG-42");
        assertThat(w.events).singleElement().extracting(UpgradeEvent::outcome).isEqualTo(Outcome.FAILED);
        assertThat(engine.reconcile(T0.plusSeconds(3600)).recorded()).as("a failed upgrade is not retried").isEmpty();
    }

    @Test
    @DisplayName("every strategy declining under fallback none blocks the cluster with every reason, once")
    void strategiesDeclineFailClosed() {
        World w = new World().cluster("dev-1", "20.0.0")
                .intent(World.upgradeTo("20.1.0").strategy(StrategyPreference.IN_PLACE).fallback(Fallback.NONE));
        w.clusters.set(0, w.clusters.get(0).toBuilder().resources(Resources.controlPlaneAndWorkers()).build());
        Engine engine = w.engine().addStrategy(r -> Decision.decline("etcd changes need new machines"))
                .addStrategy(r -> Decision.decline("no agent on " + r.owner())).build();

        engine.reconcile(T0);
        engine.reconcile(T0.plusSeconds(60));

        assertThat(w.publisher.calls).isEmpty();
        assertThat(w.steps("dev-1")).containsExactly("declined 20.0.0>20.1.0");
        String why = w.history.history("dev-1").get(0).reasons().get(0).message();
        assertThat(why).contains("etcd changes need new machines", "no agent on control plane cp",
                "no agent on machine deployment md-0");
    }

    @Test
    @DisplayName("every strategy declining under the rolling fallback publishes anyway and says so")
    void strategiesDeclineFallBack() {
        World w = new World().cluster("dev-1", "20.0.0")
                .intent(World.upgradeTo("20.1.0").strategy(StrategyPreference.IN_PLACE));
        w.clusters.set(0, w.clusters.get(0).toBuilder().resources(Resources.controlPlaneAndWorkers()).build());
        Engine engine = w.engine().addStrategy(r -> Decision.decline("not today")).build();

        engine.reconcile(T0);

        assertThat(w.steps("dev-1")).containsExactly("starting 20.0.0>20.1.0", "published 20.0.0>20.1.0");
        assertThat(w.history.history("dev-1").get(0).message()).contains("declined control plane cp", "not today");
    }

    @Test
    @DisplayName("a strategy that accepts and whose work then fails records the failure from the probe")
    void strategyAcceptsThenFails() {
        World w = new World().cluster("dev-1", "20.0.0")
                .intent(World.upgradeTo("20.1.0").strategy(StrategyPreference.IN_PLACE).fallback(Fallback.NONE));
        w.clusters.set(0, w.clusters.get(0).toBuilder().resources(Resources.controlPlaneAndWorkers()).build());
        w.answers = (u, now) -> UpgradeStatus.failed("DrainTimeout", "node cp-2 did not drain in 15m", now);
        Engine engine = w.engine().addStrategy(r -> Decision.accept()).build();

        engine.reconcile(T0);
        engine.reconcile(T0.plusSeconds(60));

        assertThat(w.steps("dev-1")).containsExactly("starting 20.0.0>20.1.0", "published 20.0.0>20.1.0",
                "failed 20.0.0>20.1.0", "finished 20.0.0>20.1.0");
        assertThat(w.history.history("dev-1").get(0).message()).contains("control plane cp by strategy 1",
                "machine deployment md-0 by strategy 1");
        assertThat(w.history.history("dev-1").get(2).reasons().get(0).message()).contains("DrainTimeout",
                "cp-2 did not drain");
    }

    @Test
    @DisplayName("an upgrade the probe never reports fails at its timeout, three times its expected duration")
    void timeout() {
        World w = new World().cluster("dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"));
        Engine engine = w.engine().build();
        engine.reconcile(T0);
        Reconciliation before = engine.reconcile(T0.plus(Duration.ofHours(2)));
        assertThat(before.recorded()).isEmpty();
        assertThat(before.nextWake()).contains(T0.plus(Duration.ofHours(3)));

        engine.reconcile(T0.plus(Duration.ofHours(3)));

        HistoryEntry failed = w.history.history("dev-1").get(2);
        assertThat(failed.step()).isEqualTo(Step.FAILED);
        assertThat(failed.reasons().get(0).code()).isEqualTo(EngineReasons.TIMEOUT);
        assertThat(failed.reasons().get(0).message()).contains("20.0.0 → 20.1.0 did not finish", "3h");
    }

    @Test
    @DisplayName("an upgrade that pauses outside its windows times out after three times its duration of allowed time")
    void timeoutInAllowedTime() {
        World w = new World().cluster("dev-1", "20.0.0", World.daily("two-hours", "10:00", 2))
                .intent(World.upgradeTo("20.1.0").windowPolicy(WindowPolicy.PAUSE_AND_RESUME));
        Engine engine = w.engine().build();
        engine.reconcile(T0);
        assertThat(w.steps("dev-1")).containsExactly("starting 20.0.0>20.1.0", "published 20.0.0>20.1.0");

        // three hours of wall time, but only two of them in a window: not overrun
        Reconciliation paused = engine.reconcile(T0.plus(Duration.ofHours(3)));
        Instant deadline = Instant.parse("2026-03-11T11:00:00Z");
        assertThat(paused.recorded()).isEmpty();
        assertThat(paused.nextWake()).contains(deadline);
        assertThat(engine.reconcile(deadline.minusSeconds(1)).recorded()).isEmpty();

        engine.reconcile(deadline);
        HistoryEntry failed = w.history.history("dev-1").get(2);
        assertThat(failed.step()).isEqualTo(Step.FAILED);
        assertThat(failed.reasons().get(0).code()).isEqualTo(EngineReasons.TIMEOUT);
        assertThat(failed.reasons().get(0).message()).contains("3h (its timeout) of allowed time");
    }

    @Test
    @DisplayName("settle follows what is in flight and starts nothing")
    void settleStartsNothing() {
        World w = new World().cluster("dev-1", "20.0.0").cluster("dev-2", "20.0.0").intent(World.upgradeTo("20.1.0"))
                .succeedAfter(Duration.ofMinutes(30));
        Engine engine = w.engine().build();
        assertThat(engine.settle(T0).recorded()).isEmpty();

        Reconciliation started = engine.reconcile(T0);
        assertThat(started.started()).extracting(e -> e.cluster()).containsExactly("dev-1", "dev-2");
        Reconciliation settled = engine.settle(T0.plus(Duration.ofHours(1)));
        assertThat(settled.started()).isEmpty();
        assertThat(settled.recorded()).extracting(e -> e.step()).contains(Step.SUCCEEDED, Step.FINISHED)
                .doesNotContain(Step.STARTING);
    }

    @Test
    @DisplayName("a publisher that throws once is asked again next time with the same key; the target sees one change")
    void publisherThrowsOnce() {
        World w = new World().cluster("dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"));
        w.publisher.throwAfterApplyingNext();
        Engine engine = w.engine().build();

        Reconciliation first = engine.reconcile(T0);
        assertThat(first.faults()).singleElement().satisfies(f -> assertThat(f.site()).isEqualTo(CallSite.PUBLISH));
        assertThat(w.steps("dev-1")).containsExactly("starting 20.0.0>20.1.0");

        engine.reconcile(T0.plusSeconds(60));

        assertThat(w.publisher.calls).containsExactly("dev-1:20.0.0..20.1.0#1", "dev-1:20.0.0..20.1.0#1");
        assertThat(w.publisher.applied).containsExactly(java.util.Map.entry("dev-1:20.0.0..20.1.0#1", 1));
        assertThat(w.history.history("dev-1").get(1).message()).startsWith("already published");
    }

    @Test
    @DisplayName("a publisher that rejects fails the attempt with its reason")
    void publisherRejects() {
        World w = new World().cluster("dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"));
        w.publisher.rejectNext("protected branch main refuses pushes");
        w.engine().build().reconcile(T0);

        assertThat(w.steps("dev-1")).containsExactly("starting 20.0.0>20.1.0", "failed 20.0.0>20.1.0",
                "finished 20.0.0>20.1.0");
        assertThat(w.history.history("dev-1").get(1).reasons().get(0).code()).isEqualTo(EngineReasons.PUBLISH_REJECTED);
    }

    @Test
    @DisplayName("an after-hook that holds keeps the attempt unfinished until it passes; then the event goes out")
    void afterHookHolds() {
        World w = new World().cluster("dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"))
                .succeedAfter(Duration.ofHours(1));
        int[] asked = {0};
        UpgradeHook restoreAlerts = new UpgradeHook() {
            @Override
            public HookResult afterUpgrade(UpgradeEvent finished) {
                return ++asked[0] < 2 ? HookResult.retryAfter(Duration.ofMinutes(5)) : HookResult.proceed();
            }
        };
        Engine engine = w.engine().addHook("restore-alerts", restoreAlerts).build();
        engine.reconcile(T0);
        Reconciliation r = engine.reconcile(T0.plus(Duration.ofHours(1)));

        assertThat(w.steps("dev-1")).containsExactly("starting 20.0.0>20.1.0", "published 20.0.0>20.1.0",
                "succeeded 20.0.0>20.1.0");
        assertThat(w.history.history("dev-1").get(2).owedHooks()).containsExactly("restore-alerts");
        assertThat(w.events).isEmpty();
        assertThat(r.nextWake()).contains(T0.plus(Duration.ofHours(1)).plusSeconds(300));

        engine.reconcile(T0.plus(Duration.ofHours(1)).plusSeconds(300));

        assertThat(w.steps("dev-1")).endsWith("finished 20.0.0>20.1.0");
        assertThat(w.events).hasSize(1);
    }

    @Test
    @DisplayName("an after-hook that aborts turns a success into a failure, and the other hooks are still asked")
    void afterHookAborts() {
        World w = new World().cluster("dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"))
                .succeedAfter(Duration.ofHours(1));
        int[] restored = {0};
        Engine engine = w.engine().addHook("smoke-test", new UpgradeHook() {
            @Override
            public HookResult afterUpgrade(UpgradeEvent finished) {
                return HookResult.abort("ingress answers 503");
            }
        }).addHook("restore-alerts", new UpgradeHook() {
            @Override
            public HookResult afterUpgrade(UpgradeEvent finished) {
                restored[0]++;
                return HookResult.proceed();
            }
        }).build();
        engine.reconcile(T0);
        engine.reconcile(T0.plus(Duration.ofHours(1)));

        assertThat(w.steps("dev-1")).containsExactly("starting 20.0.0>20.1.0", "published 20.0.0>20.1.0",
                "succeeded 20.0.0>20.1.0", "failed 20.0.0>20.1.0", "finished 20.0.0>20.1.0");
        assertThat(restored[0]).isEqualTo(1);
        assertThat(w.events).singleElement().satisfies(e -> {
            assertThat(e.outcome()).isEqualTo(Outcome.FAILED);
            assertThat(e.failureReason().orElseThrow()).contains("ingress answers 503");
        });
    }

    @Test
    @DisplayName("a history that cannot append stops the reconcile before anything is published")
    void appendFails() {
        World w = new World().cluster("dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"));
        w.history.appendFaults().throwOnce();
        Reconciliation r = w.engine().build().reconcile(T0);

        assertThat(r.faults()).extracting(Fault::site).containsExactly(CallSite.APPEND_HISTORY);
        assertThat(w.publisher.calls).isEmpty();
        assertThat(w.history.entries()).isEmpty();
    }

    @Test
    @DisplayName("the writer's epoch is on every entry it records")
    void epoch() {
        World w = new World().cluster("dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"));
        w.engine().epoch(7).build().reconcile(T0);
        assertThat(w.history.entries()).extracting(HistoryEntry::epoch).containsOnly(7L);
    }

    static Instant at(String text) {
        return Instant.parse(text);
    }
}
