package dev.upshift.bench;

import dev.upshift.common.problem.Problem;
import dev.upshift.core.file.FleetFolder;
import dev.upshift.core.fleet.FleetContents;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.spi.HistoryEntry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A {@link FleetGenerator} fleet written to a temporary folder, read back the way the CLI reads a
 * fleet: one {@link FleetFolder#read()} of every file, turned into a {@link PlanInput}. Closing it
 * deletes the folder.
 */
public final class GeneratedFleet implements AutoCloseable {
    private final FleetGenerator.Shape shape;
    private final Path folder;
    private final FleetGenerator.Written written;

    private GeneratedFleet(FleetGenerator.Shape shape, Path folder, FleetGenerator.Written written) {
        this.shape = shape;
        this.folder = folder;
        this.written = written;
    }

    /** Generates the fleet of {@code shape} into a new temporary folder. */
    public static GeneratedFleet create(FleetGenerator.Shape shape) {
        try {
            Path folder = Files.createTempDirectory("upshift-fleet-" + shape.clusters() + "-");
            return new GeneratedFleet(shape, folder, FleetGenerator.write(shape, folder));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public FleetGenerator.Shape shape() {
        return shape;
    }

    public Path folder() {
        return folder;
    }

    public List<HistoryEntry> history() {
        return written.history();
    }

    public FleetGenerator.Written written() {
        return written;
    }

    /** Reads every file of the folder once and makes the planner's input of it, with the generated history. */
    public PlanInput read() {
        FleetContents contents = FleetFolder.of(folder).read();
        // the four sources without the fields' locator, so that the input does not keep every document alive
        return PlanInput.from(contents, contents, contents, contents, written.history());
    }

    /**
     * {@link #read()}, checked: the generator writes no document with an error.
     *
     * @throws IllegalStateException naming the first error, when there is one
     */
    public PlanInput readChecked() {
        PlanInput input = read();
        List<Problem> errors = input.problems().stream().filter(Problem::isError).toList();
        if (!errors.isEmpty()) {
            throw new IllegalStateException(errors.size() + " errors in the generated fleet, the first: " + errors.get(0));
        }
        if (input.clusters().size() != shape.clusters() || input.catalog().size() != shape.releases()
                || input.schedules().size() != shape.schedules() || input.upgrades().size() != shape.upgrades()) {
            throw new IllegalStateException("the generated fleet reads as " + input + ", not as " + shape);
        }
        return input;
    }

    @Override
    public void close() {
        try (Stream<Path> all = Files.walk(folder)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String toString() {
        return shape.clusters() + " clusters in " + folder + " (" + written.files() + " files, " + written.bytes() + " bytes)";
    }
}
