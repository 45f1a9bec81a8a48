package dev.upshift.core.engine;

import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A prepared fleet's clusters and intents by name, and each cluster's position among the fleet's
 * (a plan's entries are in that order): made once per fleet read rather than once per pass.
 */
record FleetIndex(PreparedFleet fleet, Map<String, ManagedCluster> clusters, Map<String, ClusterUpgrade> intents,
        Map<String, Integer> positions) {

    static FleetIndex of(PreparedFleet fleet) {
        Map<String, ManagedCluster> clusters = new HashMap<>();
        Map<String, Integer> positions = new HashMap<>();
        for (ManagedCluster c : fleet.clusters()) {
            if (clusters.putIfAbsent(c.id(), c) == null) {
                positions.put(c.id(), positions.size());
            }
        }
        Map<String, ClusterUpgrade> intents = new HashMap<>();
        for (ClusterUpgrade u : fleet.input().upgrades()) {
            intents.putIfAbsent(u.name(), u);
        }
        return new FleetIndex(fleet, Collections.unmodifiableMap(clusters), Collections.unmodifiableMap(intents),
                Collections.unmodifiableMap(positions));
    }

    /** A cluster's entry in a plan of this fleet, found by its position. */
    Optional<PlanEntry> entry(Plan plan, String cluster) {
        Integer i = positions.get(cluster);
        List<PlanEntry> entries = plan.entries();
        if (i != null && i < entries.size() && entries.get(i).cluster().equals(cluster)) {
            return Optional.of(entries.get(i));
        }
        return plan.entry(cluster);
    }
}
