package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.FieldLocator;
import dev.upshift.common.problem.Problem;
import dev.upshift.core.fleet.FleetContents;
import dev.upshift.core.fleet.UnreadDocument;
import dev.upshift.release.ApiRemovals;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterInventory;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import dev.upshift.spi.Listing;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.ReleaseSource;
import dev.upshift.spi.ScheduleSource;
import dev.upshift.spi.UpgradeSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Everything the planner reads: the catalog, the fleet, the schedules, the upgrade intents, the
 * history, and the problems the sources met while listing them (DESIGN.md section 3).
 *
 * <p>Lists may come in any order: the plan does not depend on it (entries are sorted by cluster id,
 * upgrades considered in name order). Ids and names should be unique; where two clusters share an
 * id, or two schedules a name, the planner keeps the first and reports the second among the plan's
 * problems.
 *
 * @param catalog the releases
 * @param clusters the fleet
 * @param schedules the maintenance schedules clusters name
 * @param upgrades the upgrade intents
 * @param history the upgrade journal, oldest first (order matters only between entries of one
 *     cluster at the same instant: the later one wins)
 * @param problems what the sources could not read or warned about; carried into the plan
 * @param fields where the fields of the input's documents are, so that the problems the planner
 *     finds across documents name their field's line and column ({@link #withFields}); by default
 *     they are at their document's start
 * @param unread the upgrades, schedules and releases the sources could not read ({@link #withUnread}):
 *     a cluster an unread upgrade may select is blocked ({@code UNREADABLE_UPGRADE}), one that names an
 *     unread schedule too ({@code INVALID_SCHEDULE}), and neither is reported as a missing reference
 * @param removals the API removals readiness judges each hop by ({@link #withRemovals}); by default
 *     {@link ApiRemovals#kubernetes()}
 * @param live what live readiness checks saw on each cluster ({@link #withLive}); by default none
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record PlanInput(ReleaseCatalog catalog, List<ManagedCluster> clusters, List<MaintenanceSchedule> schedules,
        List<ClusterUpgrade> upgrades, List<HistoryEntry> history, List<Problem> problems, FieldLocator fields,
        List<UnreadDocument> unread, ApiRemovals removals, LiveReadings live) {

    /** Validates and copies the parts. */
    public PlanInput {
        Objects.requireNonNull(catalog, "catalog");
        clusters = List.copyOf(clusters);
        schedules = List.copyOf(schedules);
        upgrades = List.copyOf(upgrades);
        history = List.copyOf(history);
        problems = List.copyOf(problems);
        Objects.requireNonNull(fields, "fields");
        unread = List.copyOf(unread);
        Objects.requireNonNull(removals, "removals");
        Objects.requireNonNull(live, "live");
    }

    /** An input with no live readiness readings. */
    public PlanInput(ReleaseCatalog catalog, List<ManagedCluster> clusters, List<MaintenanceSchedule> schedules,
            List<ClusterUpgrade> upgrades, List<HistoryEntry> history, List<Problem> problems, FieldLocator fields,
            List<UnreadDocument> unread, ApiRemovals removals) {
        this(catalog, clusters, schedules, upgrades, history, problems, fields, unread, removals, LiveReadings.none());
    }

    /** An input judged by Kubernetes' own API removals alone. */
    public PlanInput(ReleaseCatalog catalog, List<ManagedCluster> clusters, List<MaintenanceSchedule> schedules,
            List<ClusterUpgrade> upgrades, List<HistoryEntry> history, List<Problem> problems, FieldLocator fields,
            List<UnreadDocument> unread) {
        this(catalog, clusters, schedules, upgrades, history, problems, fields, unread, ApiRemovals.kubernetes());
    }

    /** An input that knows of no unread documents. */
    public PlanInput(ReleaseCatalog catalog, List<ManagedCluster> clusters, List<MaintenanceSchedule> schedules,
            List<ClusterUpgrade> upgrades, List<HistoryEntry> history, List<Problem> problems, FieldLocator fields) {
        this(catalog, clusters, schedules, upgrades, history, problems, fields, List.of());
    }

    /** An input whose problems are placed at their documents' starts. */
    public PlanInput(ReleaseCatalog catalog, List<ManagedCluster> clusters, List<MaintenanceSchedule> schedules,
            List<ClusterUpgrade> upgrades, List<HistoryEntry> history, List<Problem> problems) {
        this(catalog, clusters, schedules, upgrades, history, problems, FieldLocator.documentOnly());
    }

    /** An input with no listing problems. */
    public PlanInput(ReleaseCatalog catalog, List<ManagedCluster> clusters, List<MaintenanceSchedule> schedules,
            List<ClusterUpgrade> upgrades, List<HistoryEntry> history) {
        this(catalog, clusters, schedules, upgrades, history, List.of());
    }

    /**
     * Reads the input through the SPI, once per source, keeping every listing's problems (repeats,
     * such as a file problem that several listings of one fleet folder report, once). Releases that
     * share a version with an earlier one in the listing are left out and reported.
     *
     * @param history the journal: its {@link HistoryStore#entries()} are read once
     * @throws RuntimeException whatever a source throws: it could not be read at all, and no plan is
     *     made from part of a fleet
     */
    public static PlanInput from(ClusterInventory inventory, ReleaseSource releases, ScheduleSource schedules,
            UpgradeSource upgrades, HistoryStore history) {
        return from(inventory, releases, schedules, upgrades, history.entries());
    }

    /** {@link #from(ClusterInventory, ReleaseSource, ScheduleSource, UpgradeSource, HistoryStore)} with the history given. */
    public static PlanInput from(ClusterInventory inventory, ReleaseSource releases, ScheduleSource schedules,
            UpgradeSource upgrades, List<HistoryEntry> history) {
        Listing<ManagedCluster> c = inventory.clusters();
        Listing<Release> r = releases.releases();
        Listing<MaintenanceSchedule> s = schedules.schedules();
        Listing<ClusterUpgrade> u = upgrades.upgrades();
        List<Problem> problems = new ArrayList<>();
        problems.addAll(c.problems());
        problems.addAll(r.problems());
        problems.addAll(s.problems());
        problems.addAll(u.problems());
        Map<Version, Release> byVersion = new HashMap<>();
        List<Release> unique = new ArrayList<>();
        for (Release release : r.items()) {
            Release first = byVersion.putIfAbsent(release.version().withoutBuild(), release);
            if (first == null) {
                unique.add(release);
            } else {
                problems.add(Problem.error(release.location(), "metadata.name", "a second release of version "
                        + release.version() + " (the first is at " + first.location() + "); this one is left out"));
            }
        }
        return new PlanInput(ReleaseCatalog.of(unique), c.items(), s.items(), u.items(), history,
                problems.stream().distinct().sorted().toList());
    }

    /**
     * The input of a fleet as one reading found it ({@code FleetFolder.read()}, or an adapter's own
     * {@link FleetContents}): its four listings, read as {@link #from(ClusterInventory, ReleaseSource,
     * ScheduleSource, UpgradeSource, List)} reads sources, with {@linkplain FleetContents#fields() its
     * documents' fields} located, so that the problems the planner finds across documents name their
     * field's line and column.
     *
     * @param history the journal, oldest first
     */
    public static PlanInput from(FleetContents fleet, List<HistoryEntry> history) {
        return from(fleet, fleet, fleet, fleet, history).withFields(fleet.fields()).withUnread(fleet.unread())
                .withRemovals(fleet.removals());
    }

    /** The same input with another history (what the simulator changes between steps). */
    public PlanInput withHistory(List<HistoryEntry> entries) {
        return new PlanInput(catalog, clusters, schedules, upgrades, entries, problems, fields, unread, removals, live);
    }

    /**
     * The same input with a locator of its documents' fields, such as {@link FleetContents#fields()}
     * gives for a fleet folder.
     */
    public PlanInput withFields(FieldLocator locator) {
        return new PlanInput(catalog, clusters, schedules, upgrades, history, problems, locator, unread, removals, live);
    }

    /** The same input knowing which documents could not be read, such as {@link FleetContents#unread()} lists. */
    public PlanInput withUnread(List<UnreadDocument> documents) {
        return new PlanInput(catalog, clusters, schedules, upgrades, history, problems, fields, documents, removals, live);
    }

    /** The same input with what live readiness checks saw ({@link LiveReadings#gather}). */
    public PlanInput withLive(LiveReadings readings) {
        return new PlanInput(catalog, clusters, schedules, upgrades, history, problems, fields, unread, removals, readings);
    }

    /** The same input judged by another table of API removals, such as {@link FleetContents#removals()} gives. */
    public PlanInput withRemovals(ApiRemovals table) {
        return new PlanInput(catalog, clusters, schedules, upgrades, history, problems, fields, unread, table, live);
    }

    @Override
    public String toString() {
        return clusters.size() + " clusters, " + catalog.size() + " releases, " + schedules.size() + " schedules, "
                + upgrades.size() + " upgrades, " + history.size() + " history entries";
    }
}
