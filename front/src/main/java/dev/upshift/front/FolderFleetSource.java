package dev.upshift.front;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.engine.FleetReading;
import dev.upshift.core.engine.FleetSource;
import dev.upshift.core.file.FleetFolder;
import dev.upshift.core.plan.FleetPreparation;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A fleet folder as the engine reads it: at every {@link #read()} the folder's
 * {@linkplain FleetFolder#fingerprint() fingerprint} (its files' names and checksums) is taken, and
 * the folder is read ({@link FleetFolder#read()}) and prepared again only when it changed
 * ({@link FleetPreparation}). What {@code Upshift.builder().fleet(folder)} reads; a tool that must
 * do something first at each read (sync a checkout) wraps it:
 *
 * <pre>{@code
 * FolderFleetSource folder = FolderFleetSource.of(checkout.workTree().resolve("fleet"), Planner.standard());
 * FleetSource synced = () -> {
 *     checkout.sync();
 *     return folder.read();
 * };
 * }</pre>
 *
 * <p>A folder that cannot be read at all throws from {@link #read()} ({@link FleetFolder}'s
 * {@code InputException}): the engine takes no step in that reconcile and reports it as a fault.
 * Thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FolderFleetSource implements FleetSource {
    private final FleetFolder folder;
    private final FleetPreparation preparation;

    private FolderFleetSource(FleetFolder folder, FleetPreparation preparation) {
        this.folder = folder;
        this.preparation = preparation;
    }

    /** The folder, its fleet prepared by {@link Planner#standard()}. */
    public static FolderFleetSource of(Path folder) {
        return of(folder, Planner.standard());
    }

    /** The folder, its fleet prepared by {@code planner}. */
    public static FolderFleetSource of(Path folder, Planner planner) {
        return new FolderFleetSource(FleetFolder.of(Objects.requireNonNull(folder, "folder")),
                FleetPreparation.by(planner));
    }

    /**
     * Reads the folder's fingerprint, and the folder when it changed.
     *
     * @return the fleet as the folder holds it now, with no releases overridden
     * @throws dev.upshift.common.problem.InputException when the folder cannot be read at all
     */
    @Override
    public FleetReading read() {
        return FleetReading.of(preparation.prepare(folder.fingerprint(), folder::read));
    }

    /** The fleet prepared last; empty before the first {@link #read()}. */
    public Optional<PreparedFleet> prepared() {
        return preparation.last();
    }

    /** The folder read. */
    public Path folder() {
        return folder.root();
    }

    @Override
    public String toString() {
        return "fleet folder " + folder.root();
    }
}
