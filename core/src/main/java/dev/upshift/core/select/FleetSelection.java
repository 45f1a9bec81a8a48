package dev.upshift.core.select;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Which upgrades select which clusters across a whole fleet, and where they disagree.
 *
 * <p>Every upgrade is selected on its own ({@link UpgradeSelection}); the results are in upgrade-name
 * order, so they do not depend on the order a source listed the upgrades in. A cluster that two or
 * more upgrades select is <em>claimed</em> by each; when the releases their targets resolve to
 * differ, the cluster is in a {@link ConflictingUpgrades}, which the plan reports as
 * {@value ConflictingUpgrades#CODE}. An upgrade whose target resolves to no release (an unknown
 * release, or a channel with no qualifying release yet) takes no cluster anywhere, so it conflicts
 * with nothing: its own problem is reported where its target is.
 *
 * <p>Immutable. The work is linear in clusters times matchers; targets are resolved once per upgrade.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FleetSelection {
    private final List<UpgradeSelection> upgrades;
    private final Map<String, List<UpgradeSelection>> claims;
    private final Map<String, ConflictingUpgrades> conflicts;

    private FleetSelection(List<UpgradeSelection> upgrades, Map<String, List<UpgradeSelection>> claims,
            Map<String, ConflictingUpgrades> conflicts) {
        this.upgrades = List.copyOf(upgrades);
        this.claims = claims;
        this.conflicts = conflicts;
    }

    /**
     * Selects the clusters of every upgrade.
     *
     * @param clusters the fleet, in fleet order; ids unique (of two clusters with one id, only the
     *     first is considered)
     * @param upgrades the upgrades, in any order
     * @param catalog the releases targets resolve against
     */
    public static FleetSelection of(List<ManagedCluster> clusters, List<ClusterUpgrade> upgrades, ReleaseCatalog catalog) {
        Objects.requireNonNull(catalog, "catalog");
        List<ManagedCluster> fleet = unique(clusters);
        List<ClusterUpgrade> sorted = new ArrayList<>(upgrades);
        sorted.sort(Comparator.comparing(ClusterUpgrade::name));
        List<UpgradeSelection> selections = UpgradeSelection.selectAll(sorted, fleet, catalog);
        Map<String, List<UpgradeSelection>> claims = new HashMap<>();
        for (UpgradeSelection s : selections) {
            for (ManagedCluster c : s.clusters()) {
                claims.computeIfAbsent(c.id(), id -> new ArrayList<>(2)).add(s);
            }
        }
        Map<String, ConflictingUpgrades> conflicts = new LinkedHashMap<>();
        for (ManagedCluster c : fleet) {
            List<UpgradeSelection> mine = claims.get(c.id());
            if (mine == null || mine.size() < 2) {
                continue;
            }
            List<ConflictingUpgrades.Claim> resolved = new ArrayList<>();
            Set<Version> targets = new HashSet<>();
            for (UpgradeSelection s : mine) {
                if (s.target() instanceof ResolvedTarget.Found f) {
                    resolved.add(new ConflictingUpgrades.Claim(s.name(), f.release().version().toString()));
                    targets.add(f.release().version().withoutBuild());
                }
            }
            if (targets.size() > 1) {
                conflicts.put(c.id(), new ConflictingUpgrades(c.id(), resolved));
            }
        }
        claims.replaceAll((id, list) -> List.copyOf(list));
        return new FleetSelection(selections, Collections.unmodifiableMap(claims), conflicts);
    }

    private static List<ManagedCluster> unique(List<ManagedCluster> clusters) {
        Set<String> seen = new HashSet<>();
        List<ManagedCluster> out = new ArrayList<>(clusters.size());
        for (ManagedCluster c : clusters) {
            if (seen.add(c.id())) {
                out.add(c);
            }
        }
        return out;
    }

    /** Every upgrade's selection, in upgrade-name order. */
    public List<UpgradeSelection> upgrades() {
        return upgrades;
    }

    /** The selection of the upgrade of this name, if there is one. */
    public Optional<UpgradeSelection> upgrade(String name) {
        return upgrades.stream().filter(u -> u.name().equals(name)).findFirst();
    }

    /** The upgrades that select a cluster, in upgrade-name order; empty when none does. */
    public List<UpgradeSelection> claims(String clusterId) {
        return claims.getOrDefault(clusterId, List.of());
    }

    /** The conflict over a cluster, when upgrades with different targets select it. */
    public Optional<ConflictingUpgrades> conflict(String clusterId) {
        return Optional.ofNullable(conflicts.get(clusterId));
    }

    /** Every conflict, in fleet order. */
    public List<ConflictingUpgrades> conflicts() {
        return List.copyOf(conflicts.values());
    }
}
