package dev.upshift.core.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.core.plan.ActEntries;
import dev.upshift.release.Version;
import dev.upshift.spi.Act;
import dev.upshift.spi.ApprovalGate;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.UpgradeState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The queue of acts a command leaves for the engine that holds the journal. */
class ActQueueTest {
    private static final Instant AT = Instant.parse("2026-12-14T09:00:00Z");

    @TempDir
    Path dir;

    @Test
    @DisplayName("queued acts read back whole, oldest first, and go when done")
    void roundTrip() {
        Act later = Act.pause(AT.plusSeconds(60), "carol", "platform", Version.parse("20.1.0"), "incident: \"42\"\n");
        Act first = Act.approve(AT, "alice", "platform", Version.parse("20.1.0"), "prod", ApprovalGate.AFTER, "");
        ActQueue.put(dir, ActEntries.entry(later, 0));
        ActQueue.put(dir, ActEntries.entry(first, 0));
        List<String> problems = new ArrayList<>();
        List<ActQueue.Queued> queued = ActQueue.waiting(dir, problems);
        assertThat(problems).isEmpty();
        assertThat(queued).extracting(q -> ActEntries.of(q.act()).orElseThrow()).containsExactly(first, later);
        queued.get(0).done();
        assertThat(ActQueue.waiting(dir, problems)).hasSize(1);
    }

    @Test
    @DisplayName("a file that is not one act is reported and left where it is; an entry that is not an act is refused")
    void badInput() throws IOException {
        Files.createDirectories(dir.resolve(ActQueue.FOLDER));
        Path bad = Files.writeString(dir.resolve(ActQueue.FOLDER).resolve("0-0-x.jsonl"), "{\"format\":\"upshift");
        List<String> problems = new ArrayList<>();
        assertThat(ActQueue.waiting(dir, problems)).isEmpty();
        assertThat(problems).singleElement().asString().startsWith(bad.toString()).endsWith("left where it is");
        assertThat(bad).exists();
        HistoryEntry attempt = new HistoryEntry(AT, "c-1", "u", Version.parse("1.0.0"), Version.parse("1.1.0"),
                Optional.empty(), UpgradeState.IN_PROGRESS, "", List.of());
        assertThatThrownBy(() -> ActQueue.put(dir, attempt)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("only a person's act");
        assertThat(ActQueue.waiting(Path.of(dir.toString(), "nowhere"), problems)).isEmpty();
    }
}
