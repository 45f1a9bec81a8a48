package dev.upshift.examples.cli;

import dev.upshift.adapters.git.GitCheckout;
import dev.upshift.adapters.git.GitPublisher;
import dev.upshift.common.problem.UpshiftException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * A fleet in a git repository in place of {@code --fleet} (docs/adapters.md, "git"): {@code --git URL}
 * with its branch and the fleet's folder in it. The commands read the fleet at the branch's head
 * from a working clone that Upshift owns ({@code STATE/checkout}; a temporary one for the commands
 * that keep no state), and {@code run} and {@code apply} publish each upgrade as a commit pushed to
 * the branch, or to a branch of its own.
 */
final class GitRepository {
    @Option(names = "--git", paramLabel = "URL", description = "a git repository holding the fleet, in place of"
            + " --fleet: read at the head of --branch, and upgrades published into it as commits")
    String url;

    @Option(names = "--branch", paramLabel = "B", defaultValue = "main",
            description = "with --git: the branch the fleet is read from and published to (default: ${DEFAULT-VALUE})")
    String branch;

    @Option(names = "--path", paramLabel = "SUBDIR", defaultValue = "",
            description = "with --git: the fleet's folder in the repository (default: its root)")
    String path;

    @Option(names = "--branch-per-upgrade", description = "with --git: each upgrade on a branch of its own,"
            + " upshift/CLUSTER/VERSION, ready for a pull request, instead of onto --branch")
    boolean branchPerUpgrade;

    @Option(names = "--author", paramLabel = "'NAME <EMAIL>'", defaultValue = "Upshift <upshift@localhost>",
            description = "with --git: the commits' author and committer (default: ${DEFAULT-VALUE})")
    String author;

    /** Whether the command line names a repository. */
    boolean given() {
        return url != null;
    }

    /**
     * Checks that exactly one of {@code --fleet} and {@code --git} is given, and that the git options
     * go with {@code --git}.
     */
    void check(CommandLine cl, Path fleet) {
        if ((fleet == null) == (url == null)) {
            throw new CommandLine.ParameterException(cl, fleet == null ? "give the fleet: --fleet DIR or --git URL"
                    : "--fleet and --git both name a fleet; give one");
        }
        if (url == null && (branchPerUpgrade || !path.isEmpty() || !"main".equals(branch)
                || cl.getParseResult().hasMatchedOption("--branch"))) {
            throw new CommandLine.ParameterException(cl, "--branch, --path and --branch-per-upgrade go with --git");
        }
        int open = author.lastIndexOf(" <");
        if (open <= 0 || !author.endsWith(">") || open + 3 >= author.length()) {
            throw new CommandLine.ParameterException(cl, "--author is 'NAME <EMAIL>', not '" + author + "'");
        }
        if (url != null && GitCheckout.isSsh(url)) {
            throw new CommandLine.ParameterException(cl, "--git " + GitCheckout.withoutCredentials(url) + ": the CLI"
                    + " does not support SSH remotes (ssh://, or user@host:path): it ships without JGit's SSH module."
                    + " Give a file://, git://, http:// or https:// URL (credentials in its user part), or a path");
        }
    }

    /**
     * Opens the working clone in {@code folder} (cloning when needed), reads the branch's head and
     * checks that the fleet's folder is there.
     */
    GitCheckout open(Path folder) {
        GitCheckout checkout;
        try {
            checkout = GitCheckout.open(url, branch, folder);
        } catch (IllegalArgumentException e) {
            throw new UpshiftException(e.getMessage());
        }
        try {
            checkout.sync();
            Path fleet = fleet(checkout);
            if (!Files.isDirectory(fleet)) {
                throw new UpshiftException("the repository " + GitCheckout.withoutCredentials(url) + " has no folder '"
                        + path + "' on " + branch + " at commit " + checkout.syncedCommit().orElseThrow()
                        + (Files.exists(fleet) ? " (it is a file)" : "") + "; give the fleet's folder in it with --path");
            }
            return checkout;
        } catch (RuntimeException e) {
            checkout.close();
            throw e;
        }
    }

    /**
     * Where a remote's state is, for the output of {@code run} and {@code apply}: the folder, and why
     * there unless {@code --state} named it.
     */
    static String stateText(Path folder, boolean given) {
        if (given) {
            return folder.toString();
        }
        if (folder.getFileName() != null && folder.getFileName().toString().equals(
                dev.upshift.core.journal.JsonLinesJournal.STATE_FOLDER)) {
            return folder + " (kept from before: it holds this remote's clone; new remotes get a folder of their own"
                    + " under " + folder.resolve(StateFolders.GIT) + ")";
        }
        return folder + " (this remote's journal and clone; --state DIR puts them elsewhere)";
    }

    /** The fleet's folder in the work tree. */
    Path fleet(GitCheckout checkout) {
        return checkout.workTree().resolve(path).normalize();
    }

    /** The fleet's folder in a work tree that will be at {@code checkout}. */
    Path fleetIn(Path checkout) {
        return checkout.toAbsolutePath().normalize().resolve(path).normalize();
    }

    /** The publisher the options describe. */
    GitPublisher publisher(GitCheckout checkout) {
        int open = author.lastIndexOf(" <");
        try {
            return GitPublisher.builder(checkout).fleetPath(path).branchPerUpgrade(branchPerUpgrade)
                    .author(author.substring(0, open), author.substring(open + 2, author.length() - 1)).build();
        } catch (IllegalArgumentException e) {
            throw new UpshiftException(e.getMessage());
        }
    }

    /**
     * The fleet folder a command that keeps no state reads: {@code fleet} itself, or the fleet's
     * folder in a temporary clone of the repository at the branch's head, removed on close.
     */
    Reading read(Path fleet, java.io.PrintWriter err) {
        if (url == null) {
            return new Reading(fleet, null, null);
        }
        try {
            Path temporary = Files.createTempDirectory("upshift-git-");
            GitCheckout checkout;
            try {
                checkout = open(temporary.resolve("checkout"));
            } catch (RuntimeException e) {
                delete(temporary);
                throw e;
            }
            err.println("upshift: " + readAt(checkout));
            err.flush();
            return new Reading(fleet(checkout), checkout, temporary);
        } catch (IOException e) {
            throw new UncheckedIOException("could not make a temporary folder for the clone of "
                    + GitCheckout.withoutCredentials(url) + ": " + e.getMessage(), e);
        }
    }

    /** A fleet folder to read, and the temporary clone it lies in, if any. */
    record Reading(Path folder, GitCheckout checkout, Path temporary) implements AutoCloseable {
        /**
         * {@code out} showing every path inside the temporary clone relative to the repository's root
         * ({@code fleet/clusters/a.yaml:3:1: …}), as a reviewer of the repository names its files: the
         * temporary folder is gone when the command ends. {@code out} itself without a clone.
         */
        java.io.PrintWriter inRepository(java.io.PrintWriter out) {
            if (checkout == null) {
                return out;
            }
            return new java.io.PrintWriter(new RepositoryPaths(checkout.workTree(), out), true);
        }

        /** An exception's message with the temporary clone's paths made relative, as {@link #inRepository} shows them. */
        RuntimeException inRepository(RuntimeException e) {
            if (checkout == null || e.getMessage() == null || !e.getMessage().contains(temporary.toString())) {
                return e;
            }
            return new UpshiftException(RepositoryPaths.relative(checkout.workTree(), e.getMessage()));
        }

        @Override
        public void close() {
            if (checkout != null) {
                checkout.close();
                delete(temporary);
            }
        }
    }

    private static void delete(Path folder) {
        try (Stream<Path> all = Files.walk(folder)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temporary folder left behind is the system's to clean
        }
    }

    /** {@code read https://… (main) at commit 0123abcd…}: which commit a command read. */
    static String readAt(GitCheckout checkout) {
        return "read " + GitCheckout.withoutCredentials(checkout.url()) + " (" + checkout.branch() + ") at commit "
                + checkout.syncedCommit().orElseThrow();
    }
}
