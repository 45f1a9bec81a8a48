package dev.upshift.testkit.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.spi.Decision;
import dev.upshift.spi.UpgradeRequest;
import dev.upshift.spi.UpgradeStrategy;
import org.apiguardian.api.API;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The contract of an {@link UpgradeStrategy} (its Javadoc, docs/spi.md): idempotent by request,
 * and a decline is an answer with a reason.
 *
 * <table>
 *   <caption>The rules</caption>
 *   <tr><td>T1</td><td>asked twice about the same request, the strategy answers alike</td></tr>
 *   <tr><td>T2</td><td>({@code ACCEPT}) a request it can take is accepted</td></tr>
 *   <tr><td>T3</td><td>({@code DECLINE}) a request it cannot take is declined with a reason, not thrown</td></tr>
 * </table>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class UpgradeStrategyContract extends AdapterContract<UpgradeStrategyContract.Capability> {

    /** Subclasses only. */
    protected UpgradeStrategyContract() {}

    /** The optional capabilities of a strategy. */
    public enum Capability {
        /** Accepting a request ({@link #arrangeAccept}). */
        ACCEPT,
        /** Declining a request ({@link #arrangeDecline}). */
        DECLINE
    }

    /** The strategy, made after the rule arranged what it looks at. */
    protected abstract UpgradeStrategy newStrategy();

    /** The request the rules ask about: by default, a control plane's of a one-cluster fleet. */
    protected UpgradeRequest request() {
        return ContractFleets.request();
    }

    /** Makes the strategy able to take the request. Needed by {@code ACCEPT}. */
    protected void arrangeAccept(UpgradeRequest request) {
        throw new UnsupportedOperationException("declare ACCEPT unsupported, or override arrangeAccept");
    }

    /** Makes the strategy unable to take the request. Needed by {@code DECLINE}. */
    protected void arrangeDecline(UpgradeRequest request) {
        throw new UnsupportedOperationException("declare DECLINE unsupported, or override arrangeDecline");
    }

    @Test
    @DisplayName("T1 asked twice about the same request, the strategy answers alike")
    public void idempotent() {
        UpgradeStrategy s = newStrategy();
        UpgradeRequest r = request();
        assertThat(s.decide(r)).isEqualTo(s.decide(r));
    }

    @Test
    @DisplayName("T2 a request it can take is accepted")
    public void accepts() {
        requires("T2", Capability.ACCEPT);
        UpgradeRequest r = request();
        arrangeAccept(r);
        assertThat(newStrategy().decide(r)).isEqualTo(Decision.accept());
    }

    @Test
    @DisplayName("T3 a request it cannot take is declined with a reason, not thrown")
    public void declinesWithAReason() {
        requires("T3", Capability.DECLINE);
        UpgradeRequest r = request();
        arrangeDecline(r);
        Decision d = newStrategy().decide(r);
        assertThat(d).isInstanceOf(Decision.Declined.class);
        assertThat(((Decision.Declined) d).reason()).isNotBlank();
    }
}
