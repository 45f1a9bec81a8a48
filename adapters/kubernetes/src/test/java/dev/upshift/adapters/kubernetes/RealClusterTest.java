package dev.upshift.adapters.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.release.Release;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Publication;
import dev.upshift.spi.Rendering;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeStatus;
import dev.upshift.testkit.fleet.TestFleet;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What the mock server and the fake cannot prove, on a real management cluster (docs/adapters.md,
 * "Proving it on a real cluster"). Skipped unless {@code -Dupshift.kubeconfig=FILE} is given; then it
 * reads the cluster {@code upshift.realCluster.cluster} (default {@code default/capi-quickstart}),
 * dry-runs, publishes and follows an upgrade of its topology to {@code upshift.realCluster.to}, and
 * waits for it (up to {@code upshift.realCluster.minutes}, 30).
 */
class RealClusterTest {

    @Test
    @DisplayName("a real management cluster: inventory, dry-run, server-side apply (twice), probe to the end")
    void upgradesARealCluster() throws IOException, InterruptedException {
        String kubeconfig = System.getProperty("upshift.kubeconfig", "");
        Assumptions.assumeFalse(kubeconfig.isEmpty(), "no real cluster: set -Dupshift.kubeconfig=FILE (docs/adapters.md)");
        String id = System.getProperty("upshift.realCluster.cluster", "default/capi-quickstart");
        String toKubernetes = System.getProperty("upshift.realCluster.to", "v1.34.0");
        Duration limit = Duration.ofMinutes(Long.parseLong(System.getProperty("upshift.realCluster.minutes", "30")));
        Config config = Config.fromKubeconfig(null, Files.readString(Path.of(kubeconfig), StandardCharsets.UTF_8), null);
        try (KubernetesClient client = new KubernetesClientBuilder().withConfig(config).build()) {
            ManagedCluster cluster = ClusterApiInventory.of(client).clusters().items().stream()
                    .filter(c -> c.id().equals(id)).findFirst().orElseThrow(() -> new AssertionError("the inventory"
                            + " does not list " + id + " (is it labelled " + UpshiftLabels.RELEASE + "?)"));
            JsonNode live = cluster.resources().documents().stream().filter(d -> d.id().kind().equals("Cluster"))
                    .findFirst().orElseThrow().tree();
            String fromKubernetes = Trees.text(live, "spec", "topology", "version");
            Version from = cluster.release();
            Version to = Version.of(from.major(), from.minor() + 1, 0);
            TestFleet releases = TestFleet.builder()
                    .release(from.toString(), r -> r.kubernetes(fromKubernetes.substring(1))
                            .defaults("Cluster", "{spec: {topology: {version: " + fromKubernetes + "}}}"))
                    .release(to.toString(), r -> r.kubernetes(toKubernetes.substring(1)).upgradesFrom(">=" + from)
                            .defaults("Cluster", "{spec: {topology: {version: " + toKubernetes + "}}}")
                            .fieldRule("Cluster", "spec.topology.version", "overwrite", "rolling"))
                    .build();
            Release fromRelease = releases.contents().releases().items().get(0);
            Release toRelease = releases.contents().releases().items().get(1);

            Rendering rendering = DryRunRenderer.of(client).render(cluster, toRelease);
            System.out.println("dry-run: " + rendering);
            assertThat(rendering).isInstanceOf(Rendering.Rendered.class);

            Upgrade upgrade = new Upgrade(id + ":" + from + ".." + to + "#1", cluster, from, to, Optional.of("real"));
            MergeResult change = Upgrades.merge(cluster, fromRelease, toRelease);
            ServerSideApplyPublisher publisher = ServerSideApplyPublisher.of(client);
            Publication first = publisher.publish(upgrade, change);
            System.out.println("publish: " + first);
            assertThat(first).isInstanceOf(Publication.Published.class);
            Publication again = publisher.publish(upgrade, change);
            System.out.println("publish again: " + again);
            assertThat(((Publication.Published) again).reference()).startsWith("already applied");

            ClusterApiStatusProbe probe = ClusterApiStatusProbe.of(client);
            Instant deadline = Instant.now().plus(limit);
            UpgradeStatus status = probe.probe(upgrade, Instant.now());
            while (status instanceof UpgradeStatus.InProgress && Instant.now().isBefore(deadline)) {
                System.out.println(Instant.now() + " " + status.condition().reason() + ": " + status.condition().message());
                Thread.sleep(10_000);
                status = probe.probe(upgrade, Instant.now());
            }
            System.out.println(status.condition().reason() + ": " + status.condition().message());
            assertThat(status).isInstanceOf(UpgradeStatus.Succeeded.class);
        }
    }
}
