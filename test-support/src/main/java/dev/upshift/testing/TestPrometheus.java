package dev.upshift.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * A real Prometheus for the tests of Upshift's metrics and of the rules and dashboard built on
 * them: Debian's {@code prometheus} package (which brings {@code promtool}), started on loopback
 * with a configuration and a storage folder of the test's own. Without it the tests that need it
 * are skipped loudly, and in CI ({@code CI=true}, or {@code -Dupshift.requirePrometheus=true}) they
 * fail instead, so that CI never passes without it ({@code .ci/run} installs it). {@link #close()}
 * ends the server.
 */
public final class TestPrometheus implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final Path log;
    private final int port;
    private final HttpClient http;

    private TestPrometheus(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    }

    /** Skips the test loudly (or fails it in CI) when {@code tool} ({@code prometheus}, {@code promtool}) is missing. */
    public static void require(String tool) {
        boolean present;
        try {
            present = Processes.run(new ProcessBuilder(tool, "--version"), Duration.ofMinutes(1)).exitCode() == 0;
        } catch (IOException e) {
            present = false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            present = false;
        }
        if (!present) {
            String message = tool + " is not installed: this test was NOT run; install it with: apt-get install"
                    + " prometheus";
            if (Boolean.getBoolean("upshift.requirePrometheus") || "true".equalsIgnoreCase(System.getenv("CI"))) {
                Assertions.fail(message + "; CI requires it (CI=true or upshift.requirePrometheus)");
            }
            System.err.println("SKIPPED: " + message);
            Assumptions.abort(message);
        }
    }

    /** A TCP port free on loopback a moment ago. */
    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /**
     * Starts Prometheus in {@code dir} scraping {@code http://127.0.0.1:TARGET/metrics} every second,
     * and waits until it is ready.
     */
    public static TestPrometheus scraping(Path dir, int targetPort) throws IOException, InterruptedException {
        require("prometheus");
        Files.createDirectories(dir);
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(config, """
                global:
                  scrape_interval: 1s
                  scrape_timeout: 1s
                scrape_configs:
                  - job_name: upshift
                    static_configs:
                      - targets: ['127.0.0.1:%d']
                """.replace("%d", Integer.toString(targetPort)), StandardCharsets.UTF_8);
        return start(dir, config, dir.resolve("data"));
    }

    private static TestPrometheus start(Path dir, Path config, Path data) throws IOException, InterruptedException {
        int port = freePort();
        Path log = dir.resolve("prometheus.log");
        List<String> command = new ArrayList<>(List.of("prometheus", "--config.file=" + config,
                "--storage.tsdb.path=" + data, "--web.listen-address=127.0.0.1:" + port, "--log.level=warn"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        TestPrometheus server = new TestPrometheus(p, log, port);
        try {
            server.awaitReady(Duration.ofMinutes(1));
        } catch (IOException | InterruptedException | AssertionError e) {
            server.close();
            throw e;
        }
        return server;
    }

    private void awaitReady(Duration limit) throws IOException, InterruptedException {
        long until = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < until) {
            if (!process.isAlive()) {
                throw new AssertionError("prometheus ended: " + Files.readString(log, StandardCharsets.UTF_8));
            }
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base() + "/-/ready"))
                        .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (ConnectException e) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        throw new AssertionError("prometheus was not ready within " + limit + ": "
                + Files.readString(log, StandardCharsets.UTF_8));
    }

    private String base() {
        return "http://127.0.0.1:" + port;
    }

    /**
     * An instant query whose answer is one number (a scalar, or a vector of one sample, as
     * {@code sum(...)} gives); empty when the vector is empty (nothing scraped yet).
     */
    public OptionalDouble query(String promql) throws IOException, InterruptedException {
        URI uri = URI.create(base() + "/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        JsonNode body = JSON.readTree(r.body());
        if (r.statusCode() != 200 || !"success".equals(body.path("status").asText())) {
            throw new AssertionError("query " + promql + " failed: " + r.body());
        }
        JsonNode data = body.path("data");
        JsonNode result = data.path("result");
        if (data.path("resultType").asText().equals("scalar")) {
            return OptionalDouble.of(Double.parseDouble(result.get(1).asText()));
        }
        if (result.size() == 0) {
            return OptionalDouble.empty();
        }
        if (result.size() > 1) {
            throw new AssertionError("query " + promql + " answered " + result.size() + " series; wrap it in sum()");
        }
        return OptionalDouble.of(Double.parseDouble(result.get(0).path("value").get(1).asText()));
    }

    /**
     * Asserts that Prometheus takes {@code promql} as a query (it parses, its functions exist); what
     * it answers does not matter.
     */
    public void assertValid(String promql) throws IOException, InterruptedException {
        URI uri = URI.create(base() + "/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        if (r.statusCode() != 200) {
            throw new AssertionError("Prometheus refused the query " + promql + ": " + r.body());
        }
    }

    /**
     * Asks {@code promql} until it answers {@code expected} or {@code limit} passes (scrapes come
     * every second), and returns the last answer: the caller asserts it.
     */
    public OptionalDouble await(String promql, double expected, Duration limit) throws IOException, InterruptedException {
        long until = System.nanoTime() + limit.toNanos();
        OptionalDouble last = query(promql);
        while ((last.isEmpty() || last.getAsDouble() != expected) && System.nanoTime() < until) {
            Thread.sleep(250);
            last = query(promql);
        }
        return last;
    }

    /** Ends the server and waits until it is gone. */
    @Override
    public void close() {
        Processes.endNow(process);
    }
}
