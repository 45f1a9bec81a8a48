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
    }

    /** Opens the working clone in {@code folder} (cloning when needed) and reads the branch's head. */
    GitCheckout open(Path folder) {
        GitCheckout checkout;
        try {
            checkout = GitCheckout.open(url, branch, folder);
        } catch (IllegalArgumentException e) {
            throw new UpshiftException(e.getMessage());
        }
        try {
            checkout.sync();
            return checkout;
        } catch (RuntimeException e) {
            checkout.close();
            throw e;
        }
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
            throw new UncheckedIOException("could not make a temporary folder for the clone of " + url, e);
        }
    }

    /** A fleet folder to read, and the temporary clone it lies in, if any. */
    record Reading(Path folder, GitCheckout checkout, Path temporary) implements AutoCloseable {
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
        return "read " + checkout.url() + " (" + checkout.branch() + ") at commit "
                + checkout.syncedCommit().orElseThrow();
    }
}
