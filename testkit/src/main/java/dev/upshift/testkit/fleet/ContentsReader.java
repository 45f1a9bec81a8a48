package dev.upshift.testkit.fleet;

import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.kind.DocumentKinds;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.core.fleet.FleetContents;
import dev.upshift.core.fleet.FleetKinds;
import dev.upshift.core.fleet.ResourceFolders;
import dev.upshift.core.fleet.UnreadDocument;
import dev.upshift.release.Release;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.Listing;
import dev.upshift.spi.ManagedCluster;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads documents held in memory into a fleet's contents with the standard kinds, as
 * {@code FleetFolder.read()} reads a folder's (core offers that reading for folders only).
 */
final class ContentsReader {
    private ContentsReader() {}

    static FleetContents read(List<SourceDocument> documents, List<Problem> fileProblems, ResourceFolders folders,
            dev.upshift.schedule.CalendarSource calendars) {
        DocumentKinds kinds = FleetKinds.standard(folders, calendars);
        @SuppressWarnings("unchecked") // the standard kinds read ManagedCluster documents into ManagedClusters
        DocumentKind<ManagedCluster> clusterKind = (DocumentKind<ManagedCluster>) kinds.get("ManagedCluster").orElseThrow();
        List<Problem> shared = new ArrayList<>(fileProblems);
        for (SourceDocument d : documents) {
            if (kinds.get(d.kind()).isEmpty()) {
                Problems header = new Problems();
                kinds.check(d, header);
                shared.addAll(header.all());
            }
        }
        List<Problem> all = new ArrayList<>(shared);
        Listing<ManagedCluster> clusters = listing(clusterKind, documents, shared, all);
        Listing<Release> releases = listing(Release.KIND, documents, shared, all);
        @SuppressWarnings("unchecked") // the standard kinds read MaintenanceSchedule documents into MaintenanceSchedules
        DocumentKind<MaintenanceSchedule> scheduleKind = (DocumentKind<MaintenanceSchedule>) kinds.get("MaintenanceSchedule")
                .orElseThrow();
        Listing<MaintenanceSchedule> schedules = listing(scheduleKind, documents, shared, all);
        Listing<ClusterUpgrade> upgrades = listing(FleetKinds.CLUSTER_UPGRADE, documents, shared, all);
        for (DocumentKind<?> other : kinds.kinds()) {
            if (other != clusterKind && other != Release.KIND && other != scheduleKind
                    && other != FleetKinds.CLUSTER_UPGRADE) {
                Problems mine = new Problems();
                other.readAll(documents, mine);
                all.addAll(mine.all());
            }
        }
        all.sort(null);
        Map<String, Set<String>> read = Map.of(
                FleetKinds.CLUSTER_UPGRADE.name(), upgrades.items().stream().map(ClusterUpgrade::name).collect(Collectors.toSet()),
                MaintenanceSchedule.KIND.name(), schedules.items().stream().map(MaintenanceSchedule::name)
                        .collect(Collectors.toSet()),
                Release.KIND.name(), releases.items().stream().map(r -> r.version().toString()).collect(Collectors.toSet()));
        return new FleetContents(clusters, releases, schedules, upgrades, all, SourceDocument.locator(documents),
                UnreadDocument.find(documents, all, read));
    }

    private static <T> Listing<T> listing(DocumentKind<T> kind, List<SourceDocument> documents, List<Problem> shared,
            List<Problem> all) {
        Problems mine = new Problems();
        List<T> items = kind.readAll(documents, mine);
        all.addAll(mine.all());
        List<Problem> problems = new ArrayList<>(shared);
        problems.addAll(mine.all());
        return Listing.of(items, problems);
    }
}
