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

    /**
     * Observes one part of a hop that the engine publishes in two ({@link UpgradePart}, asked only
     * when an {@link UpgradePartHook} is registered): for {@link UpgradePart#CONTROL_PLANE},
     * succeeded once the control plane runs the hop's release with all its machines up to date and
     * ready (the workers have not been touched yet); for {@link UpgradePart#WORKERS}, the whole hop,
     * as {@link #probe(Upgrade, Instant)} answers. Same contract as that method: only looks, once per
     * reconcile while the part is in progress.
     *
     * <p>The default answers {@link #probe(Upgrade, Instant)} for both parts: right for the workers'
     * part; for the control plane's, only for a probe whose success means that the control plane is
     * done. A probe that says succeeded only once the whole cluster runs the release must override
     * this, or a hop in two parts never gets past its control plane and times out.
     *
     * @param part the part's upgrade: the hop's cluster, releases and intent, with the part's id (the
     *     hop's key, {@code /}, the part's word)
     * @param which which part
     * @param now the reconcile's instant
     * @return the part's status
     */
    default UpgradeStatus probe(Upgrade part, UpgradePart which, Instant now) {
        return probe(part, now);
    }
}
