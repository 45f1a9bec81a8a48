package dev.upshift.adapters.git;

import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * Which commits carry which upgrade's trailer ({@value CommitMessage#TRAILER}), on the branches
 * looked at: the exactly-once check. Each commit is read once: a later look walks only the commits
 * added since, the tips already indexed being marked uninteresting.
 */
final class PublishedCommits {
    private final Map<String, ObjectId> byKey = new HashMap<>();
    private final Set<ObjectId> indexedTips = new HashSet<>();

    /** The commit carrying the upgrade's key among the ancestors of {@code tip}, if any. */
    Optional<ObjectId> find(Repository repository, ObjectId tip, String key) {
        if (!indexedTips.contains(tip)) {
            index(repository, tip);
        }
        return Optional.ofNullable(byKey.get(key));
    }

    private void index(Repository repository, ObjectId tip) {
        try (RevWalk walk = new RevWalk(repository)) {
            walk.markStart(walk.parseCommit(tip));
            for (ObjectId seen : indexedTips) {
                if (repository.getObjectDatabase().has(seen)) {
                    walk.markUninteresting(walk.parseCommit(seen));
                }
            }
            for (RevCommit c : walk) {
                for (String key : c.getFooterLines(CommitMessage.TRAILER)) {
                    byKey.putIfAbsent(key.strip(), c.copy());
                }
            }
            indexedTips.add(tip.copy());
        } catch (IOException e) {
            throw Remote.failure("could not read the history of the clone: " + e.getMessage(), e);
        }
    }
}
