package dev.upshift.testkit.fleet;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.Problem;
import dev.upshift.core.fleet.FleetContents;
import dev.upshift.core.plan.Explanation;
import dev.upshift.core.plan.FleetPreparation;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.core.simulate.SimulationSettings;
import dev.upshift.core.simulate.Simulator;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * A fleet for a test: its documents as Upshift's readers read them, ready to plan, explain, simulate
 * or hand to an engine ({@code dev.upshift.testkit.TestWorld}). Built with a {@link FleetBuilder},
 * from nothing or from a fleet folder, and changed into another with {@link #toBuilder()}.
 *
 * <pre>{@code
 * TestFleet demo = TestFleet.of(Path.of("examples/fleet"));
 * Plan plan = demo.plan(Instant.parse("2026-12-14T09:00:00Z"));
 * TestFleet hasty = demo.toBuilder()
 *         .upgrade("fleet-to-20.1", u -> u.stage("staging", s -> s.soak(Duration.ofHours(1))))
 *         .build();
 * }</pre>
 *
 * <p>Immutable and thread-safe; the prepared fleet is made once, on first use.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class TestFleet {
    private final FleetBuilder documents;
    private final FleetContents contents;
    private final FleetPreparation preparation;

    TestFleet(FleetBuilder documents, FleetContents contents, Planner planner) {
        this.documents = documents;
        this.contents = contents;
        this.preparation = FleetPreparation.by(planner);
    }

    /** An empty fleet to fill. */
    public static FleetBuilder builder() {
        return FleetBuilder.empty();
    }

    /**
     * A fleet folder's documents to change or add to (a cluster's {@code resourcesFrom} folder is
     * read where the folder has it).
     *
     * @throws dev.upshift.common.problem.InputException when the folder cannot be read at all
     */
    public static FleetBuilder fromFolder(Path folder) {
        return FleetBuilder.fromFolder(folder);
    }

    /**
     * A fleet folder as it is.
     *
     * @throws dev.upshift.common.problem.InputException when the folder cannot be read, or a
     *     document of it has an error
     */
    public static TestFleet of(Path folder) {
        return fromFolder(folder).build();
    }

    /** A builder holding this fleet's documents, to make a changed copy. */
    public FleetBuilder toBuilder() {
        return documents.copy();
    }

    /** What was read: the four listings, every problem, and where the fields are. */
    public FleetContents contents() {
        return contents;
    }

    /** Every problem of the documents, errors (of a fleet built {@code allowingProblems}) and warnings. */
    public List<Problem> problems() {
        return contents.problems();
    }

    /** The clusters, in the order read. */
    public List<ManagedCluster> clusters() {
        return contents.clusters().items();
    }

    /** A cluster by id. */
    public Optional<ManagedCluster> cluster(String id) {
        return clusters().stream().filter(c -> c.id().equals(id)).findFirst();
    }

    /** Each cluster's labels, by cluster id. */
    public Map<String, Map<String, String>> labels() {
        Map<String, Map<String, String>> out = new TreeMap<>();
        clusters().forEach(c -> out.putIfAbsent(c.id(), c.labels()));
        return out;
    }

    /** The planner's input, with no history. */
    public PlanInput input() {
        return input(List.of());
    }

    /** The planner's input, with a history. */
    public PlanInput input(List<HistoryEntry> history) {
        return PlanInput.from(contents, history);
    }

    /** The fleet prepared by its planner, with no history: what an engine and the simulator plan with. */
    public PreparedFleet prepared() {
        return preparation.prepare(this, this::contents);
    }

    /** The plan at an instant, with no history. */
    public Plan plan(Instant now) {
        return prepared().plan(now);
    }

    /** The plan at an instant, with a history. */
    public Plan plan(Instant now, List<HistoryEntry> history) {
        return prepared().plan(now, history);
    }

    /**
     * Why a cluster is where it is at an instant.
     *
     * @throws IllegalArgumentException when the fleet has no such cluster
     */
    public Explanation explain(String clusterId, Instant now) {
        return plan(now).explain(clusterId).orElseThrow(() -> new IllegalArgumentException(
                "the fleet has no cluster named " + clusterId + "; it has " + labels().keySet()));
    }

    /** The rollout simulated from {@code from} to {@code until}, with no failures. */
    public Rollout simulate(Instant from, Instant until) {
        return simulate(SimulationSettings.between(from, until));
    }

    /** The rollout simulated as the settings say. */
    public Rollout simulate(SimulationSettings settings) {
        return new Rollout(Simulator.run(prepared(), settings), labels());
    }

    /**
     * Writes the fleet as a fleet folder into {@code folder} (created if need be): a fleet from a
     * folder is copied whole (its hidden files and folders left out) with the documents it changed
     * written anew; any other is written document by document.
     *
     * @return {@code folder}
     * @throws UncheckedIOException when a file cannot be written
     */
    public Path writeTo(Path folder) {
        try {
            Files.createDirectories(folder);
            Optional<Path> root = documents.root();
            if (root.isPresent()) {
                copy(root.get(), folder);
                for (String source : documents.touched()) {
                    Files.deleteIfExists(folder.resolve(root.get().relativize(Path.of(source)).toString()));
                }
            }
            for (Map.Entry<String, String> file : documents.texts(root.isPresent()).entrySet()) {
                Path to = folder.resolve(root.map(r -> r.relativize(Path.of(file.getKey())).toString())
                        .orElse(file.getKey()));
                Files.createDirectories(to.getParent());
                Files.writeString(to, file.getValue(), StandardCharsets.UTF_8);
            }
            return folder;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the fleet into " + folder, e);
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from)) {
            Files.copy(from, to.resolve(from.getFileName().toString()));
            return;
        }
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Path relative = from.relativize(f);
                boolean hidden = false;
                for (Path part : relative) {
                    hidden |= part.toString().startsWith(".");
                }
                if (!hidden) {
                    Path target = to.resolve(relative.toString());
                    Files.createDirectories(target.getParent());
                    Files.copy(f, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    @Override
    public String toString() {
        return "test fleet: " + contents;
    }
}
