package dev.upshift.core.engine;

import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import java.util.HashMap;
import java.util.Map;

/**
 * A prepared fleet's clusters and intents by name, and each cluster's position among the fleet's
 * (a plan's entries are in that order), made once per fleet read rather than once per pass.
 */
record FleetIndex(PreparedFleet fleet, Map<String, ManagedCluster> clusters, Map<String, ClusterUpgrade> intents,
        Map<String, Integer> positions) {

    static FleetIndex of(PreparedFleet fleet) {
        Map<String, ManagedCluster> clusters = new HashMap<>();
        for (ManagedCluster c : fleet.clusters()) {
            clusters.putIfAbsent(c.id(), c);
        }
        Map<String, Integer> positions = new HashMap<>();
        for (ManagedCluster c : fleet.clusters()) {
            positions.putIfAbsent(c.id(), positions.size());
        }
        Map<String, ClusterUpgrade> intents = new HashMap<>();
        for (ClusterUpgrade u : fleet.input().upgrades()) {
            intents.putIfAbsent(u.name(), u);
        }
        return new FleetIndex(fleet, Map.copyOf(clusters), Map.copyOf(intents), Map.copyOf(positions));
    }
}
