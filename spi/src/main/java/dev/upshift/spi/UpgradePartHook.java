package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * An {@link UpgradeHook} that is also asked around each part of a hop, as Cluster API's lifecycle
 * hooks {@code BeforeControlPlaneUpgrade}, {@code AfterControlPlaneUpgrade},
 * {@code BeforeWorkersUpgrade} and {@code AfterWorkersUpgrade} are: to check the control plane
 * before the workers follow, to move workloads between the two, or to hold the workers for an
 * approval. Implement only the methods you need; the others proceed.
 *
 * <p><b>When the engine asks.</b> Registering one part hook makes the engine carry out every hop
 * that changes both the control plane's documents and the workers' in two parts
 * ({@link UpgradePart}): the control plane's part is published (the cluster's release unchanged),
 * followed until the {@link StatusProbe} says the control plane is done, then the workers' part is
 * published with the release and followed to the hop's outcome. A hop that changes only one side is
 * published once, whole, and that side's two methods are asked around it: the before-method right
 * after every {@link #beforeUpgrade}, the after-method once the probe says the hop succeeded, before
 * its outcome is recorded. A hop that changes neither side asks only {@link #beforeUpgrade} and
 * {@link #afterUpgrade}. For a hop in two parts, on the engine's reconcile thread and in
 * registration order:
 * <ol>
 *   <li>{@link #beforeControlPlane}, right after every hook's {@link #beforeUpgrade}, before any
 *       strategy is asked and before anything is published;
 *   <li>{@link #afterControlPlane}, then {@link #beforeWorkers}, once the probe says the control
 *       plane's part succeeded, before the workers' part is journaled and published;
 *   <li>{@link #afterWorkers}, once the probe says the workers' part succeeded, before the hop's
 *       outcome is recorded and before any {@link #afterUpgrade}.
 * </ol>
 * Each is given the part's upgrade: the hop's cluster, releases and intent, and the part's id (the
 * hop's key, {@code /}, the part's word).
 *
 * <p><b>Answers.</b> All are blocking, as in Cluster API: {@link HookResult#proceed()} lets the hop
 * go on; {@link HookResult#retryAfter} holds it where it is, and once the shortest of the delays
 * has passed every hook is asked again at that point (so answers must be stable; the engine does
 * not journal a hold between parts, and after a restart asks again at once). While the workers wait, nothing
 * of theirs is published and the hop's timeout does not run: it runs for each part from the moment
 * the part is journaled. {@link HookResult#abort} fails the hop with the reason: from
 * {@link #beforeControlPlane} with nothing changed; from {@link #afterControlPlane} or
 * {@link #beforeWorkers} with the control plane already moved and the workers never published (a
 * person decides what next: the engine does not retry a failed hop); from {@link #afterWorkers} with
 * both parts published. Every owed {@link #afterUpgrade} is asked after a failure too. (Cluster API
 * retries a hook that answers {@code Failure}; here an abort is final.)
 *
 * <p><b>Idempotence.</b> After a crash any of these may be asked again for the same part: the engine
 * journals a part's publication, not the hook calls around it. An exception means the hook could
 * not run: the hop stays where it is and the hooks are asked again on the next reconcile.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface UpgradePartHook extends UpgradeHook {

    /**
     * Called before the control plane's part of a hop in two parts is published.
     *
     * @param part the control plane's part
     * @return whether it may be published now
     */
    default HookResult beforeControlPlane(Upgrade part) {
        return HookResult.proceed();
    }

    /**
     * Called once the probe says the control plane's part succeeded, before the workers' part.
     *
     * @param part the control plane's part
     * @return whether the hop may go on to its workers
     */
    default HookResult afterControlPlane(Upgrade part) {
        return HookResult.proceed();
    }

    /**
     * Called before the workers' part is published, after every {@link #afterControlPlane} proceeded.
     *
     * @param part the workers' part
     * @return whether it may be published now
     */
    default HookResult beforeWorkers(Upgrade part) {
        return HookResult.proceed();
    }

    /**
     * Called once the probe says the workers' part succeeded, before the hop's outcome is recorded.
     *
     * @param part the workers' part
     * @return whether the hop may count as succeeded
     */
    default HookResult afterWorkers(Upgrade part) {
        return HookResult.proceed();
    }
}
