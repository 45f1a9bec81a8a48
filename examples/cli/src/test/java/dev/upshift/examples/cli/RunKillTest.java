package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.journal.JournalSnapshot;
import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.testing.Processes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
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
            killedMidway += KillRuns.killAfter(dir.resolve("killed-" + i + ".log"), 300 + random.nextInt(1700),
                    with(args, killed)) ? 1 : 0;
        }
        Path log = dir.resolve("last.log");
        Process last = CliChild.start(log, with(args, killed));
        int code = Processes.await(last, Duration.ofMinutes(5), "upshift run (to the end)");
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(code).as(output).isZero();

        assertThat(killedMidway).as("kills that landed while the run was under way").isGreaterThan(KILLS / 2);
        JournalSnapshot a = JsonLinesJournal.read(JsonLinesJournal.stateFolder(calm));
        JournalSnapshot b = JsonLinesJournal.read(JsonLinesJournal.stateFolder(killed));
        assertThat(b.notices()).as("every journal line reads back").isEmpty();
        assertThat(a.entries()).as("the uninterrupted run did something").hasSizeGreaterThan(CLUSTERS);
        assertThat(KillRuns.records(b.entries())).isEqualTo(KillRuns.records(a.entries()));
        assertThat(KillRuns.files(killed)).as("the fleet's files: each hop written once").isEqualTo(KillRuns.files(calm));
    }

    private static String[] with(String[] args, Path fleet) {
        String[] out = args.clone();
        out[2] = fleet.toString();
        return out;
    }
}
