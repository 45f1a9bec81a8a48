package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Lists the upgrade intents: the {@link ClusterUpgrade}s saying which clusters go to which release,
 * when and in which stages.
 *
 * <p><b>Contract.</b> Core calls {@link #upgrades()} at the start of every planning round and every
 * engine reconcile, on the thread doing that work. The call is a read: it must change nothing, and
 * two calls with no change in between must return equal listings, in the same order. It may block.
 * A bad intent is left out and reported among the listing's problems; the clusters it would have
 * selected are planned as if it did not exist, and the problem says so. An exception means the
 * intents could not be read at all: the round is abandoned and tried again on the next one. Names
 * must be unique; core reports duplicates as problems.
 *
 * <p>Embedded default: the {@code ClusterUpgrade} documents of a fleet folder.
 */
@FunctionalInterface
@API(status = EXPERIMENTAL, since = "0.1")
public interface UpgradeSource {

    /**
     * Lists every upgrade intent, finished ones included (their history is still planned against).
     *
     * @return the intents that could be read, and the problems of those that could not
     */
    Listing<ClusterUpgrade> upgrades();
}
