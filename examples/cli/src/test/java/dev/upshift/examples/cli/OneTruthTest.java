package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.spi.HistoryEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 36, item 1: every command that judges a cluster reads the fleet's history, so that a hop
 * under way is in progress and a failed one failed, whatever the file (where the publisher wrote
 * the desired release when the hop started) says; and {@code apply} after a failure starts the same
 * hop again, as attempt 2.
 */
class OneTruthTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String LATER = "2026-12-14T10:00:00Z";

    @TempDir
    Path dir;

    @Test
    @DisplayName("right after apply: in progress from the release it ran; after its hop failed: failed; after apply again: attempt 2 in progress")
    void planReadsTheHistory() throws IOException {
        Path fleet = TestFleet.write(dir.resolve("fleet"));
        assertThat(state(fleet, TestFleet.NOW)).isEqualTo("ready 1.0.0 → 1.1.0");

        Cli apply = Cli.run("apply", "--fleet", fleet.toString(), "--cluster", "dev-1", "--now", TestFleet.NOW);
        assertThat(apply.exitCode()).as(apply.err()).isZero();
        assertThat(Files.readString(fleet.resolve("clusters/dev-1.yaml"), StandardCharsets.UTF_8)).contains("release: 1.1.0");
        assertThat(state(fleet, TestFleet.NOW)).as("the file names 1.1.0; the cluster still runs 1.0.0")
                .isEqualTo("inProgress 1.0.0 → 1.1.0");
        assertThat(explain(fleet)).contains("dev-1: 1.0.0 → 1.1.0", "inProgress");

        observed(fleet, "dev-1:1.0.0..1.1.0#1", "UpgradeFailed", "a node did not join");
        Cli run = Cli.run("run", "--fleet", fleet.toString(), "--once", "--now", LATER);
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("dev-1  failed");
        assertThat(state(fleet, LATER)).as("not the file's 1.1.0, up to date").isEqualTo("failed 1.0.0 → 1.1.0");
        JsonNode failed = entry(plan(fleet, LATER), "dev-1");
        assertThat(failed.get("reasons").get(0).get("code").asText()).isEqualTo("UPGRADE_FAILED");
        assertThat(explain(fleet)).contains("failed", "a node did not join");
        Cli diff = Cli.run("diff", "--fleet", fleet.toString(), "--cluster", "dev-1", "--to", "1.1.0");
        assertThat(diff.err()).contains("the history says dev-1 runs 1.0.0: its hop 1.0.0 → 1.1.0 failed");

        Cli again = Cli.run("apply", "--fleet", fleet.toString(), "--cluster", "dev-1", "--now", LATER);
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.out()).contains("The change of dev-1 from 1.0.0 to 1.1.0", "starting 1.0.0 → 1.1.0");
        List<HistoryEntry> journal = JsonLinesJournal.read(JsonLinesJournal.stateFolder(fleet)).entries();
        assertThat(journal).filteredOn(e -> e.step() == HistoryEntry.Step.STARTING).extracting(HistoryEntry::upgradeId)
                .containsExactly("dev-1:1.0.0..1.1.0#1", "dev-1:1.0.0..1.1.0#2");
        assertThat(journal.get(journal.size() - 1).from().toString()).as("not a configuration change of 1.1.0")
                .isEqualTo("1.0.0");
        assertThat(state(fleet, LATER)).isEqualTo("inProgress 1.0.0 → 1.1.0");
    }

    @Test
    @DisplayName("--state reads the journal of another state folder; a folder with no journal is no history")
    void stateFolder() throws IOException {
        Path fleet = TestFleet.write(dir.resolve("fleet"));
        Path state = dir.resolve("state");
        Cli apply = Cli.run("apply", "--fleet", fleet.toString(), "--state", state.toString(), "--cluster", "dev-1",
                "--now", TestFleet.NOW);
        assertThat(apply.exitCode()).as(apply.err()).isZero();
        assertThat(entry(json(Cli.run("plan", "--fleet", fleet.toString(), "--state", state.toString(), "--now",
                TestFleet.NOW, "--output", "json")), "dev-1").get("state").asText()).isEqualTo("inProgress");
        assertThat(entry(plan(fleet, TestFleet.NOW), "dev-1").get("state").asText())
                .as("the fleet's own .upshift holds no journal: the file is all there is").isEqualTo("upToDate");
    }

    private static String state(Path fleet, String now) throws IOException {
        JsonNode e = entry(plan(fleet, now), "dev-1");
        return e.get("state").asText() + " " + e.get("from").asText() + " → " + e.get("to").asText();
    }

    private static JsonNode plan(Path fleet, String now) throws IOException {
        return json(Cli.run("plan", "--fleet", fleet.toString(), "--now", now, "--output", "json"));
    }

    private static JsonNode json(Cli c) throws IOException {
        assertThat(c.exitCode()).as(c.err()).isIn(0, 1);
        return JSON.readTree(c.out());
    }

    private static String explain(Path fleet) {
        return Cli.run("explain", "--fleet", fleet.toString(), "--cluster", "dev-1", "--now", LATER).out();
    }

    private static JsonNode entry(JsonNode plan, String cluster) {
        for (JsonNode e : plan.get("entries")) {
            if (e.get("cluster").asText().equals(cluster)) {
                return e;
            }
        }
        throw new AssertionError("no " + cluster + " in " + plan);
    }

    /** What a controller writes back into the cluster's file: the attempt's condition. */
    private static void observed(Path fleet, String attempt, String type, String message) throws IOException {
        Files.writeString(fleet.resolve("clusters/dev-1.yaml"), "status:\n  upgrade: " + attempt + "\n  conditions:\n"
                + "    - type: " + type + "\n      status: \"True\"\n      reason: Test\n      message: " + message + "\n",
                StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }
}
