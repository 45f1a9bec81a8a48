package dev.upshift.operator;

import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * fabric8's mock API server in CRUD mode on a real port of the loopback (plain HTTP), for operator
 * processes to reach through a kubeconfig file; every request it answered is kept, in order, with the
 * user agent that names the replica that sent it ({@code upshift-operator/IDENTITY}).
 */
final class MockApiServer implements AutoCloseable {
    /** The user agent of the test's own requests: never counted as an operator's. */
    static final String TEST = "upshift-process-test";

    private final KubernetesMockServer server = new KubernetesMockServer(new Context(), new MockWebServer(),
            new HashMap<>(), new KubernetesCrudDispatcher(List.of()), false);
    private final List<RecordedRequest> requests = new ArrayList<>();
    final KubernetesClient client;

    MockApiServer() {
        server.init(InetAddress.getLoopbackAddress(), 0);
        try (KubernetesClient template = server.createClient()) {
            client = new KubernetesClientBuilder().withConfig(new ConfigBuilder(template.getConfiguration())
                    .withUserAgent(TEST).build()).build();
        } catch (RuntimeException e) {
            server.destroy();
            throw e;
        }
    }

    String url() {
        return "http://127.0.0.1:" + server.getPort();
    }

    /** A kubeconfig file pointing at this server, as {@code kubectl config view --raw} would write it. */
    Path kubeconfig(Path dir) throws IOException {
        Path file = dir.resolve("kubeconfig");
        Files.writeString(file, String.join("\n",
                "apiVersion: v1",
                "kind: Config",
                "clusters:",
                "- name: mock",
                "  cluster: {server: \"" + url() + "\"}",
                "users:",
                "- name: operator",
                "  user: {token: not-a-secret}",
                "contexts:",
                "- name: mock",
                "  context: {cluster: mock, user: operator, namespace: " + OperatorWorld.NAMESPACE + "}",
                "current-context: mock",
                ""), StandardCharsets.UTF_8);
        return file;
    }

    /** Every request answered so far, in order. */
    synchronized List<RecordedRequest> requests() {
        try {
            for (RecordedRequest r = server.takeRequest(1, TimeUnit.MILLISECONDS); r != null;
                    r = server.takeRequest(1, TimeUnit.MILLISECONDS)) {
                requests.add(r);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while reading the mock server's requests", e);
        }
        return List.copyOf(requests);
    }

    /** The requests that replica {@code identity} sent. */
    List<RecordedRequest> from(String identity) {
        return requests().stream().filter(r -> ("upshift-operator/" + identity).equals(r.getHeader("User-Agent")))
                .toList();
    }

    /**
     * The writes replica {@code identity} sent to Cluster API's objects (and their templates): every
     * request other than a read or a watch outside Upshift's own group and the lease's.
     */
    List<String> clusterApiWrites(String identity) {
        return from(identity).stream().filter(r -> !r.getMethod().equals("GET"))
                .filter(r -> r.getPath().matches("/apis/[a-z.]*cluster\\.x-k8s\\.io/.*"))
                .map(r -> r.getMethod() + " " + r.getPath()).toList();
    }

    @Override
    public void close() {
        client.close();
        server.destroy();
    }
}
