package dev.upshift.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The packaged operator's settings: read from the environment, and a wrong one named with what was expected. */
class OperatorSettingsTest {
    static final Map<String, String> GOOD = Map.of(OperatorSettings.NAMESPACE, "upshift-system",
            OperatorSettings.IDENTITY, "upshift-operator-7d9f-abcde",
            OperatorSettings.HISTORY_URL, "jdbc:postgresql://db/upshift");

    @Test
    @DisplayName("the defaults: lease upshift-operator, the namespace as the history's fleet, a poll every 30 s")
    void defaults() {
        OperatorSettings s = OperatorSettings.from(GOOD);

        assertThat(s.leaseName()).isEqualTo("upshift-operator");
        assertThat(s.fleet()).isEqualTo("upshift-system");
        assertThat(s.poll()).isEqualTo(Duration.ofSeconds(30));
        assertThat(s.historyUser()).isEmpty();
        assertThat(s.lease()).isEqualTo(new Leadership.Timing(Duration.ofSeconds(15), Duration.ofSeconds(10),
                Duration.ofSeconds(2), true));
        assertThat(s.mockApiServer()).isFalse();
    }

    @Test
    @DisplayName("the lease's timing from its three variables, Go or ISO-8601 durations")
    void leaseTiming() {
        java.util.Map<String, String> env = new java.util.HashMap<>(GOOD);
        env.put(OperatorSettings.LEASE_DURATION, "PT1M");
        env.put(OperatorSettings.RENEW_DEADLINE, "40s");
        env.put(OperatorSettings.RETRY_PERIOD, "500ms");

        assertThat(OperatorSettings.from(env).lease()).isEqualTo(new Leadership.Timing(Duration.ofMinutes(1),
                Duration.ofSeconds(40), Duration.ofMillis(500), true));
    }

    @Test
    @DisplayName("the mock server's setting takes one value only, which says what it does")
    void mockApiServer() {
        assertThat(OperatorSettings.from(with(OperatorSettings.MOCK_API_SERVER,
                "merge-patch-without-field-ownership")).mockApiServer()).isTrue();
        assertThatThrownBy(() -> OperatorSettings.from(with(OperatorSettings.MOCK_API_SERVER, "true")))
                .hasMessage("UPSHIFT_MOCK_API_SERVER: a test's setting whose only value is"
                        + " merge-patch-without-field-ownership, not \"true\"; a deployment never sets it");
    }

    @Test
    @DisplayName("a missing or wrong setting is refused with the variable's name and what was expected")
    void badSettings() {
        assertThatThrownBy(() -> OperatorSettings.from(Map.of()))
                .hasMessage("UPSHIFT_NAMESPACE is not set: the namespace of the operator's resources and lease");
        assertThatThrownBy(() -> OperatorSettings.from(with(OperatorSettings.HISTORY_URL, "postgres://db")))
                .hasMessage("UPSHIFT_HISTORY_URL: expected jdbc:postgresql://HOST[:PORT]/DATABASE");
        assertThatThrownBy(() -> OperatorSettings.from(with(OperatorSettings.POLL, "often")))
                .hasMessage("UPSHIFT_POLL_INTERVAL: expected a duration such as 30s or 1m, not \"often\"");
        assertThatThrownBy(() -> OperatorSettings.from(with(OperatorSettings.POLL, "0s")))
                .hasMessage("UPSHIFT_POLL_INTERVAL: expected a positive duration, not 0s");
        assertThatThrownBy(() -> OperatorSettings.from(with(OperatorSettings.LEASE_DURATION, "-5s")))
                .hasMessageStartingWith("UPSHIFT_LEASE_DURATION: expected");
        assertThatThrownBy(() -> OperatorSettings.from(with(OperatorSettings.RETRY_PERIOD, "10s")))
                .hasMessage("UPSHIFT_LEASE_RETRY_PERIOD < UPSHIFT_LEASE_RENEW_DEADLINE < UPSHIFT_LEASE_DURATION is"
                        + " expected, not 10s, 10s, 15s");
        assertThatThrownBy(() -> OperatorSettings.from(with("KUBECONFIG", "/nonexistent/kubeconfig")))
                .hasMessageStartingWith("KUBECONFIG: cannot read the kubeconfig file /nonexistent/kubeconfig");
    }

    @Test
    @DisplayName("metrics are served only when a port is set, on every interface unless an address is given")
    void metrics() {
        assertThat(OperatorSettings.from(GOOD).metrics()).isEmpty();
        assertThat(OperatorSettings.from(with(OperatorSettings.METRICS_PORT, "8080")).metrics())
                .hasValueSatisfying(a -> {
                    assertThat(a.getPort()).isEqualTo(8080);
                    assertThat(a.getAddress().isAnyLocalAddress()).isTrue();
                });
        assertThatThrownBy(() -> OperatorSettings.from(with(OperatorSettings.METRICS_PORT, "http")))
                .hasMessage("UPSHIFT_METRICS_PORT: expected a TCP port from 1 to 65535, not \"http\"");
        assertThatThrownBy(() -> OperatorSettings.from(with(OperatorSettings.METRICS_ADDRESS, "127.0.0.1")))
                .hasMessage("UPSHIFT_METRICS_ADDRESS goes with UPSHIFT_METRICS_PORT, which is not set");
        Map<String, String> named = with(OperatorSettings.METRICS_PORT, "8080");
        named.put(OperatorSettings.METRICS_ADDRESS, "metrics.local");
        assertThatThrownBy(() -> OperatorSettings.from(named))
                .hasMessage("UPSHIFT_METRICS_ADDRESS: expected an IP address such as 0.0.0.0 or 127.0.0.1, not"
                        + " \"metrics.local\"");
    }

    @Test
    @DisplayName("the main refuses bad settings with exit status 2 and one line naming the variable")
    void mainRefusesBadSettings() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = OperatorMain.run(java.util.List.of(), Map.of(), System.out,
                new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("upshift-operator: UPSHIFT_NAMESPACE is not set: the namespace of the operator's resources"
                        + " and lease" + System.lineSeparator());
    }

    private static Map<String, String> with(String key, String value) {
        java.util.Map<String, String> m = new java.util.HashMap<>(GOOD);
        m.put(key, value);
        return m;
    }
}
