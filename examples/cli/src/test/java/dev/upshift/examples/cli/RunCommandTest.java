package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.core.journal.LockHolder;
import dev.upshift.spi.HistoryEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code upshift run}: the engine on the fleet's files, once, in a loop's place, and as a time-lapse. */
class RunCommandTest {
    @TempDir
    Path dir;

    private Path fleet() {
        return TestFleet.write(dir.resolve("fleet"));
    }

    @Test
    @DisplayName("one reconcile journals and publishes the ready cluster, editing only its release line")
    void once() throws IOException {
        Path fleet = fleet();
        String before = Files.readString(fleet.resolve("clusters/dev-1.yaml"), StandardCharsets.UTF_8);

        Cli run = Cli.run("run", "--fleet", fleet.toString(), "--once", "--now", TestFleet.NOW, "--probe", "simulated");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("probe: simulated",
                "stage dev of upgrade to-1.1 (to 1.1.0) starts: 1 cluster enrolled (dev-1)",
                "dev-1  starting  1.0.0 → 1.1.0",
                "dev-1  published  1.0.0 → 1.1.0: wrote clusters/dev-1.yaml");
        String after = Files.readString(fleet.resolve("clusters/dev-1.yaml"), StandardCharsets.UTF_8);
        assertThat(after).contains("release: 1.1.0", "version: v1.30.2",
                "name: dev-1-workers-", "instanceType: m6i.large");
        List<String> kept = before.lines().filter(l -> !l.contains("release: 1.0.0") && !l.contains("v1.29.4")).toList();
        assertThat(after.lines().toList()).as("every other line kept, in order")
                .containsSubsequence(kept);
        List<HistoryEntry> journal = JsonLinesJournal.read(JsonLinesJournal.stateFolder(fleet)).entries();
        assertThat(journal).extracting(e -> e.step().word()).containsExactly("enrolled", "starting", "published");

        Cli again = Cli.run("run", "--fleet", fleet.toString(), "--once", "--now", TestFleet.NOW, "--probe", "simulated");
        assertThat(again.exitCode()).isZero();
        assertThat(again.out()).doesNotContain("starting", "published  hop");
        assertThat(JsonLinesJournal.read(JsonLinesJournal.stateFolder(fleet)).entries()).hasSize(3);
    }

    @Test
    @DisplayName("the time-lapse carries the upgrade to its end: succeeded, finished, one event")
    void timeLapse() throws IOException {
        Path fleet = fleet();
        Cli run = Cli.run("run", "--fleet", fleet.toString(), "--virtual-clock", "--from", TestFleet.NOW, "--until",
                "2026-12-16T00:00:00Z", "--probe", "simulated");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("dev-1  succeeded", "dev-1  finished", "time-lapse from " + TestFleet.NOW);
        List<String> events = Files.readAllLines(JsonLinesJournal.stateFolder(fleet).resolve("events.jsonl"));
        assertThat(events).singleElement().asString().contains("\"cluster\":\"dev-1\"", "\"outcome\":\"succeeded\"");
        Cli history = Cli.run("history", "--fleet", fleet.toString(), "--cluster", "dev-1");
        assertThat(history.out()).contains("starting", "published", "succeeded", "finished", "dev-1:1.0.0..1.1.0#1");
    }

    @Test
    @DisplayName("a dry run journals and writes nothing")
    void dryRun() throws IOException {
        Path fleet = fleet();
        String before = Files.readString(fleet.resolve("clusters/dev-1.yaml"), StandardCharsets.UTF_8);
        Cli run = Cli.run("run", "--fleet", fleet.toString(), "--dry-run", "--now", TestFleet.NOW);

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("dry run", "dev-1  published", "dry run: nothing written");
        assertThat(Files.readString(fleet.resolve("clusters/dev-1.yaml"), StandardCharsets.UTF_8)).isEqualTo(before);
        assertThat(JsonLinesJournal.stateFolder(fleet)).doesNotExist();
    }

    @Test
    @DisplayName("a dry run after an engine's run records in memory as the journal's newest epoch: not refused, nothing written")
    void dryRunAfterARealRun() throws IOException {
        Path fleet = fleet();
        Cli real = Cli.run("run", "--fleet", fleet.toString(), "--once", "--now", TestFleet.NOW, "--probe", "simulated");
        assertThat(real.exitCode()).as(real.err()).isZero();
        Path journal = JsonLinesJournal.file(JsonLinesJournal.stateFolder(fleet));
        String before = Files.readString(journal, StandardCharsets.UTF_8);
        assertThat(JsonLinesJournal.read(JsonLinesJournal.stateFolder(fleet)).entries()).isNotEmpty()
                .allSatisfy(e -> assertThat(e.epoch()).isEqualTo(1));

        Cli dry = Cli.run("run", "--fleet", fleet.toString(), "--dry-run", "--now", "2026-12-16T00:00:00Z", "--probe",
                "simulated");

        assertThat(dry.exitCode()).as(dry.err()).isZero();
        assertThat(dry.out()).contains("dev-1  succeeded", "dev-1  finished");
        assertThat(Files.readString(journal, StandardCharsets.UTF_8)).isEqualTo(before);
    }

    @Test
    @DisplayName("a second engine on the same state folder is refused, naming the holder")
    void secondEngineRefused() {
        Path fleet = fleet();
        try (JsonLinesJournal held = JsonLinesJournal.open(JsonLinesJournal.stateFolder(fleet),
                LockHolder.current("a test holding it"))) {
            Cli run = Cli.run("run", "--fleet", fleet.toString(), "--once", "--now", TestFleet.NOW);
            assertThat(run.exitCode()).isEqualTo(1);
            assertThat(run.err()).contains("a test holding it");
        }
    }

    @Test
    @DisplayName("wrong combinations of options are usage errors")
    void usage() {
        Path fleet = fleet();
        assertThat(Cli.run("run", "--fleet", fleet.toString(), "--virtual-clock", "--from", TestFleet.NOW, "--until",
                "2026-12-16T00:00:00Z").err()).contains("--virtual-clock needs --probe simulated");
        Cli fromAlone = Cli.run("run", "--fleet", fleet.toString(), "--from", TestFleet.NOW);
        assertThat(fromAlone.exitCode()).isEqualTo(2);
        assertThat(fromAlone.err()).contains("--from and --until go with --virtual-clock");
        assertThat(Cli.run("run", "--fleet", fleet.toString(), "--once", "--failure-rate", "2").exitCode()).isEqualTo(2);
    }
}
