package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.testing.FlakyReceiver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --webhook}: what it sends, and the clear refusals of what does not fit. */
class WebhookOptionsTest {
    @TempDir
    Path dir;

    @Test
    @DisplayName("a webhook that is not an http or https URL is wrong usage, naming what was expected")
    void badUrl() throws IOException {
        Path fleet = TestFleet.write(dir.resolve("fleet"));
        Cli run = Cli.run("run", "--fleet", fleet.toString(), "--once", "--webhook", "mailto:ops@example.com?s=secret");
        assertThat(run.exitCode()).isEqualTo(Main.USAGE);
        assertThat(run.err()).contains("--webhook: a webhook is an http or https URL with a host and no user in it")
                .doesNotContain("secret").doesNotContain("Exception");
    }

    @Test
    @DisplayName("a webhook does not go with --dry-run, and its settings not without one")
    void dryRunAndOrphans() throws IOException {
        Path fleet = TestFleet.write(dir.resolve("fleet"));
        Cli dry = Cli.run("run", "--fleet", fleet.toString(), "--dry-run", "--webhook", "http://127.0.0.1:1/x");
        assertThat(dry.exitCode()).isEqualTo(Main.USAGE);
        assertThat(dry.err()).contains("--webhook and --slack-webhook do not go with --dry-run");
        Cli orphan = Cli.run("run", "--fleet", fleet.toString(), "--once", "--webhook-drain", "1m");
        assertThat(orphan.exitCode()).isEqualTo(Main.USAGE);
        assertThat(orphan.err()).contains("go with --webhook or --slack-webhook");
    }

    @Test
    @DisplayName("one reconcile's steps go out as CloudEvents, and the position is kept in the state folder")
    void sends() throws IOException {
        Path fleet = TestFleet.write(dir.resolve("fleet"));
        try (FlakyReceiver receiver = FlakyReceiver.start(1, 0, Duration.ZERO)) {
            Cli run = Cli.run("run", "--fleet", fleet.toString(), "--once", "--now", TestFleet.NOW, "--probe",
                    "simulated", "--webhook", receiver.url(), "--webhook-drain", "1m");
            assertThat(run.exitCode()).as(run.err()).isZero();
            assertThat(run.out()).contains("events out to [cloudevents " + receiver.url() + "]");
            assertThat(receiver.received()).isNotEmpty();
            try (var files = Files.list(fleet.resolve(".upshift").resolve("webhooks"))) {
                assertThat(files.map(p -> p.getFileName().toString())).singleElement().asString().endsWith(".position");
            }
        }
    }
}
