package dev.upshift.core.fleet;

import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.kind.DocumentKinds;
import dev.upshift.core.file.DocumentFiles;
import dev.upshift.core.file.FleetFiles;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.release.Release;
import dev.upshift.schedule.AvailabilityProfile;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;

/**
 * The document kinds a fleet folder holds, each at {@code apiVersion: upshift.dev/v1alpha1}:
 * {@code Release}, {@code MaintenanceSchedule}, {@code AvailabilityProfile}, {@code FieldRules},
 * {@code ManagedCluster} and {@code ClusterUpgrade} (docs/formats.md describes every field).
 *
 * <h2>Adding a kind</h2>
 * Declare {@code public static final DocumentKind<X> KIND} next to the type {@code X} that its
 * documents are read into (its name, its reader, any migrations), then add {@code X.KIND} to the
 * list in {@link #standard()}: that one registration makes validation, and every tool that reads a
 * fleet through this registry, know the kind. A tool with kinds of its own extends the registry
 * with {@code FleetKinds.standard().with(MyKind.KIND)}. The SPI's records hold no kinds (the SPI is
 * contracts only), so the kinds of {@link ManagedCluster} and {@link ClusterUpgrade} are declared
 * here, beside their readers.
 */
public final class FleetKinds {
    /**
     * The {@code ManagedCluster} kind, read into {@link ManagedCluster}: {@code spec.release} and
     * {@code spec.infrastructure} are required; a folder named in {@code spec.resourcesFrom} is read
     * from disk, relative to the folder of the cluster document's file. Two clusters of one name are
     * an error.
     */
    public static final DocumentKind<ManagedCluster> MANAGED_CLUSTER =
            managedCluster(FleetFiles.onDisk(DocumentFiles.create()));

    /**
     * The {@code ClusterUpgrade} kind, read into {@link ClusterUpgrade}: at least one matcher (regular
     * expressions are compiled as they are read, so a bad one is an error at its position), and
     * either {@code release} or {@code target}. Two upgrades of one name are an error.
     */
    public static final DocumentKind<ClusterUpgrade> CLUSTER_UPGRADE = DocumentKind
            .builder("ClusterUpgrade", ClusterUpgradeReader::read).readAllWith(UniqueNames.of("ClusterUpgrade")).build();

    private static final DocumentKinds STANDARD = DocumentKinds.of(
            Release.KIND,
            MaintenanceSchedule.KIND,
            AvailabilityProfile.KIND,
            FieldRules.KIND,
            MANAGED_CLUSTER,
            CLUSTER_UPGRADE);

    private FleetKinds() {}

    /** Upshift's own kinds, in the order they are read. */
    public static DocumentKinds standard() {
        return STANDARD;
    }

    /**
     * A {@code ManagedCluster} kind that finds the documents of {@code spec.resourcesFrom} through
     * {@code folders}, for tools that read their fleet from somewhere other than files.
     */
    public static DocumentKind<ManagedCluster> managedCluster(ResourceFolders folders) {
        ManagedClusterReader reader = new ManagedClusterReader(folders);
        return DocumentKind.builder("ManagedCluster", reader::read).readAllWith(UniqueNames.of("ManagedCluster")).build();
    }
}
