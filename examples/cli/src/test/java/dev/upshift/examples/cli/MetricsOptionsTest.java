package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --metrics-port}: what it serves, and the clear refusals of what does not fit. */
class MetricsOptionsTest {
    @TempDir
    Path dir;

    private Path fleet() throws IOException {
        return TestFleet.write(dir.resolve("fleet"));
    }

    @Test
    @DisplayName("a port outside 0..65535 is wrong usage, naming what was expected")
    void badPort() throws IOException {
        Cli run = Cli.run("run", "--fleet", fleet().toString(), "--once", "--metrics-port", "70000");
        assertThat(run.exitCode()).isEqualTo(Main.USAGE);
        assertThat(run.err()).contains("--metrics-port is a TCP port from 0 to 65535 (0: a free one), not 70000")
                .doesNotContain("Exception");
    }

    @Test
    @DisplayName("an address that is not an IP address is wrong usage; nothing is looked up")
    void badAddress() throws IOException {
        Cli run = Cli.run("run", "--fleet", fleet().toString(), "--once", "--metrics-port", "0", "--metrics-address",
                "metrics.example.com");
        assertThat(run.exitCode()).isEqualTo(Main.USAGE);
        assertThat(run.err()).contains("--metrics-address is an IP address (127.0.0.1, ::1, 0.0.0.0), not"
                + " 'metrics.example.com'");
    }

    @Test
    @DisplayName("--metrics-hold without --metrics-port is wrong usage")
    void holdNeedsPort() throws IOException {
        Cli run = Cli.run("run", "--fleet", fleet().toString(), "--once", "--metrics-hold", "1m");
        assertThat(run.exitCode()).isEqualTo(Main.USAGE);
        assertThat(run.err()).contains("--metrics-address and --metrics-hold go with --metrics-port");
    }

    @Test
    @DisplayName("a port another process holds is a problem, said in a sentence, and nothing is journaled")
    void portTaken() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Cli run = Cli.run("run", "--fleet", fleet().toString(), "--once", "--now", TestFleet.NOW, "--probe",
                    "simulated", "--metrics-port", Integer.toString(taken.getLocalPort()));
            assertThat(run.exitCode()).isEqualTo(Main.PROBLEM);
            assertThat(run.err()).contains("cannot serve metrics on 127.0.0.1:" + taken.getLocalPort())
                    .contains("is another process using the port?").doesNotContain("Exception");
        }
    }

    @Test
    @DisplayName("while it runs, /metrics answers Prometheus' text format on loopback")
    void servesTheTextFormat() throws Exception {
        Path fleet = fleet();
        Cli run = Cli.run("run", "--fleet", fleet.toString(), "--once", "--now", TestFleet.NOW, "--probe", "simulated",
                "--metrics-port", "0");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).containsPattern("metrics: http://127\\.0\\.0\\.1:\\d+/metrics");
        // the endpoint itself, while open
        var registry = new io.micrometer.prometheusmetrics.PrometheusMeterRegistry(
                io.micrometer.prometheusmetrics.PrometheusConfig.DEFAULT);
        dev.upshift.observe.UpshiftMetrics.on(registry);
        try (var endpoint = dev.upshift.observe.MetricsEndpoint.start(new java.net.InetSocketAddress(
                InetAddress.getLoopbackAddress(), 0), registry)) {
            HttpClient http = HttpClient.newHttpClient();
            HttpResponse<String> ok = http.send(HttpRequest.newBuilder(URI.create(endpoint.url())).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(ok.statusCode()).isEqualTo(200);
            assertThat(ok.headers().firstValue("Content-Type")).hasValue("text/plain; version=0.0.4; charset=utf-8");
            assertThat(ok.body()).contains("# TYPE upshift_reconciles_total counter");
            HttpResponse<String> other = http.send(HttpRequest.newBuilder(URI.create(endpoint.url()
                    .replace("/metrics", "/other"))).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(other.statusCode()).isEqualTo(404);
        }
    }
}
