package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.upshift.core.journal.ActQueue;
import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.core.journal.LockHolder;
import dev.upshift.core.plan.ActEntries;
import dev.upshift.spi.Act;
import dev.upshift.spi.HistoryEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands that steer a rollout (docs/cli.md, "Steering a rollout"): each journals an act with
 * who, when and why, the plan reads it, and an engine that holds the journal records a queued one
 * before its next reconcile.
 */
class SteeringCommandsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NOW = "2026-12-14T09:00:00Z";

    @TempDir
    Path dir;

    private Path fleet() {
        dev.upshift.testkit.fleet.TestFleet f = dev.upshift.testkit.fleet.TestFleet.builder()
                .release("1.0.0", r -> r.kubernetes("1.29.4"))
                .release("1.1.0", r -> r.kubernetes("1.30.2").upgradesFrom(">=1.0.0 <1.1.0"))
                .cluster("dev-1", c -> c.label("stage", "dev").release("1.0.0"))
                .cluster("prod-1", c -> c.label("stage", "prod").release("1.0.0"))
                .upgrade("to-1.1", u -> u.matchLabelRegex("stage", "dev|prod").release("1.1.0")
                        .expectedDuration(Duration.ofHours(1))
                        .stage("dev", s -> s.matchLabel("stage", "dev").approval("before"))
                        .stage("prod", s -> s.matchLabel("stage", "prod")))
                .build();
        return f.writeTo(dir.resolve("fleet"));
    }

    private static JsonNode entry(Path fleet, String cluster) throws IOException {
        Cli plan = Cli.run("plan", "--fleet", fleet.toString(), "--now", NOW, "--output", "json");
        assertThat(plan.exitCode()).as(plan.err()).isZero();
        for (JsonNode c : JSON.readTree(plan.out()).get("entries")) {
            if (c.get("cluster").asText().equals(cluster)) {
                return c;
            }
        }
        throw new AssertionError("no " + cluster + " in " + plan.out());
    }

    @Test
    @DisplayName("a gate waits in the plan with the command that grants it; approve journals who and why, and the plan lets the stage start")
    void approve() throws IOException {
        Path fleet = fleet();
        JsonNode dev = entry(fleet, "dev-1");
        assertThat(dev.get("state").asText()).isEqualTo("waiting");
        assertThat(dev.get("reasons").get(0).get("code").asText()).isEqualTo("AWAITING_APPROVAL");
        assertThat(dev.get("reasons").get(0).get("message").asText()).contains("upshift approve to-1.1 --stage dev");

        Cli approve = Cli.run("approve", "to-1.1", "--stage", "dev", "--fleet", fleet.toString(), "--as", "alice",
                "--comment", "CHG-7", "--now", NOW);
        assertThat(approve.exitCode()).as(approve.err()).isZero();
        assertThat(approve.out()).contains("alice approves stage dev of upgrade to-1.1 (to 1.1.0), gate before: CHG-7");
        assertThat(entry(fleet, "dev-1").get("state").asText()).isEqualTo("ready");

        List<HistoryEntry> journal = JsonLinesJournal.read(JsonLinesJournal.stateFolder(fleet)).entries();
        assertThat(journal).hasSize(1);
        Act act = ActEntries.of(journal.get(0)).orElseThrow();
        assertThat(act.by()).isEqualTo("alice");
        assertThat(act.comment()).isEqualTo("CHG-7");

        Cli history = Cli.run("history", "--fleet", fleet.toString(), "--acts");
        assertThat(history.out()).contains("by alice", "approve:to-1.1@1.1.0/dev#before");

        Cli again = Cli.run("approve", "to-1.1", "--stage", "dev", "--fleet", fleet.toString(), "--as", "bob", "--now", NOW);
        assertThat(again.exitCode()).isEqualTo(Main.PROBLEM);
        assertThat(again.err()).contains("already approved");
    }

    @Test
    @DisplayName("pause holds the upgrade in the plan with who and why; resume lifts it; wrong names are refused with exit 1")
    void pauseResumeAndRefusals() throws IOException {
        Path fleet = fleet();
        Cli.run("approve", "to-1.1", "--stage", "dev", "--fleet", fleet.toString(), "--as", "alice", "--now", NOW);
        Cli pause = Cli.run("pause", "to-1.1", "--reason", "incident 42", "--fleet", fleet.toString(), "--as", "carol",
                "--now", NOW);
        assertThat(pause.exitCode()).as(pause.err()).isZero();
        JsonNode dev = entry(fleet, "dev-1");
        assertThat(dev.get("reasons").get(0).get("code").asText()).isEqualTo("PAUSED");
        assertThat(dev.get("reasons").get(0).get("message").asText()).contains("carol", "incident 42");
        assertThat(Cli.run("resume", "to-1.1", "--fleet", fleet.toString(), "--as", "carol", "--now", NOW).exitCode())
                .isZero();
        assertThat(entry(fleet, "dev-1").get("state").asText()).isEqualTo("ready");

        Cli unknown = Cli.run("pause", "to-9", "--fleet", fleet.toString(), "--as", "carol", "--now", NOW);
        assertThat(unknown.exitCode()).isEqualTo(Main.PROBLEM);
        assertThat(unknown.err()).contains("no upgrade named 'to-9'").doesNotContain("Exception");
        Cli skip = Cli.run("skip", "dev-1", "--fleet", fleet.toString(), "--as", "carol", "--now", NOW);
        assertThat(skip.exitCode()).as("a skip needs its reason").isEqualTo(Main.USAGE);
        Cli retry = Cli.run("retry", "--stage", "dev", "--fleet", fleet.toString(), "--now", NOW);
        assertThat(retry.exitCode()).isEqualTo(Main.USAGE);
        Cli gate = Cli.run("approve", "to-1.1", "--stage", "dev", "--gate", "later", "--fleet", fleet.toString());
        assertThat(gate.exitCode()).isEqualTo(Main.USAGE);
        assertThat(gate.err()).contains("--gate is before or after");
    }

    @Test
    @DisplayName("while an engine holds the journal an act is queued, and the engine's next run records it once")
    void queuedWhileAnEngineRuns() throws IOException {
        Path fleet = fleet();
        Path state = JsonLinesJournal.stateFolder(fleet);
        try (JsonLinesJournal held = JsonLinesJournal.open(state, LockHolder.current("a running engine"))) {
            Cli approve = Cli.run("approve", "to-1.1", "--stage", "dev", "--fleet", fleet.toString(), "--as", "alice",
                    "--now", NOW);
            assertThat(approve.exitCode()).as(approve.err()).isZero();
            assertThat(approve.out()).contains("queued");
            assertThat(held.entries()).isEmpty();
        }
        assertThat(ActQueue.waiting(state, new java.util.ArrayList<>())).hasSize(1);
        Cli run = Cli.run("run", "--fleet", fleet.toString(), "--once", "--now", NOW);
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("alice approves stage dev", "(recorded from the queue)", "dev-1  starting");
        assertThat(ActQueue.waiting(state, new java.util.ArrayList<>())).isEmpty();
        assertThat(Files.list(state.resolve(ActQueue.FOLDER)).toList()).isEmpty();
        List<HistoryEntry> journal = JsonLinesJournal.read(state).entries();
        assertThat(journal).filteredOn(e -> e.step() == HistoryEntry.Step.ACTED).hasSize(1);
    }
}
