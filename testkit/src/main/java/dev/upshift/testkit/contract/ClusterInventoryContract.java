package dev.upshift.testkit.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.ClusterInventory;
import dev.upshift.spi.Listing;
import dev.upshift.spi.ManagedCluster;
import org.apiguardian.api.API;

/** The contract of a {@link ClusterInventory}: the rules of {@link ListingContract}, on its {@code clusters()}. */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class ClusterInventoryContract extends ListingContract<ManagedCluster> {

    /** Subclasses only. */
    protected ClusterInventoryContract() {}

    /** The source under test, as the rule arranged it. */
    protected abstract ClusterInventory inventory();

    @Override
    protected final Listing<ManagedCluster> list() {
        return inventory().clusters();
    }

    @Override
    protected final String name(ManagedCluster c) {
        return c.id();
    }
}
