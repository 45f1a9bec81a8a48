package dev.upshift.testkit.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.HookResult;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Outcome;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeEvent;
import dev.upshift.spi.UpgradePart;
import dev.upshift.spi.UpgradePartHook;
import dev.upshift.testkit.assertions.UpshiftAssertions;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The contract of an {@link UpgradePartHook} (its Javadoc, docs/spi.md, docs/engine.md's hops in two
 * parts): what the engine relies on when it asks the hook around the control plane's and the
 * workers' parts of a hop. Each of the four points answers alike when asked again about the same
 * part, a hold is a positive {@code retryAfter} that turns into {@code proceed} once the hook is
 * ready, and in the real engine a hold keeps the hop where it is: the workers unpublished while the
 * hook holds before them, the hop unfinished while it holds after a part.
 *
 * <table>
 *   <caption>The rules</caption>
 *   <tr><td>Q1</td><td>asked twice about the same parts, in the engine's order, each of the four points answers alike</td></tr>
 *   <tr><td>Q2</td><td>({@code ABORT}) a hook that refuses the hop answers {@code abort} at one point at least, with the same reason when asked again</td></tr>
 *   <tr><td>Q3</td><td>(a {@code HOLD_…}) at each point where it holds, a hook not ready answers {@code retryAfter} a positive delay, alike when asked again, and {@code proceed} once ready; the points before it proceed</td></tr>
 *   <tr><td>Q4</td><td>in the engine, a hook that lets the hop through sees a hop that moves its control plane and its workers published in two parts, the control plane first, each once, asked at the four points in order, and the hop succeeds</td></tr>
 *   <tr><td>Q5</td><td>({@code HOLD_BEFORE_CONTROL_PLANE}) in the engine, a hold before the control plane journals the hop as held and publishes nothing until the hook proceeds</td></tr>
 *   <tr><td>Q6</td><td>({@code HOLD_AFTER_CONTROL_PLANE}) in the engine, a hold after the control plane keeps the control plane's part published and the workers' not, the hop unfinished, until the hook proceeds</td></tr>
 *   <tr><td>Q7</td><td>({@code HOLD_BEFORE_WORKERS}) the same for a hold before the workers</td></tr>
 *   <tr><td>Q8</td><td>({@code HOLD_AFTER_WORKERS}) in the engine, a hold after the workers keeps the hop, both parts published, from succeeding until the hook proceeds</td></tr>
 * </table>
 *
 * <p>In Q5 to Q8 the engine is not asked again before the hold's delay has passed, asks again once
 * it has and, the hook still not ready, stays where it is; once the hook is ready the hop succeeds,
 * with each part published once. The engine runs on a fleet of one cluster, {@code contract-1} on
 * 1.0.0 with a {@code KubeadmControlPlane} and a {@code MachineDeployment}, that an intent moves to
 * 1.1.0 (both documents change), a probe that says each part is done half an hour after it was
 * published, and the hook under test registered as {@code under-test}.
 *
 * <p>Rules arrange the hook by cluster id ({@code contract-1}) before they make it
 * ({@link #newHook()}); an arrangement made after must take effect on the hook already made, as the
 * engine keeps asking the same hook while the world it looks at changes. The parts the rules ask
 * about are that cluster's, as the engine makes them: the hop's id ({@code contract-1:1.0.0..1.1.0#1})
 * followed by {@code /control-plane} or {@code /workers}, from 1.0.0 to 1.1.0. A part hook is an
 * {@link dev.upshift.spi.UpgradeHook} too: hold it to {@link UpgradeHookContract} as well.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class UpgradePartHookContract extends AdapterContract<UpgradePartHookContract.Capability> {

    /** Subclasses only. */
    protected UpgradePartHookContract() {}

    /** The optional capabilities of a part hook. */
    public enum Capability {
        /** Holding a hop before its control plane ({@link #arrangeHold} with {@link Point#BEFORE_CONTROL_PLANE}). */
        HOLD_BEFORE_CONTROL_PLANE,
        /** Holding a hop after its control plane ({@link #arrangeHold} with {@link Point#AFTER_CONTROL_PLANE}). */
        HOLD_AFTER_CONTROL_PLANE,
        /** Holding a hop's workers back ({@link #arrangeHold} with {@link Point#BEFORE_WORKERS}). */
        HOLD_BEFORE_WORKERS,
        /** Holding a hop after its workers ({@link #arrangeHold} with {@link Point#AFTER_WORKERS}). */
        HOLD_AFTER_WORKERS,
        /** Refusing a hop ({@link #arrangeAbort}). */
        ABORT
    }

    /** The four points at which the engine asks a part hook, in the order it asks them. */
    public enum Point {
        /** {@link UpgradePartHook#beforeControlPlane}. */
        BEFORE_CONTROL_PLANE("beforeControlPlane", UpgradePart.CONTROL_PLANE, Capability.HOLD_BEFORE_CONTROL_PLANE),
        /** {@link UpgradePartHook#afterControlPlane}. */
        AFTER_CONTROL_PLANE("afterControlPlane", UpgradePart.CONTROL_PLANE, Capability.HOLD_AFTER_CONTROL_PLANE),
        /** {@link UpgradePartHook#beforeWorkers}. */
        BEFORE_WORKERS("beforeWorkers", UpgradePart.WORKERS, Capability.HOLD_BEFORE_WORKERS),
        /** {@link UpgradePartHook#afterWorkers}. */
        AFTER_WORKERS("afterWorkers", UpgradePart.WORKERS, Capability.HOLD_AFTER_WORKERS);

        private final String method;
        private final UpgradePart part;
        private final Capability hold;

        Point(String method, UpgradePart part, Capability hold) {
            this.method = method;
            this.part = part;
            this.hold = hold;
        }

        /** The part the point is asked about. */
        public UpgradePart part() {
            return part;
        }

        HookResult ask(UpgradePartHook hook, Upgrade upgrade) {
            return switch (this) {
                case BEFORE_CONTROL_PLANE -> hook.beforeControlPlane(upgrade);
                case AFTER_CONTROL_PLANE -> hook.afterControlPlane(upgrade);
                case BEFORE_WORKERS -> hook.beforeWorkers(upgrade);
                case AFTER_WORKERS -> hook.afterWorkers(upgrade);
            };
        }

        /** The method's name: {@code beforeWorkers}. */
        @Override
        public String toString() {
            return method;
        }
    }

    /** The hook, made after the rule arranged what it looks at. */
    protected abstract UpgradePartHook newHook();

    /**
     * Makes the hook let the cluster's hops through at every point, undoing {@link #arrangeHold}
     * (an approval given, a check passed). A hook that proceeds unless arranged otherwise does
     * nothing here.
     */
    protected abstract void arrangeProceed(String clusterId);

    /**
     * Makes the hook hold the cluster's hops at {@code point}, and let them through at every point
     * the engine asks before it ({@code beforeUpgrade} included). Needed by the {@code HOLD_…}
     * capability of that point.
     */
    protected void arrangeHold(String clusterId, Point point) {
        throw new UnsupportedOperationException("declare " + point.hold + " unsupported, or override arrangeHold");
    }

    /** Makes the hook refuse the cluster's hops at one of the four points or more. Needed by {@code ABORT}. */
    protected void arrangeAbort(String clusterId) {
        throw new UnsupportedOperationException("declare ABORT unsupported, or override arrangeAbort");
    }

    /** The cluster the rules ask about, made once per rule. */
    private final ManagedCluster cluster = ContractFleets.cluster(ContractFleets.fleetInParts());

    /** A part of the cluster's hop, made anew each time: equal, never the same object. */
    private Upgrade part(UpgradePart which) {
        Upgrade hop = ContractFleets.upgrade(cluster, 1);
        return new Upgrade(hop.id() + "/" + which.word(), cluster, hop.from(), hop.to(), hop.intent());
    }

    /** Asks each point once, in the engine's order, about fresh parts. */
    private Map<Point, HookResult> round(UpgradePartHook hook) {
        Map<Point, HookResult> answers = new LinkedHashMap<>();
        for (Point p : Point.values()) {
            answers.put(p, p.ask(hook, part(p.part)));
        }
        return answers;
    }

    @Test
    @DisplayName("Q1 asked twice about the same parts, in the engine's order, each of the four points answers alike")
    public void idempotent() {
        UpgradePartHook h = newHook();
        assertThat(round(h)).as("the second round of questions").isEqualTo(round(h));
    }

    @Test
    @DisplayName("Q2 a hook that refuses the hop answers abort at one point at least, with the same reason when asked again")
    public void abortsWithAStableReason() {
        requires("Q2", Capability.ABORT);
        arrangeAbort(ContractFleets.CLUSTER);
        UpgradePartHook h = newHook();
        Map<Point, HookResult> first = round(h);
        assertThat(first.values()).as("the answers of a hook arranged to refuse").anySatisfy(
                a -> assertThat(a).isInstanceOf(HookResult.Abort.class));
        assertThat(round(h)).as("asked again: the same answers, the same reasons").isEqualTo(first);
    }

    @Test
    @DisplayName("Q3 where it holds, a hook not ready answers retryAfter a positive delay, alike when asked again,"
            + " and proceed once ready")
    public void holdsWithADelay() {
        List<Point> holding = Arrays.stream(Point.values()).filter(p -> capabilities().supports(p.hold)).toList();
        Assumptions.assumeFalse(holding.isEmpty(), () -> "Q3 needs one of HOLD_BEFORE_CONTROL_PLANE,"
                + " HOLD_AFTER_CONTROL_PLANE, HOLD_BEFORE_WORKERS, HOLD_AFTER_WORKERS, which this adapter declares"
                + " unsupported: " + capabilities().unsupported());
        for (Point point : holding) {
            arrangeHold(ContractFleets.CLUSTER, point);
            UpgradePartHook h = newHook();
            for (Point earlier : Arrays.asList(Point.values()).subList(0, point.ordinal())) {
                assertThat(earlier.ask(h, part(earlier.part))).as("held at %s, the hook at %s", point, earlier)
                        .isEqualTo(HookResult.proceed());
            }
            HookResult held = point.ask(h, part(point.part));
            assertThat(held).as("held at %s", point).isInstanceOf(HookResult.RetryAfter.class);
            assertThat(((HookResult.RetryAfter) held).delay()).as("the delay at %s", point).isPositive();
            assertThat(point.ask(h, part(point.part))).as("held at %s, asked again", point).isEqualTo(held);
            arrangeProceed(ContractFleets.CLUSTER);
            assertThat(round(h)).as("let through after a hold at %s", point).allSatisfy(
                    (p, a) -> assertThat(a).as("at %s", p).isEqualTo(HookResult.proceed()));
        }
    }

    @Test
    @DisplayName("Q4 in the engine, a hop that moves its control plane and its workers is published in two parts,"
            + " the control plane first, each once, the hook asked at the four points in order, and succeeds")
    public void inTwoParts() {
        arrangeProceed(ContractFleets.CLUSTER);
        PartHookRun run = new PartHookRun(newHook(), NOW);
        run.until(() -> run.reached(Step.FINISHED), "the hop finishing");
        String key = run.key();
        assertThat(run.published()).as("what reached the publisher's target").containsExactly(key + "/control-plane",
                key + "/workers");
        assertThat(run.questions()).containsExactly("beforeControlPlane " + key + "/control-plane",
                "afterControlPlane " + key + "/control-plane", "beforeWorkers " + key + "/workers",
                "afterWorkers " + key + "/workers");
        succeeded(run);
    }

    @Test
    @DisplayName("Q5 in the engine, a hold before the control plane journals the hop as held and publishes nothing"
            + " until the hook proceeds")
    public void holdBeforeTheControlPlane() {
        requires("Q5", Capability.HOLD_BEFORE_CONTROL_PLANE);
        holdsInTheEngine(Point.BEFORE_CONTROL_PLANE, run -> {
            assertThat(run.world().publisher().calledIds()).as("published while held").isEmpty();
            assertThat(run.history()).as("the hop's history while held").isNotEmpty()
                    .allSatisfy(e -> assertThat(e.step()).isEqualTo(Step.HELD));
        });
    }

    @Test
    @DisplayName("Q6 in the engine, a hold after the control plane keeps its part published and the workers' not,"
            + " the hop unfinished, until the hook proceeds")
    public void holdAfterTheControlPlane() {
        requires("Q6", Capability.HOLD_AFTER_CONTROL_PLANE);
        holdsInTheEngine(Point.AFTER_CONTROL_PLANE, UpgradePartHookContract::workersWait);
    }

    @Test
    @DisplayName("Q7 in the engine, a hold before the workers keeps the control plane's part published and the"
            + " workers' not, the hop unfinished, until the hook proceeds")
    public void holdBeforeTheWorkers() {
        requires("Q7", Capability.HOLD_BEFORE_WORKERS);
        holdsInTheEngine(Point.BEFORE_WORKERS, UpgradePartHookContract::workersWait);
    }

    @Test
    @DisplayName("Q8 in the engine, a hold after the workers keeps the hop, both parts published, from succeeding"
            + " until the hook proceeds")
    public void holdAfterTheWorkers() {
        requires("Q8", Capability.HOLD_AFTER_WORKERS);
        holdsInTheEngine(Point.AFTER_WORKERS, run -> {
            String key = run.key();
            assertThat(run.published()).containsExactly(key + "/control-plane", key + "/workers");
            assertThat(run.world().release(ContractFleets.CLUSTER)).isEqualTo(Version.parse("1.1.0"));
        });
    }

    /** While held between the parts: the control plane's part at the target, nothing of the workers'. */
    private static void workersWait(PartHookRun run) {
        String key = run.key();
        assertThat(run.published()).as("at the publisher's target while held").containsExactly(key + "/control-plane");
        assertThat(run.world().publisher().calledIds()).as("published while held").noneMatch(id -> id.endsWith("/workers"));
        assertThat(run.world().release(ContractFleets.CLUSTER)).as("the cluster's release while held")
                .isEqualTo(Version.parse("1.0.0"));
        assertThat(run.reached(Step.WORKERS_STARTING)).as("the workers journaled while held").isFalse();
    }

    /**
     * Holds the hop at a point and checks, after the first hold, halfway through its delay and after
     * it was asked again at the delay's end, that the hop is where {@code whileHeld} says and has not
     * finished; then lets it through and checks that it succeeds.
     */
    private void holdsInTheEngine(Point point, Consumer<PartHookRun> whileHeld) {
        arrangeHold(ContractFleets.CLUSTER, point);
        PartHookRun run = new PartHookRun(newHook(), NOW);
        HookResult.RetryAfter held = run.untilHeldAt(point, "arrangeHold(" + ContractFleets.CLUSTER + ", " + point + ")");
        Instant heldAt = run.now();
        held(run, whileHeld, "when it held");

        int asked = run.asked(point);
        run.reconcileAt(heldAt.plus(held.delay().dividedBy(2)));
        assertThat(run.asked(point)).as("questions at %s before its retry-after passed", point).isEqualTo(asked);
        held(run, whileHeld, "halfway through its retry-after");

        run.reconcileAt(heldAt.plus(held.delay()));
        assertThat(run.asked(point)).as("questions at %s once its retry-after passed", point).isGreaterThan(asked);
        held(run, whileHeld, "asked again, still not ready");

        arrangeProceed(ContractFleets.CLUSTER);
        run.until(() -> run.reached(Step.FINISHED), "the hop finishing once the hook lets it through");
        String key = run.key();
        assertThat(run.published()).as("what reached the publisher's target").containsExactly(key + "/control-plane",
                key + "/workers");
        succeeded(run);
    }

    private static void held(PartHookRun run, Consumer<PartHookRun> whileHeld, String when) {
        try {
            whileHeld.accept(run);
            assertThat(run.reached(Step.SUCCEEDED) || run.reached(Step.FAILED)).as("an outcome recorded").isFalse();
            assertThat(run.world().events().events()).as("events").isEmpty();
        } catch (AssertionError e) {
            throw new AssertionError("while the hook held the hop (" + when + "): " + e.getMessage() + run, e);
        }
    }

    private static void succeeded(PartHookRun run) {
        assertThat(run.history()).extracting(HistoryEntry::step).as("the hop's steps" + run).contains(Step.SUCCEEDED)
                .doesNotContain(Step.FAILED);
        assertThat(run.world().release(ContractFleets.CLUSTER)).isEqualTo(Version.parse("1.1.0"));
        assertThat(run.world().events().events()).extracting(UpgradeEvent::outcome).containsExactly(Outcome.SUCCEEDED);
        UpshiftAssertions.assertThat(run.world().history()).isValid();
    }
}
