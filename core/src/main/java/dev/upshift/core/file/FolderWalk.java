package dev.upshift.core.file;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;
import java.util.function.Predicate;

/**
 * The walk below a folder that finds its source files: hidden files and folders, build output
 * (every folder named {@code target}) and whatever the {@code .gitignore} files of the folder, of
 * the folders below it and of its parents up to the top of the git repository ignore are left out,
 * so that a fleet kept in a repository reads as git sees it, not with copies a build made.
 *
 * <p>The folder itself is always read, even when it is ignored or a symbolic link: naming it asks
 * for it. Below it, a symbolic link is followed when its target lies inside the folder (a file
 * shared by two clusters' folders), and skipped with a note when its target is outside the folder
 * (so that a fleet from elsewhere cannot make Upshift read other files of the machine), missing,
 * or a folder above the link (a loop). Files that are not regular files (pipes, sockets, devices)
 * are skipped with a note: reading a pipe could wait forever. A folder that cannot be read is an
 * error; the walk goes on with the rest.
 */
final class FolderWalk {
    private FolderWalk() {}

    /**
     * What was left out, and why.
     *
     * @param path the file or folder, as the walk met it
     * @param error whether it is an error (a folder that cannot be read) rather than a note
     * @param reason why
     */
    record Skipped(Path path, boolean error, String reason) {}

    /**
     * The files found, in path order, and what was skipped with a reason.
     *
     * @param files the files {@code wanted} accepts and nothing ignores
     * @param skipped the links, special files and unreadable folders left out
     */
    record Found(List<Path> files, List<Skipped> skipped) {}

    /** The files below {@code folder} that {@code wanted} accepts and nothing ignores, in path order. */
    static List<Path> files(Path folder, Predicate<Path> wanted) throws IOException {
        return walk(folder, wanted).files();
    }

    /** The walk below {@code folder}: the files {@code wanted} accepts, and what was skipped. */
    static Found walk(Path folder, Predicate<Path> wanted) throws IOException {
        Path root = folder.toAbsolutePath().normalize();
        Path real = folder.toRealPath();
        Deque<GitIgnore> ignores = new ArrayDeque<>(parentIgnores(root));
        List<Path> out = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        Files.walkFileTree(folder, EnumSet.of(FileVisitOption.FOLLOW_LINKS), Integer.MAX_VALUE, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Path abs = dir.toAbsolutePath().normalize();
                if (!abs.equals(root) && (hidden(dir) || "target".equals(dir.getFileName().toString())
                        || ignored(ignores, abs, true) || outside(dir, real, skipped))) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                Path ignoreFile = dir.resolve(".gitignore");
                if (Files.isRegularFile(ignoreFile)) {
                    ignores.addLast(GitIgnore.read(abs, read(ignoreFile)));
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (hidden(file) || !wanted.test(file) || ignored(ignores, file.toAbsolutePath().normalize(), false)) {
                    return FileVisitResult.CONTINUE;
                }
                if (attrs.isSymbolicLink()) {
                    skipped.add(new Skipped(file, false, "a symbolic link to " + Files.readSymbolicLink(file)
                            + ", which does not exist: skipped"));
                } else if (!attrs.isRegularFile()) {
                    skipped.add(new Skipped(file, false, "not a regular file (a pipe, a socket or a device): skipped;"
                            + " name it on the command line to read it"));
                } else if (!outside(file, real, skipped)) {
                    out.add(file);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof FileSystemLoopException) {
                    skipped.add(new Skipped(file, false, "a symbolic link to a folder above it (a loop): skipped"));
                } else if (e instanceof AccessDeniedException) {
                    skipped.add(new Skipped(file, true, "cannot read: permission denied"));
                } else {
                    throw e;
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e instanceof AccessDeniedException) {
                    skipped.add(new Skipped(dir, true, "cannot list: permission denied"));
                } else if (e != null) {
                    throw e;
                }
                Path abs = dir.toAbsolutePath().normalize();
                if (!ignores.isEmpty() && ignores.peekLast().folder().equals(abs)) {
                    ignores.removeLast();
                }
                return FileVisitResult.CONTINUE;
            }
        });
        out.sort(null);
        skipped.sort((a, b) -> a.path().compareTo(b.path()));
        return new Found(List.copyOf(out), List.copyOf(skipped));
    }

    /** Whether {@code p} is a symbolic link whose target lies outside {@code real} (noted when it is). */
    private static boolean outside(Path p, Path real, List<Skipped> skipped) throws IOException {
        if (!Files.isSymbolicLink(p)) {
            return false;
        }
        Path target = p.toRealPath();
        if (target.startsWith(real)) {
            return false;
        }
        skipped.add(new Skipped(p, false, "a symbolic link to " + target + ", outside the folder being read: skipped;"
                + " name it on the command line to read it"));
        return true;
    }

    private static boolean hidden(Path p) {
        return p.getFileName().toString().startsWith(".");
    }

    /** Git's rule: the last pattern that matches decides, deeper {@code .gitignore} files last. */
    private static boolean ignored(Deque<GitIgnore> ignores, Path abs, boolean directory) {
        Boolean decision = null;
        for (GitIgnore g : ignores) {
            Boolean d = g.decide(abs, directory);
            if (d != null) {
                decision = d;
            }
        }
        return decision != null && decision;
    }

    /**
     * The {@code .gitignore} files of the folders above {@code root}, outermost first, up to the
     * top of the repository (the folder holding {@code .git}); none when {@code root} is in no
     * repository.
     */
    private static List<GitIgnore> parentIgnores(Path root) throws IOException {
        List<GitIgnore> found = new ArrayList<>();
        if (Files.exists(root.resolve(".git"))) {
            return found;
        }
        for (Path dir = root.getParent(); dir != null; dir = dir.getParent()) {
            Path ignoreFile = dir.resolve(".gitignore");
            if (Files.isRegularFile(ignoreFile)) {
                found.add(0, GitIgnore.read(dir, read(ignoreFile)));
            }
            if (Files.exists(dir.resolve(".git"))) {
                return found;
            }
        }
        return List.of();
    }

    private static String read(Path ignoreFile) throws IOException {
        return new String(Files.readAllBytes(ignoreFile), StandardCharsets.UTF_8);
    }
}
