package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.testing.Processes;
import dev.upshift.testing.TestPrometheus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 39: a real Prometheus scrapes {@code upshift run --metrics-port} during a time-lapse, and
 * PromQL counts what the journal recorded.
 */
class MetricsScrapeTest {
    @TempDir
    Path dir;

    @Test
    @DisplayName("Prometheus scrapes run --metrics-port during a time-lapse; PromQL counts the journal's hops")
    void prometheusCountsTheJournal() throws Exception {
        TestPrometheus.require("prometheus");
        Path fleet = dir.resolve("fleet");
        KillFleet.generate(fleet, 40, 5);
        int metricsPort = TestPrometheus.freePort();
        try (TestPrometheus prometheus = TestPrometheus.scraping(dir.resolve("prometheus"), metricsPort)) {
            Path log = dir.resolve("run.log");
            Process run = CliChild.start(log, "run", "--fleet", fleet.toString(), "--virtual-clock", "--from",
                    "2027-01-04T00:00:00Z", "--until", "2027-01-12T00:00:00Z", "--probe", "simulated", "--seed", "3",
                    "--failure-rate", "0.1", "--metrics-port", Integer.toString(metricsPort), "--metrics-hold", "10m");
            try {
                String output = awaitLine(run, log, "time-lapse ");
                assertThat(output).contains("metrics: http://127.0.0.1:" + metricsPort + "/metrics");
                List<HistoryEntry> journal = JsonLinesJournal.read(JsonLinesJournal.stateFolder(fleet)).entries();
                long started = count(journal, HistoryEntry.Step.STARTING);
                long succeeded = count(journal, HistoryEntry.Step.SUCCEEDED);
                long failed = count(journal, HistoryEntry.Step.FAILED);
                assertThat(started).as("the time-lapse upgraded").isGreaterThan(20);
                assertThat(failed).as("some hops failed (10%)").isPositive();

                Duration limit = Duration.ofMinutes(2);
                assertThat(prometheus.await("sum(upshift_hops_started_total)", started, limit))
                        .hasValue(started);
                assertThat(prometheus.await("sum(upshift_hops_succeeded_total)", succeeded, limit))
                        .hasValue(succeeded);
                assertThat(prometheus.await("sum(upshift_hops_failed_total)", failed, limit)).hasValue(failed);
                assertThat(prometheus.await("sum(upshift_hop_duration_seconds_count)", succeeded + failed, limit))
                        .hasValue(succeeded + failed);
                assertThat(prometheus.await("sum(upshift_clusters)", 40, limit)).hasValue(40);
                OptionalDouble eightHours = prometheus.query("sum(upshift_hop_duration_seconds_bucket{le=\"28800.0\"})");
                assertThat(eightHours).as("every hop took at most 8 hours of virtual time").hasValue(succeeded + failed);
            } finally {
                Processes.endNow(run);
            }
        }
    }

    private static long count(List<HistoryEntry> journal, HistoryEntry.Step step) {
        return journal.stream().filter(e -> e.step() == step).count();
    }

    /** Waits until the child printed a line starting with {@code prefix}; its output so far. */
    private static String awaitLine(Process p, Path log, String prefix) throws IOException, InterruptedException {
        long until = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        while (System.nanoTime() < until) {
            String out = Files.readString(log, StandardCharsets.UTF_8);
            if (out.lines().anyMatch(l -> l.startsWith(prefix))) {
                return out;
            }
            if (!p.isAlive()) {
                throw new AssertionError("upshift run ended with " + p.exitValue() + ":\n" + out);
            }
            Thread.sleep(100);
        }
        throw new AssertionError("upshift run printed no '" + prefix + "' line within 5 minutes:\n"
                + Files.readString(log, StandardCharsets.UTF_8));
    }
}
