package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Instant;
import org.apiguardian.api.API;

/**
 * Observes how a published upgrade is going: in progress (how many machines are done), succeeded or
 * failed (seed 002's three statuses; seed 004's required / upgraded / ready counts).
 *
 * <p><b>Contract.</b> The engine calls {@link #probe} on its reconcile thread for every upgrade it
 * has recorded as in progress, once per reconcile, until the answer is succeeded or failed; it then
 * records the outcome and asks no more. The call only looks (at the cluster's Cluster API
 * conditions, its machines' versions, a pipeline's state): it must change nothing, and asking twice
 * with nothing changed in between gives the same answer. It may block briefly. A probe that cannot
 * tell yet (the controllers have not picked the change up) answers in progress. An exception means
 * the probe could not look: the upgrade stays in progress and is asked about again on the next
 * reconcile. Giving up on an upgrade that stays in progress too long is the engine's decision, not
 * the probe's.
 */
@FunctionalInterface
@API(status = EXPERIMENTAL, since = "0.1")
public interface StatusProbe {

    /**
     * Observes an upgrade.
     *
     * @param upgrade the upgrade the engine published
     * @param now the reconcile's instant: the transition time to report when the observed system
     *     gives none
     * @return the status, with its condition and, while in progress, how far it got
     */
    UpgradeStatus probe(Upgrade upgrade, Instant now);
}
