package dev.upshift.release;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * The answer to "how does a cluster get from one release to another": an {@link UpgradePath} or a
 * {@link NoPath} that names the rule that cut the graph.
 */
@API(status = MAINTAINED, since = "0.1")
public sealed interface PathResult permits UpgradePath, NoPath {

    /** The release the cluster runs. */
    Version from();

    /** The release asked for. */
    Version to();

    /** Whether a path exists. */
    default boolean isFound() {
        return this instanceof UpgradePath;
    }
}
