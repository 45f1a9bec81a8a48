package dev.upshift.core.engine;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Where the engine reads the fleet from at the start of every reconcile pass: a fleet folder read
 * again, a git checkout, an inventory of live clusters, or an in-memory world.
 *
 * <p><b>Contract.</b> Called on the reconcile thread, once per pass (a reconcile makes a few passes
 * when one step makes another possible at the same instant). It may do I/O and may keep a prepared
 * fleet between calls while its inputs are unchanged (preparing is the costly part of planning). An
 * exception means the fleet could not be read: the engine takes no step in that reconcile and says
 * so in its {@link Reconciliation#faults() faults}.
 */
@FunctionalInterface
@API(status = EXPERIMENTAL, since = "0.1")
public interface FleetSource {

    /**
     * Reads the fleet.
     *
     * @return the fleet as it stands now
     */
    FleetReading read();
}
