package dev.upshift.testkit.contract;

import dev.upshift.core.engine.Reconciliation;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.HookResult;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeEvent;
import dev.upshift.spi.UpgradePartHook;
import dev.upshift.testkit.TestWorld;
import dev.upshift.testkit.contract.UpgradePartHookContract.Point;
import dev.upshift.testkit.fake.FakeProbe;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * The real engine on the contract's two-part fleet with a part hook under test registered beside the
 * world's own hook: each part takes half an hour from its publication, and every answer the hook
 * gives at a part point is recorded.
 */
final class PartHookRun {
    /** How many reconciles a rule waits for something before it gives up. */
    private static final int MAX_RECONCILES = 200;

    private final TestWorld world;
    private final List<Asked> asked = new ArrayList<>();
    private final List<Reconciliation> reconciles = new ArrayList<>();

    /** One question the engine put to the hook at a part point, and its answer. */
    record Asked(Point point, String partId, HookResult answer) {
        @Override
        public String toString() {
            return point + " " + partId + " → " + answer;
        }
    }

    PartHookRun(UpgradePartHook hook, Instant start) {
        world = TestWorld.of(ContractFleets.fleetInParts(), start);
        world.probe().answer(FakeProbe.Script.succeedAfter(Duration.ofMinutes(30)));
        world.configure(b -> b.addHook("under-test", new Watched(hook)));
    }

    TestWorld world() {
        return world;
    }

    Instant now() {
        return world.clock().instant();
    }

    /** One reconcile at {@code at}. */
    Reconciliation reconcileAt(Instant at) {
        world.clock().set(at);
        Reconciliation r = world.reconcile();
        reconciles.add(r);
        return r;
    }

    /**
     * Reconciles now, then at each next instant at which something can change, until {@code done}
     * holds; fails, saying what it waited for and what happened, when the engine stops first or
     * after {@value #MAX_RECONCILES} reconciles.
     */
    void until(BooleanSupplier done, String what) {
        for (int i = 0; i < MAX_RECONCILES; i++) {
            Instant now = now();
            Reconciliation r = reconcileAt(now);
            if (done.getAsBoolean()) {
                return;
            }
            Optional<Instant> next = earliest(r.nextWake(), world.probe().nextChange(now));
            if (next.isEmpty() || !next.get().isAfter(now)) {
                throw new AssertionError("the engine stopped at " + now + " before " + what + ": " + this);
            }
            world.clock().set(next.get());
        }
        throw new AssertionError(MAX_RECONCILES + " reconciles without " + what + ": " + this);
    }

    /** Reconciles until the hook answered at {@code point}; its answer there, which must be a hold. */
    HookResult.RetryAfter untilHeldAt(Point point, String arranged) {
        until(() -> asked(point) > 0, "asking " + point);
        HookResult answer = last(point);
        if (!(answer instanceof HookResult.RetryAfter held)) {
            throw new AssertionError(arranged + " made the hook answer " + answer + " at " + point
                    + ", not retryAfter: " + this);
        }
        return held;
    }

    /** How many times the engine asked the hook at a point. */
    int asked(Point point) {
        return (int) asked.stream().filter(a -> a.point() == point).count();
    }

    /** Every question the engine put at a part point, in order: {@code beforeWorkers <id>}. */
    List<String> questions() {
        return asked.stream().map(a -> a.point() + " " + a.partId()).toList();
    }

    private HookResult last(Point point) {
        return asked.stream().filter(a -> a.point() == point).reduce((a, b) -> b).orElseThrow().answer();
    }

    /** The cluster's history. */
    List<HistoryEntry> history() {
        return world.history().history(ContractFleets.CLUSTER);
    }

    /** Whether the cluster's history holds the step. */
    boolean reached(Step step) {
        return history().stream().anyMatch(e -> e.step() == step);
    }

    /** The hop's key, from its {@code starting} entry. */
    String key() {
        return history().stream().filter(e -> e.step() == Step.STARTING).map(HistoryEntry::upgradeId).findFirst()
                .orElseThrow(() -> new AssertionError("the hop never started: " + this));
    }

    /** The ids that reached the publisher's target, each once, in order. */
    List<String> published() {
        return world.publisher().published().stream().map(Upgrade::id).toList();
    }

    private static Optional<Instant> earliest(Optional<Instant> a, Optional<Instant> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return a.isEmpty() ? b : a;
        }
        return Optional.of(a.get().isBefore(b.get()) ? a.get() : b.get());
    }

    @Override
    public String toString() {
        return "\n  history: " + history().stream().map(e -> e.at() + " " + e.step().word() + " " + e.message()).toList()
                + "\n  hook asked: " + asked
                + "\n  published: " + published()
                + "\n  faults: " + reconciles.stream().flatMap(r -> r.faults().stream()).toList();
    }

    /** The hook under test, its answers at the part points recorded. */
    private final class Watched implements UpgradePartHook {
        private final UpgradePartHook hook;

        Watched(UpgradePartHook hook) {
            this.hook = hook;
        }

        private HookResult ask(Point point, Upgrade part) {
            HookResult answer = point.ask(hook, part);
            asked.add(new Asked(point, part.id(), answer));
            return answer;
        }

        @Override
        public HookResult beforeUpgrade(Upgrade upgrade) {
            return hook.beforeUpgrade(upgrade);
        }

        @Override
        public HookResult afterUpgrade(UpgradeEvent finished) {
            return hook.afterUpgrade(finished);
        }

        @Override
        public HookResult beforeControlPlane(Upgrade part) {
            return ask(Point.BEFORE_CONTROL_PLANE, part);
        }

        @Override
        public HookResult afterControlPlane(Upgrade part) {
            return ask(Point.AFTER_CONTROL_PLANE, part);
        }

        @Override
        public HookResult beforeWorkers(Upgrade part) {
            return ask(Point.BEFORE_WORKERS, part);
        }

        @Override
        public HookResult afterWorkers(Upgrade part) {
            return ask(Point.AFTER_WORKERS, part);
        }
    }
}
