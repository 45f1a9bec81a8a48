package dev.upshift.adapters.git;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.AndTreeFilter;
import org.eclipse.jgit.treewalk.filter.PathFilterGroup;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

/**
 * What moved under an upgrade: the commits made since the fleet was read ({@code base..head}) that
 * change one of the files the upgrade edits. Commits that carry an upgrade's trailer are Upshift's
 * own (another cluster of a shared file, published in the same pass); the three-way edit checks
 * their fields, so only other commits count: a person's, a bot's.
 *
 * @param files the files they changed, sorted
 * @param commits each commit, abbreviated, with its subject and author
 */
record RemoteMoves(Set<String> files, List<String> commits) {

    static RemoteMoves between(Repository repository, ObjectId base, ObjectId head, Collection<String> touched) {
        Set<String> files = new TreeSet<>();
        List<String> commits = new ArrayList<>();
        try (RevWalk walk = new RevWalk(repository)) {
            walk.markStart(walk.parseCommit(head));
            walk.markUninteresting(walk.parseCommit(base));
            for (RevCommit c : walk) {
                if (!c.getFooterLines(CommitMessage.TRAILER).isEmpty()) {
                    continue;
                }
                Set<String> changed = changed(repository, walk, c, touched);
                if (!changed.isEmpty()) {
                    files.addAll(changed);
                    commits.add(c.abbreviate(10).name() + " \"" + c.getShortMessage() + "\" by "
                            + c.getAuthorIdent().getName());
                }
            }
        } catch (IOException e) {
            throw Remote.failure("could not read the history of the clone: " + e.getMessage(), e);
        }
        return new RemoteMoves(files, commits);
    }

    boolean isEmpty() {
        return files.isEmpty();
    }

    /**
     * The refusal: which commits moved the branch, by id, subject and author, and which files they and
     * the upgrade both change.
     */
    String describe(String cluster, String branch, ObjectId base) {
        return (commits.size() == 1 ? "commit " : "commits ") + String.join("; ", commits) + " changed " + branch
                + " after the fleet was read at " + base.abbreviate(10).name() + ", in " + (files.size() == 1
                        ? "a file" : "files") + " the upgrade of " + cluster + " changes too: " + String.join(", ",
                        files) + "; Upshift does not write over a person's change: plan again from the new head";
    }

    private static Set<String> changed(Repository repository, RevWalk walk, RevCommit c, Collection<String> touched)
            throws IOException {
        Set<String> out = new TreeSet<>();
        try (TreeWalk tree = new TreeWalk(repository)) {
            if (c.getParentCount() > 0) {
                tree.addTree(walk.parseCommit(c.getParent(0)).getTree());
            } else {
                tree.addTree(new org.eclipse.jgit.treewalk.EmptyTreeIterator());
            }
            tree.addTree(c.getTree());
            tree.setRecursive(true);
            tree.setFilter(AndTreeFilter.create(PathFilterGroup.createFromStrings(touched), TreeFilter.ANY_DIFF));
            while (tree.next()) {
                out.add(tree.getPathString());
            }
        }
        return out;
    }
}
