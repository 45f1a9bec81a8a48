package dev.upshift.core.engine;

import static dev.upshift.core.engine.World.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.diff.document.Document;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.HookResult;
import dev.upshift.spi.Outcome;
import dev.upshift.spi.StatusProbe;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeEvent;
import dev.upshift.spi.UpgradePart;
import dev.upshift.spi.UpgradeStatus;
import dev.upshift.testkit.oracle.HistoryRules;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hops in two parts (Cluster API's hooks around the control plane's and the workers' steps), one
 * transition at a time, against in-memory fakes: the publisher's target records what each part
 * published.
 */
class EnginePartsTest {
    private static final String KEY = "dev-1:20.0.0..20.1.0#1";
    private static final Duration HALF_HOUR = Duration.ofMinutes(30);

    private static World world() {
        return PartsWorld.cluster(PartsWorld.world(), "dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"));
    }

    private static Engine engine(World w, PartsWorld.Recorder hook) {
        return w.engine().probe(PartsWorld.probe(w, HALF_HOUR, HALF_HOUR)).addHook("gate", hook).build();
    }

    /** Reconciles every five minutes from T0 for {@code minutes}. */
    private static void run(Engine engine, int minutes) {
        for (int m = 0; m <= minutes; m += 5) {
            engine.reconcile(T0.plus(Duration.ofMinutes(m)));
        }
    }

    private static String version(MergeResult change, String kind) {
        Document d = change.documents().documents().stream().filter(x -> x.id().kind().equals(kind)).findFirst()
                .orElseThrow();
        return kind.equals("MachineDeployment") ? d.tree().at("/spec/template/spec/version").asText()
                : d.tree().at("/spec/version").asText();
    }

    private static Instant at(World w, Step step) {
        return w.history.history("dev-1").stream().filter(e -> e.step() == step).map(HistoryEntry::at).findFirst()
                .orElseThrow();
    }

    @Test
    @DisplayName("with a part hook, a hop publishes its control plane, waits until it is done, then its workers with the release")
    void controlPlaneThenWorkers() {
        World w = world();
        PartsWorld.Recorder hook = new PartsWorld.Recorder();
        Engine engine = engine(w, hook);

        engine.reconcile(T0);
        assertThat(w.steps("dev-1")).containsExactly("starting 20.0.0>20.1.0", "published 20.0.0>20.1.0");
        assertThat(w.history.history("dev-1").get(0).reasons()).extracting(r -> r.code())
                .containsExactly(EngineReasons.IN_PARTS);
        assertThat(w.publisher.calls).containsExactly(KEY + "/control-plane");
        Map.Entry<Upgrade, MergeResult> cp = w.publisher.published.get(KEY + "/control-plane");
        assertThat(cp.getKey().to()).as("the release moves with the workers").isEqualTo(Version.parse("20.0.0"));
        assertThat(version(cp.getValue(), "KubeadmControlPlane")).isEqualTo("v1.30.1");
        assertThat(version(cp.getValue(), "MachineDeployment")).as("the workers are not touched").isEqualTo("v1.29.2");
        assertThat(engine.reconcile(T0.plus(Duration.ofMinutes(20))).recorded()).isEmpty();
        assertThat(w.publisher.calls).hasSize(1);

        engine.reconcile(T0.plus(HALF_HOUR));
        assertThat(w.steps("dev-1")).endsWith("workersStarting 20.0.0>20.1.0", "workersPublished 20.0.0>20.1.0");
        Map.Entry<Upgrade, MergeResult> workers = w.publisher.published.get(KEY + "/workers");
        assertThat(workers.getKey().to()).isEqualTo(Version.parse("20.1.0"));
        assertThat(version(workers.getValue(), "MachineDeployment")).isEqualTo("v1.30.1");
        assertThat(w.release("dev-1")).isEqualTo(Version.parse("20.1.0"));
        assertThat(engine.reconcile(T0.plus(HALF_HOUR)).recorded()).as("nothing more at the same instant").isEmpty();

        engine.reconcile(T0.plus(Duration.ofHours(1)));
        assertThat(w.steps("dev-1")).endsWith("succeeded 20.0.0>20.1.0", "finished 20.0.0>20.1.0");
        assertThat(hook.calls).containsExactly("beforeUpgrade " + KEY, "beforeControlPlane " + KEY + "/control-plane",
                "afterControlPlane " + KEY + "/control-plane", "beforeWorkers " + KEY + "/workers",
                "afterWorkers " + KEY + "/workers", "afterUpgrade " + KEY);
        assertThat(w.events).singleElement().satisfies(e -> {
            assertThat(e.outcome()).isEqualTo(Outcome.SUCCEEDED);
            assertThat(e.duration()).isEqualTo(Duration.ofHours(1));
            assertThat(e.upgrade().id()).isEqualTo(KEY);
        });
        assertThat(w.publisher.applied).containsOnlyKeys(KEY + "/control-plane", KEY + "/workers");
        assertThat(HistoryRules.violations(w.history.all())).isEmpty();
    }

    @ParameterizedTest(name = "{0} holds twice")
    @ValueSource(strings = {"beforeControlPlane", "afterControlPlane", "beforeWorkers", "afterWorkers"})
    @DisplayName("a part hook that holds keeps the hop where it is until its retry-after, then lets it go on")
    void partHookHolds(String method) {
        World w = world();
        Duration ten = Duration.ofMinutes(10);
        PartsWorld.Recorder hook = new PartsWorld.Recorder().answer(method, HookResult.retryAfter(ten),
                HookResult.retryAfter(Duration.ofHours(2)));
        PartsWorld.Recorder other = new PartsWorld.Recorder().answer(method, HookResult.retryAfter(ten),
                HookResult.retryAfter(ten));
        Engine engine = w.engine().probe(PartsWorld.probe(w, HALF_HOUR, HALF_HOUR)).addHook("gate", hook)
                .addHook("other", other).build();

        Instant heldAt = method.equals("beforeControlPlane") ? T0 : method.equals("afterWorkers")
                ? T0.plus(Duration.ofHours(1)) : T0.plus(HALF_HOUR);
        for (int m = 0; m <= 150; m += 5) {
            Instant t = T0.plus(Duration.ofMinutes(m));
            Reconciliation r = engine.reconcile(t);
            if (t.equals(heldAt)) {
                assertThat(r.nextWake()).as("the shortest hold wins").contains(t.plus(ten));
            }
        }

        assertThat(hook.calls.stream().filter(c -> c.startsWith(method + " "))).as("asked until both proceed")
                .hasSize(3);
        Instant released = heldAt.plus(Duration.ofMinutes(20));
        switch (method) {
            case "beforeControlPlane" -> {
                assertThat(w.steps("dev-1")).startsWith("held 20.0.0>20.1.0", "held 20.0.0>20.1.0",
                        "starting 20.0.0>20.1.0");
                assertThat(at(w, Step.STARTING)).isEqualTo(released);
            }
            case "afterWorkers" -> assertThat(at(w, Step.SUCCEEDED)).isEqualTo(released);
            default -> {
                assertThat(at(w, Step.WORKERS_STARTING)).as("the workers wait for the hook").isEqualTo(released);
                assertThat(w.history.history("dev-1")).as("a hold between parts is not journaled")
                        .noneMatch(e -> e.step() == Step.HELD);
            }
        }
        assertThat(w.steps("dev-1")).endsWith("succeeded 20.0.0>20.1.0", "finished 20.0.0>20.1.0");
        assertThat(w.publisher.applied).containsOnlyKeys(KEY + "/control-plane", KEY + "/workers");
        assertThat(HistoryRules.violations(w.history.all())).isEmpty();
    }

    @ParameterizedTest(name = "{0} aborts")
    @ValueSource(strings = {"beforeControlPlane", "afterControlPlane", "beforeWorkers", "afterWorkers"})
    @DisplayName("a part hook that aborts fails the hop with its reason; after the control plane moved, the workers are never published")
    void partHookAborts(String method) {
        World w = world();
        PartsWorld.Recorder hook = new PartsWorld.Recorder().answer(method, HookResult.abort("smoke test CHK-7 failed"));
        Engine engine = engine(w, hook);

        run(engine, 180);

        List<HistoryEntry> h = w.history.history("dev-1");
        HistoryEntry failed = h.stream().filter(e -> e.step() == Step.FAILED).findFirst().orElseThrow();
        assertThat(failed.reasons()).singleElement().satisfies(r -> {
            assertThat(r.code()).isEqualTo(EngineReasons.HOOK_ABORTED);
            assertThat(r.message()).contains("smoke test CHK-7 failed");
        });
        assertThat(w.steps("dev-1")).endsWith("failed 20.0.0>20.1.0", "finished 20.0.0>20.1.0");
        switch (method) {
            case "beforeControlPlane" -> assertThat(w.publisher.calls).isEmpty();
            case "afterWorkers" -> assertThat(w.publisher.applied).containsOnlyKeys(KEY + "/control-plane",
                    KEY + "/workers");
            default -> {
                assertThat(w.publisher.calls).as("the workers are never published").containsExactly(KEY + "/control-plane");
                assertThat(failed.reasons().get(0).message()).contains("after its control plane moved to 20.1.0",
                        "the workers were not published");
                assertThat(w.release("dev-1")).as("the release did not move").isEqualTo(Version.parse("20.0.0"));
            }
        }
        if (method.equals("beforeControlPlane")) {
            assertThat(hook.calls).as("nothing changed, so nothing is owed, as after a before-hook's abort")
                    .noneMatch(c -> c.startsWith("afterUpgrade"));
        } else {
            assertThat(hook.calls).as("owed after-hooks are asked after a failure too").endsWith("afterUpgrade " + KEY);
        }
        assertThat(w.events).singleElement().extracting(UpgradeEvent::outcome).isEqualTo(Outcome.FAILED);
        assertThat(engine.reconcile(T0.plus(Duration.ofHours(4))).recorded()).as("a failed hop is not retried").isEmpty();
        assertThat(HistoryRules.violations(w.history.all())).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"control plane", "workers"})
    @DisplayName("a hop that moves one side only is published once, whole, with that side's part hooks asked around it")
    void oneSideOnlyAsksItsPartHooks(String side) {
        boolean controlPlane = side.equals("control plane");
        World w = (controlPlane ? PartsWorld.controlPlaneOnly(PartsWorld.world(), "dev-1", "20.0.0")
                : PartsWorld.workersOnly(PartsWorld.world(), "dev-1", "20.0.0")).intent(World.upgradeTo("20.1.0"));
        PartsWorld.Recorder hook = new PartsWorld.Recorder();
        Engine engine = engine(w, hook);

        run(engine, 90);

        assertThat(w.publisher.calls).containsExactly(KEY);
        assertThat(w.steps("dev-1")).containsExactly("starting 20.0.0>20.1.0", "published 20.0.0>20.1.0",
                "succeeded 20.0.0>20.1.0", "finished 20.0.0>20.1.0");
        assertThat(w.history.history("dev-1").get(0).reasons()).extracting(r -> r.code())
                .containsExactly(controlPlane ? EngineReasons.CONTROL_PLANE_ONLY : EngineReasons.WORKERS_ONLY);
        String part = KEY + (controlPlane ? "/control-plane" : "/workers");
        String name = controlPlane ? "ControlPlane " : "Workers ";
        assertThat(hook.calls).containsExactly("beforeUpgrade " + KEY, "before" + name + part, "after" + name + part,
                "afterUpgrade " + KEY);
    }

    @Test
    @DisplayName("one part only: a hold before it is journaled as held and publishes nothing until the hook proceeds")
    void onePartHeldBefore() {
        World w = PartsWorld.controlPlaneOnly(PartsWorld.world(), "dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"));
        PartsWorld.Recorder hook = new PartsWorld.Recorder().answer("beforeControlPlane",
                HookResult.retryAfter(Duration.ofMinutes(20)));
        Engine engine = engine(w, hook);

        engine.reconcile(T0);
        assertThat(w.steps("dev-1")).containsExactly("held 20.0.0>20.1.0");
        assertThat(w.publisher.calls).isEmpty();
        engine.reconcile(T0.plus(Duration.ofMinutes(20)));
        assertThat(w.publisher.calls).containsExactly(KEY);
    }

    @Test
    @DisplayName("one part only: a hold after it keeps the success unrecorded, with no timeout running, until the hook proceeds")
    void onePartHeldAfter() {
        World w = PartsWorld.controlPlaneOnly(PartsWorld.world(), "dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"));
        PartsWorld.Recorder hook = new PartsWorld.Recorder().answer("afterControlPlane",
                HookResult.retryAfter(Duration.ofHours(4)));
        Engine engine = engine(w, hook);

        run(engine, 4 * 60);
        assertThat(w.steps("dev-1")).containsExactly("starting 20.0.0>20.1.0", "published 20.0.0>20.1.0");
        assertThat(hook.calls).filteredOn(c -> c.startsWith("afterControlPlane")).as("not asked again during the hold")
                .hasSize(1);

        engine.reconcile(T0.plus(Duration.ofHours(5)));
        assertThat(w.steps("dev-1")).containsExactly("starting 20.0.0>20.1.0", "published 20.0.0>20.1.0",
                "succeeded 20.0.0>20.1.0", "finished 20.0.0>20.1.0");
    }

    @Test
    @DisplayName("one part only: an abort after it fails the hop with the hook's reason")
    void onePartAbortedAfter() {
        World w = PartsWorld.workersOnly(PartsWorld.world(), "dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"));
        PartsWorld.Recorder hook = new PartsWorld.Recorder().answer("afterWorkers",
                HookResult.abort("nodes lost their GPU drivers"));
        Engine engine = engine(w, hook);

        run(engine, 90);

        HistoryEntry failed = w.history.history("dev-1").stream().filter(e -> e.step() == Step.FAILED).findFirst()
                .orElseThrow();
        assertThat(failed.reasons().get(0).code()).isEqualTo(EngineReasons.HOOK_ABORTED);
        assertThat(failed.message()).contains("after its workers moved", "nodes lost their GPU drivers");
    }

    @Test
    @DisplayName("one part only, across a restart: the part hooks owed after it are asked by the new engine")
    void onePartResumesAfterARestart() {
        World w = PartsWorld.controlPlaneOnly(PartsWorld.world(), "dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"));
        engine(w, new PartsWorld.Recorder()).reconcile(T0);
        PartsWorld.Recorder fresh = new PartsWorld.Recorder();

        run(engine(w, fresh), 90);

        assertThat(fresh.calls).containsExactly("afterControlPlane " + KEY + "/control-plane", "afterUpgrade " + KEY);
        assertThat(w.publisher.calls).containsExactly(KEY);
    }

    @Test
    @DisplayName("without a part hook, a hop that changes both sides is published once, whole, as before")
    void withoutPartHooksOnePublication() {
        World w = world();
        Engine engine = w.engine().probe(PartsWorld.probe(w, HALF_HOUR, HALF_HOUR))
                .addHook("alerts", Runs.alerts(new java.util.ArrayList<>())).build();

        run(engine, 90);

        assertThat(w.publisher.calls).containsExactly(KEY);
        assertThat(version(w.publisher.published.get(KEY).getValue(), "MachineDeployment")).isEqualTo("v1.30.1");
        assertThat(w.steps("dev-1")).containsExactly("starting 20.0.0>20.1.0", "published 20.0.0>20.1.0",
                "succeeded 20.0.0>20.1.0", "finished 20.0.0>20.1.0");
        assertThat(w.probes).containsOnlyKeys(KEY);
    }

    @Test
    @DisplayName("a control plane the probe reports failed fails the hop; the workers are never published")
    void controlPlaneFails() {
        World w = world();
        StatusProbe parts = PartsWorld.probe(w, HALF_HOUR, HALF_HOUR);
        StatusProbe failing = new StatusProbe() {
            @Override
            public UpgradeStatus probe(Upgrade upgrade, Instant now) {
                return parts.probe(upgrade, now);
            }

            @Override
            public UpgradeStatus probe(Upgrade part, UpgradePart which, Instant now) {
                return which == UpgradePart.CONTROL_PLANE ? UpgradeStatus.failed("EtcdUnhealthy", "member cp-1 lost quorum",
                        now) : parts.probe(part, which, now);
            }
        };
        Engine engine = w.engine().probe(failing).addHook("gate", new PartsWorld.Recorder()).build();

        run(engine, 60);

        assertThat(w.publisher.calls).containsExactly(KEY + "/control-plane");
        assertThat(w.steps("dev-1")).containsExactly("starting 20.0.0>20.1.0", "published 20.0.0>20.1.0",
                "failed 20.0.0>20.1.0", "finished 20.0.0>20.1.0");
        assertThat(w.history.history("dev-1").get(2).reasons().get(0).message())
                .contains("the control plane of 20.0.0 → 20.1.0 failed", "EtcdUnhealthy", "lost quorum");
    }

    @Test
    @DisplayName("a hold between the parts does not count against the timeout; each part's own run does")
    void timeoutPerPart() {
        World w = world();
        HookResult hour = HookResult.retryAfter(Duration.ofHours(1));
        PartsWorld.Recorder gate = new PartsWorld.Recorder().answer("beforeWorkers", hour, hour, hour, hour, hour);
        StatusProbe parts = PartsWorld.probe(w, HALF_HOUR, Duration.ofHours(4));
        StatusProbe downOnce = new StatusProbe() {
            @Override
            public UpgradeStatus probe(Upgrade upgrade, Instant now) {
                return parts.probe(upgrade, now);
            }

            @Override
            public UpgradeStatus probe(Upgrade part, UpgradePart which, Instant now) {
                if (now.equals(T0.plus(Duration.ofHours(4)))) {
                    throw new IllegalStateException("the management cluster is down");
                }
                return parts.probe(part, which, now);
            }
        };
        Engine engine = w.engine().probe(downOnce).addHook("gate", gate).build();

        for (int m = 0; m <= 720; m += 30) {
            engine.reconcile(T0.plus(Duration.ofMinutes(m)));
        }

        assertThat(at(w, Step.WORKERS_STARTING)).as("held five hours, past the 3h timeout, the probe down once,"
                + " without failing")
                .isEqualTo(T0.plus(Duration.ofMinutes(330)));
        HistoryEntry failed = w.history.history("dev-1").stream().filter(e -> e.step() == Step.FAILED).findFirst()
                .orElseThrow();
        assertThat(failed.reasons().get(0).code()).isEqualTo(EngineReasons.TIMEOUT);
        assertThat(failed.reasons().get(0).message()).contains("its workers did not finish within 3h");
        assertThat(failed.at()).isEqualTo(T0.plus(Duration.ofMinutes(330)).plus(Duration.ofHours(3)));
    }
}
