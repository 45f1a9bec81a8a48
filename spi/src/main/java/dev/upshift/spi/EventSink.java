package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Receives one telemetry event per finished upgrade (seed 002), for dashboards, alerts and audits.
 *
 * <p><b>Contract.</b> The engine calls {@link #emit} on its reconcile thread once per finished
 * upgrade, after the outcome is recorded in the {@link HistoryStore} and every
 * {@link UpgradeHook#afterUpgrade after-hook} has proceeded, so the event carries the final outcome.
 * The call must not block: hand the event to a queue or a batch and return. Delivery is at least
 * once: after a crash the engine may emit an event for the same {@link Upgrade#id()} again, so
 * deduplicate by it where that matters. An exception is reported and dropped: telemetry never holds
 * an upgrade up, never fails one, and is not retried.
 *
 * <p>Default: {@link #noop()}.
 */
@FunctionalInterface
@API(status = EXPERIMENTAL, since = "0.1")
public interface EventSink {

    /**
     * Takes one finished upgrade's event.
     *
     * @param event the upgrade, its outcome and duration
     */
    void emit(UpgradeEvent event);

    /** A sink that drops every event. */
    static EventSink noop() {
        return event -> { };
    }
}
