package dev.upshift.adapters.git;

import dev.upshift.testkit.fleet.TestFleet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Bare repositories made with the git command line, holding a fleet in {@code fleet/}, and the
 * commits a person makes in them (from a clone of their own, pushed).
 */
final class Remotes {
    private Remotes() {}

    /** A bare repository {@code dir/remote.git} whose main branch holds the fleet under {@code fleet/}. */
    static Path bareWithFleet(Path dir, TestFleet fleet) {
        return bareWithFleet(dir, fleet, Map.of());
    }

    /**
     * The same, with more files in its first commit (a {@code .gitattributes}), committed by the git
     * command line as a person commits them: with their attributes applied.
     */
    static Path bareWithFleet(Path dir, TestFleet fleet, Map<String, String> files) {
        Path bare = dir.resolve("remote.git");
        GitCli.run(dir, "init", "--bare", "-b", "main", bare.toString());
        Path seed = dir.resolve("seed");
        GitCli.run(dir, "clone", bare.toString(), seed.toString());
        fleet.writeTo(seed.resolve("fleet"));
        write(seed.resolve("README.md"), "the fleet\n");
        files.forEach((name, text) -> write(seed.resolve(name), text));
        GitCli.run(seed, "add", "-A");
        GitCli.run(seed, "commit", "-m", "The fleet");
        GitCli.run(seed, "push", "origin", "HEAD:main");
        return bare;
    }

    /** The file URL of a bare repository. */
    static String url(Path bare) {
        return bare.toUri().toString();
    }

    /** A person clones, edits one file of the fleet, commits and pushes; the new commit's id. */
    static String personCommits(Path bare, Path scratch, String file, UnaryOperator<String> edit, String subject) {
        Path clone = scratch.resolve("person-" + System.nanoTime());
        GitCli.run(scratch, "clone", "-q", bare.toString(), clone.toString());
        Path f = clone.resolve(file);
        write(f, edit.apply(read(f)));
        GitCli.run(clone, "commit", "-q", "-am", subject);
        GitCli.run(clone, "push", "-q", "origin", "HEAD:main");
        return GitCli.run(clone, "rev-parse", "HEAD").strip();
    }

    /**
     * A person's commit editing one file, pushed to a branch of its own ({@code refs/heads/NAME}), not
     * to main: a test's hook moves main to it at the moment it chooses. The new commit's id.
     */
    static String personCommitsAside(Path bare, Path scratch, String file, UnaryOperator<String> edit, String subject,
            String branch) {
        Path clone = scratch.resolve("person-" + System.nanoTime());
        GitCli.run(scratch, "clone", "-q", bare.toString(), clone.toString());
        Path f = clone.resolve(file);
        write(f, edit.apply(read(f)));
        GitCli.run(clone, "commit", "-q", "-am", subject);
        GitCli.run(clone, "push", "-q", "origin", "HEAD:refs/heads/" + branch);
        return GitCli.run(clone, "rev-parse", "HEAD").strip();
    }

    static String read(Path f) {
        try {
            return Files.readString(f, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void write(Path f, String text) {
        try {
            Files.createDirectories(f.getParent());
            Files.writeString(f, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
