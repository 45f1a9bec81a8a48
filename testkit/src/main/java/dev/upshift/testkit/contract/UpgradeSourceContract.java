package dev.upshift.testkit.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.Listing;
import dev.upshift.spi.UpgradeSource;
import org.apiguardian.api.API;

/** The contract of a {@link UpgradeSource}: the rules of {@link ListingContract}, on its {@code upgrades()}. */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class UpgradeSourceContract extends ListingContract<ClusterUpgrade> {

    /** Subclasses only. */
    protected UpgradeSourceContract() {}

    /** The source under test, as the rule arranged it. */
    protected abstract UpgradeSource upgradeSource();

    @Override
    protected final Listing<ClusterUpgrade> list() {
        return upgradeSource().upgrades();
    }

    @Override
    protected final String name(ClusterUpgrade c) {
        return c.name();
    }
}
