package dev.upshift.testkit.contract;

import dev.upshift.spi.StatusProbe;
import dev.upshift.spi.Upgrade;
import dev.upshift.testkit.fake.FakeProbe;
import java.time.Duration;

/** The testkit's probe, with time scripts, holds to the probe contract. */
class FakeProbeContractTest extends StatusProbeContract {
    private final FakeProbe probe = new FakeProbe();

    @Override
    protected Capabilities<Capability> capabilities() {
        return Capabilities.all(Capability.class);
    }

    @Override
    protected Upgrade upgrade() {
        return ContractFleets.upgrade(ContractFleets.cluster(ContractFleets.fleet()), 1);
    }

    @Override
    protected StatusProbe newProbe() {
        return probe;
    }

    @Override
    protected void arrangeInProgress(Upgrade upgrade) {
        probe.answer(upgrade.cluster().id(), FakeProbe.Script.succeedAfter(Duration.ofHours(1)));
    }

    @Override
    protected void arrangeSucceeded(Upgrade upgrade) {
        probe.answer(upgrade.cluster().id(), FakeProbe.Script.succeedAtOnce());
    }

    @Override
    protected void arrangeFailed(Upgrade upgrade) {
        probe.answer(upgrade.cluster().id(), FakeProbe.Script.failAfter(Duration.ZERO, "node cp-2 did not drain"));
    }

    @Override
    protected void arrangeUnreachable(Upgrade upgrade) {
        probe.faults().throwAlways();
    }

    /** The fake looks at nothing outside itself: its answers come from its scripts. */
    @Override
    protected Object system() {
        return "scripts";
    }
}
