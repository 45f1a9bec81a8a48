package dev.upshift.core.file;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.common.source.SourceDocument;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Reads Upshift documents from files: one file, or every {@code .yaml}, {@code .yml} and
 * {@code .json} file below a folder, in path order. Below a folder, hidden files and folders, build
 * output (folders named {@code target}) and what {@code .gitignore} files ignore (those below the
 * folder and those above it up to the top of its git repository) are skipped, so that a fleet in a
 * repository reads as git sees it.
 *
 * <h2>What a path may name</h2>
 * The path given is always followed: a symbolic link to a file or folder reads as its target. A
 * path that is not a folder is read as one file whatever it is: a regular file, a named pipe, a
 * process substitution such as {@code <(cat f.yaml)} ({@code /dev/fd/63}) or {@code /dev/stdin}.
 * Below a folder, symbolic links are followed only to targets inside the folder, and pipes, sockets
 * and devices are skipped; each such skip is a warning naming the path ({@code FolderWalk}). A path
 * that does not exist or cannot be read (permission denied, a socket) is an error naming it, never
 * an empty input.
 *
 * <p>Every file is read before anything is reported, so one run shows every problem of every file.
 * Problems name files by the path as given (relative paths stay relative).
 */
@API(status = EXPERIMENTAL, since = "0.1")
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
            } catch (IOException e) {
                problems.add(Problem.error(SourceLocation.of(file.toString()), "", "cannot read: " + reason(e)));
            } catch (UncheckedIOException e) {
                problems.add(Problem.error(SourceLocation.of(file.toString()), "", "cannot read: " + reason(e.getCause())));
            }
        }
        return out;
    }

    /**
     * Loads the documents of a stream, such as standard input, named {@code source} in problems.
     * The caller owns the stream.
     */
    public List<SourceDocument> load(String source, InputStream in, Problems problems) {
        try {
            return loader.load(source, in);
        } catch (InputException e) {
            problems.addAll(e.problems());
        } catch (UncheckedIOException e) {
            problems.add(Problem.error(SourceLocation.of(source), "", "cannot read: " + reason(e.getCause())));
        }
        return List.of();
    }

    /**
     * The document files a path stands for, in a stable order: the path itself unless it is a
     * folder, else the document files below it. What a walk skips is a warning, what it cannot read
     * an error.
     */
    public static List<Path> files(Path path, Problems problems) {
        if (!Files.exists(path)) {
            problems.add(Problem.error(SourceLocation.of(path.toString()), "", missing(path)));
            return List.of();
        }
        if (!Files.isDirectory(path)) {
            return List.of(path);
        }
        try {
            FolderWalk.Found found = FolderWalk.walk(path, DocumentFiles::isDocument);
            for (FolderWalk.Skipped s : found.skipped()) {
                SourceLocation at = SourceLocation.of(s.path().toString());
                problems.add(s.error() ? Problem.error(at, "", s.reason()) : Problem.warning(at, "", s.reason()));
            }
            return found.files();
        } catch (NoSuchFileException | NotDirectoryException e) {
            problems.add(Problem.error(SourceLocation.of(path.toString()), "", "no such file or folder"));
        } catch (IOException | UncheckedIOException e) {
            problems.add(Problem.error(SourceLocation.of(path.toString()), "", "cannot list: "
                    + reason(e instanceof UncheckedIOException u ? u.getCause() : (IOException) e)));
        }
        return List.of();
    }

    private static String missing(Path path) {
        if (Files.isSymbolicLink(path)) {
            try {
                return "a symbolic link to " + Files.readSymbolicLink(path) + ", which does not exist";
            } catch (IOException e) {
                return "a symbolic link whose target does not exist";
            }
        }
        return "no such file or folder";
    }

    /** What went wrong, in the words of the operating system rather than of Java. */
    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            String r = f.getReason();
            return r.isEmpty() ? r : Character.toLowerCase(r.charAt(0)) + r.substring(1);
        }
        return String.valueOf(e.getMessage());
    }

    private static boolean isDocument(Path p) {
        String name = p.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".yaml") || name.endsWith(".yml") || name.endsWith(".json");
    }
}
