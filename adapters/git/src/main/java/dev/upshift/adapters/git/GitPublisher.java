package dev.upshift.adapters.git;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.file.FilePublisher;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.Publication;
import dev.upshift.spi.Upgrade;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;

/**
 * A {@link ChangePublisher} into a git repository: each upgrade becomes one reviewable commit, pushed
 * to the remote, for GitOps tooling (Flux, Argo CD) to apply. Built on a {@link GitCheckout}, the
 * working clone that the {@link GitFleetSource} reads the fleet from, so that the files the fleet was
 * read from are the files the upgrade edits.
 *
 * <pre>{@code
 * GitPublisher publisher = GitPublisher.builder(checkout)
 *         .fleetPath("fleet")
 *         .branchPerUpgrade(true)
 *         .author("Platform bot", "platform-bot@example.com")
 *         .build();
 * }</pre>
 *
 * <h2>What a publication does</h2>
 * Fetch; if a commit carrying the upgrade's id as its {@value CommitMessage#TRAILER} trailer is on
 * the target branch (or on the upgrade's own branch), answer {@link Publication#published} with it
 * and write nothing. Otherwise put the work tree at the remote's head, make the change with the
 * minimal text edits of the {@link FilePublisher} (comments and layout kept: {@code git diff} shows
 * only the changed lines), commit it with a message in a reviewer's words and the trailer, and
 * push: straight onto the target branch, or ({@link Builder#branchPerUpgrade}) onto a new branch
 * {@code upshift/<cluster>/<to>} built on the target branch's head, ready for a pull request.
 *
 * <h2>Guarantees</h2>
 * <ul>
 *   <li><b>Never a force push.</b> Every push is a fast-forward with a lease: it succeeds only when
 *       the remote branch still holds the commit the new one was built on (a new upgrade branch:
 *       only when it does not exist yet).
 *   <li><b>A moved remote.</b> When the push finds the branch moved (not a fast-forward, the lease
 *       failed, or it moved between the remote's check and its ref update: C git's "cannot lock ref
 *       … but expected …", JGit's "failed to lock"), the publisher fetches
 *       and looks at the commits made since the fleet was read: if none of them (Upshift's own
 *       commits aside) changed a file this upgrade edits, it makes the change again on the new head
 *       and pushes again, at most {@link Builder#retries} more times; if one did, the answer is a
 *       rejection naming the files and the commits.
 *   <li><b>Exactly once.</b> The trailer is looked for before any commit is made, so a publisher
 *       killed between its push and the engine's journal answers {@code published} with the same
 *       commit next time, and a repeat makes no second commit.
 * </ul>
 *
 * <h2>Answers</h2>
 * {@link Publication#rejected}: the change is blocked or cannot be made in place (as the
 * {@link FilePublisher} answers), a file lies outside the work tree, inside {@code .git}, leads out
 * through a link or differs from another only in case, the cluster's name cannot name a branch, a
 * file the upgrade edits changed on the remote since the fleet was read, or the remote refused the
 * push for good (a protected branch, a hook). An {@link UncheckedIOException} when the remote cannot
 * be reached or kept moving through every retry: nothing was published (an engine tries again on its
 * next reconcile). Its message is for people: no Java class, no JGit wording.
 *
 * <p>Not thread-safe: the engine publishes on its reconcile thread, one upgrade at a time.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class GitPublisher implements ChangePublisher {
    private final GitCheckout checkout;
    private final FilePublisher files;
    private final boolean branchPerUpgrade;
    private final Signature author;
    private final Signature committer;
    private final int retries;
    private final PublishedCommits published = new PublishedCommits();
    private final Runnable beforePush;

    private GitPublisher(Builder b) {
        this.checkout = b.checkout;
        this.files = FilePublisher.of(WorkTreeFolder.resolve(checkout.workTree(), b.fleetPath));
        this.branchPerUpgrade = b.branchPerUpgrade;
        this.author = b.author;
        this.committer = b.committer == null ? b.author : b.committer;
        this.retries = b.retries;
        this.beforePush = b.beforePush;
    }

    /** A builder of a publisher into the given checkout's remote. */
    public static Builder builder(GitCheckout checkout) {
        return new Builder(checkout);
    }

    @Override
    public Publication publish(Upgrade upgrade, MergeResult change) {
        Objects.requireNonNull(upgrade, "upgrade");
        Objects.requireNonNull(change, "change");
        if (!CommitMessage.carries(upgrade.id())) {
            return Publication.rejected("the id of upgrade " + upgrade + " cannot travel as a commit trailer (it spans"
                    + " lines or has surrounding spaces)");
        }
        Optional<String> ownBranch = Optional.empty();
        if (branchPerUpgrade) {
            String name = "upshift/" + upgrade.cluster().id() + "/" + upgrade.to();
            if (!Repository.isValidRefName("refs/heads/" + name) || upgrade.cluster().id().contains("/")) {
                return Publication.rejected("cluster " + upgrade.cluster().id() + " cannot name a git branch ('" + name
                        + "' is not a valid branch name); rename the cluster or publish onto the target branch");
            }
            ownBranch = Optional.of(name);
        }
        Repository repository = checkout.repository();
        Set<String> touched = null;
        ObjectId base = checkout.syncedCommit().map(ObjectId::fromString).orElse(null);
        String lastMove = "";
        for (int attempt = 0; attempt <= retries; attempt++) {
            fetch();
            ObjectId head = checkout.remoteHead(checkout.branch()).orElseThrow(checkout::noBranch);
            Optional<ObjectId> ownHead = ownBranch.flatMap(checkout::remoteHead);
            Optional<Publication> done = alreadyPublished(repository, upgrade.id(), head, ownHead, ownBranch);
            if (done.isPresent()) {
                return done.get();
            }
            if (ownHead.isPresent()) {
                return Publication.rejected("the branch " + ownBranch.get() + " already exists on " + checkout.shown()
                        + " without a commit for upgrade " + upgrade.id() + "; delete it to publish again");
            }
            if (touched == null) {
                try {
                    touched = WorkTreePaths.touched(checkout.workTree(), upgrade, change);
                } catch (WorkTreePaths.Refused e) {
                    return Publication.rejected(e.getMessage());
                }
            }
            base = base == null ? head : base;
            Attempt result = attempt(upgrade, change, touched, base, head, ownBranch);
            if (result.answer().isPresent()) {
                return result.answer().get();
            }
            lastMove = result.moved();
        }
        throw Remote.failure("could not publish " + upgrade + " to " + checkout.shown() + ": " + checkout.branch()
                + " kept moving through " + (retries + 1) + " pushes (the last time: " + lastMove
                + "); nothing was published");
    }

    /** Fetches the remote; one that cannot be reached is an exception saying that nothing was published. */
    private void fetch() {
        try {
            checkout.fetch();
        } catch (UncheckedIOException e) {
            throw Remote.failure(e.getMessage() + "; nothing was published", e);
        }
    }

    /** One try: an answer, or why the push found the branch moved. */
    private record Attempt(Optional<Publication> answer, String moved) {}

    private Attempt attempt(Upgrade upgrade, MergeResult change, Set<String> touched, ObjectId base, ObjectId head,
            Optional<String> ownBranch) {
        Repository repository = checkout.repository();
        String target = checkout.branch();
        if (!head.equals(base)) {
            RemoteMoves moves = RemoteMoves.between(repository, base, head, touched);
            if (!moves.isEmpty()) {
                return answer(Publication.rejected(moves.describe(upgrade.cluster().id(), target, base)));
            }
        }
        checkout.resetTo(head);
        Publication applied = files.publish(upgrade, change);
        if (applied instanceof Publication.Rejected) {
            checkout.resetTo(head);
            return answer(applied);
        }
        List<String> changed = checkout.stageChanged(head, touched);
        if (changed.isEmpty()) {
            return answer(Publication.published("already on " + target + " at " + head.name() + " ("
                    + ((Publication.Published) applied).reference() + ")"));
        }
        try {
            WorkTreePaths.distinctIgnoringCase(repository, head, changed);
        } catch (WorkTreePaths.Refused e) {
            checkout.resetTo(head);
            return answer(Publication.rejected(e.getMessage()));
        }
        ObjectId commit = commit(CommitMessage.of(upgrade, change, changed));
        beforePush.run();
        String destination = ownBranch.orElse(target);
        Remote.Pushed pushed = Remote.push(repository, checkout.shown(), commit, destination,
                ownBranch.isPresent() ? ObjectId.zeroId() : head);
        if (pushed instanceof Remote.Accepted) {
            return answer(Publication.published(reference(commit, destination)));
        }
        checkout.resetTo(head);
        if (pushed instanceof Remote.Refused r) {
            return answer(Publication.rejected(r.why()));
        }
        return new Attempt(Optional.empty(), ((Remote.Moved) pushed).why());
    }

    private static Attempt answer(Publication p) {
        return new Attempt(Optional.of(p), "");
    }

    private Optional<Publication> alreadyPublished(Repository repository, String key, ObjectId head,
            Optional<ObjectId> ownHead, Optional<String> ownBranch) {
        Optional<ObjectId> onTarget = published.find(repository, head, key);
        if (onTarget.isPresent()) {
            return Optional.of(Publication.published(reference(onTarget.get(), checkout.branch())));
        }
        if (ownHead.isPresent()) {
            Optional<ObjectId> onOwn = published.find(repository, ownHead.get(), key);
            if (onOwn.isPresent()) {
                return Optional.of(Publication.published(reference(onOwn.get(), ownBranch.orElseThrow())));
            }
        }
        return Optional.empty();
    }

    private static String reference(ObjectId commit, String branch) {
        return "commit " + commit.name() + " on " + branch;
    }

    private ObjectId commit(String message) {
        try {
            return checkout.git().commit().setMessage(message).setAuthor(author.now()).setCommitter(committer.now())
                    .setSign(false).setNoVerify(true).call().copy();
        } catch (GitAPIException e) {
            throw Remote.failure("could not commit in the clone of " + checkout.shown() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "git publisher into " + checkout.shown() + " (" + (branchPerUpgrade ? "a branch per upgrade from "
                : "onto ") + checkout.branch() + ")";
    }

    /**
     * Configures a {@link GitPublisher}; each setter checks its value at once.
     */
    public static final class Builder {
        private final GitCheckout checkout;
        private String fleetPath = "";
        private boolean branchPerUpgrade;
        private Signature author = new Signature("Upshift", "upshift@localhost", java.time.Clock.systemUTC());
        private Signature committer;
        private int retries = 5;
        private Runnable beforePush = () -> { };

        private Builder(GitCheckout checkout) {
            this.checkout = Objects.requireNonNull(checkout, "checkout");
        }

        /**
         * The folder of the fleet inside the repository ({@code ""}, the default, for its root); the
         * same the {@link GitFleetSource} reads.
         *
         * @throws IllegalArgumentException when it is absolute, climbs out or enters {@code .git}
         */
        public Builder fleetPath(String path) {
            WorkTreeFolder.resolve(checkout.workTree(), path);
            this.fleetPath = path;
            return this;
        }

        /** Whether each upgrade goes to a branch of its own, {@code upshift/<cluster>/<to>} (default: false, onto the target branch). */
        public Builder branchPerUpgrade(boolean perUpgrade) {
            this.branchPerUpgrade = perUpgrade;
            return this;
        }

        /** Who the commits' author is (default {@code Upshift <upshift@localhost>}); the committer too unless set. */
        public Builder author(String name, String email) {
            this.author = new Signature(name, email, author.clock());
            return this;
        }

        /** Who commits (default: the author). */
        public Builder committer(String name, String email) {
            this.committer = new Signature(name, email, author.clock());
            return this;
        }

        /** The clock that dates the commits (default: the system's, in UTC). */
        public Builder clock(java.time.Clock clock) {
            Objects.requireNonNull(clock, "clock");
            this.author = new Signature(author.name(), author.email(), clock);
            if (committer != null) {
                this.committer = new Signature(committer.name(), committer.email(), clock);
            }
            return this;
        }

        /**
         * How many times a push that found the branch moved is made again on the new head (default 5).
         *
         * @throws IllegalArgumentException when negative or over 100
         */
        public Builder retries(int times) {
            if (times < 0 || times > 100) {
                throw new IllegalArgumentException("retries must be between 0 and 100, not " + times);
            }
            this.retries = times;
            return this;
        }

        /** For tests: runs between the commit and its push (a person pushing in the meantime). */
        Builder beforePush(Runnable action) {
            this.beforePush = Objects.requireNonNull(action, "action");
            return this;
        }

        /** The publisher. */
        public GitPublisher build() {
            return new GitPublisher(this);
        }
    }
}
