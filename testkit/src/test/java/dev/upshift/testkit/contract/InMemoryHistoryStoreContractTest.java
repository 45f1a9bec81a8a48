package dev.upshift.testkit.contract;

import dev.upshift.spi.HistoryStore;
import dev.upshift.spi.InMemoryHistoryStore;

/**
 * The SPI's own history store holds to the contract it is the reference of: every rule but those
 * about a store opened again, which a store that lives as long as its object cannot be.
 */
class InMemoryHistoryStoreContractTest extends HistoryStoreContract {
    @Override
    protected Capabilities<Capability> capabilities() {
        return Capabilities.all(Capability.class)
                .unsupported(Capability.REOPEN, "it lives in memory: nothing outlives the object")
                .unsupported(Capability.TORN_WRITE, "it writes no bytes: a group lands whole under its lock");
    }

    @Override
    protected HistoryStore newStore() {
        return new InMemoryHistoryStore();
    }
}
