package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Version;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One upgrade of one cluster, as the engine hands it to the effectful adapters: moving the cluster
 * from one release to a newer one, or changing its configuration values on the same release (a
 * configuration upgrade, {@code from} equal to {@code to}; seed 002 treats both alike).
 *
 * @param id a stable id, the same every time the engine considers this upgrade, across restarts.
 *     Adapters use it to make repeated calls harmless: a publisher that finds a commit for this id
 *     already made does not make another. Core derives it from the cluster, the releases and the
 *     intent; adapters treat it as opaque text
 * @param cluster the cluster as it stood when the engine read it for this step
 * @param from the release the cluster runs before the upgrade
 * @param to the release it runs after; never older than {@code from}
 * @param intent the name of the {@link ClusterUpgrade} that asked for it; absent for a single
 *     command ({@code upshift apply})
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Upgrade(String id, ManagedCluster cluster, Version from, Version to, Optional<String> intent) {

    /**
     * Validates the parts.
     *
     * @throws IllegalArgumentException when the id is blank, {@code to} is older than {@code from},
     *     or a present intent name is blank
     */
    public Upgrade {
        Objects.requireNonNull(id, "id");
        if (id.isBlank()) {
            throw new IllegalArgumentException("an upgrade needs a non-empty id");
        }
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (to.isOlderThan(from)) {
            throw new IllegalArgumentException("upgrade " + id + " would move cluster " + cluster.id() + " down from "
                    + from + " to " + to);
        }
        Objects.requireNonNull(intent, "intent");
        if (intent.isPresent() && intent.get().isBlank()) {
            throw new IllegalArgumentException("upgrade " + id + ": an intent name, when given, must not be empty");
        }
    }

    /** An upgrade of a cluster from the release it runs to {@code to}, asked for by no intent. */
    public static Upgrade of(String id, ManagedCluster cluster, Version to) {
        return new Upgrade(id, cluster, cluster.release(), to, Optional.empty());
    }

    /** The same upgrade, asked for by the named {@link ClusterUpgrade}. */
    public Upgrade withIntent(String upgradeName) {
        return new Upgrade(id, cluster, from, to, Optional.of(upgradeName));
    }

    /** {@code prod-eu-1 19.3.1 → 20.1.0}. */
    @Override
    public String toString() {
        return cluster.id() + " " + from + " → " + to;
    }
}
