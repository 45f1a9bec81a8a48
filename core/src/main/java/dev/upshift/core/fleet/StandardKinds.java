package dev.upshift.core.fleet;

import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.kind.DocumentKinds;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.release.ApiRemovals;
import dev.upshift.release.Release;
import dev.upshift.schedule.AvailabilityProfile;
import dev.upshift.schedule.CalendarSource;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import java.util.Objects;

/**
 * Upshift's own kinds for one reading, each of the four the listings read kept with its type, so
 * that a reader takes the cluster and schedule kinds of this reading (they differ with where
 * resource folders and calendars are found) without looking them up by name and casting.
 *
 * @param clusters the {@code ManagedCluster} kind, finding resource folders as the reading does
 * @param schedules the {@code MaintenanceSchedule} kind, finding calendars as the reading does
 * @param all every kind, in the order they are read: the registry validation and headers use
 */
record StandardKinds(DocumentKind<ManagedCluster> clusters, DocumentKind<MaintenanceSchedule> schedules,
        DocumentKinds all) {

    StandardKinds {
        Objects.requireNonNull(clusters, "clusters");
        Objects.requireNonNull(schedules, "schedules");
        Objects.requireNonNull(all, "all");
    }

    /** The kinds with these clusters' and schedules' kinds. */
    static StandardKinds of(DocumentKind<ManagedCluster> clusters, DocumentKind<MaintenanceSchedule> schedules) {
        return new StandardKinds(clusters, schedules, DocumentKinds.of(
                Release.KIND,
                ApiRemovals.KIND,
                schedules,
                AvailabilityProfile.KIND,
                FieldRules.KIND,
                clusters,
                FleetKinds.CLUSTER_UPGRADE));
    }

    /** The kinds of a reading that finds resource folders and calendars as given. */
    static StandardKinds of(ResourceFolders folders, CalendarSource calendars) {
        return of(FleetKinds.managedCluster(folders), MaintenanceSchedule.kind(calendars));
    }

    /** The {@code Release} kind. */
    DocumentKind<Release> releases() {
        return Release.KIND;
    }

    /** The {@code ClusterUpgrade} kind. */
    DocumentKind<ClusterUpgrade> upgrades() {
        return FleetKinds.CLUSTER_UPGRADE;
    }

    /** Whether a kind is one of the four the listings read. */
    boolean listed(DocumentKind<?> kind) {
        return kind == clusters || kind == schedules || kind == releases() || kind == upgrades();
    }
}
