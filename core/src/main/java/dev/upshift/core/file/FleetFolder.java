package dev.upshift.core.file;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.core.fleet.FleetContents;
import dev.upshift.core.fleet.FleetKinds;
import dev.upshift.release.Release;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterInventory;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.Listing;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.ReleaseSource;
import dev.upshift.spi.ScheduleSource;
import dev.upshift.spi.UpgradeSource;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The embedded default sources: a fleet folder read as a {@link ClusterInventory},
 * {@link ReleaseSource}, {@link ScheduleSource} and {@link UpgradeSource} at once. What the
 * {@code upshift} CLI uses when nothing else is configured.
 *
 * <p>The folder holds every kind of fleet document in any layout: every {@code .yaml}, {@code .yml}
 * and {@code .json} file below it is read ({@link DocumentFiles}; hidden files and folders skipped),
 * except the Kubernetes documents of the folders clusters name in {@code spec.resourcesFrom}, which
 * become those clusters' resources ({@link FleetFiles}). Documents are read with
 * {@link FleetKinds#standard(dev.upshift.core.fleet.ResourceFolders)}'s kinds, by the one reading of
 * a fleet's documents, {@link FleetContents#read}.
 *
 * <p><b>Each call reads the folder again</b>, once, in path order: {@link #clusters()},
 * {@link #releases()}, {@link #schedules()} and {@link #upgrades()} each read every file, and
 * {@link #read()} gives all four listings from one reading. Equal files give equal listings, in the
 * same order. A bad document is left out of its listing and reported among its problems, so that
 * the rest of the fleet still loads. Problems that belong to no kind (a file that does not parse, a
 * document of an unknown kind) appear in every listing, since they may hide any kind; problems are
 * values, so a caller merging listings drops the repeats with {@code distinct()}.
 *
 * <p><b>A folder that cannot be read at all is an exception</b>, as {@link ClusterInventory} and the
 * other sources' contracts say: when the root does not exist (a symbolic link to nothing included),
 * cannot be listed, or, given as one file, cannot be read, every method throws an
 * {@link InputException} whose problems name the root, rather than answer an empty listing that a
 * level-triggered caller would take for an empty fleet. What cannot be read below the root is a
 * problem of the listings, as above.
 *
 * <p>Immutable and thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FleetFolder implements ClusterInventory, ReleaseSource, ScheduleSource, UpgradeSource {
    private final Path root;
    private final DocumentFiles files;

    /** A fleet folder read with the given file reader (its limits apply to every file). */
    public FleetFolder(Path root, DocumentFiles files) {
        this.root = Objects.requireNonNull(root, "root");
        this.files = Objects.requireNonNull(files, "files");
    }

    /** A fleet folder read with the default limits. */
    public static FleetFolder of(Path root) {
        return new FleetFolder(root, DocumentFiles.create());
    }

    /** The folder (or single file) this source reads. */
    public Path root() {
        return root;
    }

    /**
     * Reads the folder once and lists every kind.
     *
     * @throws InputException when the root cannot be read at all (see the class description)
     */
    public FleetContents read() {
        return FleetContents.read(files());
    }

    /**
     * Reads the folder and lists its clusters.
     *
     * @throws InputException when the root cannot be read at all (see the class description)
     */
    @Override
    public Listing<ManagedCluster> clusters() {
        return read().clusters();
    }

    /**
     * Reads the folder and lists its releases.
     *
     * @throws InputException when the root cannot be read at all (see the class description)
     */
    @Override
    public Listing<Release> releases() {
        return read().releases();
    }

    /**
     * Reads the folder and lists its maintenance schedules.
     *
     * @throws InputException when the root cannot be read at all (see the class description)
     */
    @Override
    public Listing<MaintenanceSchedule> schedules() {
        return read().schedules();
    }

    /**
     * Reads the folder and lists its upgrade intents.
     *
     * @throws InputException when the root cannot be read at all (see the class description)
     */
    @Override
    public Listing<ClusterUpgrade> upgrades() {
        return read().upgrades();
    }

    /**
     * What the folder's files are now, cheaply: their names and a checksum of each one's bytes
     * (hidden files and folders left out, as the reader leaves them out). Two fingerprints are equal
     * when the files were the same, so that a caller keeps what it made of the last {@link #read()}
     * while they stay the same ({@code FleetPreparation} keeps the prepared fleet). When the folder
     * cannot be walked, the fingerprint is equal to no other, so that the reading that follows says
     * why.
     *
     * @return an opaque value, compared with {@link Object#equals}
     */
    public Object fingerprint() {
        return FolderFingerprint.of(root);
    }

    private FleetFiles files() {
        FleetFiles fleet = FleetFiles.load(root, files);
        SourceLocation rootItself = SourceLocation.of(root.toString());
        List<Problem> unreadable = fleet.problems().stream()
                .filter(p -> p.isError() && p.location().equals(rootItself)).toList();
        if (!unreadable.isEmpty()) {
            // the root itself, at no line of it: nothing was read, and no listing may say the fleet is empty
            throw new InputException(unreadable);
        }
        return fleet;
    }

    @Override
    public String toString() {
        return "fleet folder " + root;
    }
}
