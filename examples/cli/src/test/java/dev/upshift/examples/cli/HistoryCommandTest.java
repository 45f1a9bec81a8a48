package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.core.journal.LockHolder;
import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.UpgradeState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code upshift history}: the journal's records, oldest first, as text or as the JSON docs/cli.md documents. */
class HistoryCommandTest {
    private static final Path SAMPLE = Path.of("..", "journal").toAbsolutePath().normalize();
    private static final LockHolder ME = new LockHolder(1, "test-host", "a test");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    @DisplayName("the text lists every record oldest first, one a line, with every column")
    void text() throws IOException {
        Cli r = Cli.run("history", "--state", SAMPLE.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(0).split(" +")).containsExactly("AT", "CLUSTER", "UPGRADE", "FROM", "TO", "HOP", "ATTEMPT",
                "STEP", "STATE", "REASON", "KEY", "MESSAGE");
        List<String> journal = Files.readAllLines(SAMPLE.resolve("history.jsonl"), StandardCharsets.UTF_8);
        assertThat(lines).hasSize(journal.size());
        assertThat(lines.get(1).split(" +", 12)).containsExactly("2026-12-14T09:00:00Z", "dev-eu-platform-2",
                "fleet-to-20.1", "20.0.2", "20.1.0", "1/1", "1", "held", "waiting", "HOOK_HELD",
                "dev-eu-platform-2:20.0.2..20.1.0#1", "held by a before-hook");
        assertThat(lines.get(lines.size() - 1)).contains(" 2  ").contains("starting").endsWith("  -");
    }

    @Test
    @DisplayName("the JSON holds every record with the documented fields, equal to the journal's lines")
    void json() throws IOException {
        Cli r = Cli.run("history", "--state", SAMPLE.toString(), "--output", "json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode out = JSON.readTree(r.out());
        assertThat(names(out)).containsExactly("journal", "cluster", "records");
        assertThat(out.get("journal").textValue()).isEqualTo(SAMPLE.resolve("history.jsonl").toString());
        assertThat(out.get("cluster").isNull()).isTrue();
        List<String> journal = Files.readAllLines(SAMPLE.resolve("history.jsonl"), StandardCharsets.UTF_8);
        JsonNode records = out.get("records");
        assertThat(records).hasSize(journal.size() - 1);
        for (int i = 0; i < records.size(); i++) {
            JsonNode record = records.get(i);
            JsonNode line = JSON.readTree(journal.get(i + 1));
            assertThat(names(record)).containsExactly("at", "cluster", "upgrade", "from", "to", "hop", "attempt", "step",
                    "state", "outcome", "reasons", "message", "idempotencyKey", "owedHooks", "epoch");
            for (String same : List.of("at", "cluster", "from", "to", "hop", "attempt", "step", "state", "reasons",
                    "message", "owedHooks", "epoch")) {
                assertThat(record.get(same)).as(same).isEqualTo(line.get(same));
            }
            assertThat(record.get("upgrade")).isEqualTo(line.get("intent"));
            assertThat(record.get("idempotencyKey")).isEqualTo(line.get("upgradeId"));
            String state = line.get("state").textValue();
            assertThat(record.get("outcome").isNull()).isEqualTo(!state.equals("succeeded") && !state.equals("failed"));
            if (!record.get("outcome").isNull()) {
                assertThat(record.get("outcome").textValue()).isEqualTo(state);
            }
        }
    }

    @Test
    @DisplayName("--cluster keeps that cluster's records, in order; an unknown one says so with the close names, exit 0")
    void oneCluster() throws IOException {
        JsonNode out = JSON.readTree(Cli.run("history", "--state", SAMPLE.toString(), "--cluster", "dev-fra-logistics-1",
                "--output", "json").out());
        assertThat(out.get("cluster").textValue()).isEqualTo("dev-fra-logistics-1");
        List<String> steps = new ArrayList<>();
        out.get("records").forEach(rec -> {
            assertThat(rec.get("cluster").textValue()).isEqualTo("dev-fra-logistics-1");
            steps.add(rec.get("step").textValue() + " " + rec.get("attempt").intValue());
        });
        assertThat(steps).containsExactly("starting 1", "published 1", "failed 1", "finished 1", "starting 2");

        Cli typo = Cli.run("history", "--state", SAMPLE.toString(), "--cluster", "dev-fra-logistic");
        assertThat(typo.exitCode()).isZero();
        assertThat(typo.out()).isEqualTo("The journal " + SAMPLE.resolve("history.jsonl") + " holds no records of"
                + " cluster 'dev-fra-logistic'; did you mean 'dev-fra-logistics-1'?\n");
    }

    @Test
    @DisplayName("--fleet DIR reads DIR/.upshift; a fleet with no journal yet says so, exit 0, and nothing is created")
    void fleetFolders() throws IOException {
        Path fleet = Files.createDirectories(dir.resolve("fleet"));
        Cli none = Cli.run("history", "--fleet", fleet.toString());
        assertThat(none.exitCode()).isZero();
        assertThat(none.out()).isEqualTo("No journal in " + fleet.resolve(".upshift") + " yet: nothing has been recorded"
                + " there (an engine starts the journal when it first runs).\n");
        assertThat(JSON.readTree(Cli.run("history", "--fleet", fleet.toString(), "--output", "json").out()).toString())
                .isEqualTo("{\"journal\":null,\"cluster\":null,\"records\":[]}");
        assertThat(fleet.resolve(".upshift")).doesNotExist();

        try (JsonLinesJournal journal = JsonLinesJournal.open(JsonLinesJournal.stateFolder(fleet), ME)) {
            assertThat(Cli.run("history", "--fleet", fleet.toString()).out()).isEqualTo("The journal "
                    + fleet.resolve(".upshift/history.jsonl") + " holds no records yet\n");
            journal.append(new HistoryEntry(Instant.parse("2026-12-14T09:00:00Z"), "c-1", "c-1/1", Version.parse("1.0.0"),
                    Version.parse("1.1.0"), Optional.empty(), UpgradeState.IN_PROGRESS, "", List.of()));
            Cli r = Cli.run("history", "--fleet", fleet.toString());
            assertThat(r.exitCode()).as("read while an engine holds the journal").isZero();
            assertThat(r.out().lines().skip(1).toList()).singleElement().satisfies(l -> assertThat(l.split(" +"))
                    .containsExactly("2026-12-14T09:00:00Z", "c-1", "-", "1.0.0", "1.1.0", "1/1", "1", "published",
                            "inProgress", "-", "c-1/1", "-"));
        }
    }

    @Test
    @DisplayName("a last line still being written is left out with a note; a corrupt line is an error naming file and line, exit 1")
    void tornAndCorruptJournals() throws IOException {
        Path state = Files.createDirectories(dir.resolve("state"));
        Path file = state.resolve("history.jsonl");
        Files.copy(SAMPLE.resolve("history.jsonl"), file);
        Files.writeString(file, "{\"at\":\"2026-12-15", java.nio.file.StandardOpenOption.APPEND);
        Cli torn = Cli.run("history", "--state", state.toString());
        assertThat(torn.exitCode()).isZero();
        assertThat(torn.err()).isEqualTo("upshift: note: " + file + ":12: the last line is incomplete (17 bytes without a"
                + " line end) and was left out: an engine is writing it, or stopped while writing it (its next start"
                + " removes it)\n");
        assertThat(torn.out().lines()).hasSize(11);

        List<String> lines = new ArrayList<>(Files.readAllLines(SAMPLE.resolve("history.jsonl")));
        lines.set(3, lines.get(3).replace("\"attempt\":1", "\"attempt\":0"));
        Files.write(file, lines);
        Cli corrupt = Cli.run("history", "--state", state.toString());
        assertThat(corrupt.exitCode()).isEqualTo(Main.PROBLEM);
        assertThat(corrupt.out()).isEmpty();
        assertThat(corrupt.err()).startsWith(file + ":4:").contains(": attempt: expected a whole number from 1 to");
    }

    @Test
    @DisplayName("neither --fleet nor --state is wrong usage; a fleet folder that does not exist is an error")
    void usage() {
        Cli r = Cli.run("history");
        assertThat(r.exitCode()).isEqualTo(Main.USAGE);
        assertThat(r.err()).startsWith("upshift: give the fleet folder (--fleet DIR, whose state folder is DIR/.upshift)"
                + " or the state folder itself (--state DIR)\n");
        Cli missing = Cli.run("history", "--fleet", dir.resolve("nowhere").toString());
        assertThat(missing.exitCode()).isEqualTo(Main.PROBLEM);
        assertThat(missing.err()).isEqualTo("upshift: the fleet folder " + dir.resolve("nowhere") + " does not exist\n");
    }

    @Test
    @DisplayName("the sample journal of the docs is exactly what the journal writes for its records")
    void theSampleIsWhatTheJournalWrites() throws IOException {
        List<HistoryEntry> records = JsonLinesJournal.read(SAMPLE).entries();
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, ME)) {
            journal.appendAll(records);
        }
        assertThat(Files.readString(dir.resolve("history.jsonl"))).isEqualTo(Files.readString(SAMPLE.resolve("history.jsonl")));
    }

    private static List<String> names(JsonNode o) {
        List<String> out = new ArrayList<>();
        o.fieldNames().forEachRemaining(out::add);
        return out;
    }
}
