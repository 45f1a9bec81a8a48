package dev.upshift.adapters.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.testing.Processes;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The real {@code git} command line, the independent check of what JGit wrote: without it the tests
 * that need it are skipped loudly, and in CI ({@code CI=true}, or {@code -Dupshift.requireGit=true})
 * they fail instead, so that CI never passes without it ({@code .ci/run} installs it).
 */
final class GitCli {
    private static Boolean present;

    private GitCli() {}

    /** Skips the test loudly (or fails it in CI) when {@code git} is not installed. */
    static synchronized void require() {
        if (present == null) {
            try {
                present = Processes.run(new ProcessBuilder("git", "--version"), Duration.ofMinutes(1)).exitCode() == 0;
            } catch (IOException | InterruptedException e) {
                present = false;
            }
        }
        if (!present) {
            String message = "the git command line is not installed: this test was NOT run; install it with: apt-get"
                    + " install git";
            if (Boolean.getBoolean("upshift.requireGit") || "true".equalsIgnoreCase(System.getenv("CI"))) {
                Assertions.fail(message + "; CI requires it (CI=true or upshift.requireGit)");
            }
            System.err.println("SKIPPED: " + message);
            Assumptions.abort(message);
        }
    }

    /** Runs git in {@code dir} as a person would, with no user or system configuration; its output. */
    static String run(Path dir, String... args) {
        Processes.Finished f = start(dir, args);
        assertThat(f.exitCode()).as("git " + String.join(" ", args) + " in " + dir + ":\n" + f.output()).isZero();
        return f.output();
    }

    /** Runs git and returns how it finished, whatever its exit code. */
    static Processes.Finished start(Path dir, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=A Person", "-c",
                "user.email=person@example.com", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false"));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        Map<String, String> env = pb.environment();
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("GIT_CONFIG_GLOBAL", "/dev/null");
        env.put("LC_ALL", "C");
        try {
            return Processes.run(pb, Duration.ofMinutes(2));
        } catch (IOException e) {
            throw new AssertionError("could not start git: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
