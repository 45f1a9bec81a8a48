package dev.upshift.testkit.contract;

import dev.upshift.core.simulate.SimulatedProbe;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.StatusProbe;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeState;
import dev.upshift.testkit.fake.FakeHistory;
import dev.upshift.testkit.fleet.TestFleet;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Core's simulated probe holds to the probe contract: its system is the history (when an attempt
 * started) and the upgrade's expected duration, one hour here; a failure rate of 1 makes every
 * attempt fail.
 */
class SimulatedProbeContractTest extends StatusProbeContract {
    private final TestFleet fleet = ContractFleets.fleet();
    private FakeHistory history = new FakeHistory();
    private double failureRate;

    @Override
    protected Capabilities<Capability> capabilities() {
        return Capabilities.all(Capability.class);
    }

    @Override
    protected Upgrade upgrade() {
        return ContractFleets.upgrade(ContractFleets.cluster(fleet), 1);
    }

    @Override
    protected StatusProbe newProbe() {
        return new SimulatedProbe(history, fleet::prepared, 7, failureRate);
    }

    private void startedAt(Upgrade u, Instant at) {
        history = new FakeHistory();
        history.append(new HistoryEntry(at, u.cluster().id(), u.id(), u.from(), u.to(), u.intent(),
                UpgradeState.IN_PROGRESS, "", List.of(), HistoryEntry.Step.STARTING, HistoryEntry.Hop.only(u.to()), 1,
                List.of(), 0));
    }

    @Override
    protected void arrangeInProgress(Upgrade upgrade) {
        startedAt(upgrade, NOW.minus(Duration.ofMinutes(10)));
        failureRate = 0;
    }

    @Override
    protected void arrangeSucceeded(Upgrade upgrade) {
        startedAt(upgrade, NOW.minus(Duration.ofHours(2)));
        failureRate = 0;
    }

    @Override
    protected void arrangeFailed(Upgrade upgrade) {
        startedAt(upgrade, NOW.minus(Duration.ofHours(2)));
        failureRate = 1;
    }

    @Override
    protected void arrangeUnreachable(Upgrade upgrade) {
        history.readFaults().throwAlways();
    }

    @Override
    protected Object system() {
        return history.all();
    }
}
