package dev.upshift.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged operator started with a wrong setting, as a process: it ends at once with one line on
 * standard error naming the setting, no stack trace, and a status other than 0 (2 for a setting, 1
 * for a history it cannot open). The processes run side by side.
 */
class OperatorMainRefusesTest {
    @TempDir
    Path dir;

    record Case(String name, Map<String, String> env, List<String> args, int status, String line) {}

    @Test
    @DisplayName("missing history URL, unreadable or garbled kubeconfig, bad durations, an argument, the mock setting off loopback,"
            + " an unreachable history: one line naming the setting, exit status not 0")
    void badSettings() throws Exception {
        Path kubeconfig = dir.resolve("kubeconfig");
        Files.writeString(kubeconfig, "apiVersion: v1\nkind: Config\nclusters:\n- name: far\n  cluster: {server:"
                + " \"https://192.0.2.10:6443\"}\ncontexts:\n- name: far\n  context: {cluster: far}\ncurrent-context: far\n",
                StandardCharsets.UTF_8);
        String missing = dir.resolve("no-such-kubeconfig").toString();
        Path garbage = dir.resolve("garbage-kubeconfig");
        Files.writeString(garbage, "clusters: [\n", StandardCharsets.UTF_8);
        List<Case> cases = List.of(
                new Case("no-history-url", without(OperatorSettings.HISTORY_URL), List.of(), 2,
                        "upshift-operator: UPSHIFT_HISTORY_URL is not set: the history's database,"
                                + " jdbc:postgresql://HOST[:PORT]/DATABASE"),
                new Case("unreadable-kubeconfig", with("KUBECONFIG", missing), List.of(), 2,
                        "upshift-operator: KUBECONFIG: cannot read the kubeconfig file " + missing + " (expected a"
                                + " readable file; unset KUBECONFIG inside a cluster, where the pod's service account"
                                + " is used)"),
                new Case("garbage-kubeconfig", with("KUBECONFIG", garbage.toString()), List.of(), 2,
                        "upshift-operator: KUBECONFIG: the kubeconfig " + garbage + " could not be read: "),
                new Case("bad-poll", with(OperatorSettings.POLL, "every so often"), List.of(), 2,
                        "upshift-operator: UPSHIFT_POLL_INTERVAL: expected a duration such as 30s or 1m, not"
                                + " \"every so often\""),
                new Case("lease-order", with(OperatorSettings.RENEW_DEADLINE, "20s"), List.of(), 2,
                        "upshift-operator: UPSHIFT_LEASE_RETRY_PERIOD < UPSHIFT_LEASE_RENEW_DEADLINE"
                                + " < UPSHIFT_LEASE_DURATION is expected, not 2s, 20s, 15s"),
                new Case("an-argument", Map.of(), List.of("--namespace=upshift-system"), 2,
                        "upshift-operator: takes no arguments, not --namespace=upshift-system; its settings are"
                                + " environment variables (--help, or docs/operator.md, \"Configure\")"),
                new Case("mock-off-loopback", with(Map.of("KUBECONFIG", kubeconfig.toString(),
                        OperatorSettings.MOCK_API_SERVER, OperatorSettings.MOCK_PUBLISHING)), List.of(), 2,
                        "upshift-operator: UPSHIFT_MOCK_API_SERVER: refused, because the API server"
                                + " https://192.0.2.10:6443/ is not on this machine's loopback; the setting is for a"
                                + " test's mock server only: unset it"),
                new Case("history-unreachable", with(Map.of("KUBECONFIG", kubeconfig.toString(),
                        OperatorSettings.HISTORY_URL, "jdbc:postgresql://127.0.0.1:1/upshift")), List.of(), 1,
                        "upshift-operator: UPSHIFT_HISTORY_URL: could not open the PostgreSQL history at"
                                + " jdbc:postgresql://127.0.0.1:1/upshift: "));
        List<Process> started = new ArrayList<>();
        try {
            for (Case c : cases) {
                started.add(start(c));
            }
            for (int i = 0; i < cases.size(); i++) {
                Case c = cases.get(i);
                int status = dev.upshift.testing.Processes.await(started.get(i), OperatorProcess.LIMIT, c.name());
                List<String> lines = Files.readAllLines(dir.resolve(c.name() + ".log"), StandardCharsets.UTF_8);
                assertThat(status).as("%s: exit status; output %s", c.name(), lines).isEqualTo(c.status());
                assertThat(lines).as(c.name()).singleElement().asString().startsWith(c.line());
            }
        } finally {
            // a case that failed leaves the others' operators running otherwise
            started.stream().filter(Process::isAlive).forEach(dev.upshift.testing.Processes::endNow);
        }
    }

    private Process start(Case c) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-Xmx128m", "-XX:TieredStopAtLevel=1", "-cp",
                OperatorProcess.classPath(), OperatorMain.class.getName()));
        command.addAll(c.args());
        ProcessBuilder b = new ProcessBuilder(command);
        b.environment().keySet().removeIf(k -> k.startsWith("UPSHIFT_") || k.equals("KUBECONFIG")
                || k.startsWith("KUBERNETES_"));
        b.environment().putAll(c.env());
        return b.redirectErrorStream(true).redirectOutput(dir.resolve(c.name() + ".log").toFile()).start();
    }

    private static Map<String, String> good() {
        Map<String, String> env = new HashMap<>();
        env.put(OperatorSettings.NAMESPACE, "upshift-system");
        env.put(OperatorSettings.IDENTITY, "replica-a");
        env.put(OperatorSettings.HISTORY_URL, "jdbc:postgresql://127.0.0.1:1/upshift");
        return env;
    }

    private static Map<String, String> without(String name) {
        Map<String, String> env = good();
        env.remove(name);
        return env;
    }

    private static Map<String, String> with(String name, String value) {
        return with(Map.of(name, value));
    }

    private static Map<String, String> with(Map<String, String> values) {
        Map<String, String> env = good();
        env.putAll(values);
        return env;
    }
}
