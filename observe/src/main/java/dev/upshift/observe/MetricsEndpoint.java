package dev.upshift.observe;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.upshift.common.problem.UpshiftException;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apiguardian.api.API;

/**
 * The Prometheus scrape endpoint: {@code GET /metrics} answers a {@link PrometheusMeterRegistry}'s
 * text format, on the JDK's own HTTP server (no web framework). {@code upshift run --metrics-port}
 * and the operator serve their metrics this way; an embedder with a web server of its own serves
 * {@link PrometheusMeterRegistry#scrape()} there instead.
 *
 * <p><b>Contract.</b> Serves from one thread of its own, named {@code upshift-metrics}, which
 * {@link #close()} stops; a scrape never touches the engine (it reads the registry). Any other path
 * answers 404, any other method 405.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class MetricsEndpoint implements AutoCloseable {
    /** The content type of Prometheus' text format. */
    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final HttpServer server;
    private final ExecutorService thread;

    private MetricsEndpoint(HttpServer server, ExecutorService thread) {
        this.server = server;
        this.thread = thread;
    }

    /**
     * Starts serving {@code registry} at {@code address}.
     *
     * @param address where to listen: a loopback address unless the metrics are meant for the
     *     network; port 0 takes a free one ({@link #port()} says which)
     * @param registry the registry to render
     * @return the running endpoint; close it to stop
     * @throws UpshiftException when the address cannot be listened on (the port is taken, the
     *     address is not this machine's), saying which
     */
    public static MetricsEndpoint start(InetSocketAddress address, PrometheusMeterRegistry registry) {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(registry, "registry");
        HttpServer server;
        try {
            server = HttpServer.create(address, 16);
        } catch (BindException e) {
            throw new UpshiftException("cannot serve metrics on " + text(address) + ": " + e.getMessage()
                    + " (is another process using the port?)");
        } catch (IOException e) {
            throw new UpshiftException("cannot serve metrics on " + text(address) + ": " + e.getMessage());
        }
        ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "upshift-metrics");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(thread);
        server.createContext("/", exchange -> answer(exchange, registry));
        server.start();
        return new MetricsEndpoint(server, thread);
    }

    private static void answer(HttpExchange exchange, PrometheusMeterRegistry registry) throws IOException {
        try (exchange) {
            if (!exchange.getRequestURI().getPath().equals("/metrics")) {
                send(exchange, 404, "not found: the metrics are at /metrics\n");
            } else if (!exchange.getRequestMethod().equals("GET") && !exchange.getRequestMethod().equals("HEAD")) {
                send(exchange, 405, "only GET\n");
            } else {
                exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
                send(exchange, 200, registry.scrape());
            }
        }
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(status, head ? -1 : bytes.length);
        if (!head) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    /** The port it listens on. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** {@code http://127.0.0.1:9464/metrics}. */
    public String url() {
        return "http://" + text(server.getAddress()) + "/metrics";
    }

    private static String text(InetSocketAddress a) {
        String host = a.getAddress() != null ? a.getAddress().getHostAddress() : a.getHostString();
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort();
    }

    /** Stops serving (a scrape under way is given up) and ends its thread. */
    @Override
    public void close() {
        server.stop(0);
        thread.shutdownNow();
    }

    @Override
    public String toString() {
        return "metrics at " + url();
    }
}
