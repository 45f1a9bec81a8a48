package dev.upshift.adapters.git;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Objects;

/** The fleet's folder inside a work tree, as a user names it: relative, inside, never in {@code .git}. */
final class WorkTreeFolder {
    private WorkTreeFolder() {}

    /**
     * The folder, resolved against the work tree.
     *
     * @throws IllegalArgumentException when the name is absolute, climbs out or enters {@code .git}
     */
    static Path resolve(Path workTree, String path) {
        Objects.requireNonNull(path, "path");
        Path relative;
        try {
            relative = workTree.getFileSystem().getPath(path);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("the fleet's path in the repository, '" + path + "', is no folder name");
        }
        Path resolved = workTree.resolve(relative).normalize();
        if (relative.isAbsolute() || !resolved.startsWith(workTree)) {
            throw new IllegalArgumentException("the fleet's path in the repository, '" + path + "', must be a folder"
                    + " inside it, named relative to its root");
        }
        for (Path part : workTree.relativize(resolved)) {
            if (part.toString().equalsIgnoreCase(".git")) {
                throw new IllegalArgumentException("the fleet's path in the repository, '" + path + "', lies in .git");
            }
        }
        return resolved;
    }
}
