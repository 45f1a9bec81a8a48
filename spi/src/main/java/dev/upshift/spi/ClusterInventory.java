package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Lists the fleet: every cluster Upshift manages, as it stands now.
 *
 * <p><b>Contract.</b> Core calls {@link #clusters()} at the start of every planning round and every
 * engine reconcile, on the thread doing that work, to read the world again (the engine is
 * level-triggered: it never trusts a previous answer). The call is a read: it must change nothing,
 * and two calls with no change in between must return equal listings, in the same order. It may
 * block while it reads files or asks an API server. A cluster whose document is bad is left out and
 * reported among the listing's problems, so that the rest of the fleet is still planned; an
 * exception means the inventory could not be read at all, and the round is abandoned (no plan is
 * made from part of a fleet) and tried again on the next one. Ids must be unique; core reports
 * duplicates as problems.
 *
 * <p>Embedded default: the files of a fleet folder. docs/spi.md shows an in-memory inventory.
 */
@FunctionalInterface
@API(status = EXPERIMENTAL, since = "0.1")
public interface ClusterInventory {

    /**
     * Lists every managed cluster.
     *
     * @return the clusters that could be read, and the problems of those that could not
     */
    Listing<ManagedCluster> clusters();
}
