package dev.upshift.operator;

import dev.upshift.common.value.Durations;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The packaged operator's settings, read from its environment (docs/operator.md, "Configure"): each
 * one checked, and a wrong one refused with the variable's name and what was expected.
 */
record OperatorSettings(String namespace, String identity, String leaseName, String historyUrl,
        Optional<String> historyUser, Optional<String> historyPassword, String fleet, Duration poll,
        Optional<String> clusterNamespace) {

    static final String NAMESPACE = "UPSHIFT_NAMESPACE";
    static final String IDENTITY = "UPSHIFT_IDENTITY";
    static final String LEASE = "UPSHIFT_LEASE";
    static final String HISTORY_URL = "UPSHIFT_HISTORY_URL";
    static final String HISTORY_USER = "UPSHIFT_HISTORY_USER";
    static final String HISTORY_PASSWORD = "UPSHIFT_HISTORY_PASSWORD";
    static final String FLEET = "UPSHIFT_FLEET";
    static final String POLL = "UPSHIFT_POLL_INTERVAL";
    static final String CLUSTER_NAMESPACE = "UPSHIFT_CLUSTER_NAMESPACE";

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
        Duration poll;
        String pollText = value(env, POLL).orElse("30s");
        try {
            poll = Durations.parse(pollText);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(POLL + ": expected a duration such as 30s or 1m, not \"" + pollText + "\"");
        }
        if (poll.isZero() || poll.isNegative()) {
            throw new IllegalArgumentException(POLL + ": expected a positive duration, not " + pollText);
        }
        return new OperatorSettings(namespace, identity, value(env, LEASE).orElse("upshift-operator"), url,
                value(env, HISTORY_USER), value(env, HISTORY_PASSWORD), value(env, FLEET).orElse(namespace), poll,
                value(env, CLUSTER_NAMESPACE));
    }

    private static String required(Map<String, String> env, String name, String what) {
        return value(env, name).orElseThrow(() -> new IllegalArgumentException(name + " is not set: " + what));
    }

    private static Optional<String> value(Map<String, String> env, String name) {
        return Optional.ofNullable(env.get(name)).map(String::strip).filter(v -> !v.isEmpty());
    }
}
