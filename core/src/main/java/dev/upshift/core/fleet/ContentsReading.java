package dev.upshift.core.fleet;

import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.kind.DocumentKinds;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.SourceDocument;
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
import java.util.stream.Stream;

/** {@link FleetContents#read}: a fleet's documents read with the standard kinds. */
final class ContentsReading {
    private final FleetDocuments fleet;
    private final DocumentKinds kinds;
    private final DocumentKind<ManagedCluster> clusterKind;
    private final DocumentKind<MaintenanceSchedule> scheduleKind;
    private final List<Problem> shared;

    @SuppressWarnings("unchecked") // the standard kinds read these documents into these types
    private ContentsReading(FleetDocuments fleet) {
        this.fleet = fleet;
        this.kinds = FleetKinds.standard(fleet.resourceFolders(), fleet.calendars());
        this.clusterKind = (DocumentKind<ManagedCluster>) kinds.get("ManagedCluster").orElseThrow();
        this.scheduleKind = (DocumentKind<MaintenanceSchedule>) kinds.get("MaintenanceSchedule").orElseThrow();
        List<Problem> noKind = new ArrayList<>(fleet.problems());
        for (SourceDocument d : fleet.documents()) {
            if (kinds.get(d.kind()).isEmpty()) {
                Problems header = new Problems();
                kinds.check(d, header);
                noKind.addAll(header.all());
            }
        }
        this.shared = List.copyOf(noKind);
    }

    static FleetContents read(FleetDocuments fleet) {
        return new ContentsReading(fleet).contents();
    }

    private FleetContents contents() {
        List<Problem> all = new ArrayList<>(shared);
        Listing<ManagedCluster> clusters = listing(clusterKind, all);
        Listing<Release> releases = listing(Release.KIND, all);
        Listing<MaintenanceSchedule> schedules = listing(scheduleKind, all);
        Listing<ClusterUpgrade> upgrades = listing(FleetKinds.CLUSTER_UPGRADE, all);
        for (DocumentKind<?> other : kinds.kinds()) {
            if (other != clusterKind && other != Release.KIND && other != scheduleKind && other != FleetKinds.CLUSTER_UPGRADE) {
                Problems mine = new Problems();
                other.readAll(fleet.documents(), mine);
                all.addAll(mine.all());
            }
        }
        all.sort(null);
        Map<String, Set<String>> read = Map.of(
                FleetKinds.CLUSTER_UPGRADE.name(), names(upgrades.items().stream().map(ClusterUpgrade::name)),
                MaintenanceSchedule.KIND.name(), names(schedules.items().stream().map(MaintenanceSchedule::name)),
                Release.KIND.name(), names(releases.items().stream().map(r -> r.version().toString())));
        return new FleetContents(clusters, releases, schedules, upgrades, all, SourceDocument.locator(fleet.documents()),
                UnreadDocument.find(fleet.documents(), all, read));
    }

    private <T> Listing<T> listing(DocumentKind<T> kind, List<Problem> all) {
        Problems mine = new Problems();
        List<T> items = kind.readAll(fleet.documents(), mine);
        all.addAll(mine.all());
        List<Problem> problems = new ArrayList<>(shared);
        problems.addAll(mine.all());
        return Listing.of(items, problems);
    }

    private static Set<String> names(Stream<String> names) {
        return names.collect(Collectors.toSet());
    }
}
