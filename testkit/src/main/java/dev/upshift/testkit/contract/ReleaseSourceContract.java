package dev.upshift.testkit.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Release;
import dev.upshift.spi.Listing;
import dev.upshift.spi.ReleaseSource;
import org.apiguardian.api.API;

/** The contract of a {@link ReleaseSource}: the rules of {@link ListingContract}, on its {@code releases()}. */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class ReleaseSourceContract extends ListingContract<Release> {

    /** Subclasses only. */
    protected ReleaseSourceContract() {}

    /** The source under test, as the rule arranged it. */
    protected abstract ReleaseSource releaseSource();

    @Override
    protected final Listing<Release> list() {
        return releaseSource().releases();
    }

    @Override
    protected final String name(Release c) {
        return c.version().toString();
    }
}
