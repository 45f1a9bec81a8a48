package dev.upshift.core.fleet;

import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.release.ApiRemovals;
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

/**
 * {@link FleetContents#read}: a fleet's documents read with the standard kinds. The one reading of
 * a fleet's documents into listings: a fleet folder's ({@code core.file.FleetFolder}) goes through
 * it too.
 */
final class ContentsReading {
    private final FleetDocuments fleet;
    private final StandardKinds kinds;
    private final List<Problem> shared;

    private ContentsReading(FleetDocuments fleet) {
        this.fleet = fleet;
        this.kinds = StandardKinds.of(fleet.resourceFolders(), fleet.calendars());
        List<Problem> noKind = new ArrayList<>(fleet.problems());
        for (SourceDocument d : fleet.documents()) {
            if (kinds.all().get(d.kind()).isEmpty()) {
                Problems header = new Problems();
                kinds.all().check(d, header);
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
        Listing<ManagedCluster> clusters = listing(kinds.clusters(), all);
        Listing<Release> releases = listing(kinds.releases(), all);
        Listing<MaintenanceSchedule> schedules = listing(kinds.schedules(), all);
        Listing<ClusterUpgrade> upgrades = listing(kinds.upgrades(), all);
        Problems removalProblems = new Problems();
        ApiRemovals removals = ApiRemovals.kubernetes();
        for (ApiRemovals own : ApiRemovals.KIND.readAll(fleet.documents(), removalProblems)) {
            removals = removals.with(own.entries());
        }
        all.addAll(removalProblems.all());
        for (DocumentKind<?> other : kinds.all().kinds()) {
            if (!kinds.listed(other) && other != ApiRemovals.KIND) {
                Problems mine = new Problems();
                other.readAll(fleet.documents(), mine);
                all.addAll(mine.all());
            }
        }
        all.sort(null);
        Map<String, Set<String>> read = Map.of(
                kinds.clusters().name(), names(clusters.items().stream().map(ManagedCluster::id)),
                kinds.upgrades().name(), names(upgrades.items().stream().map(ClusterUpgrade::name)),
                kinds.schedules().name(), names(schedules.items().stream().map(MaintenanceSchedule::name)),
                kinds.releases().name(), names(releases.items().stream().map(r -> r.version().toString())));
        return new FleetContents(clusters, releases, schedules, upgrades, all, SourceDocument.locator(fleet.documents()),
                UnreadDocument.find(fleet.documents(), all, read), removals);
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
