package dev.upshift.core.validate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.kind.DocumentKinds;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.core.select.CrossReferences;
import dev.upshift.core.select.FleetSelection;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Checks references across the documents read ({@link CrossReferences}), each problem at its field.
 * A reference to a document that exists but has errors of its own is not reported again.
 */
final class References {
    private References() {}

    /** Checks the references among the values read, reporting to {@code problems}. */
    static void check(DocumentKinds kinds, DocumentKinds.Values values, List<SourceDocument> all, Problems problems) {
        List<ManagedCluster> clusters = of(kinds, values, "ManagedCluster", ManagedCluster.class);
        List<ClusterUpgrade> upgrades = of(kinds, values, "ClusterUpgrade", ClusterUpgrade.class);
        if (clusters.isEmpty() && upgrades.isEmpty()) {
            return;
        }
        ReleaseCatalog catalog = ReleaseCatalog.of(of(kinds, values, Release.KIND.name(), Release.class));
        Set<String> schedules = new TreeSet<>();
        of(kinds, values, MaintenanceSchedule.KIND.name(), MaintenanceSchedule.class)
                .forEach(s -> schedules.add(s.metadata().name()));
        Set<Version> brokenReleases = new LinkedHashSet<>();
        Set<String> brokenChannels = new TreeSet<>();
        for (SourceDocument d : all) {
            if (d.kind().equals(Release.KIND.name())) {
                Version.tryParse(d.name()).filter(v -> catalog.get(v).isEmpty()).ifPresent(brokenReleases::add);
                for (JsonNode c : d.root().path("spec").path("channels")) {
                    brokenChannels.add(c.asText());
                }
            } else if (d.kind().equals(MaintenanceSchedule.KIND.name()) && !d.name().isEmpty()) {
                schedules.add(d.name());
            }
        }
        CrossReferences refs = CrossReferences.of(catalog, schedules).ignoringBroken(brokenReleases, brokenChannels)
                .locatedBy(SourceDocument.locator(all));
        problems.addAll(refs.check(clusters, FleetSelection.of(clusters, upgrades, catalog)));
    }

    static <T> List<T> of(DocumentKinds kinds, DocumentKinds.Values values, String name, Class<T> type) {
        DocumentKind<?> kind = kinds.get(name).orElse(null);
        if (kind == null) {
            return List.of();
        }
        return values.of(kind).stream().filter(type::isInstance).map(type::cast).toList();
    }
}
