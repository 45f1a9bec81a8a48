package dev.upshift.observe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import io.cloudevents.CloudEvent;
import io.cloudevents.jackson.JsonFormat;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class UpshiftEventsTest {
    static final HistoryEntry FAILED = new HistoryEntry(Instant.parse("2026-12-14T11:00:00Z"), "prod-eu-1",
            "prod-eu-1:19.3.1..20.1.0#1", Version.parse("19.3.1"), Version.parse("20.1.0"), Optional.of("fleet-to-20.1"),
            UpgradeState.FAILED, "", List.of(Reason.of("UPGRADE_FAILED", "node cp-2 did not drain in 15m")),
            HistoryEntry.Step.FAILED, HistoryEntry.Hop.only(Version.parse("20.1.0")), 1, List.of(), 0);

    @Test
    @DisplayName("an entry is a CloudEvent 1.0 in JSON, its id a digest of the entry: the same every time")
    void cloudEvent() throws Exception {
        UpshiftEvents events = UpshiftEvents.from(URI.create("urn:upshift:fleet:prod"));
        byte[] json = events.json(FAILED);
        JsonNode tree = new ObjectMapper().readTree(new String(json, StandardCharsets.UTF_8));
        assertThat(tree.path("specversion").asText()).isEqualTo("1.0");
        // the digest as Python's hashlib makes it (docs/observability.md shows this event)
        assertThat(tree.path("id").asText()).isEqualTo(UpshiftEvents.id(FAILED)).isEqualTo("162adb386842a0709a9b81d0e257027b");
        assertThat(tree.path("type").asText()).isEqualTo("dev.upshift.hop.failed");
        assertThat(tree.path("source").asText()).isEqualTo("urn:upshift:fleet:prod");
        assertThat(tree.path("subject").asText()).isEqualTo("prod-eu-1");
        assertThat(tree.path("time").asText()).isEqualTo("2026-12-14T11:00:00Z");
        assertThat(tree.path("data").path("upgrade").asText()).isEqualTo("fleet-to-20.1");
        assertThat(tree.path("data").path("reasons").get(0).path("code").asText()).isEqualTo("UPGRADE_FAILED");
        assertThat(events.json(FAILED)).as("the same bytes again").isEqualTo(json);

        CloudEvent back = new JsonFormat().deserialize(json);
        assertThat(back.getId()).isEqualTo(UpshiftEvents.id(FAILED));
        assertThat(back.getType()).isEqualTo("dev.upshift.hop.failed");
    }

    @Test
    @DisplayName("a Slack message only for what a person must act on: a failure names cluster, hop and reason")
    void slack() {
        assertThat(SlackMessages.text(FAILED)).hasValue(":x: *prod-eu-1*: 19.3.1 → 20.1.0 failed (upgrade fleet-to-20.1,"
                + " hop 1 of 1, attempt 1)\nUPGRADE_FAILED: node cp-2 did not drain in 15m\n2026-12-14T11:00:00Z");
        HistoryEntry started = new HistoryEntry(FAILED.at(), FAILED.clusterId(), FAILED.upgradeId(), FAILED.from(),
                FAILED.to(), FAILED.intent(), UpgradeState.IN_PROGRESS, "", List.of(), HistoryEntry.Step.STARTING,
                FAILED.hop(), 1, List.of(), 0);
        assertThat(SlackMessages.payload(started)).isEmpty();
        assertThat(new String(SlackMessages.payload(FAILED).orElseThrow(), StandardCharsets.UTF_8))
                .startsWith("{\"text\":\":x: *prod-eu-1*");
    }
}
