package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A way of changing a cluster's machines other than replacing them one by one: in place, or by an
 * external system (seed 004's pluggable upgrade strategy). Each strategy accepts or declines a
 * request with a reason; when all decline, the rolling fallback applies (publish the change and let
 * the cluster's controllers replace machines), or, where no fallback is allowed, the cluster is
 * blocked with every strategy's reason.
 *
 * <p><b>Contract.</b> The engine calls {@link #decide} on its reconcile thread when an upgrade whose
 * {@link ClusterUpgrade} prefers {@link StrategyPreference#IN_PLACE in place} or
 * {@link StrategyPreference#EXTERNAL external} is about to start, once per owner (control plane
 * first, then each machine deployment), asking the strategies in the order they were registered; the
 * first to accept owns that owner's machines. Accepting means: once the change is published, the
 * strategy carries out the machine work (drain, upgrade steps, uncordon, one machine at a time) and
 * makes its progress visible to the {@link StatusProbe}, for example by updating the Machine objects.
 * The call may block briefly (a webhook call) but must not wait for the work itself. It must be
 * idempotent by the request's upgrade id and owner: asked again after a restart, a strategy answers
 * as before and starts nothing twice. Declining is an answer, with a reason. An exception means the
 * strategy could not be asked: the upgrade does not start this reconcile (a strategy that is down is
 * not a reason to fall back to rolling) and the engine asks again on the next one.
 */
@FunctionalInterface
@API(status = EXPERIMENTAL, since = "0.1")
public interface UpgradeStrategy {

    /**
     * Accepts or declines a request.
     *
     * @param request the owner's machines, their new specs and the diff
     * @return {@link Decision#accept()} or {@link Decision#decline(String)} with the reason
     */
    Decision decide(UpgradeRequest request);
}
