package dev.upshift.adapters.git;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import org.apiguardian.api.API;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.ResetCommand;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheEditor;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.StoredConfig;
import org.eclipse.jgit.revwalk.RevTree;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.transport.RefSpec;
import org.eclipse.jgit.transport.URIish;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * A working clone that Upshift owns: a folder holding a clone of one remote repository, whose work
 * tree it resets at will. Nothing else may write into it (a person's changes there are discarded);
 * the {@link GitFleetSource} reads the fleet from it and the {@link GitPublisher} writes and commits
 * there, so that the files a fleet was read from are the files an upgrade edits.
 *
 * <pre>{@code
 * GitCheckout checkout = GitCheckout.open("https://git.example.com/platform/fleet.git", "main",
 *         Path.of("state/checkout"));
 * String commit = checkout.sync(); // fetch, and the work tree at main's head
 * }</pre>
 *
 * <p>The clone keeps its line endings as committed ({@code core.autocrlf false}, whatever the
 * user's git configuration says) so that an edit changes only its lines. One process at a time may
 * use a folder (the engine's lock sees to that): opening one removes the lock files that a killed
 * process left in it. Not thread-safe: one engine uses one checkout, on its reconcile thread.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class GitCheckout implements AutoCloseable {
    static final String REMOTE = "origin";

    private final String url;
    private final String branch;
    private final Path workTree;
    private final Git git;
    private Optional<String> synced = Optional.empty();

    private GitCheckout(String url, String branch, Path workTree, Git git) {
        this.url = url;
        this.branch = branch;
        this.workTree = workTree;
        this.git = git;
    }

    /**
     * Opens the clone in {@code folder}, cloning {@code url} into it first when it holds none.
     *
     * @param url the remote repository: {@code file://}, {@code git://}, {@code http(s)://} or a
     *     path ({@code ssh://} needs JGit's SSH module on the class path, which this module does not
     *     bring)
     * @param branch the branch the fleet is read from and, by default, published to
     * @param folder the folder the clone lives in; created when missing
     * @throws IllegalArgumentException when the branch name is not a valid git branch name, or the
     *     folder holds a clone of another remote
     * @throws UncheckedIOException when the remote cannot be reached or the folder cannot be written
     */
    public static GitCheckout open(String url, String branch, Path folder) {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(branch, "branch");
        Objects.requireNonNull(folder, "folder");
        if (url.isBlank()) {
            throw new IllegalArgumentException("a git remote needs a URL");
        }
        if (!Repository.isValidRefName("refs/heads/" + branch)) {
            throw new IllegalArgumentException("'" + branch + "' is not a valid git branch name");
        }
        Path tree = folder.toAbsolutePath().normalize();
        try {
            Path dotGit = tree.resolve(".git");
            if (Files.isDirectory(dotGit)) {
                removeStaleLocks(dotGit);
                if (!isCompleteClone(tree)) {
                    delete(dotGit); // a clone killed before it wrote its remote: start it again
                }
            }
            if (!Files.isDirectory(dotGit) && Files.isDirectory(tree)) {
                try (java.util.stream.Stream<Path> inside = Files.list(tree)) {
                    if (inside.findAny().isPresent()) {
                        throw new IllegalArgumentException(tree + " is not empty and holds no clone; give the"
                                + " checkout a folder of its own");
                    }
                }
            }
            Git git = Files.isDirectory(dotGit) ? Git.open(tree.toFile()) : clone(url, tree);
            StoredConfig config = git.getRepository().getConfig();
            String configured = config.getString("remote", REMOTE, "url");
            if (!url.equals(configured)) {
                if (configured == null || !withoutCredentials(url).equals(withoutCredentials(configured))) {
                    git.close();
                    throw new IllegalArgumentException(tree + " holds a clone of " + (configured == null ? "no remote"
                            : withoutCredentials(configured)) + ", not of " + withoutCredentials(url) + "; give each remote its own folder");
                }
                config.setString("remote", REMOTE, "url", url); // the same remote with new credentials
            }
            config.setBoolean("core", null, "autocrlf", false);
            config.setString("core", null, "eol", "lf");
            config.save();
            return new GitCheckout(url, branch, tree, git);
        } catch (IOException e) {
            throw new UncheckedIOException("could not open the git checkout in " + tree + ": " + e.getMessage(), e);
        }
    }

    /**
     * The remote whose clone {@code folder} holds, as {@link #open} cloned it; empty when the folder
     * holds no complete clone (or does not exist). Reads only: a tool deciding where a remote's
     * clone lives asks this before it opens one.
     */
    public static Optional<String> remoteOf(Path folder) {
        Objects.requireNonNull(folder, "folder");
        if (!Files.isDirectory(folder.resolve(".git"))) {
            return Optional.empty();
        }
        try (Git git = Git.open(folder.toFile())) {
            return Optional.ofNullable(git.getRepository().getConfig().getString("remote", REMOTE, "url"));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * Whether a remote's address names SSH ({@code ssh://}, {@code git+ssh://}, or scp-like
     * {@code user@host:path}), which needs JGit's SSH module on the class path: this module does not
     * bring it, so a tool can refuse such an address up front, saying what it supports.
     */
    public static boolean isSsh(String url) {
        return Remote.isSsh(Objects.requireNonNull(url, "url"));
    }

    /**
     * A remote's address without the user and password of its user part ({@code https://u:token@host/x}
     * is {@code https://host/x}): what names the remote, and what a message may show.
     */
    public static String withoutCredentials(String url) {
        Objects.requireNonNull(url, "url");
        try {
            URIish uri = new URIish(url);
            if (uri.getScheme() == null || (uri.getUser() == null && uri.getPass() == null)) {
                return url;
            }
            return uri.setUser(null).setPass(null).toString();
        } catch (java.net.URISyntaxException e) {
            return url;
        }
    }

    /**
     * Removes the lock files a killed process left in the clone's {@code .git} (outside its objects):
     * the folder belongs to one process at a time (the engine's lock sees to that), so a lock found
     * when it opens is no one's, and would stop every later fetch, reset and commit.
     */
    private static void removeStaleLocks(Path dotGit) throws IOException {
        try (java.util.stream.Stream<Path> all = Files.walk(dotGit)) {
            for (Path p : all.filter(p -> !p.startsWith(dotGit.resolve("objects")))
                    .filter(p -> p.getFileName().toString().endsWith(".lock")).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static boolean isCompleteClone(Path tree) throws IOException {
        try (Git git = Git.open(tree.toFile())) {
            return git.getRepository().getConfig().getString("remote", REMOTE, "url") != null;
        } catch (org.eclipse.jgit.errors.RepositoryNotFoundException e) {
            return false;
        }
    }

    private static void delete(Path folder) throws IOException {
        try (java.util.stream.Stream<Path> all = Files.walk(folder)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static Git clone(String url, Path tree) throws IOException {
        Files.createDirectories(tree);
        try {
            return Git.cloneRepository().setURI(url).setDirectory(tree.toFile()).setRemote(REMOTE).setNoCheckout(true)
                    .setCloneAllBranches(true).call();
        } catch (GitAPIException | org.eclipse.jgit.api.errors.JGitInternalException e) {
            throw Remote.unreachable("clone", withoutCredentials(url), e);
        }
    }

    /** The remote's URL, as given (credentials in its user part included). */
    public String url() {
        return url;
    }

    /** The remote's URL as messages show it: without credentials. */
    String shown() {
        return withoutCredentials(url);
    }

    /** The branch the fleet is read from. */
    public String branch() {
        return branch;
    }

    /** The root of the work tree. */
    public Path workTree() {
        return workTree;
    }

    /**
     * Fetches the remote and puts the work tree at the head of {@link #branch()}: every file as
     * committed, nothing else (changes and untracked files are discarded).
     *
     * @return the commit id the work tree now holds
     * @throws UncheckedIOException when the remote cannot be reached, or the branch does not exist
     */
    public String sync() {
        fetch();
        ObjectId head = remoteHead(branch).orElseThrow(this::noBranch);
        resetTo(head);
        synced = Optional.of(head.name());
        return head.name();
    }

    /** The commit the last {@link #sync()} put in the work tree; empty before the first. */
    public Optional<String> syncedCommit() {
        return synced;
    }

    Repository repository() {
        return git.getRepository();
    }

    Git git() {
        return git;
    }

    /** Fetches every branch of the remote; a branch deleted there is deleted here. */
    void fetch() {
        try {
            git.fetch().setRemote(REMOTE).setRemoveDeletedRefs(true)
                    .setRefSpecs(new RefSpec("+refs/heads/*:refs/remotes/" + REMOTE + "/*")).call();
        } catch (GitAPIException | org.eclipse.jgit.api.errors.JGitInternalException e) {
            throw Remote.unreachable("fetch from", shown(), e);
        }
    }

    /** The exception for a remote without {@link #branch()}: naming the branches it has. */
    UncheckedIOException noBranch() {
        List<String> names = new ArrayList<>();
        try {
            for (org.eclipse.jgit.lib.Ref r : git.getRepository().getRefDatabase()
                    .getRefsByPrefix("refs/remotes/" + REMOTE + "/")) {
                names.add(r.getName().substring(("refs/remotes/" + REMOTE + "/").length()));
            }
        } catch (IOException e) {
            // the names are a hint only
        }
        names.remove("HEAD");
        return Remote.failure("the remote " + shown() + " has no branch '" + branch + "' (" + (names.isEmpty()
                ? "it has no branch at all: push a first commit" : "its branches: " + String.join(", ",
                        new TreeSet<>(names))) + ")");
    }

    /** The head of a branch of the remote, as last fetched. */
    Optional<ObjectId> remoteHead(String name) {
        try {
            return Optional.ofNullable(git.getRepository().resolve("refs/remotes/" + REMOTE + "/" + name));
        } catch (IOException e) {
            throw Remote.failure("could not read the branches fetched from " + shown() + ": " + e.getMessage(), e);
        }
    }

    /** The work tree exactly at a commit (detached): changes and untracked files discarded. */
    void resetTo(ObjectId commit) {
        try {
            git.reset().setMode(ResetCommand.ResetType.HARD).call();
            git.clean().setCleanDirectories(true).setForce(true).setIgnore(false).call();
            git.checkout().setName(commit.name()).call();
        } catch (GitAPIException e) {
            throw Remote.failure("could not put the clone of " + shown() + " at commit " + commit.name() + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * Stages those of {@code paths} (relative to the work tree, with {@code /}) whose content differs
     * from {@code commit}'s, by their bytes as git would commit them (line endings converted back as
     * the repository's {@code .gitattributes} ask, {@link LineEndings}): no time stamps are trusted,
     * since an edit may keep a file's size within the second it was checked out.
     *
     * @return the paths staged, sorted
     */
    List<String> stageChanged(ObjectId commit, Collection<String> paths) {
        Repository repository = git.getRepository();
        List<String> changed = new ArrayList<>();
        try (ObjectInserter inserter = repository.newObjectInserter(); RevWalk walk = new RevWalk(repository)) {
            RevTree tree = walk.parseCommit(commit).getTree();
            Map<String, LineEndings.Conversion> endings = LineEndings.of(repository, tree, paths);
            DirCache index = repository.lockDirCache();
            try {
                DirCacheEditor editor = index.editor();
                for (String path : new TreeSet<>(paths)) {
                    Path file = workTree.resolve(path);
                    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                        continue;
                    }
                    Optional<ObjectId> before;
                    try (TreeWalk at = TreeWalk.forPath(repository, path, tree)) {
                        before = at == null ? Optional.empty() : Optional.of(at.getObjectId(0));
                    }
                    Optional<byte[]> committed = before.isEmpty() ? Optional.empty()
                            : Optional.of(repository.open(before.get(), Constants.OBJ_BLOB).getBytes());
                    byte[] bytes = endings.getOrDefault(path, LineEndings.Conversion.NONE)
                            .toCommit(Files.readAllBytes(file), committed);
                    ObjectId blob = inserter.idFor(Constants.OBJ_BLOB, bytes);
                    if (before.isPresent() && before.get().equals(blob)) {
                        continue;
                    }
                    inserter.insert(Constants.OBJ_BLOB, bytes);
                    editor.add(new DirCacheEditor.PathEdit(path) {
                        @Override
                        public void apply(DirCacheEntry entry) {
                            if (entry.getRawMode() == 0) {
                                entry.setFileMode(FileMode.REGULAR_FILE);
                            }
                            entry.setObjectId(blob);
                            entry.setLength(bytes.length);
                        }
                    });
                    changed.add(path);
                }
                inserter.flush();
                editor.commit();
            } finally {
                index.unlock();
            }
        } catch (IOException e) {
            throw Remote.failure("could not stage the change in the clone of " + shown() + ": " + e.getMessage(), e);
        }
        return changed;
    }

    @Override
    public void close() {
        git.close();
    }

    @Override
    public String toString() {
        return "git checkout of " + shown() + " (" + branch + ") in " + workTree;
    }
}
