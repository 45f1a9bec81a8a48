package dev.upshift.operator;

import dev.upshift.common.value.Durations;
import java.io.File;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The packaged operator's settings, read from its environment (docs/operator.md, "Configure"): each
 * one checked, and a wrong one refused with the variable's name and what was expected.
 *
 * @param mockApiServer whether the API server is fabric8's mock server, which takes neither
 *     server-side apply nor dry-run: a test's setting only (docs/operator.md, "The operator as a
 *     process")
 */
record OperatorSettings(String namespace, String identity, String leaseName, String historyUrl,
        Optional<String> historyUser, Optional<String> historyPassword, String fleet, Duration poll,
        Optional<String> clusterNamespace, Optional<String> kubeconfig, Leadership.Timing lease,
        boolean mockApiServer, Optional<InetSocketAddress> metrics) {

    static final String NAMESPACE = "UPSHIFT_NAMESPACE";
    static final String IDENTITY = "UPSHIFT_IDENTITY";
    static final String LEASE = "UPSHIFT_LEASE";
    static final String LEASE_DURATION = "UPSHIFT_LEASE_DURATION";
    static final String RENEW_DEADLINE = "UPSHIFT_LEASE_RENEW_DEADLINE";
    static final String RETRY_PERIOD = "UPSHIFT_LEASE_RETRY_PERIOD";
    static final String HISTORY_URL = "UPSHIFT_HISTORY_URL";
    static final String HISTORY_USER = "UPSHIFT_HISTORY_USER";
    static final String HISTORY_PASSWORD = "UPSHIFT_HISTORY_PASSWORD";
    static final String FLEET = "UPSHIFT_FLEET";
    static final String POLL = "UPSHIFT_POLL_INTERVAL";
    static final String CLUSTER_NAMESPACE = "UPSHIFT_CLUSTER_NAMESPACE";
    static final String KUBECONFIG = "KUBECONFIG";
    static final String METRICS_PORT = "UPSHIFT_METRICS_PORT";
    static final String METRICS_ADDRESS = "UPSHIFT_METRICS_ADDRESS";
    static final String MOCK_API_SERVER = "UPSHIFT_MOCK_API_SERVER";
    /** The one value {@link #MOCK_API_SERVER} takes: it says what the setting does. */
    static final String MOCK_PUBLISHING = "merge-patch-without-field-ownership";

    /**
     * Reads the settings.
     *
     * @throws IllegalArgumentException naming the variable, when one is missing or wrong
     */
    static OperatorSettings from(Map<String, String> env) {
        String namespace = required(env, NAMESPACE, "the namespace of the operator's resources and lease");
        String identity = value(env, IDENTITY).or(() -> value(env, "HOSTNAME")).orElseThrow(() ->
                new IllegalArgumentException(IDENTITY + " is not set (nor HOSTNAME): each replica needs its own"
                        + " identity in the lease, such as its pod's name"));
        String url = required(env, HISTORY_URL, "the history's database, jdbc:postgresql://HOST[:PORT]/DATABASE");
        if (!url.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException(HISTORY_URL + ": expected jdbc:postgresql://HOST[:PORT]/DATABASE");
        }
        Optional<String> kubeconfig = value(env, KUBECONFIG);
        kubeconfig.ifPresent(OperatorSettings::readable);
        Duration leaseDuration = duration(env, LEASE_DURATION, "15s");
        Duration renewDeadline = duration(env, RENEW_DEADLINE, "10s");
        Duration retryPeriod = duration(env, RETRY_PERIOD, "2s");
        if (retryPeriod.compareTo(renewDeadline) >= 0 || renewDeadline.compareTo(leaseDuration) >= 0) {
            throw new IllegalArgumentException(RETRY_PERIOD + " < " + RENEW_DEADLINE + " < " + LEASE_DURATION
                    + " is expected, not " + Durations.format(retryPeriod) + ", " + Durations.format(renewDeadline)
                    + ", " + Durations.format(leaseDuration));
        }
        boolean mock = value(env, MOCK_API_SERVER).map(v -> {
            if (!v.equals(MOCK_PUBLISHING)) {
                throw new IllegalArgumentException(MOCK_API_SERVER + ": a test's setting whose only value is "
                        + MOCK_PUBLISHING + ", not \"" + v + "\"; a deployment never sets it");
            }
            return true;
        }).orElse(false);
        return new OperatorSettings(namespace, identity, value(env, LEASE).orElse("upshift-operator"), url,
                value(env, HISTORY_USER), value(env, HISTORY_PASSWORD), value(env, FLEET).orElse(namespace),
                duration(env, POLL, "30s"), value(env, CLUSTER_NAMESPACE), kubeconfig,
                new Leadership.Timing(leaseDuration, renewDeadline, retryPeriod, true), mock, metrics(env));
    }

    /** Where the metrics are served: {@code UPSHIFT_METRICS_PORT} on every interface unless an address is given. */
    private static Optional<InetSocketAddress> metrics(Map<String, String> env) {
        Optional<String> port = value(env, METRICS_PORT);
        Optional<String> address = value(env, METRICS_ADDRESS);
        if (port.isEmpty()) {
            if (address.isPresent()) {
                throw new IllegalArgumentException(METRICS_ADDRESS + " goes with " + METRICS_PORT + ", which is not set");
            }
            return Optional.empty();
        }
        int n;
        try {
            n = Integer.parseInt(port.get());
        } catch (NumberFormatException e) {
            n = -1;
        }
        if (n < 1 || n > 65535) {
            throw new IllegalArgumentException(METRICS_PORT + ": expected a TCP port from 1 to 65535, not \""
                    + port.get() + "\"");
        }
        String a = address.orElse("0.0.0.0");
        if (!a.matches("[0-9.]+|[0-9A-Fa-f:]+")) {
            throw new IllegalArgumentException(METRICS_ADDRESS + ": expected an IP address such as 0.0.0.0 or"
                    + " 127.0.0.1, not \"" + a + "\"");
        }
        try {
            return Optional.of(new InetSocketAddress(InetAddress.getByName(a), n));
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(METRICS_ADDRESS + ": expected an IP address such as 0.0.0.0 or"
                    + " 127.0.0.1, not \"" + a + "\"");
        }
    }

    /** Each file of a KUBECONFIG list must be there to read: the client would otherwise go on without it. */
    private static void readable(String kubeconfig) {
        for (String file : kubeconfig.split(File.pathSeparator, -1)) {
            if (file.isBlank()) {
                continue;
            }
            boolean ok;
            try {
                Path p = Path.of(file);
                ok = Files.isRegularFile(p) && Files.isReadable(p);
            } catch (InvalidPathException e) {
                ok = false;
            }
            if (!ok) {
                throw new IllegalArgumentException(KUBECONFIG + ": cannot read the kubeconfig file " + file
                        + " (expected a readable file; unset " + KUBECONFIG + " inside a cluster, where the pod's"
                        + " service account is used)");
            }
        }
    }

    private static Duration duration(Map<String, String> env, String name, String otherwise) {
        String text = value(env, name).orElse(otherwise);
        Duration d;
        try {
            d = Durations.parse(text);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(name + ": expected a duration such as 30s or 1m, not \"" + text + "\"");
        }
        if (d.isZero() || d.isNegative()) {
            throw new IllegalArgumentException(name + ": expected a positive duration, not " + text);
        }
        return d;
    }

    private static String required(Map<String, String> env, String name, String what) {
        return value(env, name).orElseThrow(() -> new IllegalArgumentException(name + " is not set: " + what));
    }

    private static Optional<String> value(Map<String, String> env, String name) {
        return Optional.ofNullable(env.get(name)).map(String::strip).filter(v -> !v.isEmpty());
    }
}
