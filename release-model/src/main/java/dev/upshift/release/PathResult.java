package dev.upshift.release;

/**
 * The answer to "how does a cluster get from one release to another": an {@link UpgradePath} or a
 * {@link NoPath} that names the rule that cut the graph.
 */
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
