package dev.upshift.core.engine;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.time.Instant;
import org.apiguardian.api.API;

/**
 * Watches an engine work, for metrics and for events sent out (docs/observability.md): told when a
 * reconcile begins and what it did when it ends, and, where the history is timed (the front
 * builder times it), how long each append took. Plain callbacks, so that core names no metrics
 * library: {@code upshift-observe} implements them on Micrometer and CloudEvents.
 *
 * <p><b>Contract.</b> The engine calls {@link #reconciling} and {@link #reconciled} on its
 * reconcile thread, in that order, once per {@link Engine#reconcile} and {@link Engine#settle}; the
 * front builder calls {@link #historyAppended} on the same thread, after each append to the history
 * returned. Observers must not block (hand work to a thread of their own) and must not throw: what
 * one throws is dropped, so that watching never holds an upgrade up or fails one. Every method does
 * nothing by default, so an observer writes only what it needs.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface EngineObserver {

    /**
     * A reconcile at {@code now} begins.
     *
     * @param now the reconcile's instant (the engine's time, which a time-lapse moves on virtually)
     */
    default void reconciling(Instant now) {}

    /**
     * A reconcile ended.
     *
     * @param done what it recorded, the calls that failed, and the plan it acted on
     */
    default void reconciled(Reconciliation done) {}

    /**
     * An append to the history returned.
     *
     * @param entries how many entries it appended
     * @param took how long it took, measured by whoever timed it
     * @param failed whether it threw
     */
    default void historyAppended(int entries, Duration took, boolean failed) {}

    /** An observer that does nothing. */
    static EngineObserver none() {
        return new EngineObserver() { };
    }
}
