package dev.upshift.testkit.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.engine.Reconciliation;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.HookResult;
import dev.upshift.spi.Reason;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeEvent;
import dev.upshift.spi.UpgradeHook;
import dev.upshift.testkit.TestWorld;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import org.apiguardian.api.API;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The contract of an {@link UpgradeHook} (its Javadoc, docs/spi.md): idempotent, answers values, and
 * a hold ({@code retryAfter}) that the engine honours.
 *
 * <table>
 *   <caption>The rules</caption>
 *   <tr><td>K1</td><td>asked twice before the same upgrade, the hook answers alike</td></tr>
 *   <tr><td>K2</td><td>asked twice after the same finished upgrade, the hook answers alike</td></tr>
 *   <tr><td>K3</td><td>({@code HOLD}) a hook that is not ready answers {@code retryAfter} a positive delay, and {@code proceed} once ready</td></tr>
 *   <tr><td>K4</td><td>({@code HOLD}) in the engine, a held upgrade is not asked about again before the delay, and starts once the hook proceeds</td></tr>
 * </table>
 *
 * <p>Rules arrange the hook by cluster id ({@code contract-1}); the upgrades they ask about are
 * that cluster's, from 1.0.0 to 1.1.0.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class UpgradeHookContract extends AdapterContract<UpgradeHookContract.Capability> {

    /** Subclasses only. */
    protected UpgradeHookContract() {}

    /** The optional capabilities of a hook. */
    public enum Capability {
        /** Holding an upgrade back ({@link #arrangeHold}, {@link #arrangeProceed}). */
        HOLD
    }

    /** The hook, made after the rule arranged what it looks at. */
    protected abstract UpgradeHook newHook();

    /** Makes the hook hold the cluster's upgrades back before they start. Needed by {@code HOLD}. */
    protected void arrangeHold(String clusterId) {
        throw new UnsupportedOperationException("declare HOLD unsupported, or override arrangeHold");
    }

    /** Makes the hook let the cluster's upgrades start. Needed by {@code HOLD}. */
    protected void arrangeProceed(String clusterId) {
        throw new UnsupportedOperationException("declare HOLD unsupported, or override arrangeProceed");
    }

    private static Upgrade upgrade() {
        return ContractFleets.upgrade(ContractFleets.cluster(ContractFleets.fleet()), 1);
    }

    @Test
    @DisplayName("K1 asked twice before the same upgrade, the hook answers alike")
    public void beforeIsIdempotent() {
        UpgradeHook h = newHook();
        Upgrade u = upgrade();
        assertThat(h.beforeUpgrade(u)).isEqualTo(h.beforeUpgrade(u));
    }

    @Test
    @DisplayName("K2 asked twice after the same finished upgrade, the hook answers alike")
    public void afterIsIdempotent() {
        UpgradeHook h = newHook();
        UpgradeEvent e = UpgradeEvent.succeeded(upgrade(), NOW, NOW.plus(Duration.ofMinutes(40)));
        assertThat(h.afterUpgrade(e)).isEqualTo(h.afterUpgrade(e));
    }

    @Test
    @DisplayName("K3 a hook that is not ready answers retryAfter a positive delay, and proceed once ready")
    public void holdsWithADelay() {
        requires("K3", Capability.HOLD);
        Upgrade u = upgrade();
        arrangeHold(u.cluster().id());
        HookResult held = newHook().beforeUpgrade(u);
        assertThat(held).isInstanceOf(HookResult.RetryAfter.class);
        assertThat(((HookResult.RetryAfter) held).delay()).isPositive();
        arrangeProceed(u.cluster().id());
        assertThat(newHook().beforeUpgrade(u)).isEqualTo(HookResult.proceed());
    }

    @Test
    @DisplayName("K4 in the engine, a held upgrade is not asked about again before the delay, and starts once the hook"
            + " proceeds")
    public void theEngineHonoursTheDelay() {
        requires("K4", Capability.HOLD);
        arrangeHold(ContractFleets.CLUSTER);
        UpgradeHook hook = newHook();
        AtomicInteger asked = new AtomicInteger();
        TestWorld world = TestWorld.of(ContractFleets.fleet(), NOW);
        world.configure(b -> b.addHook("under-test", new UpgradeHook() {
            @Override
            public HookResult beforeUpgrade(Upgrade upgrade) {
                asked.incrementAndGet();
                return hook.beforeUpgrade(upgrade);
            }
        }));

        Reconciliation first = world.reconcile();
        HistoryEntry held = first.recorded().stream().filter(e -> e.step() == Step.HELD).findFirst().orElseThrow(
                () -> new AssertionError("the hook's hold was not recorded: " + first.recorded()));
        Instant until = held.reasons().stream().map(Reason::until).flatMap(java.util.Optional::stream).findFirst()
                .orElseThrow(() -> new AssertionError("a hold records until when: " + held.reasons()));
        int askedOnce = asked.get();
        world.clock().set(NOW.plus(Duration.between(NOW, until).dividedBy(2)));
        assertThat(world.reconcile().recorded()).as("halfway through the delay").isEmpty();
        assertThat(asked.get()).as("calls before the delay passed").isEqualTo(askedOnce);

        arrangeProceed(ContractFleets.CLUSTER);
        world.clock().set(until);
        assertThat(world.reconcile().recorded()).extracting(HistoryEntry::step).contains(Step.STARTING);
        assertThat(asked.get()).isGreaterThan(askedOnce);
    }
}
