package dev.upshift.core.select;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.ManagedCluster;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A cluster that the matchers of two or more stages of one upgrade select: an input problem, since
 * a cluster belongs to at most one stage. The cluster is left out of every stage of that upgrade.
 *
 * @param upgrade the upgrade's name
 * @param cluster the cluster
 * @param stages the names of the stages that select it, in stage order (at least two)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record StageOverlap(String upgrade, ManagedCluster cluster, List<String> stages) {
    /** Validates and copies the parts. */
    public StageOverlap {
        Objects.requireNonNull(upgrade, "upgrade");
        Objects.requireNonNull(cluster, "cluster");
        stages = List.copyOf(stages);
        if (stages.size() < 2) {
            throw new IllegalArgumentException("an overlap needs at least two stages");
        }
    }

    /** {@code cluster prod-eu-1 is in stages 'canary' and 'prod' of upgrade fleet-to-20.1; ...}, for messages. */
    public String message() {
        List<String> quoted = stages.stream().map(s -> "'" + s + "'").toList();
        return "cluster " + cluster.id() + " is in stages " + String.join(", ", quoted.subList(0, quoted.size() - 1))
                + " and " + quoted.get(quoted.size() - 1) + " of upgrade " + upgrade
                + "; a cluster belongs to at most one stage";
    }

    @Override
    public String toString() {
        return message();
    }
}
