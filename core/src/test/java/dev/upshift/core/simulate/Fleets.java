package dev.upshift.core.simulate;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Small fleets for simulator tests, built with the SPI's builders. */
final class Fleets {
    static final Instant FROM = Instant.parse("2026-03-02T00:00:00Z");
    static final Instant UNTIL = Instant.parse("2026-03-16T00:00:00Z");

    /** 1.0.0 → 1.1.0 → 2.0.0 move Kubernetes one minor each; 3.0.0 accepts nothing older than 9.0.0. */
    static final ReleaseCatalog CATALOG = ReleaseCatalog.of(List.of(
            Release.builder("1.0.0").component("kubernetes", "1.28.0").build(),
            Release.builder("1.1.0").component("kubernetes", "1.29.0").build(),
            Release.builder("2.0.0").component("kubernetes", "1.30.0").build(),
            Release.builder("3.0.0").component("kubernetes", "1.31.0").upgradesFrom(">=9.0.0").build()));

    private Fleets() {}

    static ManagedCluster.Builder cluster(String id) {
        return ManagedCluster.builder(id).infrastructure("aws").release("1.0.0");
    }

    /** An intent to {@code release} of the clusters whose label {@code team} is {@code team}. */
    static ClusterUpgrade.Builder intent(String name, String team, String release) {
        return ClusterUpgrade.builder(name).matcher(ClusterMatcher.label("team", team)).release(release)
                .expectedDuration(Duration.ofHours(2));
    }

    static PlanInput input(List<ManagedCluster> clusters, List<ClusterUpgrade> upgrades) {
        return new PlanInput(CATALOG, clusters, List.of(), upgrades, List.of());
    }

    static PlanInput input(List<ManagedCluster> clusters, List<MaintenanceSchedule> schedules,
            List<ClusterUpgrade> upgrades, List<HistoryEntry> history) {
        return new PlanInput(CATALOG, clusters, schedules, upgrades, history);
    }

    /** {@code n} clusters of team {@code a}, named {@code c000}, {@code c001}, ... */
    static List<ManagedCluster> team(int n) {
        List<ManagedCluster> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(cluster(String.format(java.util.Locale.ROOT, "c%03d", i)).label("team", "a").build());
        }
        return out;
    }

    /** A schedule read from its YAML spec (indented two spaces), which must be valid. */
    static MaintenanceSchedule schedule(String name, String spec) {
        String yaml = "apiVersion: upshift.dev/v1alpha1\nkind: MaintenanceSchedule\nmetadata: {name: " + name
                + "}\nspec:\n" + spec;
        Problems problems = new Problems();
        MaintenanceSchedule s = MaintenanceSchedule.KIND.read(DocumentLoader.create().load(name + ".yaml", yaml).get(0),
                problems).orElse(null);
        if (s == null || problems.hasErrors()) {
            throw new AssertionError("invalid test schedule: " + problems.all());
        }
        return s;
    }
}
