package dev.upshift.core.engine;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.release.Version;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The fleet as the engine reads it for one reconcile: the prepared fleet, and the releases some
 * clusters run that their documents do not say yet (an in-memory world in which publishing moves a
 * cluster without rewriting its document; empty when the documents are the truth).
 *
 * @param fleet the prepared fleet
 * @param releases releases by cluster id that override the documents' {@code spec.release}
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FleetReading(PreparedFleet fleet, Map<String, Version> releases) {

    /** Validates and copies the parts. */
    public FleetReading {
        Objects.requireNonNull(fleet, "fleet");
        releases = Map.copyOf(releases);
    }

    /** A reading whose documents are the truth. */
    public static FleetReading of(PreparedFleet fleet) {
        return new FleetReading(fleet, Map.of());
    }

    /** The release a cluster runs in this reading. */
    public Version release(String clusterId, Version documented) {
        return releases.getOrDefault(clusterId, documented);
    }
}
