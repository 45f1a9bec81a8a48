package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.testing.Processes;
import java.io.IOException;
import java.nio.file.Files;
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

    @Test
    @DisplayName("apply --git: the commit names hop 1 of 2 to the target and the --reason; no stage label")
    void applyMessage() throws Exception {
        Cli r = Cli.run("apply", "--git", bare.toUri().toString(), "--path", "fleet", "--state",
                dir.resolve("state").toString(), "--cluster", "c1", "--now", "2027-01-04T09:00:00Z", "--reason",
                "CVE-2027-0001 is exploited");

        assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
        String message = git(bare, "log", "-1", "--format=%B", "main");
        assertThat(message).startsWith("Upgrade c1 from 1.0.0 to 1.1.0 (hop 1 of 2 to 1.2.0)\n\n"
                        + "Cluster c1 moves from release 1.0.0 to 1.1.0, hop 1 of 2 of its path to 1.2.0.\n"
                        + "Applied by a person (upshift apply), regardless of windows and stages: CVE-2027-0001 is"
                        + " exploited.\n")
                .doesNotContain("staging").doesNotContain("label");
    }

    @Test
    @DisplayName("run --git: the commit names the upgrade's stage, not the cluster's stage label")
    void runMessageNamesTheStage() throws Exception {
        Path seed = dir.resolve("seed");
        Path upgrade = seed.resolve("fleet/upgrade.yaml");
        Files.writeString(upgrade, Files.readString(upgrade).replace("{name: dev,", "{name: first,"));
        git(seed, "commit", "-q", "-am", "Rename the first stage");
        git(seed, "push", "-q", "origin", "HEAD:main");

        Cli r = Cli.run("run", "--git", bare.toUri().toString(), "--path", "fleet", "--state",
                dir.resolve("state").toString(), "--once", "--now", "2027-01-04T21:00:00Z", "--probe", "simulated");

        assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
        String message = git(bare, "log", "-1", "--format=%B", "--grep=Upgrade c0 ", "main");
        assertThat(message).startsWith("Upgrade c0 from 1.1.0 to 1.2.0\n\n"
                + "Cluster c0 moves from release 1.1.0 to 1.2.0, as the ClusterUpgrade to-1.2 asks, in its stage first.\n")
                .doesNotContain("label");
    }

    @Test
    @DisplayName("errors from git say what is wrong in plain words: no Java class, no JGit wording, no temporary path,"
            + " no word of an engine from plan")
    void plainErrors() throws Exception {
        String url = bare.toUri().toString();
        Cli nowhere = Cli.run("plan", "--git", dir.resolve("nowhere.git").toUri().toString());
        assertThat(nowhere.exitCode()).isEqualTo(1);
        assertThat(nowhere.err()).contains("could not clone " + dir.resolve("nowhere.git").toUri()
                + ": there is no git repository at that address");
        Cli branch = Cli.run("plan", "--git", url, "--path", "fleet", "--branch", "release");
        assertThat(branch.exitCode()).isEqualTo(1);
        assertThat(branch.err()).contains("the remote " + url + " has no branch 'release' (its branches: main)");
        Cli folder = Cli.run("plan", "--git", url, "--path", "flet");
        assertThat(folder.exitCode()).isEqualTo(1);
        assertThat(folder.err()).contains("the repository " + url + " has no folder 'flet' on main at commit");
        for (Cli r : List.of(nowhere, branch, folder)) {
            assertThat(r.err()).doesNotContain("java.").doesNotContain("Exception").doesNotContain("Invalid remote")
                    .doesNotContain("engine").doesNotContain("upshift-git-").doesNotContain("internal error");
        }
    }

    @Test
    @DisplayName("a fleet document with an error, read from git: its file named in the repository, not in a temporary"
            + " clone")
    void problemsNameTheRepositorysFiles() throws Exception {
        Path seed = dir.resolve("seed");
        Path c1 = seed.resolve("fleet/clusters/c1.yaml");
        Files.writeString(c1, Files.readString(c1).replace("infrastructure: aws", "infrastructure: aws\n  colour: red"));
        git(seed, "commit", "-q", "-am", "A typo");
        git(seed, "push", "-q", "origin", "HEAD:main");

        Cli r = Cli.run("plan", "--git", bare.toUri().toString(), "--path", "fleet", "--now", "2027-01-04T21:00:00Z");

        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).contains("fleet/clusters/c1.yaml:").contains("colour").doesNotContain("upshift-git-")
                .doesNotContain(Path.of(System.getProperty("java.io.tmpdir"), "upshift-git").toString());
    }

    @Test
    @DisplayName("SSH remotes are refused up front as unsupported by the CLI, saying what is")
    void ssh() {
        for (String url : List.of("ssh://git@git.example.com/platform/fleet.git", "git@git.example.com:platform/fleet.git")) {
            Cli r = Cli.run("plan", "--git", url);
            assertThat(r.exitCode()).as(url).isEqualTo(2);
            assertThat(r.err()).contains("the CLI does not support SSH remotes")
                    .contains("file://, git://, http:// or https:// URL").contains("or a path");
        }
    }

    @Test
    @DisplayName("without --state, each remote keeps its state in a folder of its own under .upshift/git, says where,"
            + " and state kept in .upshift before goes on being used")
    void statePerRemote() throws Exception {
        Path other = dir.resolve("other.git");
        git(dir, "clone", "-q", "--bare", bare.toString(), other.toString());
        Path work = Files.createDirectories(dir.resolve("work"));

        Processes.Finished first = child(work, args(bare.toUri().toString()));
        Processes.Finished second = child(work, args(other.toUri().toString()));

        assertThat(first.exitCode()).as(first.output()).isZero();
        assertThat(second.exitCode()).as(second.output()).isZero();
        Path a = Path.of(".upshift", "git", StateFolders.folderName(bare.toUri().toString()));
        Path b = Path.of(".upshift", "git", StateFolders.folderName(other.toUri().toString()));
        assertThat(a).isNotEqualTo(b);
        assertThat(first.output()).contains("state: " + a + " (this remote's journal and clone");
        assertThat(second.output()).contains("state: " + b + " (this remote's journal and clone");
        assertThat(work.resolve(a).resolve("history.jsonl")).exists();
        assertThat(work.resolve(b).resolve("checkout/.git")).isDirectory();

        // state kept before there was a folder per remote: ./.upshift holding this remote's clone
        Path earlier = Files.createDirectories(dir.resolve("earlier"));
        Processes.Finished old = child(earlier, args(bare.toUri().toString(), "--state", ".upshift"));
        assertThat(old.exitCode()).as(old.output()).isZero();
        Processes.Finished again = child(earlier, args(bare.toUri().toString()));
        assertThat(again.exitCode()).as(again.output()).isZero();
        assertThat(again.output()).contains("state: .upshift (kept from before: it holds this remote's clone");
        assertThat(earlier.resolve(".upshift/git")).doesNotExist();
    }

    /** The CLI in a process of its own, in {@code work}: the state folder's default is the working folder's. */
    private static Processes.Finished child(Path work, List<String> args) throws Exception {
        List<String> line = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        line.addAll(args);
        return Processes.run(new ProcessBuilder(line).directory(work.toFile()).redirectErrorStream(true),
                Duration.ofMinutes(3));
    }

    private static List<String> args(String url, String... more) {
        List<String> out = new ArrayList<>(List.of("run", "--git", url, "--path", "fleet", "--once", "--now",
                "2027-01-04T21:00:00Z", "--probe", "simulated"));
        out.addAll(List.of(more));
        return out;
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
