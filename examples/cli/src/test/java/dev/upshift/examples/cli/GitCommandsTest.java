package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.testing.Processes;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --git URL} in place of {@code --fleet}: plan from a repository, run and publish into it. */
class GitCommandsTest {
    @TempDir
    Path dir;
    private Path bare;

    @BeforeEach
    void repository() throws Exception {
        try {
            Processes.run(new ProcessBuilder("git", "--version"), Duration.ofMinutes(1));
        } catch (IOException e) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                throw new AssertionError("the git command line is not installed; CI requires it");
            }
            System.err.println("SKIPPED: the git command line is not installed: GitCommandsTest was NOT run");
            Assumptions.abort("git is not installed");
        }
        bare = dir.resolve("fleet.git");
        Path seed = dir.resolve("seed");
        git(dir, "init", "-q", "--bare", "-b", "main", bare.toString());
        git(dir, "clone", "-q", bare.toString(), seed.toString());
        KillFleet.generate(seed.resolve("fleet"), 4);
        git(seed, "add", "-A");
        git(seed, "commit", "-q", "-m", "The fleet");
        git(seed, "push", "-q", "origin", "HEAD:main");
    }

    @Test
    @DisplayName("plan --git reads the branch's head and says which commit on stderr")
    void plan() throws Exception {
        String head = git(bare, "rev-parse", "main").strip();
        Cli r = Cli.run("plan", "--git", bare.toUri().toString(), "--path", "fleet", "--now", "2027-01-04T21:00:00Z");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("upshift: read " + bare.toUri() + " (main) at commit " + head);
        assertThat(r.out()).contains("c0").contains("c3");
        Cli plain = Cli.run("plan", "--fleet", dir.resolve("seed/fleet").toString(), "--now", "2027-01-04T21:00:00Z");
        assertThat(r.out()).isEqualTo(plain.out());
    }

    @Test
    @DisplayName("run --once --git publishes each started hop as a commit carrying its key")
    void runOnce() throws Exception {
        Cli r = Cli.run("run", "--git", bare.toUri().toString(), "--path", "fleet", "--state",
                dir.resolve("state").toString(), "--once", "--now", "2027-01-04T21:00:00Z", "--probe", "simulated",
                "--author", "Fleet Bot <bot@example.com>");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("git: read " + bare.toUri() + " (main) at commit ").contains("published");
        String keys = git(bare, "log", "--format=%(trailers:key=Upshift-Upgrade-Id,valueonly)%an", "main");
        assertThat(keys).contains("c0:1.1.0..1.2.0#1").contains("Fleet Bot");
        git(bare, "fsck", "--strict");
    }

    @Test
    @DisplayName("--fleet and --git together, or neither, is wrong usage; so are git options without --git")
    void usage() {
        assertThat(Cli.run("plan", "--fleet", "x", "--git", "file:///nowhere").exitCode()).isEqualTo(2);
        assertThat(Cli.run("plan").err()).contains("--fleet DIR or --git URL");
        assertThat(Cli.run("plan", "--fleet", "x", "--branch-per-upgrade").exitCode()).isEqualTo(2);
        assertThat(Cli.run("run", "--git", "file:///nowhere", "--author", "nobody").err()).contains("--author");
    }

    private static String git(Path in, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=A Person", "-c",
                "user.email=person@example.com", "-c", "commit.gpgsign=false"));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(in.toFile());
        pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        pb.environment().put("GIT_CONFIG_GLOBAL", "/dev/null");
        Processes.Finished f = Processes.run(pb, Duration.ofMinutes(2));
        assertThat(f.exitCode()).as("git " + String.join(" ", args) + ": " + f.output()).isZero();
        return f.output();
    }
}
