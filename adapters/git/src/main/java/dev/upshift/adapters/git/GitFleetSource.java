package dev.upshift.adapters.git;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.engine.FleetReading;
import dev.upshift.core.engine.FleetSource;
import dev.upshift.core.file.FleetFolder;
import dev.upshift.core.fleet.FleetContents;
import dev.upshift.core.plan.FleetPreparation;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A fleet read from git: at every {@link #read()} the checkout fetches its remote and puts its work
 * tree at the branch's head, and the fleet's folder there is read by the same reader as a fleet
 * folder on disk ({@link FleetFolder}: inventory, releases, schedules and intents, any layout). One
 * reading is one commit: every document of it comes from the same commit, which {@link #commit()}
 * names, and the publisher that shares the checkout edits the files of that reading.
 *
 * <pre>{@code
 * GitFleetSource fleet = new GitFleetSource(checkout, "fleet", Planner.standard());
 * Engine engine = Engine.builder().fleet(fleet).publisher(GitPublisher.builder(checkout).fleetPath("fleet").build())...
 * }</pre>
 *
 * <p>The fleet is prepared again only when the commit changed (the commit is the fingerprint its
 * {@link FleetPreparation} compares). An exception (the remote cannot be
 * reached, the folder does not exist at that commit) means no fleet was read, as
 * {@link FleetSource} says. Not thread-safe: the engine reads on its reconcile thread.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class GitFleetSource implements FleetSource {
    private final GitCheckout checkout;
    private final Path folder;
    private final FleetPreparation preparation;
    private String preparedAt;

    /**
     * A source reading the fleet in {@code fleetPath} of the checkout's branch.
     *
     * @param fleetPath the fleet's folder inside the repository; {@code ""} for its root
     * @throws IllegalArgumentException when the path is absolute, climbs out or enters {@code .git}
     */
    public GitFleetSource(GitCheckout checkout, String fleetPath, Planner planner) {
        this.checkout = Objects.requireNonNull(checkout, "checkout");
        this.folder = WorkTreeFolder.resolve(checkout.workTree(), fleetPath);
        this.preparation = FleetPreparation.by(planner);
    }

    /**
     * Reads the fleet's documents at the branch's head, once.
     *
     * @return the documents, and the commit they were read at
     */
    public Snapshot snapshot() {
        String commit = checkout.sync();
        return new Snapshot(commit, FleetFolder.of(folder).read());
    }

    @Override
    public FleetReading read() {
        String commit = checkout.sync();
        PreparedFleet prepared = preparation.prepare(commit, FleetFolder.of(folder)::read);
        preparedAt = commit;
        return FleetReading.of(prepared);
    }

    /** The commit the last reading read; empty before the first. */
    public Optional<String> commit() {
        return Optional.ofNullable(preparedAt);
    }

    /** The fleet's folder in the work tree. */
    public Path folder() {
        return folder;
    }

    /**
     * A fleet's documents as one commit holds them.
     *
     * @param commit the commit id
     * @param contents what the fleet folder held at it
     */
    public record Snapshot(String commit, FleetContents contents) {
        /** Validates the parts. */
        public Snapshot {
            Objects.requireNonNull(commit, "commit");
            Objects.requireNonNull(contents, "contents");
        }
    }

    @Override
    public String toString() {
        return "fleet read from " + checkout.shown() + " (" + checkout.branch() + ")";
    }
}
