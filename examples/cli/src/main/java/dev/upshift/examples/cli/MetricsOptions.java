package dev.upshift.examples.cli;

import dev.upshift.observe.MetricsEndpoint;
import dev.upshift.observe.UpshiftMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code run}'s metrics (docs/observability.md): {@code --metrics-port N} serves the engine's
 * metrics in Prometheus' text format at {@code http://127.0.0.1:N/metrics} while it runs,
 * {@code --metrics-address} on another address, {@code --metrics-hold D} a while longer after the
 * run ends (so that a scraper sees a time-lapse's last counts).
 */
final class MetricsOptions {
    @Option(names = "--metrics-port", paramLabel = "N", description = "serve Prometheus metrics at"
            + " http://127.0.0.1:N/metrics while running (0: a free port, printed)")
    Integer port;

    @Option(names = "--metrics-address", paramLabel = "ADDR", description = "with --metrics-port: the address to"
            + " listen on, an IP address (default 127.0.0.1, loopback only; 0.0.0.0 for every interface)")
    String address;

    @Option(names = "--metrics-hold", paramLabel = "D", converter = WindowsCommand.DurationConverter.class,
            description = "with --metrics-port: keep serving the metrics for D after the run ends (default 0)")
    Duration hold;

    /** Refuses what does not fit, naming what was expected. */
    void check(CommandLine cl) {
        if (port == null) {
            if (address != null || hold != null) {
                throw new CommandLine.ParameterException(cl, "--metrics-address and --metrics-hold go with"
                        + " --metrics-port");
            }
            return;
        }
        if (port < 0 || port > 65535) {
            throw new CommandLine.ParameterException(cl, "--metrics-port is a TCP port from 0 to 65535 (0: a free"
                    + " one), not " + port);
        }
        if (hold != null && hold.isNegative()) {
            throw new CommandLine.ParameterException(cl, "--metrics-hold must not be negative");
        }
        listenAt(cl);
    }

    private InetSocketAddress listenAt(CommandLine cl) {
        String a = address == null ? "127.0.0.1" : address;
        if (!a.matches("[0-9.]+|[0-9A-Fa-f:]+|\\[[0-9A-Fa-f:]+\\]")) {
            throw new CommandLine.ParameterException(cl, "--metrics-address is an IP address (127.0.0.1, ::1,"
                    + " 0.0.0.0), not '" + a + "'");
        }
        try {
            // a literal address: nothing is looked up
            return new InetSocketAddress(InetAddress.getByName(a.replace("[", "").replace("]", "")), port);
        } catch (UnknownHostException e) {
            throw new CommandLine.ParameterException(cl, "--metrics-address is an IP address (127.0.0.1, ::1,"
                    + " 0.0.0.0), not '" + a + "'");
        }
    }

    /** The metrics and their endpoint, when asked for; started at once. */
    Optional<Served> start(CommandLine cl) {
        if (port == null) {
            return Optional.empty();
        }
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        UpshiftMetrics metrics = UpshiftMetrics.on(registry);
        return Optional.of(new Served(metrics, MetricsEndpoint.start(listenAt(cl), registry), hold));
    }

    /** The metrics being served; closing waits out {@code --metrics-hold}, then stops the endpoint. */
    record Served(UpshiftMetrics metrics, MetricsEndpoint endpoint, Duration hold) implements AutoCloseable {
        @Override
        public void close() {
            try {
                if (hold != null && !hold.isZero()) {
                    Thread.sleep(hold.toMillis());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                endpoint.close();
            }
        }
    }
}
