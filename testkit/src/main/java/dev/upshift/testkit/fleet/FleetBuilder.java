package dev.upshift.testkit.fleet;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.kind.ApiVersions;
import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.core.file.FleetFiles;
import dev.upshift.core.fleet.FleetContents;
import dev.upshift.core.fleet.FleetDocuments;
import dev.upshift.core.fleet.ResourceFolders;
import dev.upshift.core.plan.Planner;
import dev.upshift.diff.render.YamlWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * Builds a {@link TestFleet}: the fleet documents a test needs, written with a method per field and
 * read by Upshift's own readers, so a test fleet is exactly what a fleet folder with the same
 * documents would be. Start empty ({@link TestFleet#builder()}) or from a fleet folder
 * ({@link TestFleet#fromFolder}); each of {@link #release}, {@link #cluster}, {@link #schedule} and
 * {@link #upgrade} changes the document of that name, or adds it.
 *
 * <pre>{@code
 * TestFleet fleet = TestFleet.builder()
 *         .release("19.3.1", r -> r.kubernetes("1.29.4"))
 *         .release("20.1.0", r -> r.kubernetes("1.30.2").upgradesFrom(">=19.3.0"))
 *         .cluster("staging-1", c -> c.release("19.3.1").label("stage", "staging"))
 *         .cluster("prod-1", c -> c.release("19.3.1").label("stage", "prod"))
 *         .upgrade("to-20.1", u -> u.release("20.1.0").matchLabelRegex("stage", "staging|prod")
 *                 .stage("staging", s -> s.matchLabel("stage", "staging").soak(Duration.ofHours(48)))
 *                 .stage("prod", s -> s.matchLabel("stage", "prod")))
 *         .build();
 * }</pre>
 *
 * <p>New documents go to {@code clusters/<id>.yaml}, {@code releases/<version>.yaml},
 * {@code schedules/<name>.yaml} and {@code upgrades/<name>.yaml}; those names are what problems
 * name and where {@link TestFleet#writeTo} writes them. Not thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FleetBuilder {
    static final String API_VERSION = ApiVersions.CURRENT;

    private final Path root;
    private final List<FleetDocument> documents;
    private final Set<String> touched;
    private final List<Problem> fileProblems;
    private final ResourceFolders folders;
    private final dev.upshift.schedule.CalendarSource calendars;
    private Planner planner = Planner.standard();
    private boolean allowProblems;

    FleetBuilder(Path root, List<FleetDocument> documents, Set<String> touched, List<Problem> fileProblems,
            ResourceFolders folders, dev.upshift.schedule.CalendarSource calendars) {
        this.root = root;
        this.documents = documents;
        this.touched = touched;
        this.fileProblems = fileProblems;
        this.folders = folders;
        this.calendars = calendars;
    }

    static FleetBuilder empty() {
        return new FleetBuilder(null, new ArrayList<>(), new LinkedHashSet<>(), List.of(), ResourceFolders.none(),
                dev.upshift.schedule.CalendarSource.none());
    }

    static FleetBuilder fromFolder(Path root) {
        Objects.requireNonNull(root, "root");
        FleetFiles files = FleetFiles.load(root);
        SourceLocation rootItself = SourceLocation.of(root.toString());
        List<Problem> unreadable = files.problems().stream()
                .filter(p -> p.isError() && p.location().equals(rootItself)).toList();
        if (!unreadable.isEmpty()) {
            throw new InputException(unreadable);
        }
        List<FleetDocument> docs = new ArrayList<>();
        for (SourceDocument d : files.documents()) {
            docs.add(new FleetDocument(d.source(), d.root().deepCopy(), d));
        }
        return new FleetBuilder(root, docs, new LinkedHashSet<>(), files.problems(), files.resourceFolders(),
                files.calendars());
    }

    FleetBuilder copy() {
        List<FleetDocument> docs = new ArrayList<>();
        documents.forEach(d -> docs.add(d.copy()));
        FleetBuilder b = new FleetBuilder(root, docs, new LinkedHashSet<>(touched), fileProblems, folders, calendars);
        b.planner = planner;
        b.allowProblems = allowProblems;
        return b;
    }

    /** Adds the release of this version, or changes it. */
    public FleetBuilder release(String version, Consumer<ReleaseSpec> spec) {
        spec.accept(new ReleaseSpec(edit("Release", version, "releases")));
        return this;
    }

    /** Adds a cluster of this id, or changes it (a new one starts with {@code infrastructure: aws}). */
    public FleetBuilder cluster(String id, Consumer<ClusterSpec> spec) {
        spec.accept(new ClusterSpec(edit("ManagedCluster", id, "clusters")));
        return this;
    }

    /** Adds the maintenance schedule of this name, or changes it (a new one is in UTC). */
    public FleetBuilder schedule(String name, Consumer<ScheduleSpec> spec) {
        spec.accept(new ScheduleSpec(edit("MaintenanceSchedule", name, "schedules")));
        return this;
    }

    /** Adds the upgrade intent ({@code ClusterUpgrade}) of this name, or changes it. */
    public FleetBuilder upgrade(String name, Consumer<UpgradeSpec> spec) {
        spec.accept(new UpgradeSpec(edit("ClusterUpgrade", name, "upgrades")));
        return this;
    }

    /** Removes the cluster of this id. */
    public FleetBuilder withoutCluster(String id) {
        return remove("ManagedCluster", id);
    }

    /** Removes the upgrade intent of this name. */
    public FleetBuilder withoutUpgrade(String name) {
        return remove("ClusterUpgrade", name);
    }

    /** Removes the release of this version. */
    public FleetBuilder withoutRelease(String version) {
        return remove("Release", version);
    }

    /** Removes the schedule of this name. */
    public FleetBuilder withoutSchedule(String name) {
        return remove("MaintenanceSchedule", name);
    }

    /**
     * Adds documents written in YAML, as a file of the fleet at {@code path} would hold them: any
     * kind the fleet reads ({@code FieldRules}, {@code AvailabilityProfile}, ...), or a document
     * with a mistake a test is about.
     */
    public FleetBuilder documents(String path, String yaml) {
        String source = source(path);
        for (SourceDocument d : DocumentLoader.create().load(source, yaml)) {
            documents.add(new FleetDocument(source, d.root().deepCopy(), null));
        }
        touched.add(source);
        return this;
    }

    /** The planner the fleet is planned and simulated with ({@link Planner#standard()} by default). */
    public FleetBuilder planner(Planner p) {
        this.planner = Objects.requireNonNull(p, "planner");
        return this;
    }

    /**
     * Builds a fleet whose documents have errors too, leaving the documents in error out, as a
     * fleet folder's reading does (for tests of what a plan says about bad input).
     */
    public FleetBuilder allowingProblems() {
        this.allowProblems = true;
        return this;
    }

    /**
     * Reads the documents.
     *
     * @throws InputException when a document has an error (unless {@link #allowingProblems()}):
     *     every error, each at its file, line and field
     */
    public TestFleet build() {
        List<SourceDocument> read = sourceDocuments();
        FleetContents contents = FleetContents.read(FleetDocuments.of(read, fileProblems, folders, calendars));
        List<Problem> errors = contents.problems().stream().filter(Problem::isError).toList();
        if (!errors.isEmpty() && !allowProblems) {
            throw new InputException(errors);
        }
        return new TestFleet(copy(), contents, planner);
    }

    /** The documents as read: unchanged ones as they were, those of changed files from their new text. */
    private List<SourceDocument> sourceDocuments() {
        Map<String, List<SourceDocument>> rendered = new LinkedHashMap<>();
        for (Map.Entry<String, String> file : texts(true).entrySet()) {
            rendered.put(file.getKey(), new ArrayList<>(DocumentLoader.create().load(file.getKey(), file.getValue())));
        }
        List<SourceDocument> out = new ArrayList<>();
        for (FleetDocument d : documents) {
            List<SourceDocument> again = rendered.get(d.source);
            out.add(again == null ? d.read : again.remove(0));
        }
        return out;
    }

    /** The text of each file, in order of first document: only the changed files, or all of them. */
    Map<String, String> texts(boolean changedOnly) {
        Map<String, List<ObjectNode>> byFile = new LinkedHashMap<>();
        for (FleetDocument d : documents) {
            if (!changedOnly || touched.contains(d.source) || d.read == null) {
                byFile.computeIfAbsent(d.source, f -> new ArrayList<>()).add(d.tree);
            }
        }
        Map<String, String> out = new LinkedHashMap<>();
        byFile.forEach((file, trees) -> out.put(file, trees.size() == 1
                ? YamlWriter.write(trees.get(0), YamlWriter.KeyOrder.AS_IS)
                : YamlWriter.writeAll(trees, YamlWriter.KeyOrder.AS_IS)));
        return out;
    }

    Optional<Path> root() {
        return Optional.ofNullable(root);
    }

    Set<String> touched() {
        return Set.copyOf(touched);
    }

    /** The source name of a path relative to the fleet's root. */
    String source(String relative) {
        return root == null ? relative : root.resolve(relative).toString();
    }

    private ObjectNode edit(String kind, String name, String folder) {
        Objects.requireNonNull(name, "name");
        for (FleetDocument d : documents) {
            if (d.is(kind, name)) {
                touched.add(d.source);
                return d.tree;
            }
        }
        ObjectNode tree = Trees.JSON.objectNode();
        tree.put("apiVersion", API_VERSION);
        tree.put("kind", kind);
        tree.putObject("metadata").put("name", name);
        ObjectNode spec = tree.putObject("spec");
        if (kind.equals("ManagedCluster")) {
            spec.put("infrastructure", "aws");
        }
        if (kind.equals("MaintenanceSchedule")) {
            spec.put("timeZone", "UTC");
        }
        String source = source(folder + "/" + name + ".yaml");
        documents.add(new FleetDocument(source, tree, null));
        touched.add(source);
        return tree;
    }

    private FleetBuilder remove(String kind, String name) {
        boolean found = documents.removeIf(d -> {
            if (d.is(kind, name)) {
                touched.add(d.source);
                return true;
            }
            return false;
        });
        if (!found) {
            throw new IllegalArgumentException("the fleet has no " + kind + " named " + name);
        }
        return this;
    }
}
