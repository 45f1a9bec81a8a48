package dev.upshift.core.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Predicate;

/**
 * The walk below a folder that finds its source files: hidden files and folders, build output
 * (every folder named {@code target}) and whatever the {@code .gitignore} files of the folder, of
 * the folders below it and of its parents up to the top of the git repository ignore are left out,
 * so that a fleet kept in a repository reads as git sees it, not with copies a build made.
 *
 * <p>The folder itself is always read, even when it is ignored: naming it asks for it.
 */
final class FolderWalk {
    private FolderWalk() {}

    /** The files below {@code folder} that {@code wanted} accepts and nothing ignores, in path order. */
    static List<Path> files(Path folder, Predicate<Path> wanted) throws IOException {
        Path root = folder.toAbsolutePath().normalize();
        Deque<GitIgnore> ignores = new ArrayDeque<>(parentIgnores(root));
        List<Path> out = new ArrayList<>();
        Files.walkFileTree(folder, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Path abs = dir.toAbsolutePath().normalize();
                if (!abs.equals(root) && (hidden(dir) || "target".equals(dir.getFileName().toString())
                        || ignored(ignores, abs, true))) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                Path ignoreFile = dir.resolve(".gitignore");
                if (Files.isRegularFile(ignoreFile)) {
                    ignores.addLast(GitIgnore.read(abs, read(ignoreFile)));
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                if (attrs.isRegularFile() && !hidden(file) && wanted.test(file)
                        && !ignored(ignores, file.toAbsolutePath().normalize(), false)) {
                    out.add(file);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null) {
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
        return out;
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
