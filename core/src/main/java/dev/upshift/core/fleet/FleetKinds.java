package dev.upshift.core.fleet;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.kind.DocumentKinds;
import dev.upshift.schedule.CalendarSource;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import org.apiguardian.api.API;

/**
 * The document kinds a fleet folder holds, each at {@code apiVersion: upshift.dev/v1alpha1}:
 * {@code Release}, {@code MaintenanceSchedule}, {@code AvailabilityProfile}, {@code FieldRules},
 * {@code ManagedCluster} and {@code ClusterUpgrade} (docs/formats.md describes every field).
 *
 * <h2>Adding a kind</h2>
 * Declare {@code public static final DocumentKind<X> KIND} next to the type {@code X} that its
 * documents are read into (its name, its reader, any migrations), then add {@code X.KIND} to the
 * one list of the standard kinds ({@code StandardKinds.of}, in this package, which every
 * {@code standard} method gives): that one registration makes validation, and every tool
 * that reads a fleet through this registry, know the kind. A tool with kinds of its own extends the
 * registry with {@code FleetKinds.standard(folders).with(MyKind.KIND)}, and validation with
 * {@code FleetValidator.create().with(MyKind.KIND)}. The SPI's records hold no kinds (the SPI is
 * contracts only), so the kinds of {@link ManagedCluster} and {@link ClusterUpgrade} are declared
 * here, beside their readers.
 *
 * <h2>Resource folders</h2>
 * A {@code ManagedCluster} may name a folder of its Kubernetes documents in
 * {@code spec.resourcesFrom}. Reading it is I/O, which the kinds do not do: the reader of the
 * documents hands in how such folders are found ({@link ResourceFolders}) and reads with
 * {@link #standard(ResourceFolders)}, as the embedded file adapter ({@code core.file.FleetFiles})
 * does. {@link #standard()} and {@link #MANAGED_CLUSTER} read no folder
 * ({@link ResourceFolders#none()}).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FleetKinds {
    /**
     * The {@code ManagedCluster} kind, read into {@link ManagedCluster}: {@code spec.release} and
     * {@code spec.infrastructure} are required. It reads no folder: a cluster that names one in
     * {@code spec.resourcesFrom} is an error ({@link ResourceFolders#none()}); a reader that can find
     * such folders uses {@link #managedCluster(ResourceFolders)}. Two clusters of one name are an error.
     */
    public static final DocumentKind<ManagedCluster> MANAGED_CLUSTER = managedCluster(ResourceFolders.none());

    /**
     * The {@code ClusterUpgrade} kind, read into {@link ClusterUpgrade}: at least one matcher (regular
     * expressions are compiled as they are read, so a bad one is an error at its position), and
     * either {@code release} or {@code target}. Two upgrades of one name are an error.
     */
    public static final DocumentKind<ClusterUpgrade> CLUSTER_UPGRADE = DocumentKind
            .builder("ClusterUpgrade", ClusterUpgradeReader::read).readAllWith(UniqueNames.of("ClusterUpgrade")).build();

    private static final DocumentKinds STANDARD = StandardKinds.of(MANAGED_CLUSTER, MaintenanceSchedule.KIND).all();

    private FleetKinds() {}

    /**
     * Upshift's own kinds, in the order they are read, with {@link #MANAGED_CLUSTER}: no resource
     * folder is read. For checking headers, and for documents that carry their resources inline.
     */
    public static DocumentKinds standard() {
        return STANDARD;
    }

    /**
     * Upshift's own kinds, in the order they are read, with a {@code ManagedCluster} kind that finds
     * the documents of {@code spec.resourcesFrom} through {@code folders}.
     */
    public static DocumentKinds standard(ResourceFolders folders) {
        return StandardKinds.of(managedCluster(folders), MaintenanceSchedule.KIND).all();
    }

    /**
     * Upshift's own kinds, in the order they are read, with a {@code ManagedCluster} kind that finds
     * the documents of {@code spec.resourcesFrom} through {@code folders} and a
     * {@code MaintenanceSchedule} kind that finds the calendars of {@code spec.exclusionsFrom}
     * through {@code calendars} ({@link MaintenanceSchedule#kind(CalendarSource)}).
     */
    public static DocumentKinds standard(ResourceFolders folders, CalendarSource calendars) {
        return StandardKinds.of(folders, calendars).all();
    }

    /**
     * A {@code ManagedCluster} kind that finds the documents of {@code spec.resourcesFrom} through
     * {@code folders}: the file adapter's, or a tool's that reads its fleet from elsewhere.
     */
    public static DocumentKind<ManagedCluster> managedCluster(ResourceFolders folders) {
        ManagedClusterReader reader = new ManagedClusterReader(folders);
        return DocumentKind.builder("ManagedCluster", reader::read).readAllWith(UniqueNames.of("ManagedCluster")).build();
    }
}
