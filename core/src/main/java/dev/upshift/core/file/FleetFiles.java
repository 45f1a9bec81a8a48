package dev.upshift.core.file;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.core.fleet.FleetDocuments;
import dev.upshift.core.fleet.FleetKinds;
import dev.upshift.core.fleet.ResourceFolders;
import dev.upshift.schedule.CalendarSource;
import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * The documents of a fleet folder, read once: every YAML or JSON file below it, in any layout, in
 * path order ({@link DocumentFiles}), told apart into Upshift's own documents and the Kubernetes
 * documents of the folders that {@code ManagedCluster}s name in {@code spec.resourcesFrom}.
 *
 * <h2>Resource folders</h2>
 * {@code resourcesFrom} is a path relative to the folder of the cluster document's file; it names a
 * folder (or one file) of Kubernetes documents. The documents below such a folder belong to the
 * cluster, not to the fleet: they are left out of {@link #documents()}, and the problems of their
 * files go to the cluster that names them rather than to {@link #problems()}. The folder must exist
 * and must not hold the cluster document itself; an absolute path is refused, and so is a path that
 * leaves the fleet folder, whether by {@code ..} or through a symbolic link (a fleet comes from a
 * repository many people propose changes to, and nothing it names may read from beside it). The
 * fleet folder is the folder loaded (the folder of the file, when one file is loaded); for
 * documents read without it ({@link #onDisk}), it is the folder of the cluster document's file. Paths are resolved in
 * the file system of the fleet folder, so that a fleet inside a jar or zip file (opened with
 * {@link FileSystems#newFileSystem(Path)}) reads its resource folders too.
 *
 * <p>It is the {@link FleetDocuments} that validation takes, and what {@link FleetFolder} reads
 * its listings from (with the kinds of {@link FleetKinds#standard(ResourceFolders)} given
 * {@link #resourceFolders()}):
 *
 * <pre>{@code
 * ValidationReport report = FleetValidator.create().validate(FleetFiles.load(Path.of("fleet")));
 * }</pre>
 *
 * <p>Immutable once loaded; it reflects the files as they were when {@link #load} read them.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FleetFiles implements FleetDocuments {
    private static final String MANAGED_CLUSTER = "ManagedCluster";
    private static final String FIELD = "spec.resourcesFrom";
    private static final String POINTER = "/spec/resourcesFrom";

    private final List<SourceDocument> documents;
    private final List<Problem> problems;
    private final TreeMap<String, List<SourceDocument>> resourceDocuments;
    private final TreeMap<String, List<Problem>> resourceProblems;
    private final FileSystem fileSystem;
    private final Path boundary;
    private final ResourceFolders onDisk;

    private FleetFiles(List<SourceDocument> documents, List<Problem> problems,
            TreeMap<String, List<SourceDocument>> resourceDocuments, TreeMap<String, List<Problem>> resourceProblems,
            DocumentFiles files, FileSystem fileSystem, Path boundary) {
        this.documents = List.copyOf(documents);
        this.problems = List.copyOf(problems);
        this.resourceDocuments = resourceDocuments;
        this.resourceProblems = resourceProblems;
        this.fileSystem = fileSystem;
        this.boundary = boundary;
        this.onDisk = onDisk(files, fileSystem, Optional.of(boundary));
    }

    /** Reads a fleet folder (or one file) with the default limits ({@link DocumentFiles#create()}). */
    public static FleetFiles load(Path root) {
        return load(root, DocumentFiles.create());
    }

    /**
     * Reads a fleet folder (or one file). A path that does not exist, or a file that cannot be read
     * or parsed, is a problem, not an exception.
     */
    public static FleetFiles load(Path root, DocumentFiles files) {
        Problems found = new Problems();
        FileSystem fs = root.getFileSystem();
        Path boundary = boundaryOf(root);
        List<SourceDocument> all = files.load(root, found);
        TreeSet<String> folders = new TreeSet<>();
        for (SourceDocument d : all) {
            if (!d.kind().equals(MANAGED_CLUSTER)) {
                continue;
            }
            JsonNode from = d.root().path("spec").path("resourcesFrom");
            if (from.isTextual()) {
                resolve(fs, Optional.of(boundary), d, from.textValue(), POINTER, FIELD, new Problems())
                        .ifPresent(p -> folders.add(p.toString()));
            }
            JsonNode manifests = d.root().path("spec").path("manifestsFrom");
            for (JsonNode m : manifests.isTextual() ? List.of(manifests) : manifests) {
                if (m.isTextual()) {
                    resolve(fs, Optional.of(boundary), d, m.textValue(), POINTER, FIELD, new Problems())
                            .ifPresent(p -> folders.add(p.toString()));
                }
            }
        }
        List<SourceDocument> own = new ArrayList<>();
        TreeMap<String, List<SourceDocument>> resources = new TreeMap<>();
        for (SourceDocument d : all) {
            String file = normal(fs, d.source());
            if (inAny(fs, folders, file)) {
                resources.computeIfAbsent(file, f -> new ArrayList<>()).add(d);
            } else {
                own.add(d);
            }
        }
        List<Problem> problems = new ArrayList<>();
        TreeMap<String, List<Problem>> resourceProblems = new TreeMap<>();
        for (Problem p : found.all()) {
            String file = normal(fs, p.location().source());
            if (inAny(fs, folders, file)) {
                resourceProblems.computeIfAbsent(file, f -> new ArrayList<>()).add(p);
            } else {
                problems.add(p);
            }
        }
        return new FleetFiles(own, problems, resources, resourceProblems, files, fs, boundary);
    }

    /** The folder nothing a fleet names may leave: the folder loaded, or the folder of the file loaded. */
    private static Path boundaryOf(Path root) {
        Path absolute = root.toAbsolutePath().normalize();
        return Files.isDirectory(absolute) || absolute.getParent() == null ? absolute : absolute.getParent();
    }

    /**
     * Finds resource folders on disk, relative to the folder of the file each cluster document came
     * from, reading them with {@code files}: for documents read without their folder (a file named
     * alone, standard input). The files are those of the default file system.
     */
    public static ResourceFolders onDisk(DocumentFiles files) {
        return onDisk(files, FileSystems.getDefault(), Optional.empty());
    }

    private static ResourceFolders onDisk(DocumentFiles files, FileSystem fs, Optional<Path> boundary) {
        Objects.requireNonNull(files, "files");
        return new Finder((cluster, folder, pointer, field, problems) -> resolve(fs, boundary, cluster, folder, pointer,
                field, problems).map(path -> files.load(path, problems)).orElse(List.of()));
    }

    /** Finds a path a cluster names at a field: {@code spec.resourcesFrom} or an item of {@code spec.manifestsFrom}. */
    @FunctionalInterface
    private interface FieldFinder {
        List<SourceDocument> find(SourceDocument cluster, String path, String pointer, String field, Problems problems);
    }

    /** A {@link ResourceFolders} that places the problems of each path at the field that names it. */
    private record Finder(FieldFinder finder) implements ResourceFolders {
        @Override
        public List<SourceDocument> documents(SourceDocument cluster, String folder, Problems problems) {
            return finder.find(cluster, folder, POINTER, FIELD, problems);
        }

        @Override
        public List<SourceDocument> manifests(SourceDocument cluster, String pointer, String field, String path,
                Problems problems) {
            return finder.find(cluster, path, pointer, field, problems);
        }
    }

    /**
     * Finds calendars on disk, relative to the folder of the file each schedule document came from
     * and inside that folder: for documents read without their fleet folder (a file named alone,
     * standard input). The files are those of the default file system.
     */
    public static CalendarSource calendarsOnDisk() {
        return CalendarFiles.of(FileSystems.getDefault(), Optional.empty());
    }

    /**
     * Finds calendars on disk, relative to the folder of the file each schedule document came from,
     * inside {@code root} (a folder, or the folder of a file), as {@link #calendars()} does for a
     * fleet folder loaded from {@code root}: for tools that read a folder's schedules alone.
     */
    public static CalendarSource calendarsBelow(Path root) {
        return CalendarFiles.of(root.getFileSystem(), Optional.of(boundaryOf(root)));
    }

    /**
     * Finds the calendars schedules name in {@code spec.exclusionsFrom}: each {@code ics} is a path
     * relative to the folder of the schedule's file that must stay inside the fleet folder (after
     * {@code ..} and symbolic links), read as UTF-8 to at most 4 MiB. Problems of finding it go to
     * the {@code ics} field; problems of its content point into the calendar.
     */
    @Override
    public CalendarSource calendars() {
        return CalendarFiles.of(fileSystem, Optional.of(boundary));
    }

    /** Upshift's own documents: every document outside the resource folders, in path order. */
    @Override
    public List<SourceDocument> documents() {
        return documents;
    }

    /** The problems of the files outside resource folders (syntax, limits, unreadable files). */
    @Override
    public List<Problem> problems() {
        return problems;
    }

    /**
     * Finds resource folders among the documents already read (and on disk for a folder outside the
     * fleet folder), with the problems of their files, so that no file is read twice.
     */
    @Override
    public ResourceFolders resourceFolders() {
        return new Finder((cluster, folder, pointer, field, problems) -> {
            Optional<Path> path = resolve(fileSystem, Optional.of(boundary), cluster, folder, pointer, field, problems);
            if (path.isEmpty()) {
                return List.of();
            }
            SortedMap<String, List<SourceDocument>> docs = below(resourceDocuments, path.get());
            SortedMap<String, List<Problem>> trouble = below(resourceProblems, path.get());
            if (docs.isEmpty() && trouble.isEmpty()) {
                return onDisk.manifests(cluster, pointer, field, folder, problems);
            }
            trouble.values().forEach(problems::addAll);
            return docs.values().stream().flatMap(List::stream).toList();
        });
    }

    private static Optional<Path> resolve(FileSystem fs, Optional<Path> fleet, SourceDocument cluster, String folder,
            String pointer, String field, Problems problems) {
        SourceLocation at = cluster.locate(pointer);
        Path relative;
        try {
            relative = fs.getPath(folder);
        } catch (InvalidPathException e) {
            problems.error(at, field, "'" + folder + "' is not a path: " + e.getReason());
            return Optional.empty();
        }
        if (relative.isAbsolute() || relative.getRoot() != null) {
            problems.error(at, field, "must be a path relative to the folder of this file, not '" + folder + "'");
            return Optional.empty();
        }
        Path file = fs.getPath(cluster.source()).normalize();
        Path base = file.getParent() == null ? fs.getPath("") : file.getParent();
        Path resolved = base.resolve(relative).normalize();
        if (file.startsWith(resolved)) {
            problems.error(at, field, "'" + folder + "' holds this document itself; name a folder of the cluster's"
                    + " Kubernetes documents only");
            return Optional.empty();
        }
        Path inside = fleet.orElse(base.toAbsolutePath().normalize());
        if (!resolved.toAbsolutePath().normalize().startsWith(inside)) {
            problems.error(at, field, "'" + folder + "' leaves the fleet folder " + inside
                    + "; resource folders must lie inside it");
            return Optional.empty();
        }
        if (!Files.exists(resolved)) {
            problems.error(at, field, "no such folder: " + resolved);
            return Optional.empty();
        }
        if (!realPath(resolved).startsWith(realPath(inside))) {
            problems.error(at, field, "'" + folder + "' leads out of the fleet folder " + inside
                    + " through a symbolic link; resource folders must lie inside it");
            return Optional.empty();
        }
        return Optional.of(resolved);
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }

    private static <T> SortedMap<String, List<T>> below(TreeMap<String, List<T>> byFile, Path folder) {
        String f = folder.toString();
        char separator = folder.getFileSystem().getSeparator().charAt(0);
        SortedMap<String, List<T>> out = new TreeMap<>(byFile.subMap(f + separator, f + (char) (separator + 1)));
        List<T> exact = byFile.get(f);
        if (exact != null) {
            out.put(f, exact);
        }
        return out;
    }

    /** Whether the file, or a folder above it, is one of the folders. */
    private static boolean inAny(FileSystem fs, TreeSet<String> folders, String file) {
        if (folders.isEmpty()) {
            return false;
        }
        try {
            for (Path p = fs.getPath(file); p != null; p = p.getParent()) {
                if (folders.contains(p.toString())) {
                    return true;
                }
            }
        } catch (InvalidPathException e) {
            return false;
        }
        return false;
    }

    private static String normal(FileSystem fs, String source) {
        try {
            return fs.getPath(source).normalize().toString();
        } catch (InvalidPathException e) {
            return source;
        }
    }

    @Override
    public String toString() {
        return documents.size() + " documents, " + resourceDocuments.size() + " resource files, "
                + problems.size() + " problems";
    }
}
