package dev.upshift.testkit.fake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.release.Version;
import dev.upshift.spi.HookResult;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradePart;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class FakePartHookTest {
    private static final ManagedCluster CLUSTER = ManagedCluster.builder("prod-1").infrastructure("aws")
            .release("1.0.0").build();

    private static Upgrade part(UpgradePart which) {
        return new Upgrade("prod-1:1.0.0..1.1.0#1/" + which.word(), CLUSTER, Version.parse("1.0.0"),
                Version.parse("1.1.0"), Optional.empty());
    }

    @Test
    @DisplayName("queued answers come first, in order, then the standing one; each point on its own")
    void scripted() {
        HookResult hold = HookResult.retryAfter(Duration.ofMinutes(15));
        FakePartHook hook = new FakePartHook().holdBefore(UpgradePart.WORKERS, Duration.ofMinutes(15))
                .beforeNext(UpgradePart.WORKERS, HookResult.abort("rejected"), HookResult.proceed());
        Upgrade workers = part(UpgradePart.WORKERS);
        Upgrade controlPlane = part(UpgradePart.CONTROL_PLANE);

        assertThat(hook.beforeWorkers(workers)).isEqualTo(HookResult.abort("rejected"));
        assertThat(hook.beforeWorkers(workers)).isEqualTo(HookResult.proceed());
        assertThat(hook.beforeWorkers(workers)).isEqualTo(hold);
        assertThat(hook.afterWorkers(workers)).as("another point").isEqualTo(HookResult.proceed());
        assertThat(hook.beforeControlPlane(controlPlane)).as("the other part").isEqualTo(HookResult.proceed());
        hook.holdAfter(UpgradePart.CONTROL_PLANE, Duration.ofHours(1));
        assertThat(hook.afterControlPlane(controlPlane)).isEqualTo(HookResult.retryAfter(Duration.ofHours(1)));
        hook.proceedAlways();
        assertThat(hook.beforeWorkers(workers)).isEqualTo(HookResult.proceed());
        assertThat(hook.afterControlPlane(controlPlane)).isEqualTo(HookResult.proceed());
    }

    @Test
    @DisplayName("every call is recorded, a thrown one included, and its hop-level sides proceed")
    void recordsCalls() {
        FakePartHook hook = new FakePartHook();
        hook.faults().throwOnce();

        assertThatThrownBy(() -> hook.afterControlPlane(part(UpgradePart.CONTROL_PLANE)))
                .isInstanceOf(RuntimeException.class);
        assertThat(hook.beforeUpgrade(part(UpgradePart.WORKERS))).isEqualTo(HookResult.proceed());
        assertThat(hook.afterControlPlane(part(UpgradePart.CONTROL_PLANE))).isEqualTo(HookResult.proceed());

        assertThat(hook.calls()).containsExactly("afterControlPlane prod-1:1.0.0..1.1.0#1/control-plane",
                "beforeUpgrade prod-1:1.0.0..1.1.0#1/workers", "afterControlPlane prod-1:1.0.0..1.1.0#1/control-plane");
    }
}
