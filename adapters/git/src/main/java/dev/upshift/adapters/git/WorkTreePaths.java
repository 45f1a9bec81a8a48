package dev.upshift.adapters.git;

import dev.upshift.diff.edit.TextEdits;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.spi.Upgrade;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeSet;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * The work tree as a boundary (docs/security.md): the files an upgrade touches are named by the
 * documents the fleet was read from, and each must lie inside the work tree, outside {@code .git},
 * and be a name no case-insensitive file system would merge with another file of the commit (a
 * checkout there would hold one file for two, and an edit of one would land in the other). The
 * {@link dev.upshift.core.file.FilePublisher} that makes the edit adds its own checks: no {@code ..}, no absolute path
 * elsewhere, no symbolic link leading out.
 */
final class WorkTreePaths {
    /** A path the publisher may not write, with the reason. */
    static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message, null, false, false);
        }
    }

    private WorkTreePaths() {}

    /** The files the upgrade edits (its cluster's document and its resources' files), relative to the work tree. */
    static Set<String> touched(Path workTree, Upgrade upgrade, MergeResult change) throws Refused {
        Set<String> out = new TreeSet<>();
        List<String> sources = new ArrayList<>();
        sources.add(upgrade.cluster().location().source());
        sources.addAll(TextEdits.sources(change));
        for (String source : sources) {
            out.add(relative(workTree, source, upgrade.cluster().id()));
        }
        return out;
    }

    /** A file named by a document's source, relative to the work tree with {@code /}, links resolved. */
    static String relative(Path workTree, String source, String cluster) throws Refused {
        Path path;
        try {
            path = workTree.getFileSystem().getPath(source).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new Refused("a file of cluster " + cluster + " is named '" + source + "', which is no file name");
        }
        try {
            boolean exists = Files.exists(path);
            Path root = exists ? workTree.toRealPath() : workTree;
            Path real = exists ? path.toRealPath() : path;
            if (!real.startsWith(root)) {
                throw new Refused("a file of cluster " + cluster + ", " + source + (path.startsWith(workTree)
                        ? ", leads out of the git work tree " + workTree + " through a symbolic link"
                        : ", lies outside the git work tree " + workTree) + "; Upshift writes only inside it");
            }
            Path inside = root.relativize(real);
            StringJoiner name = new StringJoiner("/");
            for (Path part : inside) {
                if (part.toString().equalsIgnoreCase(".git")) {
                    throw new Refused("a file of cluster " + cluster + ", " + source + ", lies inside .git; Upshift"
                            + " never writes there");
                }
                name.add(part.toString());
            }
            return name.toString();
        } catch (IOException e) {
            throw new UncheckedIOException("could not resolve " + source + ": " + e.getMessage(), e);
        }
    }

    /**
     * Refuses names that a case-insensitive file system would merge with another file of the commit.
     *
     * @param names paths relative to the work tree
     */
    static void distinctIgnoringCase(Repository repository, ObjectId commit, Collection<String> names)
            throws Refused {
        Map<String, String> wanted = new HashMap<>();
        for (String n : names) {
            wanted.put(n.toLowerCase(Locale.ROOT), n);
        }
        try (RevWalk walk = new RevWalk(repository); TreeWalk tree = new TreeWalk(repository)) {
            tree.addTree(walk.parseCommit(commit).getTree());
            tree.setRecursive(true);
            while (tree.next()) {
                String path = tree.getPathString();
                String same = wanted.get(path.toLowerCase(Locale.ROOT));
                if (same != null && !same.equals(path)) {
                    throw new Refused(same + " and " + path + " differ only in case: a case-insensitive file system"
                            + " holds them as one file, so Upshift refuses to write either; rename one");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the tree of " + commit.name(), e);
        }
    }
}
