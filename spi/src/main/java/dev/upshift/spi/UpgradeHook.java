package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Runs before and after each upgrade, for work around it: silence the alerts an upgrade would trip
 * and restore them afterwards (seed 001), open and close a change ticket, run a smoke test. Implement
 * only the side you need; the other proceeds.
 *
 * <p><b>Contract.</b> The engine calls the hooks on its reconcile thread, in the order they were
 * registered, and stops at the first that does not proceed.
 * <ul>
 *   <li>{@link #beforeUpgrade} runs when an upgrade is about to start, before any
 *       {@link UpgradeStrategy} is asked and before anything is published. {@link HookResult#proceed()}
 *       lets it start; {@link HookResult#retryAfter} holds it back and asks again after the delay
 *       (the upgrade may then miss its window); {@link HookResult#abort} fails the upgrade with the
 *       reason, nothing having changed.
 *   <li>{@link #afterUpgrade} runs once the outcome is known and recorded, before the
 *       {@link EventSink} hears of it. {@link HookResult#proceed()} ends the upgrade;
 *       {@link HookResult#retryAfter} asks again after the delay, and until every hook proceeds the
 *       upgrade does not count as finished for its stage (its soak has not begun);
 *       {@link HookResult#abort} records the upgrade as failed with the reason even if the change
 *       itself succeeded (a post-upgrade check failed).
 * </ul>
 * Calls may block briefly; to wait for something, return {@link HookResult#retryAfter} instead of
 * waiting. After a crash a hook may be called again for the same upgrade ({@link Upgrade#id()} tells
 * which), so it must be idempotent: silencing twice must be harmless. An exception means the hook
 * could not run: before an upgrade, the upgrade does not start this reconcile; after one, the hook is
 * called again on the next reconcile.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface UpgradeHook {

    /**
     * Called before an upgrade starts.
     *
     * @param upgrade the upgrade about to start
     * @return whether it may start now
     */
    default HookResult beforeUpgrade(Upgrade upgrade) {
        return HookResult.proceed();
    }

    /**
     * Called after an upgrade finished, with the same record the {@link EventSink} will receive.
     *
     * @param finished the upgrade, its outcome and how long it took
     * @return whether the upgrade is done with
     */
    default HookResult afterUpgrade(UpgradeEvent finished) {
        return HookResult.proceed();
    }
}
