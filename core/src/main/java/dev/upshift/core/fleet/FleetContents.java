package dev.upshift.core.fleet;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.FieldLocator;
import dev.upshift.common.problem.Problem;
import dev.upshift.release.ApiRemovals;
import dev.upshift.release.Release;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterInventory;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.Listing;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.ReleaseSource;
import dev.upshift.spi.ScheduleSource;
import dev.upshift.spi.UpgradeSource;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Everything a fleet holds, as one reading found it: the four listings the SPI's sources give, every
 * problem, and where the fields of its documents are. The embedded file adapter's
 * {@code FleetFolder.read()} gives one; an adapter that reads a fleet from elsewhere (git, an API)
 * may make its own.
 *
 * <p>A value that is also the four sources (each returns its listing, and reads nothing), so the
 * planner takes it as it takes any sources, with its fields located:
 *
 * <pre>{@code
 * FleetContents fleet = FleetFolder.of(Path.of("fleet")).read();
 * Plan plan = Planner.standard().plan(PlanInput.from(fleet, List.of()), now);
 * }</pre>
 *
 * @param clusters the {@code ManagedCluster}s
 * @param releases the {@code Release}s (withdrawn ones included)
 * @param schedules the {@code MaintenanceSchedule}s
 * @param upgrades the {@code ClusterUpgrade}s
 * @param problems every problem of the fleet, of every kind (including {@code FieldRules} and
 *     {@code AvailabilityProfile} documents, which no listing carries), in path order
 * @param fields where the fields of the fleet's documents are, for a plan's problems
 *     ({@code PlanInput.withFields}); it holds the documents read, with their positions, as long
 *     as it is kept
 * @param unread the upgrades, schedules and releases that name themselves but could not be read
 *     (their errors are among {@code problems}), so that a plan tells them from missing ones
 * @param removals the API removals readiness checks against: {@link ApiRemovals#kubernetes()} with
 *     the fleet's {@code ApiRemovals} documents added (docs/planning.md, "Readiness")
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FleetContents(Listing<ManagedCluster> clusters, Listing<Release> releases,
        Listing<MaintenanceSchedule> schedules, Listing<ClusterUpgrade> upgrades, List<Problem> problems,
        FieldLocator fields, List<UnreadDocument> unread, ApiRemovals removals)
        implements ClusterInventory, ReleaseSource, ScheduleSource, UpgradeSource {

    /** Validates and copies the parts. */
    public FleetContents {
        Objects.requireNonNull(clusters, "clusters");
        Objects.requireNonNull(releases, "releases");
        Objects.requireNonNull(schedules, "schedules");
        Objects.requireNonNull(upgrades, "upgrades");
        problems = List.copyOf(problems);
        Objects.requireNonNull(fields, "fields");
        unread = List.copyOf(unread);
        Objects.requireNonNull(removals, "removals");
    }

    /** Contents whose fleet adds no API removals to Kubernetes' own. */
    public FleetContents(Listing<ManagedCluster> clusters, Listing<Release> releases,
            Listing<MaintenanceSchedule> schedules, Listing<ClusterUpgrade> upgrades, List<Problem> problems,
            FieldLocator fields, List<UnreadDocument> unread) {
        this(clusters, releases, schedules, upgrades, problems, fields, unread, ApiRemovals.kubernetes());
    }

    /** Contents whose every document was read, or that do not tell which were not. */
    public FleetContents(Listing<ManagedCluster> clusters, Listing<Release> releases,
            Listing<MaintenanceSchedule> schedules, Listing<ClusterUpgrade> upgrades, List<Problem> problems,
            FieldLocator fields) {
        this(clusters, releases, schedules, upgrades, problems, fields, List.of());
    }

    /**
     * Reads a fleet's documents with the standard kinds ({@link FleetKinds#standard}, finding resource
     * folders and calendars as {@code documents} says), as {@code FleetFolder.read()} reads a folder's:
     * for an adapter that reads a fleet from elsewhere, and for tests. A bad document is left out of
     * its listing and reported among the problems; problems that belong to no kind (the reading's
     * own, a document of an unknown kind) appear in every listing. Equal documents give equal
     * contents.
     */
    public static FleetContents read(FleetDocuments documents) {
        return ContentsReading.read(Objects.requireNonNull(documents, "documents"));
    }

    @Override
    public String toString() {
        return clusters.items().size() + " clusters, " + releases.items().size() + " releases, "
                + schedules.items().size() + " schedules, " + upgrades.items().size() + " upgrades, "
                + problems.size() + " problems";
    }
}
