package dev.upshift.core.journal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One JSON line per finished attempt, next to the journal, read back by an independent JSON reader. */
class EventLogTest {
    @TempDir
    Path state;

    private static Upgrade upgrade(String id, String from, String to) {
        return new Upgrade(id, ManagedCluster.builder("prod-eu-1").infrastructure("aws").release(from).build(),
                Version.parse(from), Version.parse(to), Optional.of("fleet-to-20.1"));
    }

    @Test
    @DisplayName("each event is one line with the telemetry fields, in order, appended")
    void writesLines() throws IOException {
        EventLog log = EventLog.in(state);
        Instant start = Instant.parse("2026-03-10T22:00:00Z");
        log.emit(UpgradeEvent.succeeded(upgrade("prod-eu-1:19.3.1..20.1.0#1", "19.3.1", "20.1.0"), start,
                start.plusSeconds(7200)));
        log.emit(UpgradeEvent.failed(upgrade("prod-eu-1:20.1.0..20.1.0#3", "20.1.0", "20.1.0"), "node \"cp-2\" did not drain",
                start, start.plusSeconds(60)));

        List<String> lines = Files.readAllLines(state.resolve("events.jsonl"), StandardCharsets.UTF_8);
        assertThat(lines).hasSize(2);
        JsonNode first = new ObjectMapper().readTree(lines.get(0));
        assertThat(first.fieldNames()).toIterable().containsExactly("upgradeId", "cluster", "infrastructure", "intent",
                "from", "to", "kind", "outcome", "failureReason", "startedAt", "durationSeconds", "attempt");
        assertThat(first.get("kind").asText()).isEqualTo("major");
        assertThat(first.get("durationSeconds").asLong()).isEqualTo(7200);
        assertThat(first.get("failureReason").isNull()).isTrue();
        JsonNode second = new ObjectMapper().readTree(lines.get(1));
        assertThat(second.get("kind").asText()).isEqualTo("config");
        assertThat(second.get("failureReason").asText()).isEqualTo("node \"cp-2\" did not drain");
        assertThat(second.get("attempt").asInt()).isEqualTo(3);
    }
}
