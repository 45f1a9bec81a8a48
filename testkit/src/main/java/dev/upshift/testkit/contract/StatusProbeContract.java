package dev.upshift.testkit.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.spi.StatusProbe;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeCondition;
import dev.upshift.spi.UpgradeStatus;
import org.apiguardian.api.API;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The contract of a {@link StatusProbe} (its Javadoc, docs/spi.md): it only looks, its answers are
 * stable while nothing changes, and it tells in progress, succeeded and failed apart.
 *
 * <table>
 *   <caption>The rules</caption>
 *   <tr><td>S1</td><td>an upgrade under way is answered in progress, its condition no later than now</td></tr>
 *   <tr><td>S2</td><td>asked twice with nothing changed in between, the probe answers alike</td></tr>
 *   <tr><td>S3</td><td>an upgrade the system reports done is answered succeeded, its condition no later than now</td></tr>
 *   <tr><td>S4</td><td>({@code FAILURE}) an upgrade the system reports failed is answered failed, with a message</td></tr>
 *   <tr><td>S5</td><td>probing changes nothing in the system it looks at</td></tr>
 *   <tr><td>S6</td><td>({@code UNREACHABLE}) a probe that cannot look throws</td></tr>
 * </table>
 *
 * <p>Each rule first arranges the system (the cluster's status, the pipeline's state), then asks
 * for the probe ({@link #newProbe()}), then probes at {@link #NOW}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class StatusProbeContract extends AdapterContract<StatusProbeContract.Capability> {

    /** Subclasses only. */
    protected StatusProbeContract() {}

    /** The optional capabilities of a probe. */
    public enum Capability {
        /** Reporting a failed upgrade ({@link #arrangeFailed}). */
        FAILURE,
        /** Being unable to look ({@link #arrangeUnreachable}). */
        UNREACHABLE
    }

    /** The upgrade the rules probe: one the system knows as published. */
    protected abstract Upgrade upgrade();

    /** The probe, made after the rule arranged the system. */
    protected abstract StatusProbe newProbe();

    /** Makes the system report the upgrade under way at {@code NOW}. */
    protected abstract void arrangeInProgress(Upgrade upgrade);

    /** Makes the system report the upgrade done at or before {@code NOW}. */
    protected abstract void arrangeSucceeded(Upgrade upgrade);

    /** Makes the system report the upgrade failed at or before {@code NOW}. Needed by {@code FAILURE}. */
    protected void arrangeFailed(Upgrade upgrade) {
        throw new UnsupportedOperationException("declare FAILURE unsupported, or override arrangeFailed");
    }

    /** Makes the system impossible to look at. Needed by {@code UNREACHABLE}. */
    protected void arrangeUnreachable(Upgrade upgrade) {
        throw new UnsupportedOperationException("declare UNREACHABLE unsupported, or override arrangeUnreachable");
    }

    /** What the system holds now, equal exactly when it is the same (for S5). */
    protected abstract Object system();

    @Test
    @DisplayName("S1 an upgrade under way is answered in progress, its condition no later than now")
    public void inProgress() {
        Upgrade u = upgrade();
        arrangeInProgress(u);
        UpgradeStatus s = newProbe().probe(u, NOW);
        assertThat(s).isInstanceOf(UpgradeStatus.InProgress.class);
        assertThat(s.condition().lastTransitionTime()).isBeforeOrEqualTo(NOW);
    }

    @Test
    @DisplayName("S2 asked twice with nothing changed in between, the probe answers alike")
    public void stable() {
        Upgrade u = upgrade();
        arrangeInProgress(u);
        StatusProbe p = newProbe();
        assertThat(p.probe(u, NOW)).isEqualTo(p.probe(u, NOW));
        arrangeSucceeded(u);
        StatusProbe q = newProbe();
        assertThat(q.probe(u, NOW)).isEqualTo(q.probe(u, NOW));
    }

    @Test
    @DisplayName("S3 an upgrade the system reports done is answered succeeded, its condition no later than now")
    public void succeeded() {
        Upgrade u = upgrade();
        arrangeSucceeded(u);
        UpgradeStatus s = newProbe().probe(u, NOW);
        assertThat(s).isInstanceOf(UpgradeStatus.Succeeded.class);
        assertThat(s.condition().type()).isEqualTo(UpgradeCondition.Type.UPGRADE_SUCCEEDED);
        assertThat(s.condition().lastTransitionTime()).isBeforeOrEqualTo(NOW);
    }

    @Test
    @DisplayName("S4 an upgrade the system reports failed is answered failed, with a message")
    public void failed() {
        requires("S4", Capability.FAILURE);
        Upgrade u = upgrade();
        arrangeFailed(u);
        UpgradeStatus s = newProbe().probe(u, NOW);
        assertThat(s).isInstanceOf(UpgradeStatus.Failed.class);
        assertThat(s.condition().message()).isNotBlank();
        assertThat(s.condition().lastTransitionTime()).isBeforeOrEqualTo(NOW);
    }

    @Test
    @DisplayName("S5 probing changes nothing in the system it looks at")
    public void onlyLooks() {
        Upgrade u = upgrade();
        arrangeInProgress(u);
        StatusProbe p = newProbe();
        Object before = system();
        p.probe(u, NOW);
        p.probe(u, NOW.plusSeconds(60));
        assertThat(system()).isEqualTo(before);
    }

    @Test
    @DisplayName("S6 a probe that cannot look throws, rather than answer")
    public void unreachable() {
        requires("S6", Capability.UNREACHABLE);
        Upgrade u = upgrade();
        arrangeUnreachable(u);
        StatusProbe p = newProbe();
        assertThatThrownBy(() -> p.probe(u, NOW)).isInstanceOf(RuntimeException.class);
    }
}
