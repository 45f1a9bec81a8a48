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
 * @param context what a person reviewing the upgrade is told beyond its releases: its stage, which
 *     hop of how many towards which target, whether a person asked for it and why. Adapters that
 *     write for people (a commit message, a pull request) use it; it plays no part in the id
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Upgrade(String id, ManagedCluster cluster, Version from, Version to, Optional<String> intent,
        Context context) {

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
        Objects.requireNonNull(context, "context");
    }

    /**
     * An upgrade with no more context than its releases: the one hop to {@code to}, no stage, asked
     * for by no person ({@link Context#of}).
     */
    public Upgrade(String id, ManagedCluster cluster, Version from, Version to, Optional<String> intent) {
        this(id, cluster, from, to, intent, Context.of(HistoryEntry.Hop.only(to)));
    }

    /** An upgrade of a cluster from the release it runs to {@code to}, asked for by no intent. */
    public static Upgrade of(String id, ManagedCluster cluster, Version to) {
        return new Upgrade(id, cluster, cluster.release(), to, Optional.empty());
    }

    /** The same upgrade, asked for by the named {@link ClusterUpgrade}. */
    public Upgrade withIntent(String upgradeName) {
        return new Upgrade(id, cluster, from, to, Optional.of(upgradeName), context);
    }

    /** The same upgrade with another context. */
    public Upgrade withContext(Context another) {
        return new Upgrade(id, cluster, from, to, intent, another);
    }

    /**
     * What a person reviewing an upgrade is told beyond its releases, as the engine knows it when the
     * hop starts: a commit message or a pull request says it, nothing decides by it.
     *
     * @param stage the stage of its {@link ClusterUpgrade} the cluster upgrades in; absent when the
     *     upgrade names no stages, or no upgrade asked for it
     * @param hop which hop of the cluster's path this is, of how many, and the release the path ends at
     * @param applied whether a person asked for it ({@code upshift apply}), whatever windows and stages
     *     said
     * @param reason what that person said of why ({@code --reason}); empty when nothing, and always
     *     empty when no person asked
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public record Context(Optional<String> stage, HistoryEntry.Hop hop, boolean applied, String reason) {
        /**
         * Validates the parts.
         *
         * @throws IllegalArgumentException when a present stage name is blank, or a reason is given
         *     for an upgrade no person asked for
         */
        public Context {
            Objects.requireNonNull(stage, "stage");
            if (stage.isPresent() && stage.get().isBlank()) {
                throw new IllegalArgumentException("a stage, when given, has a name");
            }
            Objects.requireNonNull(hop, "hop");
            Objects.requireNonNull(reason, "reason");
            if (!applied && !reason.isEmpty()) {
                throw new IllegalArgumentException("only an upgrade a person asked for carries their reason");
            }
        }

        /** The context of a hop that no stage holds and no person asked for. */
        public static Context of(HistoryEntry.Hop hop) {
            return new Context(Optional.empty(), hop, false, "");
        }

        /** The same context, in the named stage. */
        public Context withStage(String name) {
            return new Context(Optional.of(name), hop, applied, reason);
        }

        /** The same context, asked for by a person who said {@code why} (possibly nothing). */
        public Context withPersonsRequest(String why) {
            return new Context(stage, hop, true, why.strip());
        }
    }

    /** {@code prod-eu-1 19.3.1 → 20.1.0}. */
    @Override
    public String toString() {
        return cluster.id() + " " + from + " → " + to;
    }
}
