package dev.upshift.release;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.upshift.common.value.VersionChange;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The fewest hops from one release to another; among paths of equal length, the one that lands on
 * the newest release at every step (the newest patch of each intermediate minor). An empty hop
 * list means the cluster is already there.
 *
 * @param from the release the cluster runs
 * @param to the target
 * @param hops the steps, in order
 */
@API(status = MAINTAINED, since = "0.1")
public record UpgradePath(Version from, Version to, List<Hop> hops) implements PathResult {

    /** Validates the parts. */
    public UpgradePath {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        hops = List.copyOf(hops);
    }

    /** The largest change of any hop ({@link VersionChange#NONE} when there are none). */
    public VersionChange change() {
        VersionChange c = VersionChange.NONE;
        for (Hop h : hops) {
            c = c.max(h.change());
        }
        return c;
    }

    /** Whether any hop assumed a component's compatibility instead of checking it. */
    public boolean isUnchecked() {
        return hops.stream().anyMatch(Hop::isUnchecked);
    }

    /** The releases landed on, in order, starting with {@code from}. */
    public List<Version> versions() {
        java.util.ArrayList<Version> out = new java.util.ArrayList<>();
        out.add(from);
        hops.forEach(h -> out.add(h.to().version()));
        return out;
    }

    @Override
    public String toString() {
        return String.join(" → ", versions().stream().map(Version::toString).toList());
    }
}
