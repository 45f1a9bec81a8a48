package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.observe.UpshiftEvents;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.testing.FlakyReceiver;
import dev.upshift.testing.Processes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 39's kill test of events out: {@code run --virtual-clock --webhook} to a receiver that
 * answers 500s, answers too late and drops connections, killed with SIGKILL while it delivers and
 * started again, delivers every journaled step at least once, a duplicate with the same id and bytes.
 */
class WebhookKillTest {
    private static final int KILLS = 4;

    @TempDir
    Path dir;

    @Test
    @DisplayName("killed mid-delivery and started again, run --webhook loses no event; duplicates carry the same id")
    void killedMidDeliveryLosesNothing() throws Exception {
        Path fleet = dir.resolve("fleet");
        KillFleet.generate(fleet, 30, 5);
        try (FlakyReceiver receiver = FlakyReceiver.start(39, 0.3, Duration.ofMillis(400))) {
            String[] args = {"run", "--fleet", fleet.toString(), "--virtual-clock", "--from", "2027-01-04T00:00:00Z",
                "--until", "2027-01-12T00:00:00Z", "--probe", "simulated", "--seed", "3", "--failure-rate", "0.1",
                "--webhook", receiver.url(), "--webhook-timeout", "200ms", "--webhook-retry", "20ms",
                "--webhook-drain", "5m"};
            Random random = new Random(39);
            int killedWhileDelivering = 0;
            for (int i = 0; i < KILLS; i++) {
                int before = receiver.received().size();
                Process p = CliChild.start(dir.resolve("killed-" + i + ".log"), args);
                try {
                    // once this run delivers (the receiver hears from it), at a random moment after
                    for (int w = 0; w < 1200 && p.isAlive() && receiver.received().size() == before; w++) {
                        Thread.sleep(50);
                    }
                    Thread.sleep(random.nextInt(700));
                    if (p.isAlive()) {
                        p.destroyForcibly();
                        if (receiver.received().size() > before) {
                            killedWhileDelivering++;
                        }
                    }
                    Processes.await(p, Duration.ofMinutes(2), "upshift run (killed)");
                } finally {
                    Processes.endNow(p);
                }
            }
            Path log = dir.resolve("last.log");
            Process last = CliChild.start(log, args);
            int code;
            try {
                code = Processes.await(last, Duration.ofMinutes(5), "upshift run (to the end)");
            } finally {
                Processes.endNow(last);
            }
            assertThat(code).as(Files.readString(log, StandardCharsets.UTF_8)).isZero();

            List<HistoryEntry> journal = JsonLinesJournal.read(JsonLinesJournal.stateFolder(fleet)).entries();
            Set<String> ids = new LinkedHashSet<>();
            journal.forEach(e -> ids.add(UpshiftEvents.id(e)));
            Map<String, List<String>> got = receiver.received();
            assertThat(killedWhileDelivering).as("kills that landed while events were being delivered").isPositive();
            assertThat(journal).hasSizeGreaterThan(100);
            assertThat(got.keySet()).as("every journaled step's event arrived").containsExactlyInAnyOrderElementsOf(ids);
            assertThat(got.values()).as("a duplicate carries the same id and the same bytes")
                    .allSatisfy(bodies -> assertThat(Set.copyOf(bodies)).hasSize(1));
            assertThat(receiver.refused() + receiver.dropped() + receiver.answeredLate()).isPositive();
        }
    }
}
