package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.journal.JournalSnapshot;
import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.testing.Processes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20's crash test through git: {@code run --virtual-clock --git file://…} on a generated fleet
 * of 100 clusters in a bare repository, killed with SIGKILL at 15 random moments and started again
 * each time, ends with exactly one commit carrying each published hop's key, and every hop the
 * journal says was published has its commit. The git command line reads the repository.
 */
@Tag("jvm-bound")
class GitRunKillTest {
    private static final int CLUSTERS = 100;
    private static final int KILLS = 15;

    @TempDir
    Path dir;

    /**
     * Removes the lock files a killed push left in the bare repository. Over {@code file://} JGit
     * writes the remote's refs itself, so killing the client kills the server's writer halfway; a
     * git server never leaves its own ref locks to its clients. Without this, one kill inside a push
     * leaves {@code refs/heads/main.lock}, and every later push answers "failed to lock".
     */
    private static void serverRecovers(Path bare) throws java.io.IOException {
        try (java.util.stream.Stream<Path> all = Files.walk(bare)) {
            for (Path lock : all.filter(f -> f.getFileName().toString().endsWith(".lock")).toList()) {
                Files.deleteIfExists(lock);
            }
        }
    }

    @Test
    @DisplayName("killed 15 times while publishing into git, every hop has exactly one commit carrying its key")
    void survivesKills() throws Exception {
        requireGit();
        Path bare = dir.resolve("fleet.git");
        Path seed = dir.resolve("seed");
        git(dir, "init", "-q", "--bare", "-b", "main", bare.toString());
        git(dir, "clone", "-q", bare.toString(), seed.toString());
        KillFleet.generate(seed.resolve("fleet"), CLUSTERS);
        git(seed, "add", "-A");
        git(seed, "commit", "-q", "-m", "The fleet");
        git(seed, "push", "-q", "origin", "HEAD:main");
        Path state = dir.resolve("state");
        String[] args = {"run", "--git", bare.toUri().toString(), "--path", "fleet", "--state", state.toString(),
            "--virtual-clock", "--from", "2027-01-04T00:00:00Z", "--until", "2027-01-12T00:00:00Z", "--probe",
            "simulated", "--seed", "3", "--failure-rate", "0.05"};

        Random random = new Random(20);
        int killedMidway = 0;
        for (int i = 0; i < KILLS; i++) {
            Process p = child(args, dir.resolve("killed-" + i + ".log"));
            try {
                Thread.sleep(500 + random.nextInt(2500));
                if (p.isAlive()) {
                    p.destroyForcibly();
                    killedMidway++;
                }
                Processes.await(p, Duration.ofMinutes(2), "upshift run --git (killed)");
            } finally {
                if (p.isAlive()) {
                    Processes.endNow(p);
                }
            }
            serverRecovers(bare);
        }
        Path log = dir.resolve("last.log");
        int code = Processes.await(child(args, log), Duration.ofMinutes(5), "upshift run --git (to the end)");
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(code).as(output).isZero();
        assertThat(killedMidway).as("kills that landed while the run was under way").isGreaterThan(KILLS / 2);

        JournalSnapshot journal = JsonLinesJournal.read(state);
        assertThat(journal.notices()).as("every journal line reads back").isEmpty();
        Set<String> published = journal.entries().stream().filter(e -> e.step() == HistoryEntry.Step.PUBLISHED)
                .map(HistoryEntry::upgradeId).collect(Collectors.toCollection(TreeSet::new));
        List<String> keys = Arrays.stream(git(bare, "log", "--format=%(trailers:key=Upshift-Upgrade-Id,valueonly)",
                "main").split("\n")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        Map<String, Long> commitsPerKey = keys.stream().collect(Collectors.groupingBy(Function.identity(),
                Collectors.counting()));
        assertThat(published).as("the run published hops").hasSizeGreaterThan(CLUSTERS);
        assertThat(commitsPerKey.values()).as("commits per key").allMatch(n -> n == 1);
        assertThat(commitsPerKey.keySet()).as("a commit for every published hop, and none for another")
                .isEqualTo(published);
        git(bare, "fsck", "--strict");
    }

    private static void requireGit() throws InterruptedException {
        boolean present;
        try {
            present = Processes.run(new ProcessBuilder("git", "--version"), Duration.ofMinutes(1)).exitCode() == 0;
        } catch (IOException e) {
            present = false;
        }
        if (!present) {
            String message = "the git command line is not installed: this test was NOT run; install it with: apt-get"
                    + " install git";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                Assertions.fail(message + "; CI requires it");
            }
            System.err.println("SKIPPED: " + message);
            Assumptions.abort(message);
        }
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

    private static Process child(String[] args, Path log) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-Xmx512m", "-cp",
                System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }
}
