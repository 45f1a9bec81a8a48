package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Release;
import org.apiguardian.api.API;

/**
 * A dry-run: what a cluster's documents would be at a release, with the cluster's own values (seed
 * 000). Core merges the answer three ways as the target side T (DESIGN.md section 6): the cluster's
 * {@link ManagedCluster#resources() resources} are the current side C, and the base B is what the
 * cluster's current release's defaults put on them.
 *
 * <p><b>Contract.</b> The planner calls {@link #render} on its planning thread for each cluster with
 * resources that it plans an upgrade for, at most once per (cluster, target release) in a planning
 * round; a prepared fleet keeps the answer across rounds, and asks again each time a cluster's
 * whole change is asked for ({@code PreparedFleet.change}: {@code upshift diff --fleet}, a
 * publisher), which gets a copy of the answer of its own. A configuration upgrade asks for the
 * cluster's own release, with its new values. The call must change nothing anywhere: it is a
 * dry-run, safe to repeat, and two calls with the same arguments and no change in between must
 * return equal documents. It may block (a dry-run request to a management API), but a planning
 * round waits for every call, so keep it fast. A release that cannot be rendered for this cluster
 * (an admission webhook refuses it, the values do not fit the release) is an answer,
 * {@link Rendering#rejected}, and blocks that cluster with the reason ({@code RENDERING_REJECTED}).
 * An exception means the renderer could not answer now: the cluster is blocked this round with the
 * message as its reason ({@code RENDERER_FAILED}), nothing is kept from it, and the next round asks
 * again. The planner of a fleet used from several threads calls it from each of them.
 *
 * <p>Embedded default, when no renderer is configured: the target release's own
 * {@link Release#defaults() defaults}, then the cluster's values, applied to the cluster's documents.
 * Configure one with {@code Planner.builder().renderer(r)}.
 */
@FunctionalInterface
@API(status = EXPERIMENTAL, since = "0.1")
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
