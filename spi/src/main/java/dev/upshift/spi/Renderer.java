package dev.upshift.spi;

import dev.upshift.release.Release;

/**
 * A dry-run: what a cluster's documents would be at a release, with the cluster's own values (seed
 * 000). Core merges the answer three ways: rendered at the cluster's current release it is the base,
 * rendered at the target release it is the target, and the cluster's
 * {@link ManagedCluster#resources() resources} are the current side.
 *
 * <p><b>Contract.</b> The planner calls {@link #render} on its thread for each cluster it plans an
 * upgrade for, at most once per (cluster, release) in a planning round. The call must change
 * nothing anywhere: it is a dry-run, safe to repeat, and two calls with the same arguments and no
 * change in between must return equal documents. It may block (a dry-run request to a management
 * API), but a planning round waits for every call, so keep it fast. A release that cannot be rendered
 * for this cluster (an admission webhook refuses it, the values do not fit the release) is an answer,
 * {@link Rendering#rejected}, and blocks that cluster with the reason. An exception means the
 * renderer could not answer now: the cluster is left unplanned this round with the message as its
 * reason, nothing is published from it, and the next round asks again.
 *
 * <p>Embedded default, when no renderer is configured: the release's own
 * {@link Release#defaults() defaults} applied to the cluster's documents.
 */
@FunctionalInterface
public interface Renderer {

    /**
     * Renders a cluster at a release.
     *
     * @param cluster the cluster, with the values to render with (a configuration upgrade passes a
     *     copy with the new values)
     * @param release the release to render at
     * @return the documents the cluster would have, or why it cannot be rendered
     */
    Rendering render(ManagedCluster cluster, Release release);
}
