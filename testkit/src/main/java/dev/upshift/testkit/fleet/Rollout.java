package dev.upshift.testkit.fleet;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.simulate.Simulation;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * A simulated rollout with the labels of the fleet's clusters, so that assertions can group its
 * clusters by label ({@code atMostConcurrently(2).per("region")}): what
 * {@link TestFleet#simulate} gives.
 *
 * @param simulation what the simulator found
 * @param labels each cluster's labels, by cluster id
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Rollout(Simulation simulation, Map<String, Map<String, String>> labels) {

    /** Validates and copies the parts. */
    public Rollout {
        Objects.requireNonNull(simulation, "simulation");
        TreeMap<String, Map<String, String>> copy = new TreeMap<>();
        labels.forEach((k, v) -> copy.put(k, Map.copyOf(v)));
        labels = java.util.Collections.unmodifiableMap(copy);
    }

    /** A cluster's labels; empty when it has none or is unknown. */
    public Map<String, String> labels(String clusterId) {
        return labels.getOrDefault(clusterId, Map.of());
    }

    @Override
    public String toString() {
        return "rollout: " + simulation;
    }
}
