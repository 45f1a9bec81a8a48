package dev.upshift.core.files;

import dev.upshift.diff.source.DocumentLoader;
import dev.upshift.diff.problem.InputException;
import dev.upshift.diff.problem.Problem;
import dev.upshift.diff.problem.Problems;
import dev.upshift.diff.source.SourceDocument;
import dev.upshift.diff.problem.SourceLocation;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Reads Upshift documents from files: one file, or every {@code .yaml}, {@code .yml} and
 * {@code .json} file below a folder, in path order. Below a folder, hidden files and folders, build
 * output (folders named {@code target}) and what {@code .gitignore} files ignore (those below the
 * folder and those above it up to the top of its git repository) are skipped, so that a fleet in a
 * repository reads as git sees it.
 *
 * <p>Every file is read before anything is reported, so one run shows every problem of every file.
 * Problems name files by the path as given (relative paths stay relative).
 */
public final class DocumentFiles {
    private final DocumentLoader loader;

    /** Reads with the given loader. */
    public DocumentFiles(DocumentLoader loader) {
        this.loader = Objects.requireNonNull(loader, "loader");
    }

    /** Reads with the default loader. */
    public static DocumentFiles create() {
        return new DocumentFiles(DocumentLoader.create());
    }

    /**
     * Loads every document of a file or of the document files below a folder.
     *
     * @throws InputException with every problem of every file, including a path that does not exist
     */
    public List<SourceDocument> load(Path path) {
        Problems problems = new Problems();
        List<SourceDocument> docs = load(path, problems);
        problems.throwIfErrors();
        return docs;
    }

    /** Loads what it can, recording problems instead of throwing. */
    public List<SourceDocument> load(Path path, Problems problems) {
        List<SourceDocument> out = new ArrayList<>();
        for (Path file : files(path, problems)) {
            try (InputStream in = Files.newInputStream(file)) {
                out.addAll(loader.load(file.toString(), in));
            } catch (InputException e) {
                problems.addAll(e.problems());
            } catch (IOException | UncheckedIOException e) {
                problems.add(Problem.error(SourceLocation.of(file.toString()), "", "cannot read: " + e.getMessage()));
            }
        }
        return out;
    }

    /** The document files a path stands for, in a stable order. */
    public static List<Path> files(Path path, Problems problems) {
        if (!Files.exists(path)) {
            problems.add(Problem.error(SourceLocation.of(path.toString()), "", "no such file or folder"));
            return List.of();
        }
        if (Files.isRegularFile(path)) {
            return List.of(path);
        }
        try {
            return FolderWalk.files(path, DocumentFiles::isDocument);
        } catch (NoSuchFileException e) {
            problems.add(Problem.error(SourceLocation.of(path.toString()), "", "no such file or folder"));
        } catch (IOException | UncheckedIOException e) {
            problems.add(Problem.error(SourceLocation.of(path.toString()), "", "cannot list: " + e.getMessage()));
        }
        return List.of();
    }

    private static boolean isDocument(Path p) {
        String name = p.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".yaml") || name.endsWith(".yml") || name.endsWith(".json");
    }
}
