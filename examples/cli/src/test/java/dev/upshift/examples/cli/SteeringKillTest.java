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
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 37's process test: a time-lapse of a gated rollout with people's acts at random moments
 * between its stretches (approve the gated stage, pause, resume, retry the failed clusters), each
 * stretch killed with SIGKILL at random moments and started again, ends where the same acts on an
 * uninterrupted run end: the same history per cluster, the same files (each hop written once).
 */
@Tag("jvm-bound")
class SteeringKillTest {
    private static final int CLUSTERS = 120;
    private static final int KILLS_PER_STRETCH = 4;
    private static final Instant FROM = Instant.parse("2027-01-04T00:00:00Z");
    private static final Instant UNTIL = Instant.parse("2027-01-10T00:00:00Z");

    @TempDir
    Path dir;

    @Test
    @DisplayName("acts between stretches of a time-lapse killed at random end as they do on an uninterrupted one")
    void actsSurviveKills() throws Exception {
        Path calm = fleet("calm");
        Path killed = fleet("killed");
        Random random = new Random(37);
        List<Instant> moments = new ArrayList<>();
        long span = Duration.between(FROM, UNTIL).toMinutes();
        for (int i = 0; i < 4; i++) {
            moments.add(FROM.plus(Duration.ofMinutes(span * (i + 1) / 5 + random.nextInt(120))));
        }
        String[][] acts = {
            {"approve", "to-1.2", "--stage", "staging", "--comment", "CHG-37"},
            {"pause", "to-1.2", "--reason", "incident 37"},
            {"resume", "to-1.2", "--reason", "resolved"},
            {"retry", "--upgrade", "to-1.2", "--stage", "dev"},
        };
        int killedMidway = 0;
        Instant from = FROM;
        for (int stretch = 0; stretch <= acts.length; stretch++) {
            Instant until = stretch < acts.length ? moments.get(stretch) : UNTIL;
            Cli uninterrupted = Cli.run(run(calm, from, until));
            assertThat(uninterrupted.exitCode()).as(uninterrupted.err()).isZero();
            for (int k = 0; k < KILLS_PER_STRETCH; k++) {
                killedMidway += KillRuns.killAfter(dir.resolve("killed-" + stretch + "-" + k + ".log"),
                        200 + random.nextInt(1200), run(killed, from, until)) ? 1 : 0;
            }
            Path log = dir.resolve("stretch-" + stretch + ".log");
            int code = Processes.await(CliChild.start(log, run(killed, from, until)), Duration.ofMinutes(5), "upshift run");
            assertThat(code).as(Files.readString(log, StandardCharsets.UTF_8)).isZero();
            if (stretch < acts.length) {
                Cli a = Cli.run(act(acts[stretch], calm, until));
                Cli b = Cli.run(act(acts[stretch], killed, until));
                assertThat(b.exitCode()).as(b.err()).isEqualTo(a.exitCode());
                assertThat(b.out()).isEqualTo(a.out().replace(calm.toString(), killed.toString()));
            }
            from = until;
        }
        assertThat(killedMidway).as("kills that landed while a stretch was under way").isGreaterThan(2);
        JournalSnapshot a = JsonLinesJournal.read(JsonLinesJournal.stateFolder(calm));
        JournalSnapshot b = JsonLinesJournal.read(JsonLinesJournal.stateFolder(killed));
        assertThat(b.notices()).as("every journal line reads back").isEmpty();
        assertThat(a.entries()).filteredOn(e -> e.step() == HistoryEntry.Step.ACTED).hasSizeGreaterThanOrEqualTo(3);
        assertThat(a.entries()).as("the gated stage started after its approval")
                .anyMatch(e -> e.step() == HistoryEntry.Step.ENROLLED && e.upgradeId().endsWith("/staging"));
        assertThat(KillRuns.records(b.entries())).isEqualTo(KillRuns.records(a.entries()));
        assertThat(KillRuns.files(killed)).as("the fleet's files: each hop written once").isEqualTo(KillRuns.files(calm));
        Map<String, Integer> starts = new HashMap<>();
        b.entries().stream().filter(e -> e.step() == HistoryEntry.Step.STARTING)
                .forEach(e -> starts.merge(e.upgradeId(), 1, Integer::sum));
        assertThat(starts.values()).as("one start per key").allMatch(n -> n == 1);
    }

    private Path fleet(String name) throws IOException {
        Path fleet = dir.resolve(name);
        KillFleet.generate(fleet, CLUSTERS, 10);
        Path upgrade = fleet.resolve("upgrade.yaml");
        String text = Files.readString(upgrade, StandardCharsets.UTF_8);
        String gated = text.replace("{name: staging, matchers: [{key: stage, value: staging}],",
                "{name: staging, approval: before, matchers: [{key: stage, value: staging}],");
        assertThat(gated).isNotEqualTo(text);
        Files.writeString(upgrade, gated, StandardCharsets.UTF_8);
        return fleet;
    }

    private static String[] run(Path fleet, Instant from, Instant until) {
        return new String[] {"run", "--fleet", fleet.toString(), "--virtual-clock", "--from", from.toString(), "--until",
            until.toString(), "--probe", "simulated", "--seed", "5", "--failure-rate", "0.1"};
    }

    private static String[] act(String[] what, Path fleet, Instant at) {
        List<String> args = new ArrayList<>(List.of(what));
        args.addAll(List.of("--fleet", fleet.toString(), "--as", "alice", "--now", at.toString()));
        return args.toArray(String[]::new);
    }
}
