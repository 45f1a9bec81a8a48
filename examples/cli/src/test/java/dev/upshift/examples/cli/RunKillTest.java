package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.journal.JournalSnapshot;
import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.Reason;
import dev.upshift.testing.Processes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 19's process test: {@code run --virtual-clock} on a generated fleet of 500 clusters, killed
 * with SIGKILL at 50 random moments and started again each time, ends with the history of an
 * uninterrupted run, the same files (each hop written once, counted at the target: the fleet's
 * files), and a journal whose every line reads back.
 */
@Tag("jvm-bound")
class RunKillTest {
    private static final int CLUSTERS = 500;
    private static final int KILLS = 50;
    private static final String FROM = "2027-01-04T00:00:00Z";
    private static final String UNTIL = "2027-01-12T00:00:00Z";

    @TempDir
    Path dir;

    @Test
    @DisplayName("killed 50 times, the time-lapse ends as an uninterrupted one, each hop written once")
    void survivesKills() throws Exception {
        Path calm = dir.resolve("calm");
        Path killed = dir.resolve("killed");
        KillFleet.generate(calm, CLUSTERS, 40);
        KillFleet.generate(killed, CLUSTERS, 40);
        String[] args = {"run", "--fleet", "?", "--virtual-clock", "--from", FROM, "--until", UNTIL, "--probe",
            "simulated", "--seed", "3", "--failure-rate", "0.05"};

        long started = System.nanoTime();
        Cli uninterrupted = Cli.run(with(args, calm));
        assertThat(uninterrupted.exitCode()).as(uninterrupted.err()).isZero();
        System.out.println("uninterrupted run: " + (System.nanoTime() - started) / 1_000_000 + " ms, "
                + uninterrupted.out().lines().filter(l -> l.startsWith("time-lapse")).findFirst().orElse(""));

        Random random = new Random(19);
        int killedMidway = 0;
        for (int i = 0; i < KILLS; i++) {
            Process p = child(with(args, killed), dir.resolve("killed-" + i + ".log"));
            try {
                Thread.sleep(300 + random.nextInt(1700));
                if (p.isAlive()) {
                    p.destroyForcibly();
                    killedMidway++;
                }
                Processes.await(p, Duration.ofMinutes(2), "upshift run (killed)");
            } finally {
                if (p.isAlive()) {
                    Processes.endNow(p);
                }
            }
        }
        Path log = dir.resolve("last.log");
        Process last = child(with(args, killed), log);
        int code = Processes.await(last, Duration.ofMinutes(5), "upshift run (to the end)");
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(code).as(output).isZero();

        assertThat(killedMidway).as("kills that landed while the run was under way").isGreaterThan(KILLS / 2);
        JournalSnapshot a = JsonLinesJournal.read(JsonLinesJournal.stateFolder(calm));
        JournalSnapshot b = JsonLinesJournal.read(JsonLinesJournal.stateFolder(killed));
        assertThat(b.notices()).as("every journal line reads back").isEmpty();
        assertThat(a.entries()).as("the uninterrupted run did something").hasSizeGreaterThan(CLUSTERS);
        assertThat(records(b.entries())).isEqualTo(records(a.entries()));
        assertThat(files(killed)).as("the fleet's files: each hop written once").isEqualTo(files(calm));
    }

    private static String[] with(String[] args, Path fleet) {
        String[] out = args.clone();
        out[2] = fleet.toString();
        return out;
    }

    /** A child JVM running the CLI, its output to a file (a pipe nobody reads would block it). */
    private static Process child(String[] args, Path log) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-Xmx512m", "-cp",
                System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /**
     * Each cluster's records in journal order, without their messages (a publication repeated after
     * a kill says "already published"). Records of different clusters at one instant may interleave
     * differently after a restart; each cluster's own sequence may not.
     */
    private static Map<String, List<String>> records(List<HistoryEntry> entries) {
        Map<String, List<String>> out = new TreeMap<>();
        for (HistoryEntry e : entries) {
            out.computeIfAbsent(e.clusterId(), k -> new ArrayList<>()).add(e.at() + " " + e.upgradeId() + " " + e.step()
                    + " " + e.state() + " " + e.hop() + " " + e.attempt() + " "
                    + e.reasons().stream().map(Reason::code).toList());
        }
        return out;
    }

    private static Map<String, String> files(Path fleet) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(fleet)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                String rel = fleet.relativize(p).toString();
                if (!rel.startsWith(".upshift")) {
                    out.put(rel, Files.readString(p, StandardCharsets.UTF_8));
                }
            }
        }
        return out;
    }
}
