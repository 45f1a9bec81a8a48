package dev.upshift.testkit.contract;

import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import dev.upshift.testkit.fake.FakeHistory;
import java.util.List;

/** The testkit's history holds to the contract it offers, every capability included. */
class FakeHistoryContractTest extends HistoryStoreContract {
    @Override
    protected Capabilities<Capability> capabilities() {
        return Capabilities.all(Capability.class);
    }

    @Override
    protected HistoryStore newStore() {
        return new FakeHistory();
    }

    @Override
    protected HistoryStore reopen(HistoryStore store) {
        return ((FakeHistory) store).reopen();
    }

    @Override
    protected void crashWhileAppending(HistoryStore store, List<HistoryEntry> group) {
        ((FakeHistory) store).crashDuringNextGroup(1);
        try {
            store.appendAll(group);
        } catch (IllegalStateException expected) {
            // the process died here
        }
    }
}
