package dev.upshift.core.engine;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Told each time a reconcile passes a {@link CrashPoint}, so that a test can end the process (or
 * throw an error that nothing catches) exactly there. Production engines use {@link #none()}.
 *
 * <p><b>Contract.</b> Called on the reconcile thread. Whatever it throws leaves the engine at once:
 * the engine catches nothing from it, so the reconcile stops as a killed process would.
 */
@FunctionalInterface
@API(status = EXPERIMENTAL, since = "0.1")
public interface CrashPoints {

    /**
     * A reconcile reached a point.
     *
     * @param point which
     * @param clusterId the cluster whose step reached it
     */
    void reached(CrashPoint point, String clusterId);

    /** Never crashes. */
    static CrashPoints none() {
        return (point, clusterId) -> { };
    }
}
